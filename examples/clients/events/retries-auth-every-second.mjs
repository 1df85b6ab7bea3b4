// DEFECT: after an authentication close (4004) retries IDENTIFY every second, forever (a fixed short
// interval: a storm against a token that will not work).
import { runEventClient } from './_client.mjs';

runEventClient({ retryAuthEveryMs: 1_000 });
