// DEFECT: never sends PING.
import { runEventClient } from './_client.mjs';

runEventClient({ noHeartbeat: true });
