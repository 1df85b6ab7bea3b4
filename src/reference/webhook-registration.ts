/**
 * The family's webhook registration, outside §4: POST {base}/meta/webhook.create {url, token?} and
 * {base}/meta/webhook.delete {url}, both answering `{}` (de-facto-conventions.md "Webhooks"; as in
 * satorijs/satori packages/server/src/index.ts, whose deliveries carry `Authorization: Bearer <the
 * webhook's token>` when it has one). Served through the interface's pipeline (authentication, faults).
 */
import type { EventHub } from './events/hub.js';
import type { Handler } from './operations/base.js';
import { badRequest, type Fields } from './request.js';
import type { ToleranceSwitch } from './tolerances/index.js';

/** The registration handlers, keyed as routing finds them; none under tolerance webhook-registration-not-offered. */
export function webhookRegistration(
  hub: EventHub,
  tolerate: ToleranceSwitch,
  appToken: string,
): Record<string, Handler> {
  // Tolerance: a server of the family without the meta routes (older, or not the satori server): 404.
  if (tolerate('webhook-registration-not-offered')) return {};
  const url = (fields: Fields): string => {
    const value = fields.string('url');
    if (!/^https?:\/\//.test(value)) throw badRequest('url must be an http(s) URL.');
    return value;
  };
  return {
    'meta/webhook.create': (_caller, fields) => {
      const token = fields.optionalString('token');
      const at = url(fields);
      // Tolerance: as satori's does, a URL registered already keeps its first registration (and token).
      if (tolerate('webhook-create-keeps-first') && hub.webhookUrls().includes(at)) return {};
      // Tolerance: as the family's published server does, the body is stored as given and only a webhook
      // registered with `enabled: true` is delivered to.
      const enabled = tolerate('webhook-enabled-only') ? { enabled: fields.raw('enabled') === true } : {};
      // Tolerance: the older reading (de-facto-conventions.md "Events"): deliveries carry the app token.
      if (tolerate('webhook-auth-app-token')) hub.addWebhook(at, { token: appToken, ...enabled });
      // Registering a URL again replaces its token: the receiver knows the later one.
      else hub.addWebhook(at, { ...(token ? { token } : {}), ...enabled });
      return {};
    },
    'meta/webhook.delete': (_caller, fields) => {
      hub.removeWebhook(url(fields));
      return {};
    },
  };
}
