/** Small helpers shared by the file report writers (junit, markdown, html). Pure, no I/O. */
import { shorten } from '../../spec/brief.js';
import { asLang, type Lang, type Translate, translator } from '../i18n/index.js';
import { baselineVerdictReason } from '../runner/baseline.js';
import { type CheckResult, GROUPS, type RunResult, type Status } from '../runner/model.js';
import { countsTowardVerdict, isFailing } from '../runner/summary.js';

export { baselineVerdictReason, countsTowardVerdict, isFailing };

/** The reader's language of a writer's options (ReporterOptions.lang), English unless it names another. */
export const langOf = (options: Readonly<Record<string, unknown>>): Lang => asLang(options.lang) ?? 'en';

/** The reports' words in English, unless a writer passes its reader's language. */
const ENGLISH = translator('en');

export const STATUSES: readonly Status[] = ['fail', 'error', 'pass', 'skip'];

export function groupsOf(run: RunResult): string[] {
  const present = new Set(run.checks.map((check) => check.group as string));
  const ordered: string[] = GROUPS.filter((group) => present.has(group));
  for (const group of present) if (!ordered.includes(group)) ordered.push(group);
  return ordered;
}

const LEVEL_ORDER = { must: 0, should: 1, info: 2 } as const;

/** Sort order for lists of problems: must before should before info, then run order. */
export const byLevel = (a: CheckResult, b: CheckResult): number =>
  LEVEL_ORDER[a.level] - LEVEL_ORDER[b.level];

/** The curl commands that reproduce a check, in order (the failing exchange is last). */
export const curlsOf = (check: CheckResult): string[] =>
  (check.evidence?.exchanges ?? []).map((exchange) => exchange.curl).filter(Boolean);

export const seconds = (ms: number): string => (ms / 1000).toFixed(3);

export function humanDuration(ms: number, t: Translate = ENGLISH): string {
  if (ms < 1000) return t('report.duration.ms', { n: String(Math.round(ms)) });
  if (ms < 60_000) return t('report.duration.s', { n: (ms / 1000).toFixed(1) });
  const min = String(Math.floor(ms / 60_000));
  return t('report.duration.min', { min, s: String(Math.round((ms % 60_000) / 1000)) });
}

/** What a check's level means for this run, in words. */
export function countingNote(check: CheckResult, run: RunResult, t: Translate = ENGLISH): string {
  if (check.expectedFailure) return t('report.counting.expectedFailure');
  if (check.notOffered) return t('report.counting.notOffered');
  if (check.experimental && !run.includeExperimental) return t('report.counting.experimental');
  if (countsTowardVerdict(check, run)) return t('report.counting.counted');
  return check.level === 'info'
    ? t('report.counting.info')
    : t('report.counting.belowLevel', { level: run.level });
}

/** Shortens text to `limit` characters, saying how much was cut. */
export const truncate = (text: string, limit: number, t: Translate = ENGLISH): string =>
  shorten(text, limit, (cut) => `\n${t('report.truncated', { cut: String(cut) })}`);

/** A client-mode run's target in words (`conformance client`): the client judged and what was served. */
export function clientTarget(run: RunResult, t: Translate = ENGLISH): string | undefined {
  const client = run.mode === 'client' ? run.target.client : undefined;
  if (!client) return undefined;
  const url = run.target.baseUrl;
  return client.command
    ? t('report.client.command', { command: client.command, url })
    : t('report.client.listen', { listen: String(client.listen), url });
}

/** A counted failure's re-run alone (--confirm), in words; undefined when it was not re-run. */
export function confirmationNote(check: CheckResult, t: Translate = ENGLISH): string | undefined {
  const { confirmation } = check;
  if (!confirmation) return undefined;
  if (confirmation.status === 'skip' && !confirmation.reproduced)
    return t('report.confirm.notRerun', { reason: confirmation.reason ?? '' });
  if (confirmation.reproduced) return t('report.confirm.reproduced');
  const reason = confirmation.reason ? t('report.parenthesis', { text: confirmation.reason }) : '';
  return t('report.confirm.notReproduced', { status: confirmation.status, reason });
}

/**
 * The headline of a run that stopped before any check ran (exit 2/3, or interrupted then): no verdict,
 * only where and why it stopped; undefined for a run with a verdict.
 */
export function noVerdict(run: RunResult, t: Translate = ENGLISH): string | undefined {
  if (!run.stopped || run.checks.length > 0) return undefined;
  return t('report.noVerdict', { phase: run.stopped.phase, reason: run.stopped.reason });
}

/**
 * What a check observed, in words: a failure that states an expectation always says what was seen
 * instead, when the check recorded no value ('not recorded', pointing at the exchanges).
 */
export function observedOf(check: CheckResult, t: Translate = ENGLISH): string | undefined {
  const evidence = check.evidence;
  if (evidence?.observed !== undefined) return evidence.observed;
  if (check.status !== 'fail' || !evidence?.expected) return undefined;
  return evidence.exchanges.length
    ? t('report.observed.notRecordedSeeExchange')
    : t('report.observed.notRecorded');
}

/** Causes shown first (console, report.md, report.html); report.json carries them all, the rest is one line. */
export const MAX_CAUSES_SHOWN = 7;

/** The failing checks a run counts toward "What to fix first" (failures and errors, not the not-offered). */
export const failingChecks = (run: RunResult): CheckResult[] =>
  run.checks.filter((check) => (check.status === 'fail' || check.status === 'error') && !check.notOffered);

/** "5 causes explain 70 of 75 failing checks", or undefined when the run has no cause. */
export function causesHeadline(run: RunResult, t: Translate = ENGLISH): string | undefined {
  const causes = run.causes ?? [];
  if (causes.length === 0) return undefined;
  const explained = new Set(causes.flatMap((cause) => cause.checkIds)).size;
  return t('report.causesHeadline', { causes: causes.length, explained, failing: failingChecks(run).length });
}

/** The causes beyond the first MAX_CAUSES_SHOWN, as one line, or undefined when every cause is shown. */
export function moreCausesLine(
  causes: readonly { checkIds: readonly string[] }[],
  t: Translate = ENGLISH,
): string | undefined {
  const rest = causes.slice(MAX_CAUSES_SHOWN);
  if (rest.length === 0) return undefined;
  const held = rest.reduce((sum, cause) => sum + cause.checkIds.length, 0);
  return t('report.moreCauses', { n: rest.length, held });
}

/** "3 causes hold 52 of 77 skipped checks", or undefined when no skip has a cause (issue 43). */
export function undecidedHeadline(run: RunResult, t: Translate = ENGLISH): string | undefined {
  const causes = run.undecidedCauses ?? [];
  if (causes.length === 0) return undefined;
  const held = new Set(causes.flatMap((cause) => cause.checkIds)).size;
  const skipped = run.checks.filter((check) => check.status === 'skip').length;
  return t('report.undecidedHeadline', { causes: causes.length, held, skipped });
}

/**
 * Check ids as lines no wider than `width`, at most `lines` of them; the rest counted ("and 93 more"):
 * never a list wider than a screen on one line.
 */
export function idLines(ids: readonly string[], t: Translate = ENGLISH, width = 100, lines = 2): string[] {
  const out: string[] = [];
  let line = '';
  for (const [index, id] of ids.entries()) {
    const next = line ? `${line}, ${id}` : id;
    if (next.length <= width || !line) {
      line = next;
      continue;
    }
    if (out.length + 1 === lines) {
      out.push(`${line}${t('report.idsMore', { n: String(ids.length - index) })}`);
      return out;
    }
    out.push(`${line},`);
    line = id;
  }
  if (line) out.push(line);
  return out;
}

/** A cause's count in words: "12 checks, 7 counted". */
export function heldCount(
  cause: { checkIds: readonly string[]; counted: number },
  t: Translate = ENGLISH,
): string {
  const n = cause.checkIds.length;
  return t('report.heldCount', { n, counted: cause.counted === n ? 'all' : String(cause.counted) });
}

/** The skipped checks no cause of "What was not decided" holds (listed by their reason instead). */
export function unexplainedSkips(run: RunResult): Set<string> {
  const held = new Set((run.undecidedCauses ?? []).flatMap((cause) => cause.checkIds));
  return new Set(
    run.checks.filter((check) => check.status === 'skip' && !held.has(check.id)).map((c) => c.id),
  );
}
