// DEFECT: fetches its login after READY before handling events; events meanwhile are lost.
import { runEventClient } from './_client.mjs';

runEventClient({ busyAfterReady: true });
