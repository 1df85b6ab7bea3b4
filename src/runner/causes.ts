/**
 * What to fix first (DESIGN "What to fix first"): the failing and erroring checks of a run grouped by the
 * fault they share, ranked by how many checks each explains. A check's fault is its signature (signature.ts:
 * set by the code that judged it, never read back from its words), and one fault is one cause: the same
 * kind of observation on the same rule family across operations (a field null wherever a User is sent, a
 * marker that repeats on every list), an operation refused whole however many checks it touched, a helper
 * failing the checks that need it. Each cause has one fix in the implementer's terms, the spec section
 * (and the rule's words), and one reproduction. Pure: a function of the check results.
 */
import { oneLine } from '../../spec/brief.js';
import { getRule, hasRule } from '../../spec/rules.js';
import { phraseLang, ruleStatementIn, say, tr } from '../i18n/index.js';
import type { Cause, CheckResult, RunResult, Signature } from './model.js';
import { completeSignature, stablePath } from './signature.js';

/** A check's reason when the event it waited for never came (EventWaitTimeout, or a check's own words). */
export const EVENT_NEVER_CAME = /no matching event within|observed no [a-z-]+ event|event never came/i;
export { SAYS_NO_ROUTE, SAYS_NOT_IMPLEMENTED } from './signature.js';

/** What the run knows beyond its checks: events its stream delivered (absent: no stream), the login's features. */
export interface RunFacts {
  eventsReceived?: number;
  /** The operations login.features declares (report.json capabilities.features); absent: none declared. */
  features?: readonly string[];
  /** Whether the run learnt what the login declares (report.json capabilities present); absent: unknown. */
  featuresKnown?: boolean;
}

/** The fault one signature shows: its key (the cause id) and kind. */
interface Fault {
  key: string;
  kind: Signature['kind'];
}

/** The catalogue's words in the run's language (src/i18n/messages/report-extra.ts). */

/** The family of a rule: its id without the trailing number ('MSG-LIST-3' → 'MSG-LIST'). */
const familyOf = (rule: string | undefined): string => (rule ?? 'none').replace(/-\d+$/, '');

const WRAPPED: Record<string, string> = {
  envelope: 'result-envelope',
  stringified: 'result-envelope',
  'list-wrapped': 'list-shape',
  'bare-array': 'list-shape',
  'list-renamed': 'list-shape',
  'error-body': 'errors-2xx',
};

/** A field's name, the last part of its path ('/data/*\/member/joined_at' → 'joined_at'). */
const fieldName = (path: string): string =>
  stablePath(path)
    .split('/')
    .filter((part) => part && part !== '*')
    .at(-1) ?? '(root)';

/** The fault a failure's signature shows: what makes two failures the same fault. */
export function faultOf(signature: Signature, streamSilent: boolean): Fault {
  const { kind, operation, status = 'none', pattern, path, eventType } = signature;
  // An operation not served, or the credentials refused, is one fault whether a check judged the
  // operation or used it as a helper.
  // 501 says "not implemented" by its code alone (§4, RFC 9110), whatever its body.
  if (kind === 'status' && (pattern === 'not-implemented' || status === '501'))
    return { key: 'not-implemented', kind };
  if (kind === 'identity' && pattern === 'refused') return { key: 'identity-refused', kind };
  if (signature.role === 'helper' && operation && (kind === 'status' || kind.startsWith('helper')))
    return { key: `helper:${operation}`, kind: 'helper-refused' };
  if (kind === 'wrapping') return { key: WRAPPED[pattern ?? ''] ?? `wrapping:${pattern}`, kind };
  if (kind === 'transport') return { key: 'event-transport', kind };
  if (kind === 'event-missing' && streamSilent) return { key: 'event-transport', kind: 'transport' };
  // Operations refusing (or failing) valid requests: one cause per status class, listing them — an
  // operation refused whole is in it however many checks it touched.
  if (kind === 'status' && /^(4|5)/.test(status) && operation) return { key: `status-${status[0]}xx`, kind };
  // A result that is not the resource at all (its root missing or of another type: an empty body, `{}`
  // where an array is due) is one fault across operations: they answer no result.
  if ((kind === 'field-missing' || kind === 'field-type') && path === '')
    return { key: 'result-missing', kind };
  // A field is one fault wherever it is sent (a Channel's `type` alone, in a Message, in a page, in an event).
  if ((kind.startsWith('field-') || kind === 'event-resource') && path)
    return { key: `field:${fieldName(path)}`, kind: kind === 'event-resource' ? 'field-value' : kind };
  if (kind === 'marker') return { key: `marker:${pattern ?? 'other'}`, kind };
  // Events that never came are one fault whatever their types (the stream does not emit for the checks' acts).
  if (kind === 'event-missing') return { key: 'event-missing', kind };
  if (kind.startsWith('event-'))
    return { key: `${kind}:${eventType ?? 'any'}${path ? `:${path}` : ''}`, kind };
  if (kind === 'helper-refused' || kind === 'helper-not-offered')
    return { key: `helper:${operation ?? 'unknown'}`, kind: 'helper-refused' };
  if (kind === 'identity') return { key: `identity:${pattern ?? 'other'}`, kind };
  // Any other observation on an accepted answer: that operation's result is the fault, whichever rule the
  // check cites (message.get returning another message fails the checks of get, update and create alike).
  if (status === '2xx' && operation && signature.role !== 'helper')
    return { key: `answer:${operation}`, kind };
  // Else the rule it breaks is the fault, whatever the operation (its family).
  return { key: `rule:${familyOf(signature.rule)}`, kind };
}

/** A failure's signature: the one the run set, else completed from its evidence (a report of an older run). */
export const signatureOfCheck = (check: CheckResult): Signature =>
  check.signature ?? completeSignature(undefined, check, check.evidence?.exchanges ?? []);

const isProblem = (check: CheckResult): boolean =>
  (check.status === 'fail' || check.status === 'error') && !check.notOffered;

/** The section a rule cites, in the report's words ('§4.1'; a convention's heading). */
function sectionOf(rule: string | undefined): { section: string; statement?: string } {
  if (!rule || !hasRule(rule)) return { section: '§4' };
  const found = getRule(rule);
  const section =
    found.source === 'spec'
      ? `§${found.section}`
      : say('causes.section.conventions', { section: found.section });
  return { section, statement: found.statement };
}

/** What an implementer reads of one fault: its title, section and fix (advice.ts words the fixes). */
interface Words {
  title: string;
  section?: string;
  fix: string;
}

const listed = (operations: readonly string[]): string =>
  operations.length <= 3
    ? operations.join(', ')
    : `${operations.slice(0, 3).join(', ')}${say('report.idsAndMore', { n: String(operations.length - 3) })}`;

/** How a field is wrong, by the kind of its failures (rendered in the run's language where read). */
const fieldWords = (kind: string | undefined): string => {
  switch (kind) {
    case 'field-missing':
      return say('causes.field.missing');
    case 'field-null':
      return say('causes.field.null');
    case 'field-type':
      return say('causes.field.type');
  }
  return say('causes.field.other');
};

/** '§1 rule 6' in the run's language. */
const ruleSection = (section: string, n: number): string =>
  say('causes.section.rule', { section, n: String(n) });

/** The words of a marker fault, by its pattern (a function: rendered in the run's language). */
function markerWords(pattern: string | undefined, on: string): Words {
  switch (pattern) {
    case 'repeated':
      return {
        title: tr`List walks repeat themselves: following \`next\` leads back to items already listed, so walks loop`,
        section: ruleSection('1', 6),
        fix: tr`make \`next\` a cursor to the items after this page, never one that serves a page again`,
      };
    case 'absent':
      return {
        title: tr`Pages omit their marker while more data exists: a client stops after the first page`,
        section: ruleSection('1', 6),
        fix: tr`send \`next\` (or \`prev\`) on every page after which more data exists that way`,
      };
    case 'present':
      return {
        title: tr`Pages carry a marker where no more data exists (the last page, or an empty one reached through it)`,
        section: ruleSection('1', 6),
        fix: tr`leave \`next\` out of the last page`,
      };
  }
  return {
    title: tr`Pages' markers are wrong${on}`,
    section: ruleSection('1', 6),
    fix: tr`send a marker exactly while more data exists that way`,
  };
}

/** The words of a fault: from its kind and what its failures share (operations, the first signature). */
export function wordsOf(
  fault: Fault,
  signatures: readonly Signature[],
  operations: readonly string[],
  facts: RunFacts,
): Words {
  const ops = listed(operations);
  const [family] = fault.key.split(':');
  switch (family) {
    case 'not-implemented':
      return {
        title: tr`Operations answer that they are not implemented (404, 405, 501 or a body saying so)`,
        section: '§4',
        fix: ops
          ? tr`implement ${ops} at POST {base}/<operation>, ${notOfferedAdvice(operations, facts)}`
          : tr`implement them at POST {base}/<operation>, ${notOfferedAdvice(operations, facts)}`,
      };
    case 'result-envelope':
      return {
        title: tr`Results are wrapped in an envelope: the object the operation returns is under one key`,
        section: '§4',
        fix: tr`answer the result itself as the body, not an object that holds it`,
      };
    case 'list-shape':
      return {
        title: tr`Lists have the wrong shape: a page is an object with a \`data\` array and its \`prev\`/\`next\` markers`,
        section: ruleSection('1', 5),
        fix: tr`answer each page as {"data": [...], "next": …} at the top level of the body`,
      };
    case 'errors-2xx':
      return {
        title: tr`Errors are answered with a success status (2xx and an error body)`,
        section: '§7',
        fix: tr`answer a refused request with a 4xx or 5xx status`,
      };
    case 'identity-refused':
      return {
        title: tr`The checker's credentials are refused (401/403 with the token and identity headers given)`,
        section: '§5',
        fix: tr`check --token, --platform and --self-id; the family reads Authorization: Bearer and Satori-Platform/Satori-User-ID (or X-Platform/X-Self-ID)`,
      };
    case 'event-transport':
      return {
        title: tr`The event stream does not work as the family's: no READY after IDENTIFY, or no event delivered at all`,
        section: '§6',
        fix: tr`check --events-url and the handshake (IDENTIFY, READY), or the webhook registration; the run notes say what the stream did`,
      };
  }
  return operationWords(fault, signatures, operations, ops);
}

/** The words of the faults of operations (named in the title): their results, their statuses, helpers. */
function operationWords(
  fault: Fault,
  signatures: readonly Signature[],
  operations: readonly string[],
  ops: string,
): Words {
  const [signature] = signatures;
  const [family, detail] = fault.key.split(':');
  const one = operations.length === 1;
  switch (family) {
    case 'result-missing':
      return {
        title: one
          ? tr`${ops} answers 2xx without the resource it returns: the body is empty or of another type`
          : ops
            ? tr`${ops} answer 2xx without the resource they return: the body is empty or of another type`
            : tr`Operations answer 2xx without the resource they return: the body is empty or of another type`,
        section: '§4',
        fix: tr`answer the resource the operation returns (§4) as the body of its 2xx`,
      };
    case 'helper-answers':
      return {
        title: one
          ? tr`${ops} accepts the requests other checks make through it (2xx), but those checks cannot use what it answers`
          : ops
            ? tr`${ops} accept the requests other checks make through them (2xx), but those checks cannot use what they answer`
            : tr`Operations accept the requests other checks make through them (2xx), but those checks cannot use what they answer`,
        section: '§4',
        fix: one
          ? tr`make ${ops} return the resource the spec says (the first check shows what it answered instead)`
          : tr`make each return the resource the spec says (the first check shows what it answered instead)`,
      };
    case 'helper':
      return {
        title: tr`${detail} fails where other checks use it as a helper (to make or undo what they judge): HTTP ${signature.status ?? '?'}`,
        fix: tr`make ${detail} accept a complete valid request (the reproduction shows one it refused)`,
      };
    case 'answer': {
      const rules = [...new Set(signatures.flatMap((s) => (s.rule ? [s.rule] : [])))].sort();
      return {
        title: rules.length
          ? tr`${detail} accepts the requests (2xx) but its results are not what the spec says (${listed(rules)})`
          : tr`${detail} accepts the requests (2xx) but its results are not what the spec says`,
        fix: tr`make ${detail}'s result follow the rules its checks cite; the first check shows what it answered instead`,
      };
    }
    case 'status-4xx':
    case 'status-5xx':
      return statusWords(family === 'status-5xx', operations, ops);
  }
  return kindWords(fault, signatures, ops);
}

/** The words of operations refusing (4xx) or failing (5xx) valid requests. */
function statusWords(server: boolean, operations: readonly string[], ops: string): Words {
  if (operations.length === 1)
    return server
      ? {
          title: tr`${ops} answers a server error (5xx) to requests the spec says it serves`,
          fix: tr`make ${ops} answer its valid requests with 2xx and the result; the reproduction shows one failed`,
        }
      : {
          title: tr`${ops} answers a refusal (4xx) to requests the spec says it serves`,
          fix: tr`make ${ops} answer its valid requests with 2xx and the result; the reproduction shows one refused`,
        };
  const fix = server
    ? tr`make each answer their valid requests with 2xx and the result; the reproduction shows one failed`
    : tr`make each answer their valid requests with 2xx and the result; the reproduction shows one refused`;
  if (!ops)
    return {
      title: server
        ? tr`Operations answer a server error (5xx) to requests the spec says they serve`
        : tr`Operations answer a refusal (4xx) to requests the spec says they serve`,
      fix,
    };
  return {
    title: server
      ? tr`${ops} answer a server error (5xx) to requests the spec says they serve`
      : tr`${ops} answer a refusal (4xx) to requests the spec says they serve`,
    fix,
  };
}

/** The words of the kinds whose key carries what they concern (a field, a marker, an event, a rule). */
function kindWords(fault: Fault, signatures: readonly Signature[], ops: string): Words {
  const [signature] = signatures;
  const on = ops ? say('report.parenthesis', { text: ops }) : '';
  if (fault.key.startsWith('field:'))
    return fieldFaultWords(fault.key.slice('field:'.length), signatures, ops);
  if (fault.kind === 'marker') return markerWords(signature.pattern, on);
  if (fault.kind === 'event-missing') {
    const types = [...new Set(signatures.flatMap((s) => (s.eventType ? [s.eventType] : [])))].sort();
    const type = types.length ? listed(types) : undefined;
    return {
      title: type
        ? tr`No ${type} event came for changes the checks made${on}`
        : tr`No matching event came for changes the checks made${on}`,
      section: '§6',
      fix: type
        ? tr`emit ${type} for every change made through the interface, the bot's own acts included`
        : tr`emit the event for every change made through the interface, the bot's own acts included`,
    };
  }
  if (fault.kind.startsWith('event-')) {
    const type = signature.eventType;
    return {
      title: type ? eventWords(fault.kind, type, signature.path) : eventsWords(fault.kind, signature.path),
      section: '§6',
      fix: type
        ? tr`send ${type} with the resources the spec lists for it`
        : tr`send the event with the resources the spec lists for it`,
    };
  }
  const rule = signature.rule;
  const statement = rule && hasRule(rule) ? getRule(rule).statement : undefined;
  // The rule's statement in the run's language where it has a rendering (src/i18n/titles/rules.zh-CN.ts).
  const rendered = rule ? ruleStatementIn(rule, phraseLang()) : undefined;
  return {
    title: statement
      ? tr`Breaks the rule: ${oneLine((rendered ?? statement).replace(/[.。]$/, ''), 160)}${on}`
      : rule
        ? tr`Checks of ${rule} fail${on}`
        : tr`Checks of no rule fail${on}`,
    fix: statement
      ? tr`make the answers follow this rule (the reproduction shows one that does not)`
      : tr`see the reproduction and the first check in full`,
  };
}

/** How events of one type came wrong. */
const eventWords = (kind: string, type: string, path: string | undefined): string =>
  kind === 'event-name'
    ? tr`${type} came under another name`
    : path
      ? tr`${type} came without ${path}`
      : tr`${type} came without their resource`;

/** How events of no known type came wrong. */
const eventsWords = (kind: string, path: string | undefined): string =>
  kind === 'event-name'
    ? tr`Events came under another name`
    : path
      ? tr`Events came without ${path}`
      : tr`Events came without their resource`;

/** The words of a field wrong wherever it is sent (its name, how, where). */
function fieldFaultWords(name: string, signatures: readonly Signature[], ops: string): Words {
  const kinds = new Set(signatures.map((s) => s.kind));
  const [only] = kinds.size === 1 ? kinds : [];
  const how = fieldWords(only);
  const paths = [...new Set(signatures.map((s) => s.path ?? ''))].filter(Boolean).sort();
  const events = [...new Set(signatures.flatMap((s) => (s.eventType ? [s.eventType] : [])))].sort();
  const inEvents = events.length ? say('causes.inEvents', { list: listed(events) }) : '';
  const where = ops && inEvents ? say('causes.both', { a: ops, b: inEvents }) : ops || inEvents;
  return {
    title: where
      ? tr`\`${name}\` ${how} where it is sent (${listed(paths)}) in ${where}`
      : tr`\`${name}\` ${how} where it is sent (${listed(paths)})`,
    fix: tr`send \`${name}\` as the spec's resource declares it, in every answer and event that carries it`,
  };
}

/**
 * How to stop an operation being blamed, true to the run: leave it out of login.features where the
 * login declares features (a failing operation is one they include), declare them without it where none
 * are declared (every operation is then taken as offered).
 */
export function notOfferedAdvice(operations: readonly string[], facts: RunFacts): string {
  if (!facts.features && !facts.featuresKnown)
    return tr`or leave them out of login.features (where the login declares its features) so that they are not blamed`;
  if (!facts.features) return tr`or declare login.features without them so that they are not blamed`;
  const declared = operations.filter((operation) => facts.features?.includes(operation));
  if (!declared.length)
    return tr`or fix the routing: login.features already omits them, so something calls them anyway`;
  return declared.length === 1
    ? tr`or leave ${listed(declared)} out of login.features so that it is not blamed`
    : tr`or leave ${listed(declared)} out of login.features so that they are not blamed`;
}

/** Rank order among causes explaining as many checks: what blocks the most first. */
const KIND_ORDER = [
  'identity-refused',
  'not-implemented',
  'helper',
  'event-transport',
  'result-envelope',
  'list-shape',
  'errors-2xx',
];
const rankOf = (key: string): number => {
  const index = KIND_ORDER.indexOf(key.split(':')[0]);
  return index === -1 ? KIND_ORDER.length : index;
};

/**
 * The faults of the failures no observation of their own names (keys answer:<operation> and rule:<family>):
 * each is either one operation's results (message.get answering another message fails the checks of get,
 * update and create alike) or one rule broken across operations (requests missing required fields accepted
 * by every operation). Both groupings are candidates; the one explaining the most checks is taken first,
 * then the next among what is left (a greedy cover): one cause per fault, whichever way it cuts. A helper's
 * accepted answer judged wrong is the fault its operation's own checks show, where they show exactly one
 * (a field, a marker), else a candidate of its operation like the others.
 */
function coverResidue<T extends { signature: Signature; fault: Fault }>(judged: readonly T[]): T[] {
  const residual = (key: string) =>
    key.startsWith('answer:') || key.startsWith('rule:') || key === 'helper-answers';
  // The faults each operation's own accepted answers show (a field, a marker, its results): a helper's
  // answer judged wrong where its own checks show exactly one such fault is that fault.
  const ownFaults = new Map<string, Set<string>>();
  for (const { signature, fault } of judged)
    if (signature.operation && signature.role !== 'helper' && signature.status === '2xx')
      ownFaults.set(signature.operation, (ownFaults.get(signature.operation) ?? new Set()).add(fault.key));
  const candidatesOf = ({ signature, fault }: T): string[] => {
    const [own, ...more] = ownFaults.get(signature.operation ?? '') ?? [];
    if (signature.role === 'helper' && signature.status === '2xx' && own && !more.length && !residual(own))
      return [own];
    const answer = `answer:${signature.operation}`;
    // A helper's accepted answers judged wrong by several checks are one fault of that operation too, and
    // helpers whose accepted answers the checks could not use at all are one fault across operations
    // (a server that answers 2xx without the resources: the checks reading them fail each its own way).
    const helper = signature.role === 'helper' && signature.status === '2xx';
    return [
      ...(fault.key.startsWith('answer:') || helper ? [answer] : []),
      ...(helper ? ['helper-answers'] : []),
      `rule:${familyOf(signature.rule)}`,
    ];
  };
  const open = judged.filter(({ fault }) => residual(fault.key));
  const taken = new Map<T, string>();
  while (taken.size < open.length) {
    const sizes = new Map<string, number>();
    const judging = new Map<string, number>();
    for (const item of open)
      if (!taken.has(item))
        for (const key of candidatesOf(item)) {
          sizes.set(key, (sizes.get(key) ?? 0) + 1);
          if (item.signature.role !== 'helper') judging.set(key, (judging.get(key) ?? 0) + 1);
        }
    // The largest first; among equals the one whose checks judge it: an operation's results where its own
    // checks are in it, else the rule (a helper's answer read by one check alone is that check's rule's
    // fault), then helpers across operations; then by key.
    const tieRank = (key: string) =>
      key.startsWith('answer:') ? Number((judging.get(key) ?? 0) > 0) * 2 : Number(key.startsWith('rule:'));
    const [[best]] = [...sizes].sort(
      ([a, m], [b, n]) =>
        n - m ||
        (judging.get(b) ?? 0) - (judging.get(a) ?? 0) ||
        tieRank(b) - tieRank(a) ||
        a.localeCompare(b),
    );
    for (const item of open) if (!taken.has(item) && candidatesOf(item).includes(best)) taken.set(item, best);
  }
  return judged.map((item) => {
    const key = taken.get(item);
    return key === undefined ? item : { ...item, fault: { key, kind: item.fault.kind } };
  });
}

/**
 * Events that came wrong show twice: a check awaiting an event of type T carrying X sees none when T came
 * without X, or under another name. An event of type T that never came joins the cause of T's events
 * without a resource, where the run has one; else, where the stream names events outside §6 (rule
 * EVT-NAMES), it and the checks of one event's row judged on no event of that name join the naming's cause.
 */
function eventConsequences<T extends { signature: Signature; fault: Fault }>(judged: readonly T[]): T[] {
  const withoutResource = new Map<string, Fault>();
  for (const { signature, fault } of judged)
    if (signature.kind === 'event-resource' && signature.eventType)
      withoutResource.set(signature.eventType, fault);
  const naming = judged.find(({ signature }) => familyOf(signature.rule) === 'EVT-NAMES')?.fault;
  const rowJudged = ({ signature }: T) =>
    signature.kind === 'other' &&
    !signature.operation &&
    (signature.rule ?? '').startsWith('EVT-') &&
    familyOf(signature.rule) !== 'EVT-NAMES';
  return judged.map((item) => {
    const { signature } = item;
    const missing = signature.kind === 'event-missing';
    const joins =
      (missing && signature.eventType && withoutResource.get(signature.eventType)) ||
      ((missing || rowJudged(item)) && naming) ||
      undefined;
    return joins ? { ...item, fault: joins } : item;
  });
}

/**
 * The causes of a run's failures and errors, the one explaining the most checks first: every failing
 * check is in exactly one. The identity cause needs refusals on two operations at least (one refusal can
 * be a permission the check expects; it falls back to its operation's status).
 */
export function findCauses(checks: readonly CheckResult[], facts: RunFacts = {}): Cause[] {
  const streamSilent = facts.eventsReceived === 0;
  const groups = new Map<string, { fault: Fault; signatures: Signature[]; checks: CheckResult[] }>();
  const add = (fault: Fault, signature: Signature, check: CheckResult) => {
    const group = groups.get(fault.key) ?? { fault, signatures: [], checks: [] };
    group.signatures.push(signature);
    group.checks.push(check);
    groups.set(fault.key, group);
  };
  const judged = checks.filter(isProblem).map((check) => {
    const signature = signatureOfCheck(check);
    return { check, signature, fault: faultOf(signature, streamSilent) };
  });
  for (const { check, signature, fault } of eventConsequences(coverResidue(judged)))
    add(fault, signature, check);
  const identity = groups.get('identity-refused');
  if (identity && new Set(identity.signatures.map((s) => s.operation)).size < 2) {
    groups.delete('identity-refused');
    identity.checks.forEach((check, index) => {
      const signature = { ...identity.signatures[index], pattern: 'refused-once' };
      add(faultOf({ ...signature, kind: 'status' }, streamSilent), signature, check);
    });
  }
  const causes = [...groups.values()].map(({ fault, signatures, checks: held }) =>
    causeOf(fault, signatures, held, facts),
  );
  return causes.sort((a, b) => b.checkIds.length - a.checkIds.length || rankOf(a.id) - rankOf(b.id));
}

function causeOf(fault: Fault, signatures: Signature[], held: CheckResult[], facts: RunFacts): Cause {
  const operations = [...new Set(signatures.flatMap((s) => (s.operation ? [s.operation] : [])))].sort();
  const [first] = signatures;
  const rules = new Set(signatures.map((s) => s.rule));
  const shared = rules.size === 1 ? sectionOf(first.rule) : undefined;
  const words = wordsOf(fault, signatures, operations, facts);
  const exchange = held[0].evidence?.exchanges.at(-1);
  const observed = held[0].evidence?.observed ?? held[0].reason;
  return {
    id: fault.key,
    kind: fault.kind,
    title: words.title,
    section: words.section ?? shared?.section ?? sectionOf(first.rule).section,
    ...(shared?.statement ? { statement: shared.statement } : {}),
    fix: words.fix,
    checkIds: held.map((check) => check.id),
    operations,
    ...(observed ? { detail: oneLine(observed, 200) } : {}),
    ...(exchange ? { exchange } : {}),
  };
}

/** The facts of a run result (its events, its login's features) for findCauses. */
export const factsOf = (run: Pick<RunResult, 'capabilities'>, eventsReceived?: number): RunFacts => ({
  ...(eventsReceived === undefined ? {} : { eventsReceived }),
  ...(run.capabilities?.features ? { features: run.capabilities.features } : {}),
  ...(run.capabilities ? { featuresKnown: true } : {}),
});
