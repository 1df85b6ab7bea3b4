/** Webhook deliveries (CONV-WEBHOOK): whose token their Authorization carries. */
import { tr } from '../../src/i18n/index.js';
import type { CheckContext, EventTransport, ObservedEvent } from '../../src/runner/check.js';

/**
 * The Authorization of webhook deliveries (de-facto-conventions.md "Webhooks": Bearer <the token the
 * receiver was registered with>; older readings send the app token). Unknown token: nothing to judge.
 */
export function judgeAuthorization(t: CheckContext, transport: EventTransport, all: ObservedEvent[]): void {
  const { token, registeredBy, appToken } = transport;
  const bearer = (event: ObservedEvent) => /^Bearer \S/.test(event.headers?.authorization ?? '');
  if (token === undefined) {
    const bare = all.filter((event) => !bearer(event)).length;
    t.note(
      bare
        ? tr`the token the receiver was registered with is not known (pass --webhook-token): Authorization is not judged (${bare} of ${all.length} deliveries carry no Bearer token)`
        : tr`the token the receiver was registered with is not known (pass --webhook-token): Authorization is not judged`,
    );
    return;
  }
  const carries = (event: ObservedEvent, value: string | undefined) =>
    value !== undefined && event.headers?.authorization === `Bearer ${value}`;
  const byAppToken = all.filter((event) => !carries(event, token) && carries(event, appToken));
  if (byAppToken.length)
    t.note(
      tr`${byAppToken.length} of ${all.length} deliveries carry the app token, not the webhook's own (an older reading)`,
    );
  const wrong = all.filter((event) => !carries(event, token) && !carries(event, appToken));
  // The run registered the URL, yet another token came: the server may keep an earlier registration of
  // the same URL (satori's webhook.create leaves an existing URL as it is), which no check can tell apart.
  if (wrong.length && registeredBy === 'checker' && wrong.every(bearer))
    t.undecided(
      tr`${wrong.length} of ${all.length} deliveries carry a Bearer token other than the one this run registered the receiver with: the server may keep an earlier registration of ${transport.url}`,
      tr`remove that registration ({base}/meta/webhook.delete {url}), or register the receiver yourself and pass --webhook-token`,
    );
  t.expect(
    wrong.length === 0,
    registeredBy === 'user'
      ? tr`every delivery carries Authorization: Bearer <the token the receiver was registered with, --webhook-token>`
      : tr`every delivery carries Authorization: Bearer <the token the receiver was registered with>`,
    wrong.length && bearer(wrong[0])
      ? tr`${wrong.length} of ${all.length} do not (first: another Bearer token)`
      : tr`${wrong.length} of ${all.length} do not (first: no Bearer token)`,
  );
}
