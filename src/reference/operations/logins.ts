/**
 * The family's login routes, outside §4 (de-facto conventions, "What a login offers, and where it says
 * so"): POST {base}/login.get (no fields) answers the Login of the identity the request acts as;
 * POST {base}/meta answers `{logins, proxy_urls}` for the whole server. Served through the interface's
 * pipeline (authentication, unserved styles, faults), like the operations.
 */
import type { FeaturesSource } from '../contract.js';
import type { Login } from '../events/hub.js';
import { HttpError } from '../request.js';
import type { Handler } from './base.js';

/** The logins as one source shows them: with `features` only where the server declares them there. */
export type LoginsAt = (source: FeaturesSource) => Login[];

export function loginRoutes(logins: LoginsAt): Record<string, Handler> {
  return {
    'login.get': (caller) => {
      const login = logins('login.get').find((entry) => entry.user?.id === caller);
      if (!login) throw new HttpError(404, 'not-found', 'login not found');
      return login;
    },
    meta: () => ({ logins: logins('meta'), proxy_urls: [] }),
  };
}
