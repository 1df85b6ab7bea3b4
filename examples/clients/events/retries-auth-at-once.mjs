// DEFECT: treats an authentication close (4004) like a drop and reconnects at once, forever.
import { runEventClient } from './_client.mjs';

runEventClient({ retryAuthAtOnce: true });
