// DEFECT: sends IDENTIFY {token: 'Bearer <token>'}, the HTTP header's value, not the token.
import { runEventClient } from './_client.mjs';

runEventClient({ bearerInIdentify: true });
