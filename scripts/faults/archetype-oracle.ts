/**
 * The ground truth of an archetype (src/reference/archetype.ts) applied to a run's results: which verdicts
 * it forbids. Used by the archetype sweep (scripts/faults/archetypes.ts):
 *  - a false failure: a check fails or errors whose operation under test the archetype serves correctly
 *    (or does not offer), or a generic or event check fails where the archetype deviates in nothing it
 *    judges;
 *  - a pass without evidence: a check passes whose operation under test the archetype does not serve, or
 *    an event check passes where there is no event stream;
 *  - advice against the archetype: a check told to leave out of features what is already left out, or to
 *    fix an operation the login does not offer.
 * A check's operation under test is the one its id names (`channel.update/renames-channel`,
 * `fuzz.message.create/…`); `event.<type>/…` and `events.*` judge the stream; `http/*` and `lists/*` judge
 * whatever served operation they chose.
 */
import { oneLine } from '../../spec/brief.js';
import { operations as operationCatalogue } from '../../spec/catalogue.js';
import type { ArchetypeTruth } from '../../src/reference/contract.js';
import { faultCatalogue } from '../../src/reference/index.js';
import type { CheckDefinition } from '../../src/runner/check.js';
import type { CheckResult, RunResult } from '../../src/runner/model.js';

const OPERATIONS: ReadonlySet<string> = new Set(operationCatalogue.map((operation) => operation.path));

type Subject =
  | { kind: 'operation'; operation: string }
  | { kind: 'event'; type: string }
  | { kind: 'stream' }
  | { kind: 'generic' };

/** What a check (or fuzz property) judges, from its id. */
export function subjectOf(id: string): Subject {
  const [head = ''] = id.split('/');
  const operation = head.startsWith('fuzz.') ? head.slice('fuzz.'.length) : head;
  if (OPERATIONS.has(operation)) return { kind: 'operation', operation };
  if (head.startsWith('event.')) return { kind: 'event', type: head.slice('event.'.length) };
  if (head.startsWith('events.')) return { kind: 'stream' };
  return { kind: 'generic' };
}

/**
 * Should-level findings a tolerance of the archetype truly shows (measured: each tolerance alone, a full
 * run): the convention the check prefers is not the one the tolerance follows. Never a must.
 */
const SHOULD_FINDINGS_OF: Readonly<Record<string, readonly string[]>> = {
  'legacy-event-envelope': ['events.stream/envelope-fields'],
  'event-login-minimal': ['events.stream/envelope-fields'],
  'resume-replays-nothing': ['events.ws/resume-replays-missed'],
};

export interface Verdict {
  checkId: string;
  kind: 'false failure' | 'pass without evidence' | 'advice against the archetype';
  detail: string;
}

const brief = (text: string | undefined) => oneLine(text ?? '', 180);

/** The archetype's own deviations (faults, legacy names, nulls, tolerances) that may fail this check truly. */
function trulyFails(
  truth: ArchetypeTruth,
  check: CheckResult,
  definition: CheckDefinition | undefined,
): boolean {
  const faults = faultCatalogue.filter((fault) => (truth.options.faults ?? []).includes(fault.id));
  if (
    faults.some(
      (fault) =>
        check.rules.some((rule) => fault.rules.includes(rule)) || fault.detectedBy?.includes(check.id),
    )
  )
    return true;
  const aliases = Object.entries(truth.eventAliases);
  const text = `${check.id} ${check.reason ?? ''}`;
  if (
    aliases.length > 0 &&
    (check.id === 'events.names/known-types' ||
      (((definition?.needs ?? []).includes('events') || subjectOf(check.id).kind !== 'operation') &&
        aliases.some(([name, alias]) => text.includes(name) || text.includes(alias))))
  )
    return true;
  if (truth.deviations.includes('declares-unserved-operations') && namesDeclaredUnserved(truth, check))
    return true;
  const nulls = truth.options.optionalFieldsNull === true || truth.options.userFields === 'null';
  if (nulls && check.level === 'should' && /\bnull\b/.test(check.reason ?? '')) return true;
  return (truth.options.tolerances ?? []).some(
    (id) => SHOULD_FINDINGS_OF[id]?.includes(check.id) && check.level === 'should',
  );
}

/**
 * Whether a failure concerns an operation the login's features offer but the archetype does not serve
 * (its signature's operation, or one its reason names): features listing every operation deviate truly
 * there, as fault declared-operation-501 does.
 */
function namesDeclaredUnserved(truth: ArchetypeTruth, check: CheckResult): boolean {
  const offeredUnserved = (operation: string) => truth.declares(operation) && !truth.serves(operation);
  const signed = check.signature?.operation;
  if (signed !== undefined && offeredUnserved(signed)) return true;
  return [...OPERATIONS].some(
    (operation) => offeredUnserved(operation) && namesOperation(check.reason ?? '', operation),
  );
}

const namesOperation = (text: string, operation: string) =>
  new RegExp(`(^|[^\\w.])${operation.replaceAll('.', '\\.')}(?![\\w.])`).test(text);

/**
 * Whether an event or generic check failed on an operation it judges (its definition's operations less its
 * helpers) that the login offers and the archetype does not serve: with no features declared every
 * operation is offered, and an offered operation refusing its complete request deviates truly, as an
 * operation check of it may fail.
 */
function failsDeclaredUnserved(
  truth: ArchetypeTruth,
  check: CheckResult,
  definition: CheckDefinition | undefined,
): boolean {
  const helpers = new Set<string>(definition?.helpers ?? []);
  const underTest = (definition?.operations ?? []).filter((operation) => !helpers.has(operation));
  return underTest.some(
    (operation) =>
      truth.declares(operation) &&
      !truth.serves(operation) &&
      (check.signature?.operation === operation || namesOperation(check.reason ?? '', operation)),
  );
}

/** The verdicts of one run (checks or fuzz properties) the archetype's ground truth forbids. */
export function judgeRun(
  truth: ArchetypeTruth,
  result: Pick<RunResult, 'checks' | 'causes' | 'undecidedCauses'>,
  definitions: ReadonlyMap<string, CheckDefinition>,
): Verdict[] {
  const stream = truth.eventTransports.length > 0;
  const verdicts: Verdict[] = [];
  for (const check of result.checks) {
    const definition = definitions.get(check.id);
    const subject = subjectOf(check.id);
    const needsEvents =
      (definition?.needs ?? []).includes('events') || subject.kind === 'event' || subject.kind === 'stream';
    const say = (kind: Verdict['kind'], detail: string) => verdicts.push({ checkId: check.id, kind, detail });
    if (check.status === 'error') say('false failure', `errors: ${brief(check.reason)}`);
    if (
      check.status === 'fail' &&
      !trulyFails(truth, check, definition) &&
      !failsDeclaredUnserved(truth, check, definition)
    ) {
      const why =
        subject.kind === 'operation'
          ? truth.serves(subject.operation)
            ? `fails ${subject.operation}, which the archetype serves`
            : !truth.declares(subject.operation)
              ? `fails ${subject.operation}, which the login does not offer`
              : undefined
          : needsEvents && !stream
            ? 'fails an event check on a server without any event stream'
            : `fails a ${subject.kind} check where the archetype deviates in nothing it judges`;
      if (why) say('false failure', `${why} (${check.level}): ${brief(check.reason)}`);
    }
    if (check.status === 'pass') {
      if (subject.kind === 'operation' && !truth.serves(subject.operation))
        say('pass without evidence', `passes ${subject.operation}, which the archetype does not serve`);
      else if (needsEvents && !stream)
        say('pass without evidence', 'passes an event check without any event stream');
    }
    if (check.status === 'skip') verdicts.push(...adviceAgainst(truth, check));
  }
  for (const cause of [...(result.causes ?? []), ...(result.undecidedCauses ?? [])]) {
    // A helper the login does not offer: its cause decides on nothing to fix ("if the platform lacks it").
    if (
      cause.kind === 'helper-missing' &&
      (cause.operations ?? []).length > 0 &&
      (cause.operations ?? []).every((operation) => !truth.declares(operation))
    )
      continue;
    const advice = 'fix' in cause ? cause.fix : cause.decide;
    for (const operation of offeredNowhere(truth, advice))
      verdicts.push({
        checkId: `cause ${cause.id}`,
        kind: 'advice against the archetype',
        detail: `advises on ${operation}, which the login does not offer: ${brief(advice)}`,
      });
  }
  return verdicts;
}

/** Operations named in `text` that the login declares it does not offer (features read somewhere). */
function offeredNowhere(truth: ArchetypeTruth, text: string | undefined): string[] {
  // "nothing to fix in X: decided where the login offers Y", "nothing, if the platform lacks Y": no fix named.
  if (!text || truth.featuresIn.length === 0 || /^\s*nothing\b/i.test(text)) return [];
  return [...OPERATIONS].filter((operation) => !truth.declares(operation) && namesOperation(text, operation));
}

function adviceAgainst(truth: ArchetypeTruth, check: CheckResult): Verdict[] {
  const verdicts: Verdict[] = [];
  const subject = subjectOf(check.id);
  const advice = check.undecided?.clear;
  const said = `${check.reason ?? ''} ${check.undecided?.state ?? ''} ${advice ?? ''}`;
  if (
    /out of (?:the login's |login\.)?features/i.test(said) &&
    subject.kind === 'operation' &&
    truth.featuresIn.length > 0 &&
    !truth.declares(subject.operation)
  )
    verdicts.push({
      checkId: check.id,
      kind: 'advice against the archetype',
      detail: `advises leaving ${subject.operation} out of features, which it already is: ${brief(said)}`,
    });
  // A helper the login does not offer: the advice says there is nothing to fix (calls.ts), naming it.
  if (check.undecided?.signature?.kind === 'helper-not-offered') return verdicts;
  for (const operation of offeredNowhere(truth, advice))
    verdicts.push({
      checkId: check.id,
      kind: 'advice against the archetype',
      detail: `advises on ${operation}, which the login does not offer: ${brief(advice)}`,
    });
  return verdicts;
}
