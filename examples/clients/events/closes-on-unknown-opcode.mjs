// DEFECT: closes the socket on a frame whose opcode it does not know.
import { runEventClient } from './_client.mjs';

runEventClient({ closeOnUnknownOp: true });
