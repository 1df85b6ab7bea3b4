/**
 * The ground truth of a generated client (scripts/faults/client-archetypes.ts): the verdict each client
 * scenario must reach on it, derived from its habits alone — never from the checker's judgements (a
 * proof that asked the checker what the checker should say would prove nothing). Events: from the
 * de-facto conventions each habit keeps or breaks (de-facto-conventions.md "Events"). Pagination: the
 * client's walk simulated over the scenario's pages, judged by §1 rule 6 (follow `next` verbatim while it
 * is present, stop when it is not; never send a token twice).
 */

/** An event client's habits (examples/clients/archetype/events.mjs documents each). */
export interface EventHabits {
  conns: 1 | 2 | 3 | 4;
  extras: 'leaked' | 'read' | 'closed';
  backoff:
    | { kind: 'none' }
    | { kind: 'fixed'; ms: number }
    | { kind: 'bursts'; every: number; ms: number }
    | { kind: 'exp'; ms: number };
  heartbeat: { kind: 'none' | 'hinted' | 'per-connection' | 'leaky' } | { kind: 'fixed'; ms: number };
  resume: 'none' | 'first' | 'last' | 'sequence';
  dedup: 'none' | 'sn';
  refused: 'exit' | 'idle' | 'retry';
}

/** A pagination client's habits (examples/clients/archetype/pagination.mjs documents each). */
export interface PageHabits {
  end: 'markers' | 'short-page' | 'empty-page' | 'full-page';
  token: 'verbatim' | 'from-last-id' | 'trimmed';
  guard: boolean;
  limit?: number;
}

/**
 * A verdict the truth allows: 'pass', 'fail', 'undecided' (the scenario cannot be decided on such a
 * client: a skip, never a pass), or 'pass-or-undecided' where the scenario may rightly do either (a claim
 * of absence the client never came near).
 */
export type Truth = 'pass' | 'fail' | 'undecided' | 'pass-or-undecided';

const when = (fails: boolean): Truth => (fails ? 'fail' : 'pass');

/** The verdict of every event scenario (client.events/<name>) on a client with these habits. */
export function eventTruth(habits: EventHabits): Record<string, Truth> {
  const { backoff, heartbeat } = habits;
  const retries = habits.refused === 'retry';
  return {
    'identify-carries-token': 'pass',
    'ping-within-interval': when(heartbeat.kind === 'none'),
    'resumes-with-last-sn': when(habits.resume !== 'last'),
    // Extra sockets it keeps (read or not) are connections held at once; ones it closes at once are not.
    'one-connection-per-login': when(habits.conns > 1 && habits.extras !== 'closed'),
    // The replay follows the sn (or `sequence`) it gave: none gives a gap, sn 0 a replay of what it had.
    'each-event-once-across-replay': when(
      habits.resume === 'none' || (habits.resume === 'first' && habits.dedup === 'none'),
    ),
    'overlapping-replay-delivered-once': when(habits.dedup === 'none'),
    'unknown-opcode-ignored': 'pass',
    'unknown-event-type-delivered-on': 'pass',
    'ready-with-several-logins': 'pass',
    'events-right-after-ready': 'pass',
    // No PING: its rate cannot be compared. A heartbeat timer never cleared pings twice after a drop.
    'ping-rate-steady-across-reconnects':
      heartbeat.kind === 'none' ? 'undecided' : when(heartbeat.kind === 'leaky'),
    'reconnects-with-backoff': when(backoff.kind === 'none'),
    'auth-close-not-retried-in-a-storm': when(retries && backoff.kind === 'none'),
    // Retrying at a fixed period — of single attempts or of bursts — fails; a growing wait passes.
    'auth-refused-not-retried-at-a-fixed-interval': when(retries && backoff.kind !== 'exp'),
  };
}

/** The pages of each shape (suites/client/pagination.ts), restated: sizes relative to the client's limit. */
interface Shape {
  pages: (number | 'limit' | 'short')[];
  /** Per link between pages: whether its token has edge spaces (trimming it changes it). */
  edgeSpaced?: boolean[];
  neverEnds?: boolean;
  messageOnly?: boolean;
}

export const SHAPES: Record<string, Shape> = {
  'short-page-with-next-continues': { pages: ['short', 'short', 1] },
  'empty-page-with-next-continues': { pages: [2, 0, 2] },
  'empty-first-page-with-next-continues': { pages: [0, 2] },
  'full-page-without-next-stops': { pages: ['limit', 'limit'] },
  'null-next-stops': { pages: [3, 3] },
  'opaque-token-passed-verbatim': { pages: [2, 2, 1], edgeSpaced: [false, true] },
  'ends-after-one-item': { pages: [1] },
  'never-ending-token-not-repeated': { pages: [1, 1], neverEnds: true },
  'limit-above-bound-answered-short': { pages: [2, 2, 1], messageOnly: true },
  'walks-before-with-equal-prev-next': { pages: [3, 3, 3, 1], messageOnly: true },
};

/** The request a simulated client sends: no token, the server's token of link i, or one it made up. */
type Sent = { kind: 'none' } | { kind: 'link'; link: number } | { kind: 'made-up'; value: string };

/** The client's walk over a shape's pages, as the tokens it sends (at most 20 requests, as it does). */
function walk(shape: Shape, habits: PageHabits): Sent[] {
  const limit = Math.min(habits.limit ?? 50, 100);
  const size = (page: number | 'limit' | 'short') =>
    page === 'limit' ? limit : page === 'short' ? limit - 1 : Math.min(page, limit);
  const sent: Sent[] = [{ kind: 'none' }];
  const used = new Set<string>();
  // Which scripted page answers: the first for no token; for a never-ending list the second, forever.
  let at = 0;
  for (let requests = 1; requests < 20; requests++) {
    const items = size(shape.neverEnds ? 1 : shape.pages[at]);
    const last = !shape.neverEnds && at === shape.pages.length - 1;
    const marked = !last;
    const more =
      habits.end === 'short-page'
        ? marked && items >= limit
        : habits.end === 'empty-page'
          ? marked && items > 0
          : habits.end === 'full-page'
            ? marked || items >= limit
            : marked;
    if (!more) break;
    const link = shape.neverEnds ? 0 : at;
    let token: Sent;
    if (!marked) token = { kind: 'none' };
    else if (habits.token === 'from-last-id') {
      if (items === 0) break;
      // Item ids differ from page to page; a never-ending list serves its second page's items again.
      token = { kind: 'made-up', value: `id of page ${shape.neverEnds ? Math.min(at, 1) : at}` };
    } else if (habits.token === 'trimmed' && shape.edgeSpaced?.[link])
      token = { kind: 'made-up', value: `trimmed ${link}` };
    else token = { kind: 'link', link };
    const key = token.kind === 'link' ? `link ${token.link}` : token.kind === 'made-up' ? token.value : '';
    if (token.kind !== 'none' && habits.guard && used.has(key)) break;
    if (token.kind !== 'none') used.add(key);
    sent.push(token);
    // A token it made up is answered with an empty end page (the walk is wrong from there anyway); a
    // never-ending list answers any token not sent before with its second page.
    if (token.kind !== 'link' && !shape.neverEnds) break;
    at = shape.neverEnds ? 1 : at + 1;
  }
  return sent;
}

/** The verdict of a page shape on a client with these habits. */
export function pageTruth(shape: Shape, habits: PageHabits): Truth {
  const sent = walk(shape, habits);
  if (shape.neverEnds) {
    const tokens = sent.slice(1);
    if (tokens.length === 0) return 'pass-or-undecided';
    if (tokens.some((token) => token.kind === 'none')) return 'fail';
    const keys = tokens.map((token) => JSON.stringify(token));
    return when(new Set(keys).size < keys.length);
  }
  // Right: no token, then each link's token in order, and nothing after the last page.
  const right = shape.pages.map(
    (_, index): Sent => (index === 0 ? { kind: 'none' } : { kind: 'link', link: index - 1 }),
  );
  return when(JSON.stringify(sent) !== JSON.stringify(right));
}
