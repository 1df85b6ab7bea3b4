// A correct event client: identifies with the token and the last sn, pings, reconnects with backoff,
// hands every event of its login to the application exactly once.
import { runEventClient } from './_client.mjs';

runEventClient();
