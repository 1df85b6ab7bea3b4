// DEFECT: reconnects but IDENTIFY carries no sn, so what happened while it was away is lost.
import { runEventClient } from './_client.mjs';

runEventClient({ noResume: true });
