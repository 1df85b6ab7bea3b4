/**
 * The reads this run has seen served (issue 46 item 3): a generic check (http/*, lists/*) judges its
 * claim on operations the server serves, never on a fixed one it may not serve. A read is served where a
 * complete valid request of it (every required field, from what the run knows) answered 2xx.
 *
 * Each read's complete request is sent once per run (t.shared) and is the same observation wherever the
 * run needs it: the probes of the generic checks, the refusal controls of the reads
 * (./refusal-controls.ts), the sandbox gets (./gets.ts), the member read (./readers.ts memberOnce). A check
 * asks for the reads of the shape it needs (any read, a read naming an id …) in the fixed preference
 * order of READS — reads that change nothing and whose fields the run knows from its sandbox first —
 * tries them until it has enough, and is undecided only when no read of that shape is served, naming
 * what each answered.
 */
import { oneLine } from '../../spec/brief.js';
import { effectiveFields, getOperation, type OperationId } from '../../spec/catalogue.js';
import { tr } from '../../src/i18n/index.js';
import type { CallResult, CheckContext, Sharing } from '../../src/runner/check.js';
import { idOf } from './lists.js';
import { uniqueContent } from './messages.js';
import { offers } from './offered.js';
import { memberOnce } from './readers.js';

/** An answer in one line: status and body, cut (an HTML error page must not fill a report). */
export const answered = (result: CallResult): string => {
  const body = oneLine(result.text, 160);
  return `HTTP ${result.status}${body ? ` ${body}` : ''}`;
};

/**
 * Every required field of `operation` (under the target's variants), from `values` by name; a payload
 * (Channel, GuildRole) gets `payload` under the name the variant gives it (§4.8 'data' or 'role'), and a
 * `next` the variant makes required the first page's empty token.
 */
export function completeFields(
  t: CheckContext,
  operation: OperationId,
  values: Record<string, unknown>,
  payload?: Record<string, unknown>,
): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const field of effectiveFields(getOperation(operation), t.variants)) {
    if (field.type === 'Channel' || field.type === 'GuildRole') fields[field.name] = payload ?? {};
    else if (field.name in values) fields[field.name] = values[field.name];
    else if (field.required && field.name === 'next') fields.next = '';
  }
  return { ...fields, ...Object.fromEntries(Object.entries(values).filter(([name]) => name in fields)) };
}

/**
 * A message of the run's own in the sandbox channel (tracked): what message reads and controls name.
 * message.create is a helper of the checks that need the message (its refusal leaves them undecided
 * naming it), and a fallback of those that can pass over what needs it (`sharing`: a generic check's
 * probe of message.get, when other reads serve).
 */
export const ownMessage = (
  t: CheckContext,
  what = tr`a message of the run`,
  sharing?: Sharing,
): Promise<{ result: CallResult; id?: string }> =>
  t.shared(
    tr`refusal control: ${what}`,
    async (observer) => {
      const channelId = observer.sandbox.channelId;
      const result = await observer.call('message.create', {
        channel_id: channelId,
        content: uniqueContent('control'),
      });
      const id = idOf(Array.isArray(result.body) ? result.body.at(-1) : result.body);
      if (result.ok && id !== undefined)
        observer.track({
          kind: 'message',
          label: tr`message ${id} (a refusal control)`,
          undo: ['message.delete', { channel_id: channelId, message_id: id }],
        });
      return { result, ...(id !== undefined ? { id } : {}) };
    },
    sharing,
  );

/** A read a generic check may probe. */
export interface Read {
  operation: OperationId;
  /** Its list shape (§1 rule 5): a page with data and markers. */
  list?: true;
  /** The field naming the one thing the read is of (an unknown id goes there), e.g. channel_id. */
  names?: string;
  /**
   * The helper that makes what the read names (message.get reads a message the run created): its refusal
   * may say only that the helper's result is not there, nothing of the read's form.
   */
  after?: OperationId;
}

/**
 * The reads, in the order a generic check prefers them: those whose fields the sandbox gives, gets before
 * lists, lists of the sandbox before the bot's own; then the member read (it needs the current user's
 * id) and message.get (it needs a message of the run's own, created once).
 */
export const READS: readonly Read[] = [
  { operation: 'channel.get', names: 'channel_id' },
  { operation: 'guild.get', names: 'guild_id' },
  { operation: 'channel.list', list: true, names: 'guild_id' },
  { operation: 'guild.list', list: true },
  { operation: 'guild.member.list', list: true, names: 'guild_id' },
  { operation: 'message.list', list: true, names: 'channel_id' },
  { operation: 'friend.list', list: true },
  { operation: 'guild.role.list', list: true, names: 'guild_id' },
  { operation: 'guild.member.get', names: 'user_id' },
  { operation: 'message.get', names: 'message_id', after: 'message.create' },
];

/** The values a read's complete request takes from the sandbox (the ids the run knows). */
const sandboxValues = (t: CheckContext): Record<string, unknown> => ({
  channel_id: t.sandbox.channelId,
  guild_id: t.sandbox.guildId,
});

/** What the run observed of one read's complete request. */
export interface Probe {
  operation: OperationId;
  /** The complete request sent. */
  fields?: Record<string, unknown>;
  result?: CallResult;
  /**
   * Why no complete request could be sent (an id the run does not know, what the read names not made),
   * naming no role: a read's helper for one check is passed over by another.
   */
  missing?: string;
}

/** A read answered 2xx to its complete request: served. */
export type Served = Probe & { fields: Record<string, unknown>; result: CallResult };

/** A complete request answered 2xx (any body: a 2xx is never a refusal) serves the read. */
export const isServed = (probe: Probe): probe is Served =>
  probe.result?.ok === true && probe.fields !== undefined;

/**
 * One complete request of `operation` with `fields`, sent once per run (t.shared) and unjudged: the
 * same observation for every check that needs that request's answer (a probe, a refusal control, a check
 * that judges the answer itself, e.g. message.list/default-limit).
 */
export const requestOnce = (
  t: CheckContext,
  operation: OperationId,
  fields: Record<string, unknown>,
): Promise<CallResult> => {
  const sorted = Object.fromEntries(Object.entries(fields).sort(([a], [b]) => a.localeCompare(b)));
  return t.shared(tr`the complete request of ${operation} ${JSON.stringify(sorted)}`, (observer) =>
    observer.call(operation, fields),
  );
};

/**
 * The run's complete request of `operation` (a read of READS) and its answer, made once per run.
 * `sharing.fallback`: the caller passes over a read whose helper made nothing (a generic check's probe).
 */
export async function probeRead(t: CheckContext, operation: OperationId, sharing?: Sharing): Promise<Probe> {
  const { guildId, selfId, channelId } = t.sandbox;
  if (operation === 'guild.member.get') {
    if (!selfId) return { operation, missing: tr`the current user id is unknown (--self-id)` };
    // The member read of the current user, which the member checks judge too (one request for the run).
    return {
      operation,
      fields: { guild_id: guildId, user_id: selfId },
      result: await memberOnce(t, guildId, selfId),
    };
  }
  if (operation === 'message.get') {
    // What makes the message is named in words of its own: the caller says whether it is its helper.
    if (!offers(t, 'message.create'))
      return { operation, missing: tr`login.features omits message.create (not called)` };
    const made = await ownMessage(t, undefined, sharing);
    if (made.id === undefined)
      return { operation, missing: tr`message.create made nothing to act on (${answered(made.result)})` };
    const fields = { channel_id: channelId, message_id: made.id };
    return { operation, fields, result: await requestOnce(t, operation, fields) };
  }
  const fields = completeFields(t, operation, sandboxValues(t));
  return { operation, fields, result: await requestOnce(t, operation, fields) };
}

/** The reads of a shape a check asked for: those served, and what the others answered or lacked. */
export interface ServedReads {
  served: Served[];
  /** Each read tried and not served, with its answer. */
  unserved: Probe[];
  /** The reads of the shape login.features omits (not called). */
  notOffered: OperationId[];
}

/**
 * The served reads among `candidates` (in READS order), probing each in turn until `count` are served
 * (all of them when undefined); those login.features omits are not called.
 */
export async function servedReads(
  t: CheckContext,
  candidates: readonly Read[],
  count = Number.POSITIVE_INFINITY,
): Promise<ServedReads> {
  const found: ServedReads = { served: [], unserved: [], notOffered: [] };
  for (const read of candidates) {
    if (found.served.length >= count) break;
    if (!offers(t, read.operation)) {
      found.notOffered.push(read.operation);
      continue;
    }
    // A generic check passes over a read whose helper made nothing: another read may serve it.
    const probe = await probeRead(t, read.operation, { fallback: true });
    if (isServed(probe)) found.served.push(probe);
    else found.unserved.push(probe);
  }
  return found;
}

/**
 * What the reads not served answered, those of one answer together ("HTTP 501 …: channel.get, guild.get"),
 * and those login.features omits.
 */
export function describeUnserved(found: ServedReads): string {
  const byAnswer = new Map<string, string[]>();
  for (const probe of found.unserved) {
    const answer = probe.result ? answered(probe.result) : (probe.missing ?? tr`not asked`);
    byAnswer.set(answer, [...(byAnswer.get(answer) ?? []), probe.operation]);
  }
  const groups = [...byAnswer].map(([answer, reads]) => `${reads.join(', ')}: ${answer}`);
  if (found.notOffered.length)
    groups.push(tr`login.features omits ${found.notOffered.join(', ')} (not called)`);
  return groups.join('; ');
}

/**
 * The served reads of a shape (`what`, e.g. "read that names an id"), at least one: else the check is
 * skipped where login.features offers no such read (nothing to judge on this server), or undecided,
 * naming what each read answered (after `seen`, what the check saw that needed a served read).
 */
export async function requireServed(
  t: CheckContext,
  what: string,
  candidates: readonly Read[],
  options: { count?: number; seen?: string } = {},
): Promise<Served[]> {
  const found = await servedReads(t, candidates, options.count);
  if (found.served.length > 0) {
    t.note(tr`judged on ${found.served.map((probe) => probe.operation).join(', ')}: ${servedNote(found)}`);
    return found.served;
  }
  const offered = candidates.filter((read) => offers(t, read.operation)).map((read) => read.operation);
  if (offered.length === 0)
    t.skip(tr`login.features offers no ${what} (${candidates.map((read) => read.operation).join(', ')})`);
  const unserved = describeUnserved(found);
  return t.undecided(
    options.seen
      ? tr`${options.seen}, but no ${what} answered a complete request: ${unserved}`
      : tr`no ${what} answered a complete request: ${unserved}`,
    tr`serve one of ${offered.join(', ')} (a complete request answered 2xx), then run again`,
  );
}

/** The reads served and passed over, for the note of the reads a check was judged on. */
const servedNote = (found: ServedReads): string => {
  const served = tr`the reads this run saw served (a complete request answered 2xx)`;
  const over = describeUnserved(found);
  return over ? tr`${served}; passed over: ${over}` : served;
};

/** Reads of a list shape, whose walk shows its markers (lists/*). */
export const LIST_READS: readonly Read[] = READS.filter((read) => read.list);

/** The fields of a list's walk from the sandbox, without the first page's token (the walk adds it). */
export const listFields = (t: CheckContext, operation: OperationId): Record<string, unknown> => {
  const { next: _first, ...fields } = completeFields(t, operation, sandboxValues(t));
  return fields;
};

/**
 * What a check that chooses among `reads` declares as its probes (CheckDefinition.probes): it judges each
 * it calls, while the login not offering one makes it pass over that one, never "not offered".
 */
export const probesOf = (reads: readonly Read[]): string[] => reads.map((read) => read.operation);

/** Reads that name one thing by an id (an unknown or wrong-typed id goes in `names`). */
export const ID_READS: readonly Read[] = READS.filter((read) => read.names !== undefined);

/**
 * The positive control of a message read: message.get of a message the run did not make (the latest that
 * message.list shows in the sandbox channel), once per run. A refusal of the run's own message by
 * message.get is an observation (it was not stored) only where message.get reads another one; else the
 * check is undecided, `seen` saying what it saw. Sent only after such a refusal.
 */
export async function requireMessageRead(t: CheckContext, seen: string): Promise<void> {
  const control = await t.shared(tr`message.get of a message message.list shows`, async (observer) => {
    const channelId = observer.sandbox.channelId;
    const page = await observer.call('message.list', { channel_id: channelId });
    const data: unknown = page.ok ? page.body?.data : undefined;
    const id = Array.isArray(data) ? data.map(idOf).find((each) => each !== undefined) : undefined;
    if (id === undefined) return { missing: tr`message.list showed no message (${answered(page)})` };
    const got = await observer.call('message.get', { channel_id: channelId, message_id: id });
    return { got, id };
  });
  if (control.got?.ok) {
    t.note(tr`control: message.get read message ${control.id}, which message.list shows (2xx)`);
    return;
  }
  t.undecided(
    tr`${seen}, but message.get read no message in this run: ${control.got ? tr`message ${control.id}, which message.list shows, got ${answered(control.got)}` : control.missing}`,
    tr`make message.get read a message of the channel (a complete request answered 2xx), then run again`,
  );
}
