/**
 * Every connection the client opened in a scenario, by when it opened and what the client did on it
 * (issue 50): a client of the family holds one connection per login at a time (de-facto-conventions.md
 * "Events": a client reconnects after a drop, it does not open more). One that holds several at once —
 * several sockets per reconnect, some never read and never closed — is found here, in any scenario.
 */
import { tr } from '../../i18n/index.js';

/**
 * What these judgements read of a connection (EventConnection, stage.ts, has it; declared here so that
 * the stage can import the choice without an import circle).
 */
export interface TrackedConnection {
  readonly number: number;
  readonly openedAt: number;
  identifiedAt?: number;
  answeredAt?: number;
  closed?: { at: number; code: number; by: 'client' | 'checker' };
  readonly used: boolean;
  readonly reads: boolean;
  readonly open: boolean;
}

/** The connections of a scenario, and when it ended (stage.ts EventStage). */
interface TrackedStage<C extends TrackedConnection> {
  readonly connections: readonly C[];
  readonly endedAt?: number;
}

/**
 * Two connections are held at once when both are still open this long after the later one opened: a
 * reconnect whose old socket closes a moment after the new one opens is one connection at a time.
 */
export const HELD_TOGETHER_MS = 1_000;

/**
 * The connection the client uses among `connections` opened at `since` or later and still open, by
 * evidence alone, never by when it opened or how long ago (issue 50: a choice by time turns with the
 * machine's load): identified on and read (TrackedConnection.used) — the checker's WebSocket ping
 * answered (RFC 6455 §5.5.2: a reader answers it as it reads; a socket opened and never read leaves it
 * unanswered). Of several read, the latest opened. Undefined until there is such evidence (waiters look
 * again on every frame and every pong).
 */
export function chooseInUse<C extends TrackedConnection>(
  connections: readonly C[],
  since: number,
): C | undefined {
  return connections
    .filter((connection) => connection.openedAt >= since && connection.open && connection.used)
    .at(-1);
}

/** Several connections held at once: the largest such group the scenario saw, and what became of them. */
export interface HeldAtOnce<C extends TrackedConnection = TrackedConnection> {
  /** Connections open together, HELD_TOGETHER_MS after the last of them opened. */
  connections: C[];
  /** The one of them the client used (identified on and read), if any. */
  used?: C;
  /** The finding in words: count, which, what happened to the extra ones. */
  said: string;
}

/** When a connection stopped being open (undefined: open when the scenario ended, or still). */
const closedAt = (connection: TrackedConnection, endedAt: number | undefined): number | undefined => {
  const at = connection.closed?.at;
  if (at === undefined) return undefined;
  return endedAt !== undefined && at >= endedAt ? undefined : at;
};

/** The longest a client's reaction may stretch the window (a client that identifies later is not waited for). */
const REACTION_CAP_MS = 5_000;

/**
 * How long two connections must both stay open to be held at once: HELD_TOGETHER_MS, or twice the
 * client's own reaction in this stage if that is longer — the longest it took to send IDENTIFY on a
 * connection it opened (a loaded machine slows the client's close of an extra socket as much as its
 * IDENTIFY: judged against the client's measured pace, not the clock).
 */
function heldWindow(connections: readonly TrackedConnection[]): number {
  const reactions = connections.flatMap((connection) =>
    connection.identifiedAt === undefined ? [] : [connection.identifiedAt - connection.openedAt],
  );
  return Math.max(HELD_TOGETHER_MS, Math.min(REACTION_CAP_MS, 2 * Math.max(0, ...reactions)));
}

/** The largest group of connections held at once in the stage (undefined: never more than one). */
export function heldAtOnce<C extends TrackedConnection>(stage: TrackedStage<C>): HeldAtOnce<C> | undefined {
  const end = stage.endedAt ?? Date.now();
  const window = heldWindow(stage.connections);
  let largest: C[] = [];
  for (const connection of stage.connections) {
    const at = connection.openedAt + window;
    if (at > end) continue;
    const open = stage.connections.filter((other) => {
      const closed = closedAt(other, stage.endedAt);
      return other.openedAt <= connection.openedAt && (closed === undefined || closed > at);
    });
    if (open.length > largest.length) largest = open;
  }
  if (largest.length < 2) return undefined;
  const used = largest.filter((connection) => connection.used).at(-1);
  return { connections: largest, ...(used ? { used } : {}), said: describeHeld(largest, used, stage) };
}

/** Connection numbers as ranges ("connections 1–3, 5"), at most RANGES_SHOWN of them, whatever the count. */
const RANGES_SHOWN = 6;
const numbers = (connections: readonly TrackedConnection[]) => {
  if (connections.length === 1) return tr`connection ${connections[0].number}`;
  const ranges: [number, number][] = [];
  for (const { number } of connections) {
    const last = ranges.at(-1);
    if (last && number === last[1] + 1) last[1] = number;
    else ranges.push([number, number]);
  }
  const shown = ranges
    .slice(0, RANGES_SHOWN)
    .map(([from, to]) => (from === to ? `${from}` : `${from}–${to}`));
  const more = ranges.length > RANGES_SHOWN ? tr` … (${connections.length} in all)` : '';
  return tr`connections ${shown.join(', ')}${more}`;
};

/** What became of one extra connection, as data: the connections that met the same one are named together. */
interface Fate {
  identified: boolean;
  reads: boolean;
  /** Who closed it, and how long after it opened (neither: open when the scenario ended). */
  closed?: { by: 'client' | 'checker'; afterMs: number };
}

function fateOf(connection: TrackedConnection, endedAt: number | undefined): Fate {
  const closed = closedAt(connection, endedAt);
  return {
    identified: connection.identifiedAt !== undefined,
    reads: connection.reads,
    ...(closed === undefined
      ? {}
      : { closed: { by: connection.closed!.by, afterMs: closed - connection.openedAt } }),
  };
}

/** The connections that met a fate, and the fate, in a few words. */
function fateInWords(which: string, fate: Fate): string {
  const identified = fate.identified ? tr`identified on` : tr`not identified on`;
  // Whole phrases (not "read" as a word of its own: a word alone has no one rendering).
  if (!fate.closed)
    return fate.reads
      ? tr`${which}: ${identified}, read, never closed (open when the scenario ended)`
      : tr`${which}: ${identified}, never read, never closed (open when the scenario ended)`;
  const after = fate.closed.afterMs;
  if (fate.closed.by === 'client')
    return fate.reads
      ? tr`${which}: ${identified}, read, closed by the client after ${after} ms`
      : tr`${which}: ${identified}, never read, closed by the client after ${after} ms`;
  return fate.reads
    ? tr`${which}: ${identified}, read, closed by the checker after ${after} ms`
    : tr`${which}: ${identified}, never read, closed by the checker after ${after} ms`;
}

function describeHeld(
  connections: readonly TrackedConnection[],
  used: TrackedConnection | undefined,
  stage: TrackedStage<TrackedConnection>,
): string {
  const extras = connections.filter((connection) => connection !== used);
  const span = connections.at(-1)!.openedAt - connections[0].openedAt;
  const byFate = new Map<string, { fate: Fate; group: TrackedConnection[] }>();
  for (const extra of extras) {
    const fate = fateOf(extra, stage.endedAt);
    const key = JSON.stringify(fate);
    byFate.set(key, { fate, group: [...(byFate.get(key)?.group ?? []), extra] });
  }
  const fates = [...byFate.values()].map(({ fate, group }) => fateInWords(numbers(group), fate)).join('; ');
  const uses = used ? tr`it used connection ${used.number}` : tr`it used none of them`;
  const held = tr`the client held ${connections.length} connections at once (${numbers(connections)}, opened within ${span} ms)`;
  return extras.length === 1
    ? tr`${held}; ${uses}; the other one: ${fates}`
    : tr`${held}; ${uses}; the other ${extras.length}: ${fates}`;
}
