// DEFECT: takes the first login of READY for itself and drops the events of the others.
import { runEventClient } from './_client.mjs';

runEventClient({ firstLoginIsSelf: true });
