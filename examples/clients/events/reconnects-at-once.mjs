// DEFECT: reconnects the moment a connection drops, every time (a reconnect storm).
import { runEventClient } from './_client.mjs';

runEventClient({ reconnectAtOnce: true });
