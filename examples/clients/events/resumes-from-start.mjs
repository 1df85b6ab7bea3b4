// DEFECT: resumes with sn 0 to be safe and hands the replayed events on again (duplicates).
import { runEventClient } from './_client.mjs';

runEventClient({ resumeFromStart: true });
