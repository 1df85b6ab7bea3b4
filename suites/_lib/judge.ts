/**
 * The pure part of the checks' judgements: what makes a page, an event or a response conformant, as
 * functions of what was observed, callable without a server (test/suites/judgements.test.ts tables them).
 * A check observes through t (requests, the event stream), judges with these, and states each judgement
 * with `expectAll`: the verdicts stay the check's, the rule lives here once.
 */
import { normaliseEvent } from '../../src/events/protocol.js';
import { tr } from '../../src/i18n/index.js';
import type { CallResult, CheckContext, ObservedEvent } from '../../src/runner/check.js';
import { hasMore, type Marker, type Page } from '../../src/runner/paginate.js';
import type { PartialSignature } from '../../src/runner/signature.js';

/**
 * A schema's problems with a value, as messages: t.schemaProblems in a check (its run's validator and
 * §4.8 variants), spec/validate.ts's validate in a test. Passed in, so loading a suite loads no
 * validator (list starts fast).
 */
export type SchemaProblems = (schema: string, value: unknown) => string[];

/** One expectation about an observation: whether it holds, what was expected, what was seen instead. */
export interface Judgement {
  holds: boolean;
  expected: string;
  observed?: string;
  /** What was observed, as data (report.json `signature`): the key causes group failures by. */
  signature?: PartialSignature;
}

/** States every judgement in the check (the first that does not hold fails it). */
export function expectAll(t: CheckContext, judgements: readonly Judgement[]): void {
  for (const { holds, expected, observed, signature } of judgements)
    t.expect(holds, expected, observed, signature);
}

// --- Pages (§1 rule 6, §4.1 rule 6): the marker says whether more data exists, the length says nothing.

/** A page carries `marker` exactly when more data exists that way (`more`: what the checker knows). */
export function judgeMarker(page: Page, more: boolean, context: string, marker: Marker = 'next'): Judgement {
  return {
    holds: hasMore(page, marker) === more,
    expected: more ? tr`${context} carries ${marker}` : tr`${context} carries no ${marker}`,
    observed: tr`${page.data.length} item(s), ${marker}: ${JSON.stringify(page[marker])}`,
    signature: { kind: 'marker', pattern: more ? 'absent' : 'present', path: `/${marker}` },
  };
}

/**
 * A walk to the end: lists no item twice, lists every item the check created, and (should) does not end
 * on an empty page reached through a marker.
 */
export function judgeWalk(ids: readonly string[], created: readonly string[]): Judgement[] {
  const seen = new Set<string>();
  const duplicates = ids.filter((id) => seen.has(id) || !seen.add(id));
  const missing = created.filter((id) => !seen.has(id));
  return [
    {
      holds: duplicates.length === 0,
      expected: tr`the walk lists no item twice`,
      observed: duplicates.join('; '),
      signature: { kind: 'marker', pattern: 'repeated' },
    },
    {
      holds: missing.length === 0,
      expected: tr`the walk to the end lists every item created`,
      observed: missing.join(', '),
    },
  ];
}

/** The last page of a walk of several pages is not empty: no marker led to it without data (§1 rule 6). */
export function judgeLastPage(pages: readonly Page[]): Judgement {
  const last = pages[pages.length - 1];
  return {
    holds: pages.length <= 1 || (last?.data.length ?? 0) > 0,
    expected: tr`next is present only while more data exists (§1 rule 6)`,
    observed: tr`page ${pages.length}, reached through next, is empty`,
    signature: { kind: 'marker', pattern: 'present', path: '/next' },
  };
}

// --- Events (§6, conventions "Events").

/** The sn of an event as sent: sn, or id in the older envelope. */
export const snOf = (event: ObservedEvent): number | undefined =>
  normaliseEvent(event.body, event.receivedAt).event.sn;

/** Every event carries a numeric sn, each greater than the one before it (CONV-WS-SN). */
export function judgeSequence(events: readonly ObservedEvent[]): Judgement[] {
  const withoutSn = events.filter((event) => snOf(event) === undefined);
  const breaks: string[] = [];
  for (let index = 1; index < events.length; index++) {
    const [before, after] = [snOf(events[index - 1]), snOf(events[index])];
    if (before === undefined || after === undefined) continue;
    if (!(after > before))
      breaks.push(tr`${before} → ${after} (${events[index - 1].type} then ${events[index].type})`);
  }
  return [
    {
      holds: withoutSn.length === 0,
      expected: tr`every EVENT body carries a numeric sn`,
      observed: tr`${withoutSn.length} of ${events.length} without: ${JSON.stringify(withoutSn[0]?.body ?? null).slice(0, 400)}`,
    },
    {
      holds: breaks.length === 0,
      expected: tr`each sn is greater than the one before it`,
      observed: tr`${breaks.length} break(s): ${breaks.slice(0, 5).join('; ')}`,
    },
  ];
}

/** An EVENT body matches the de-facto envelope (CONV-EVENT-ENVELOPE) and its §6 event schema. */
export function judgeEvent(body: unknown, problemsOf: SchemaProblems): Judgement[] {
  const type = typeof (body as { type?: unknown })?.type === 'string' ? (body as { type: string }).type : '';
  const judgements = [schemaJudgement('envelope', problemsOf('envelope', body), 'the EVENT body', type)];
  if (type)
    judgements.push(
      schemaJudgement(`event:${type}`, problemsOf(`event:${type}`, body), 'the EVENT body', type),
    );
  return judgements;
}

// --- Responses (§4, §7): a success is any 2xx; its body matches the operation's result schema.

/** A call succeeded (any 2xx, whatever the body: §4.8) and, given a schema, its body matches it. */
export function judgeResponse(
  result: Pick<CallResult, 'status' | 'ok' | 'text' | 'body'>,
  what: string,
  schema?: { name: string; problemsOf: SchemaProblems },
): Judgement[] {
  const status = {
    holds: result.ok,
    expected: tr`${what}: a 2xx status (any body is accepted, §4.8)`,
    observed: `HTTP ${result.status} ${result.text.slice(0, 500)}`,
  };
  if (!schema || !result.ok) return [status];
  return [status, schemaJudgement(schema.name, schema.problemsOf(schema.name, result.body), what)];
}

const MAX_PROBLEMS = 8;

/** A problem starts with its JSON pointer (spec/validate.ts Problem.message): the field a signature names. */
const pathOf = (problems: readonly string[]): { path?: string } => {
  const path = /^(\/[^:]*):/.exec(problems[0] ?? '')?.[1];
  return path ? { path } : {};
};

/** The signature of an event body that does not match its schema: its type and the first field at fault. */
export const eventSignature = (eventType: string, problems: readonly string[]): PartialSignature => ({
  kind: 'event-resource',
  eventType,
  ...pathOf(problems),
});

/** As t.expectSchema words it: "does not match Message: /channel/id: must be string …; and 2 more". */
function schemaJudgement(
  schema: string,
  problems: readonly string[],
  what: string,
  eventType?: string,
): Judgement {
  // Worded in parts of their own: t.expectSchema (src/runner/schema.ts) composes the same English.
  const more = problems.length > MAX_PROBLEMS ? `; ${tr`and ${problems.length - MAX_PROBLEMS} more`}` : '';
  const signature: PartialSignature = eventType
    ? eventSignature(eventType, problems)
    : { kind: 'field-value', ...pathOf(problems) };
  return {
    signature,
    holds: problems.length === 0,
    expected: `${what} ${tr`matches ${schema}`}`,
    observed: problems.length
      ? `${tr`does not match ${schema}`}: ${problems.slice(0, MAX_PROBLEMS).join('; ')}${more}`
      : undefined,
  };
}
