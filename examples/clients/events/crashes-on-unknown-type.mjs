// DEFECT: throws on an event type it does not know (the process crashes).
import { runEventClient } from './_client.mjs';

runEventClient({ knownTypesOnly: true });
