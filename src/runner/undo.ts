/**
 * One ledger entry undone through the interface or the trigger, and what its answer proves. A "not
 * found" counts as already gone (issue 9 item 8) only when it is told apart from the server's answer to an
 * operation it does not serve: an undo answered 404 by a server that answers everything 404 proves
 * nothing (issue 43 item 4). An operation the server does not serve, or a trigger that refused, leaves
 * the entry to be undone by hand (NotUndoable: a comment in left-behind.sh, never a command).
 */

import { RequestError } from '../client/http.js';
import { tr } from '../i18n/index.js';
import { SAYS_NO_ROUTE, SAYS_NOT_IMPLEMENTED } from './causes.js';
import type { CheckEnvironment } from './context/environment.js';
import { createdIdOf, entryOfIntent, lookupOfIntent } from './intents.js';
import { AlreadyAbsent, type FindCreated, NotUndoable, type Undo } from './ledger.js';

/** What an undo needs of the run: its client, and its trigger (or why there is none). */
export type UndoEnvironment = Pick<CheckEnvironment, 'client' | 'trigger' | 'triggerUnavailableReason'>;

interface Answer {
  status: number;
  text: string;
}

/** Not found: it never existed or is gone already (a channel delete took its messages). */
const saysNotFound = ({ status, text }: Answer): boolean =>
  status === 404 || /not[ _-]?found|does not exist/i.test(text.slice(0, 2000));

/**
 * The operation itself is missing, not the thing (the de-facto answers of an adapter: 501, 405 to a
 * POST, a body that names the route or method, a body saying "not implemented").
 */
const saysNotServed = ({ status, text }: Answer): boolean => {
  const head = text.slice(0, 2000);
  return (
    status === 501 ||
    status === 405 ||
    (status >= 400 && (SAYS_NO_ROUTE.test(head) || SAYS_NOT_IMPLEMENTED.test(head)))
  );
};

/** An operation no server serves: the control of what "not served" looks like on this one. */
const UNKNOWN_OPERATION = 'conformance.no-such-operation';

/** The target's answer to UNKNOWN_OPERATION, asked once per client (only when an undo met a "not found"). */
const controls = new WeakMap<object, Promise<Answer | undefined>>();

/**
 * Whether `answer` (to `operation`) is the same as the server's answer to an operation it does not serve
 * (status and body, the operation's name aside): then its "not found" says nothing of the thing.
 */
async function likeNotServed(
  env: UndoEnvironment,
  operation: string,
  answer: Answer,
  signal: AbortSignal,
): Promise<boolean> {
  if (answer.status < 400) return false;
  let control = controls.get(env.client);
  if (!control) {
    control = env.client
      .call(UNKNOWN_OPERATION, {}, { signal })
      .then(({ result }) => ({ status: result.status, text: result.text }))
      .catch(() => undefined);
    controls.set(env.client, control);
  }
  const unknown = await control;
  if (!unknown) return false;
  const named = (text: string, name: string) => text.split(name).join('<operation>');
  return (
    unknown.status === answer.status &&
    named(unknown.text, UNKNOWN_OPERATION) === named(answer.text, operation)
  );
}

/** How to read back what an undo was meant to remove (issue 9 item 8: "left behind" only if it still exists). */
const READ_BACK: Record<string, (fields: Record<string, unknown>) => [string, Record<string, unknown>]> = {
  'message.delete': (fields) => [
    'message.get',
    { channel_id: fields.channel_id, message_id: fields.message_id },
  ],
  'channel.delete': (fields) => ['channel.get', { channel_id: fields.channel_id }],
};

/** Undoes one ledger entry through the interface or the trigger; reads back what a failed undo left. */
export function undoEntry(env: UndoEnvironment): Undo {
  return async (entry, signal, at) => {
    const deadline = { at, what: tr`the cleanup budget (with its reserve for the quota)` };
    const [operation, fields] = entry.undo;
    if (operation.startsWith('trigger:')) {
      if (!env.trigger)
        throw new NotUndoable(tr`no trigger to undo it with (${env.triggerUnavailableReason})`);
      try {
        await env.trigger.fire(operation.slice('trigger:'.length), fields, signal);
      } catch (error) {
        if (signal.aborted) throw error;
        throw new NotUndoable(tr`the trigger did not cause it: ${(error as Error).message}`);
      }
      return;
    }
    let failure: string;
    try {
      const { result } = await env.client.call(operation, fields, { as: entry.as, signal, deadline });
      if (result.ok) return;
      failure = tr`${operation} answered HTTP ${result.status} ${env.client.redactor.shorten(result.text, 300)}`;
      if (saysNotServed(result))
        throw new NotUndoable(tr`${failure}: the server does not serve ${operation}`);
      if (saysNotFound(result)) {
        if (await likeNotServed(env, operation, result, signal))
          throw new NotUndoable(
            tr`${failure}, as it answers an operation it does not serve (${UNKNOWN_OPERATION}): not counted as gone`,
          );
        throw new AlreadyAbsent(failure);
      }
    } catch (error) {
      if (error instanceof AlreadyAbsent || error instanceof NotUndoable || signal.aborted) throw error;
      failure = (error as Error).message;
    }
    return readBack(env, entry.undo, failure, { as: entry.as, signal, deadline });
  };
}

/** Reads back what a failed undo was meant to remove: gone (AlreadyAbsent), or the failure stands. */
async function readBack(
  env: UndoEnvironment,
  [operation, fields]: [string, Record<string, unknown>],
  failure: string,
  options: Parameters<CheckEnvironment['client']['call']>[2] & { signal: AbortSignal },
): Promise<void> {
  const read = READ_BACK[operation]?.(fields);
  if (!read) throw new Error(failure);
  const [readOperation, readFields] = read;
  try {
    const { result } = await env.client.call(readOperation, readFields, options);
    if (saysNotFound(result) && !(await likeNotServed(env, readOperation, result, options.signal)))
      throw new AlreadyAbsent(
        tr`${failure}; read-back: ${readOperation} answered ${result.status}, it is gone`,
      );
    throw new Error(
      tr`${failure}; read-back: ${readOperation} answered ${result.status}, ${result.ok ? tr`it is still there` : tr`so it may still be there`}`,
    );
  } catch (error) {
    if (error instanceof AlreadyAbsent || !(error instanceof RequestError)) throw error;
    throw new Error(tr`${failure}; read-back failed too: ${error.message}`);
  }
}

/** Pages of a list read to find what a create of unknown outcome made (the run's things are recent). */
const FIND_PAGES = 20;

/**
 * Looks for what a create of unknown outcome made (issue 49 item 6): by the fields when they say all (a
 * reaction, a mute), else by the unique name the run chose, in the list that shows it, page by page. A
 * list that is gone ("not found", told apart from an operation not served) holds nothing.
 */
export function findCreated(env: UndoEnvironment): FindCreated {
  return async (intent, signal) => {
    const direct = entryOfIntent(intent);
    if (direct) return [direct];
    const lookup = lookupOfIntent(intent);
    if (!lookup) return tr`no list shows what ${intent.operation} made by a name of the run`;
    let next: string | undefined;
    for (let page = 0; page < FIND_PAGES; page++) {
      const fields = { ...lookup.fields, ...(next === undefined ? {} : { next }) };
      const { result } = await env.client.call(lookup.list, fields, { as: intent.as, signal });
      if (!result.ok) {
        if (saysNotFound(result) && !(await likeNotServed(env, lookup.list, result, signal))) return [];
        return tr`${lookup.list} answered HTTP ${result.status}`;
      }
      const body = result.body as { data?: unknown; next?: unknown } | unknown[] | undefined;
      const items = Array.isArray(body) ? body : Array.isArray(body?.data) ? body.data : undefined;
      if (!items) return tr`${lookup.list} answered no list`;
      const item = items.find((one) => lookup.nameOf((one ?? {}) as Record<string, unknown>) === lookup.name);
      const id = createdIdOf(item);
      if (item !== undefined && id !== undefined) return [entryOfIntent(intent, id)!];
      next = !Array.isArray(body) && typeof body?.next === 'string' ? body.next : undefined;
      if (next === undefined) return [];
    }
    return tr`${lookup.list} was not read to its end in ${FIND_PAGES} pages`;
  };
}
