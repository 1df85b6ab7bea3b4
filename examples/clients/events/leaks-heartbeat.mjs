// DEFECT: a close ends the receiver but not the ping loop; each reconnect starts one more, so after two
// reconnects it pings three times as often.
import { runEventClient } from './_client.mjs';

runEventClient({ leakHeartbeat: true });
