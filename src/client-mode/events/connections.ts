/**
 * Every connection the client opened in a scenario, by when it opened and what the client did on it
 * (issue 50): a client of the family holds one connection per login at a time (de-facto-conventions.md
 * "Events": a client reconnects after a drop, it does not open more). One that holds several at once —
 * several sockets per reconnect, some never read and never closed — is found here, in any scenario.
 */
import type { EventConnection, EventStage } from './stage.js';

/**
 * Two connections are held at once when both are still open this long after the later one opened: a
 * reconnect whose old socket closes a moment after the new one opens is one connection at a time.
 */
export const HELD_TOGETHER_MS = 1_000;

/** Several connections held at once: the largest such group the scenario saw, and what became of them. */
export interface HeldAtOnce {
  /** Connections open together, HELD_TOGETHER_MS after the last of them opened. */
  connections: EventConnection[];
  /** The one of them the client used (identified on and read), if any. */
  used?: EventConnection;
  /** The finding in words: count, which, what happened to the extra ones. */
  said: string;
}

/** When a connection stopped being open (undefined: open when the scenario ended, or still). */
const closedAt = (connection: EventConnection, endedAt: number | undefined): number | undefined => {
  const at = connection.closed?.at;
  if (at === undefined) return undefined;
  return endedAt !== undefined && at >= endedAt ? undefined : at;
};

/** The largest group of connections held at once in the stage (undefined: never more than one). */
export function heldAtOnce(stage: EventStage): HeldAtOnce | undefined {
  const end = stage.endedAt ?? Date.now();
  let largest: EventConnection[] = [];
  for (const connection of stage.connections) {
    const at = connection.openedAt + HELD_TOGETHER_MS;
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
const numbers = (connections: readonly EventConnection[]) => {
  if (connections.length === 1) return `connection ${connections[0].number}`;
  const ranges: [number, number][] = [];
  for (const { number } of connections) {
    const last = ranges.at(-1);
    if (last && number === last[1] + 1) last[1] = number;
    else ranges.push([number, number]);
  }
  const shown = ranges
    .slice(0, RANGES_SHOWN)
    .map(([from, to]) => (from === to ? `${from}` : `${from}–${to}`));
  const more = ranges.length > RANGES_SHOWN ? ` … (${connections.length} in all)` : '';
  return `connections ${shown.join(', ')}${more}`;
};

/** What became of one extra connection, in a few words. */
function fate(connection: EventConnection, endedAt: number | undefined): string {
  const read = connection.reads ? 'read' : 'never read';
  const identified = connection.identifiedAt !== undefined ? 'identified on' : 'not identified on';
  const closed = closedAt(connection, endedAt);
  if (closed === undefined) return `${identified}, ${read}, never closed (open when the scenario ended)`;
  const by = connection.closed!.by === 'client' ? 'closed by the client' : 'closed by the checker';
  return `${identified}, ${read}, ${by} after ${closed - connection.openedAt} ms`;
}

function describeHeld(
  connections: readonly EventConnection[],
  used: EventConnection | undefined,
  stage: EventStage,
): string {
  const extras = connections.filter((connection) => connection !== used);
  const span = connections.at(-1)!.openedAt - connections[0].openedAt;
  const byFate = new Map<string, EventConnection[]>();
  for (const extra of extras) {
    const said = fate(extra, stage.endedAt);
    byFate.set(said, [...(byFate.get(said) ?? []), extra]);
  }
  const fates = [...byFate].map(([said, group]) => `${numbers(group)}: ${said}`).join('; ');
  const uses = used ? `it used connection ${used.number}` : 'it used none of them';
  return `the client held ${connections.length} connections at once (${numbers(connections)}, opened within ${span} ms); ${uses}; the other ${extras.length === 1 ? 'one' : extras.length}: ${fates}`;
}
