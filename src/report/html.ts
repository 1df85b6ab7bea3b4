/**
 * report.html: one self-contained page (inline CSS and JS, no external URL) that works offline.
 * Rendered here, server-side, with every string HTML-escaped; the small inline script only filters rows
 * and copies curl commands. A Content-Security-Policy with the hashes of the inline style and script
 * blocks anything else, so even a missed escape could not run a response body's script.
 */
import { oneLine } from '../../spec/brief.js';
import { getRule, hasRule } from '../../spec/rules.js';
import { CHOICES } from '../choices.js';
import { checksTitledIn, type Lang, ruleStatementIn, type Translate } from '../i18n/index.js';
import type { CheckResult, Exchange, Level, RunResult, Status, StatusCounts } from '../runner/model.js';
import {
  baselineVerdictReason,
  causesHeadline,
  clientTarget,
  countingNote,
  countsTowardVerdict,
  groupsOf,
  heldCount,
  humanDuration,
  isFailing,
  langOf,
  MAX_CAUSES_SHOWN,
  moreCausesLine,
  noVerdict,
  observedOf,
  STATUSES,
  truncate,
  undecidedHeadline,
} from './common.js';
import { CSS, type PageWords, wordsOf } from './html-assets.js';
import type { Reporter } from './types.js';

/** The page stays below this size; evidence of passing checks is trimmed first (see slimEvidence). */
export const HTML_SIZE_BUDGET = 900_000;

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Element content needs only &, < and > escaped; quotes stay as they are (JSON bodies stay readable and small). */
export const escapeText = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const e = escapeHtml;
const t = escapeText;

/** How much evidence to keep, from the most to the least. Each step is tried until the page fits. */
interface EvidencePlan {
  /** Body characters kept for a failing or erroring check. */
  failingBody: number;
  /** Body characters kept for any other check; 0 drops their exchanges (notes stay). */
  otherBody: number;
  otherHeaders: boolean;
}

const PLANS: EvidencePlan[] = [
  { failingBody: 16_000, otherBody: 4_000, otherHeaders: true },
  { failingBody: 16_000, otherBody: 1_000, otherHeaders: false },
  { failingBody: 8_000, otherBody: 300, otherHeaders: false },
  { failingBody: 4_000, otherBody: 0, otherHeaders: false },
  { failingBody: 1_000, otherBody: 0, otherHeaders: false },
];

/** A status in the reader's words (the data attributes and classes keep the identifier). */
const statusWord = (say: Translate, status: Status): string => say(`report.status.${status}`);

function countsTable(say: Translate, title: string, rows: [string, StatusCounts][]): string {
  const body = rows
    .map(
      ([label, c]) =>
        `<tr><td>${e(label)}</td><td>${c.pass}</td><td>${c.fail}</td><td>${c.error}</td><td>${c.skip}</td><td>${c.total}</td></tr>`,
    )
    .join('');
  const columns = (['pass', 'fail', 'error', 'skip', 'total'] as const)
    .map((column) => `<th>${e(say(`report.col.${column}`))}</th>`)
    .join('');
  return `<table><thead><tr><th>${e(title)}</th>${columns}</tr></thead><tbody>${body}</tbody></table>`;
}

function headers(record: Record<string, string>): string {
  return Object.entries(record)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\n');
}

function exchangeHtml(
  say: Translate,
  exchange: Exchange,
  index: number,
  plan: EvidencePlan,
  failing: boolean,
): string {
  const bodyLimit = failing ? plan.failingBody : plan.otherBody;
  const withHeaders = failing || plan.otherHeaders;
  const request = exchange.request;
  const parts = [
    `<div class="exchange"><div class="label">#${index + 1} ${e(request.method)} ${e(request.url)} <span class="dur">${e(humanDuration(exchange.durationMs, say))}</span></div>`,
  ];
  const requestText = [
    withHeaders ? headers(request.headers) : '',
    request.body ? truncate(request.body, bodyLimit, say) : '',
  ]
    .filter(Boolean)
    .join('\n\n');
  if (requestText)
    parts.push(`<div class="label">${e(say('html.request'))}</div><pre>${t(requestText)}</pre>`);
  if (exchange.response) {
    const response = exchange.response;
    const head = `HTTP ${response.status}${withHeaders ? `\n${headers(response.headers)}` : ''}`;
    const truncated = response.truncated ? `\n${say('html.truncatedByLimit')}` : '';
    parts.push(
      `<div class="label">${e(say('html.response'))}</div><pre>${t(`${head}\n\n${truncate(response.body, bodyLimit, say)}${truncated}`)}</pre>`,
    );
  }
  if (exchange.error)
    parts.push(`<div class="label">${e(say('html.error'))}</div><pre>${e(exchange.error)}</pre>`);
  parts.push(
    `<div class="reproduce"><div class="label">${e(say('report.reproduce'))} <button type="button" class="copy">${e(say('html.copy'))}</button></div>` +
      `<pre class="curl">${t(exchange.curl)}</pre></div></div>`,
  );
  return parts.join('');
}

/** The statements a failing check cites, in the catalogue's words (spec/rules.ts), so no lookup is needed. */
function specHtml(say: Translate, check: CheckResult, lang: Lang): string {
  const cited = check.rules.filter(hasRule).map(getRule);
  if (!cited.length) return '';
  // The statement stays as written; in zh-CN its rendering follows it (src/i18n/titles/rules.zh-CN.ts).
  const rendered = (id: string) => {
    const text = ruleStatementIn(id, lang);
    return text ? `<br>${e(text)}` : '';
  };
  const lines = cited.map(
    (rule) =>
      `<p><code>${e(rule.id)}</code> <span class="muted">${rule.source === 'spec' ? `§${e(rule.section)}` : e(rule.section)}, ${e(rule.level)}</span> ${e(rule.statement)}${rendered(rule.id)}</p>`,
  );
  return `<div class="spec"><div class="label">${e(say('html.specSays'))}</div>${lines.join('')}</div>`;
}

function checkHtml(
  say: Translate,
  check: CheckResult,
  run: RunResult,
  plan: EvidencePlan,
  lang: Lang,
  open = false,
): string {
  const failing = isFailing(check);
  const evidence = check.evidence;
  const search = `${check.id} ${check.title} ${check.rules.join(' ')} ${check.reason ?? ''}`.toLowerCase();
  const tags = [
    `<span class="tag">${e(check.level)}</span>`,
    check.experimental ? `<span class="tag exp">${e(say('html.tag.experimental'))}</span>` : '',
    check.expectedFailure ? `<span class="tag xfail">${e(say('html.tag.expectedFailure'))}</span>` : '',
  ].join('');
  const summary =
    `<summary><span class="pill ${check.status}">${e(statusWord(say, check.status))}</span>` +
    `<code>${e(check.id)}</code><span class="title">${e(check.title)}</span>${tags}` +
    `<span class="dur">${e(humanDuration(check.durationMs, say))}</span></summary>`;
  const body: string[] = [];
  if (check.reason) body.push(`<p class="reason">${e(oneLine(check.reason, 2_000))}</p>`);
  if (failing) body.push(specHtml(say, check, lang));
  const facts = say('html.checkFacts', {
    level: check.level,
    note: countingNote(check, run, say),
    rules: check.rules.join(', ') || '—',
    ops: check.operations.join(', ') || '—',
  });
  body.push(`<p class="muted">${e(facts)}</p>`);
  const label = (key: 'report.label.expected' | 'report.label.observed') =>
    `<div class="label">${e(say(key))}</div>`;
  if (evidence?.expected) body.push(`${label('report.label.expected')}<pre>${e(evidence.expected)}</pre>`);
  const observed = observedOf(check, say);
  if (observed) body.push(`${label('report.label.observed')}<pre>${e(observed)}</pre>`);
  const exchanges = evidence?.exchanges ?? [];
  if (failing && exchanges.length) {
    // The failing exchange is the last one: it comes first; the exchanges that set the check up are folded.
    const last = exchanges.length - 1;
    body.push(exchangeHtml(say, exchanges[last], last, plan, true));
    if (last > 0) {
      body.push(
        `<details class="setup"><summary>${e(say('html.setup', { n: last }))}</summary>` +
          `${exchanges
            .slice(0, last)
            .map((exchange, index) => exchangeHtml(say, exchange, index, plan, true))
            .join('')}</details>`,
      );
    }
  } else if (plan.otherBody > 0) {
    exchanges.forEach((exchange, index) => {
      body.push(exchangeHtml(say, exchange, index, plan, failing));
    });
  } else if (exchanges.length) {
    body.push(`<p class="muted">${e(say('html.leftOut', { n: String(exchanges.length) }))}</p>`);
  }
  if (evidence?.notes?.length) {
    body.push(
      `<div class="label">${e(say('html.notes'))}</div><ul>${evidence.notes.map((note) => `<li>${e(note)}</li>`).join('')}</ul>`,
    );
  }
  if (evidence?.events?.length) {
    body.push(
      `<div class="label">${e(say('html.events'))}</div><pre>${t(truncate(JSON.stringify(evidence.events, null, 2), 4000, say))}</pre>`,
    );
  }
  const data =
    `data-status="${check.status}" data-level="${check.level}" data-group="${e(check.group)}" ` +
    `data-experimental="${check.experimental}" data-search="${e(search)}"`;
  // The id lets a link (the fleet matrix's cells) point at one check: report.html#check-<id>.
  return `<details class="check" id="check-${e(check.id)}" ${data}${open ? ' open' : ''}>${summary}<div class="body">${body.join('')}</div></details>`;
}

const STATUS_RANK: Record<Status, number> = { fail: 0, error: 1, pass: 2, skip: 3 };
const LEVEL_RANK: Record<Level, number> = { must: 0, should: 1, info: 2 };

/**
 * Every failing check of every group, in one list at the top: counted before not counted, fail before
 * error, must before should before info, then run order. The first one is open.
 */
function failingInOrder(run: RunResult): CheckResult[] {
  const counted = (check: CheckResult) => (countsTowardVerdict(check, run) && !check.expectedFailure ? 0 : 1);
  return run.checks
    .map((check, index) => ({ check, index }))
    .filter(({ check }) => isFailing(check))
    .sort(
      (a, b) =>
        counted(a.check) - counted(b.check) ||
        STATUS_RANK[a.check.status] - STATUS_RANK[b.check.status] ||
        LEVEL_RANK[a.check.level] - LEVEL_RANK[b.check.level] ||
        a.index - b.index,
    )
    .map(({ check }) => check);
}

function failuresHtml(say: Translate, run: RunResult, plan: EvidencePlan, lang: Lang): string {
  const failing = failingInOrder(run);
  if (!failing.length) return '';
  const counted = failing.filter((check) => countsTowardVerdict(check, run) && !check.expectedFailure).length;
  return (
    `<section class="group failures" data-group=""><h2>${e(say('html.failing'))} <span class="muted">` +
    `${e(say('html.failing.count', { n: String(failing.length), counted: counted < failing.length ? String(counted) : 'all' }))}</span></h2>` +
    `${failing.map((check, index) => checkHtml(say, check, run, plan, lang, index === 0)).join('')}</section>`
  );
}

/** The other checks, by group: passes, then skips, in run order (the failing ones are listed above). */
function groupsHtml(say: Translate, run: RunResult, plan: EvidencePlan, lang: Lang): string {
  return groupsOf(run)
    .map((group) => {
      const all = run.checks.filter((check) => check.group === group);
      const checks = all
        .map((check, index) => ({ check, index }))
        .filter(({ check }) => !isFailing(check))
        .sort((a, b) => STATUS_RANK[a.check.status] - STATUS_RANK[b.check.status] || a.index - b.index)
        .map(({ check }) => check);
      const failing = all.length - checks.length;
      const passing = all.filter((check) => check.status === 'pass').length;
      return (
        `<section class="group" data-group="${e(group)}"><h2>${e(group)} <span class="muted">` +
        `${e(say('html.group.count', { passing: String(passing), total: String(all.length), failing: failing ? String(failing) : 'none' }))}</span></h2>` +
        `${checks.map((check) => checkHtml(say, check, run, plan, lang)).join('')}</section>`
      );
    })
    .join('');
}

function filtersHtml(say: Translate, run: RunResult): string {
  const box = (name: string, value: string, label = value) =>
    `<label><input type="checkbox" name="${name}" value="${value}" checked> ${e(label)}</label>`;
  const groupOptions = groupsOf(run)
    .map((group) => `<option value="${e(group)}">${e(group)}</option>`)
    .join('');
  const levels: Level[] = [...CHOICES.level];
  return (
    '<form class="filters" id="filters" role="search">' +
    `<fieldset><legend>${e(say('html.filter.status'))}</legend>${STATUSES.map((status) => box('status', status, statusWord(say, status))).join('')}</fieldset>` +
    `<fieldset><legend>${e(say('report.col.level'))}</legend>${levels.map((level) => box('level', level)).join('')}</fieldset>` +
    `<label>${e(say('report.col.group'))} <select id="group"><option value="">${e(say('html.filter.all'))}</option>${groupOptions}</select></label>` +
    `<label>${e(say('html.filter.experimental'))} <select id="experimental"><option value="">${e(say('html.filter.both'))}</option>` +
    `<option value="false">${e(say('html.filter.core'))}</option><option value="true">${e(say('html.filter.experimentalOnly'))}</option></select></label>` +
    `<input type="search" id="search" placeholder="${e(say('html.filter.placeholder'))}" aria-label="${e(say('html.filter.search'))}">` +
    '<span class="muted" id="shown"></span></form>'
  );
}

function baselineHtml(say: Translate, run: RunResult): string {
  const baseline = run.baseline;
  if (!baseline) return '';
  const list = (ids: string[]) => `<ul>${ids.map((id) => `<li><code>${e(id)}</code></li>`).join('')}</ul>`;
  const reason = baselineVerdictReason(run);
  return (
    `<h2>${e(say('report.baseline'))}${baseline.file ? ` <code>${e(baseline.file)}</code>` : ''}</h2>` +
    `<p>${e(say('report.baseline.counts', { expected: String(baseline.expected.length), stale: String(baseline.stale.length), unknown: String(baseline.unknown.length) }))}</p>` +
    (reason ? `<div class="warn"><p class="reason">${e(reason)}</p>${list(baseline.stale)}</div>` : '') +
    (baseline.unknown.length ? `<p>${e(say('html.baseline.unknown'))}</p>${list(baseline.unknown)}` : '')
  );
}

/** Why the run stopped early, and what the target did outside any check (never a verdict). */
function findingsHtml(say: Translate, run: RunResult): string {
  const parts: string[] = [];
  if (run.stopped) {
    const { phase, reason, waitingFor } = run.stopped;
    parts.push(
      `<div class="warn"><p class="reason">${e(say('html.stopped', { phase, reason }))}` +
        `${waitingFor ? e(say('html.waitingFor', { what: waitingFor })) : ''}</p></div>`,
    );
  }
  const findings = run.findings ?? [];
  if (findings.length) {
    const item = (finding: NonNullable<RunResult['findings']>[number]) =>
      `<li><code>${e(finding.id)}</code> <span class="muted">${e(finding.level)}, ×${finding.count}</span> ` +
      `${e(finding.title)} — ${e(finding.detail)}` +
      `${finding.sample ? `<pre>${e(finding.sample)}</pre>` : ''}</li>`;
    parts.push(
      `<h2>${e(say('report.findings', { n: String(findings.length) }))}</h2>` +
        `<ul>${findings.map(item).join('')}</ul>`,
    );
  }
  return parts.join('');
}

/** A cause's first check, its evidence once: what it expected, what it saw, how to reproduce it. */
function firstCheckHtml(say: Translate, check: CheckResult | undefined): string {
  if (!check) return '';
  const expected = check.evidence?.expected;
  const observed = observedOf(check, say) ?? (expected ? undefined : check.reason);
  const curl = check.evidence?.exchanges.at(-1)?.curl;
  const labelled = (key: 'report.label.expected' | 'report.label.observed', text: string) =>
    `<div>${e(say('report.labelled', { label: say(key), text: oneLine(text, 500) }))}</div>`;
  return (
    `<div>${e(say('html.firstCheck'))} <a href="#check-${e(check.id)}"><code>${e(check.id)}</code></a> <span class="muted">${e(say('report.parenthesis', { text: `${check.level}; ${check.rules.join(', ')}` }).trimStart())}</span></div>` +
    `${expected ? labelled('report.label.expected', expected) : ''}` +
    `${observed ? labelled('report.label.observed', observed) : ''}` +
    `${curl ? `<pre>${e(curl)}</pre>` : ''}`
  );
}

/** The first MAX_CAUSES_SHOWN causes one line each, the rest behind one line that opens to them. */
function listWithRest<T extends { checkIds: readonly string[] }>(
  say: Translate,
  causes: readonly T[],
  item: (cause: T) => string,
): string {
  const more = moreCausesLine(causes, say);
  const rest = causes.slice(MAX_CAUSES_SHOWN);
  return (
    `<ol>${causes.slice(0, MAX_CAUSES_SHOWN).map(item).join('')}</ol>` +
    `${more ? `<details class="more"><summary>${e(more)}</summary><ol start="${MAX_CAUSES_SHOWN + 1}">${rest.map(item).join('')}</ol></details>` : ''}</section>`
  );
}

/** A cause's rule statement rendered in `lang`, after the statement as written (none in English). */
function statementIn(
  cause: NonNullable<RunResult['causes']>[number],
  byId: Map<string, CheckResult>,
  lang: Lang,
): string {
  const rule = byId
    .get(cause.checkIds[0])
    ?.rules.find((id) => hasRule(id) && getRule(id).statement === cause.statement);
  const text = rule && ruleStatementIn(rule, lang);
  return text ? `<br>${e(text)}` : '';
}

const idList = (ids: readonly string[]): string =>
  ids.map((id) => `<a href="#check-${e(id)}"><code>${e(id)}</code></a>`).join(', ');

/**
 * "What to fix first": one line per cause (its count, title, section), opening to its fix, operations,
 * first check with its evidence and reproduction, and its other checks; the rest of the causes below.
 */
function causesHtml(say: Translate, run: RunResult, lang: Lang): string {
  const headline = causesHeadline(run, say);
  if (!headline) return '';
  const byId = new Map(run.checks.map((check) => [check.id, check]));
  const item = (cause: NonNullable<RunResult['causes']>[number]) =>
    `<li data-cause="${e(cause.id)}"><details><summary><span class="count">${e(say('console.causes.count', { n: cause.checkIds.length }))}</span> ` +
    `<span class="reason">${e(cause.title)}</span> <span class="muted">${e(say('report.parenthesis', { text: cause.section }).trimStart())}</span></summary>` +
    `<div>${e(say('html.fix', { text: cause.fix }))}</div>` +
    `${cause.statement ? `<div class="muted">${e(say('html.rule', { text: cause.statement }))}${statementIn(cause, byId, lang)}</div>` : ''}` +
    operationsHtml(say, cause.operations) +
    firstCheckHtml(say, byId.get(cause.checkIds[0])) +
    `${cause.checkIds.length > 1 ? `<div>${say('report.also', { ids: idList(cause.checkIds.slice(1)) })}</div>` : ''}</details></li>`;
  return (
    `<section class="causes" id="causes"><h2>${e(say('report.causes'))} <span class="muted">${e(headline)}</span></h2>` +
    listWithRest(say, run.causes ?? [], item)
  );
}

/** "Operations: a, b" (operation names as code), or nothing without operations. */
const operationsHtml = (say: Translate, operations: readonly string[]): string =>
  operations.length
    ? `<div>${say('report.operations', { ops: operations.map((op) => `<code>${e(op)}</code>`).join(', ') })}</div>`
    : '';

/** "What was not decided, and why" (issue 43): one line per cause, opening to what would decide them and its checks. */
function undecidedHtml(say: Translate, run: RunResult): string {
  const headline = undecidedHeadline(run, say);
  if (!headline) return '';
  const item = (cause: NonNullable<RunResult['undecidedCauses']>[number]) =>
    `<li data-undecided-cause="${e(cause.id)}"><details><summary><span class="count">${e(heldCount(cause, say))}</span> ` +
    `<span class="reason">${e(oneLine(cause.title, 300))}</span></summary>` +
    `<div>${e(say('html.decide', { text: oneLine(cause.decide, 500) }))}</div>` +
    `${cause.detail && !cause.title.includes(cause.detail) ? `<div>${e(say('html.seen', { text: oneLine(cause.detail, 300) }))}</div>` : ''}` +
    operationsHtml(say, cause.operations) +
    `<div>${say('report.checks', { ids: idList(cause.checkIds) })}</div></details></li>`;
  return (
    `<section class="undecided-causes" id="undecided-causes"><h2>${e(say('report.undecided'))} <span class="muted">${e(headline)}</span></h2>` +
    listWithRest(say, run.undecidedCauses ?? [], item)
  );
}

/**
 * Pass, fail (with errors) and skip of each §4 group as one bar each, drawn by the page itself (inline SVG,
 * classes of the page's CSS: no network, no inline style).
 */
function groupPicture(say: Translate, run: RunResult): string {
  const groups = groupsOf(run).filter((group) => run.summary.byGroup[group]?.total);
  const width = 260;
  const row = 18;
  const label = 90;
  const bars = groups.map((group, index) => {
    const counts = run.summary.byGroup[group];
    const scale = (width - label) / Math.max(1, counts.total);
    const parts: [string, number][] = [
      ['pass', counts.pass],
      ['fail', counts.fail + counts.error],
      ['skip', counts.skip],
    ];
    let x = label;
    const rects = parts
      .filter(([, n]) => n > 0)
      .map(([status, n]) => {
        const title = say('html.bar', { group, n: String(n), status });
        const rect = `<rect class="bar-${status}" x="${x.toFixed(1)}" y="${index * row + 3}" width="${(n * scale).toFixed(1)}" height="${row - 6}"><title>${e(title)}</title></rect>`;
        x += n * scale;
        return rect;
      })
      .join('');
    return `<text x="0" y="${index * row + row - 5}">${e(group)}</text>${rects}`;
  });
  return `<svg class="groups" role="img" aria-label="${e(say('html.picture'))}" width="${width}" height="${groups.length * row}" viewBox="0 0 ${width} ${groups.length * row}">${bars.join('')}</svg>`;
}

/** The target in the page's facts: the client judged (client mode), else the server's URL. */
function targetMeta(say: Translate, run: RunResult, client?: string): string {
  return client
    ? say('report.meta.target', { target: `<code>${e(client)}</code>` })
    : say('report.meta.target', { target: `<code>${e(run.target.baseUrl)}</code>` }) +
        (run.target.embedded ? e(say('report.meta.embedded')) : '');
}

/** The page's head: its language, policy and title. */
const head = (words: PageWords, title: string, style: string): string => `<!doctype html>
<html lang="${words.lang}"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${words.csp}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>${style}</style></head>`;

/** A run that stopped before any check: where and why, no verdict, counts or detected variants. */
function stoppedPage(words: PageWords, run: RunResult, headline: string): string {
  const { say } = words;
  const meta = [
    targetMeta(say, run),
    `${e(run.tool.name)} ${e(run.tool.version)}`,
    e(say('report.meta.started', { at: run.startedAt })),
    e(say('report.meta.took', { duration: humanDuration(run.durationMs, say) })),
  ].join(' · ');
  const none = say('report.verdict.none');
  return `${head(words, `${e(say('report.titleWithVerdict', { verdict: none }))} — ${e(run.target.baseUrl)}`, `${CSS}.verdict.none{background:#6b7280}`)}
<body><main>
<h1>${e(say('report.title'))} <span class="verdict none">${e(none)}</span></h1>
<p class="meta">${meta}</p>
<p class="reason">${e(headline)}</p>
${findingsHtml(say, run)}
</main>
</body></html>
`;
}

function page(words: PageWords, run: RunResult, plan: EvidencePlan): string {
  const { say } = words;
  const headline = noVerdict(run, say);
  if (headline) return stoppedPage(words, run, headline);
  const summary = run.summary;
  // Each card is a filter: it shows only its status (click again for all).
  const card = (status: string, count: number, label: string) =>
    `<button type="button" class="card ${status}" data-status="${status}" aria-pressed="false"><b>${count}</b>${e(label)}</button>`;
  const cards = (['fail', 'error', 'pass', 'skip'] as Status[])
    .map((status) => card(status, summary[status], statusWord(say, status)))
    .join('');
  const levelRows = ([...CHOICES.level] as Level[])
    .filter((level) => summary.byLevel[level].total > 0)
    .map((level): [string, StatusCounts] => [level, summary.byLevel[level]]);
  if (summary.experimental.total > 0) levelRows.push([say('report.col.experimental'), summary.experimental]);
  const groupRows = groupsOf(run)
    .filter((group) => summary.byGroup[group])
    .map((group): [string, StatusCounts] => [group, summary.byGroup[group]]);
  const variants = Object.entries(run.variants)
    .map(([point, value]) => `${e(point)} = <code>${e(value)}</code>`)
    .join(', ');
  const code = (text: string) => `<code>${e(text)}</code>`;
  const meta = [
    targetMeta(say, run, clientTarget(run, say)),
    say('report.meta.spec', { name: e(run.spec.name), hash: code(run.spec.catalogueHash) }),
    say('report.meta.profile', { profile: code(run.profile) }),
    say('report.meta.level', { level: code(run.level) }),
    e(say('report.meta.experimental', { counted: run.includeExperimental ? 'yes' : 'no' })),
    `${e(run.tool.name)} ${e(run.tool.version)}`,
    e(say('report.meta.started', { at: run.startedAt })),
    e(say('report.meta.took', { duration: humanDuration(run.durationMs, say) })),
    ...(run.target.faults?.length
      ? [say('report.meta.faults', { faults: code(run.target.faults.join(', ')) })]
      : []),
    ...(variants ? [say('report.meta.variants', { variants })] : []),
  ].join(' · ');
  const verdict = say(run.verdict === 'pass' ? 'report.verdict.pass' : 'report.verdict.fail');
  return `${head(words, `${e(say('report.titleWithVerdict', { verdict }))} — ${e(run.target.baseUrl)}`, CSS)}
<body><main>
<h1>${e(say('report.title'))} <span class="verdict ${run.verdict}">${e(verdict)}</span></h1>
<p class="meta">${meta}</p>
<div class="top"><div class="cards">${cards}${card('', summary.total, say('html.checksCard'))}</div>${groupPicture(say, run)}</div>
${causesHtml(say, run, words.lang)}${undecidedHtml(say, run)}
${findingsHtml(say, run)}${baselineHtml(say, run)}
${filtersHtml(say, run)}
${failuresHtml(say, run, plan, words.lang)}
${groupsHtml(say, run, plan, words.lang)}
<h2>${e(say('html.counts'))}</h2>
<div class="tables">${countsTable(say, say('report.col.level'), levelRows)}${countsTable(say, say('report.col.group'), groupRows)}</div>
</main>
<script>${words.script}</script>
</body></html>
`;
}

export const renderHtml: Reporter = (result, options) => {
  const budget = typeof options.maxBytes === 'number' ? options.maxBytes : HTML_SIZE_BUDGET;
  const words = wordsOf(langOf(options));
  const run = checksTitledIn(result, words.lang);
  let html = '';
  for (const plan of PLANS) {
    html = page(words, run, plan);
    if (Buffer.byteLength(html) <= budget) break;
  }
  return html;
};
