// DEFECT: sets its last sn from every event and never drops one it already delivered: a replay that
// overlaps what it had (at-least-once, a whole cache) is handed to the application again.
import { runEventClient } from './_client.mjs';

runEventClient({ noDedup: true });
