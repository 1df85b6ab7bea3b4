/**
 * report.html: one self-contained page (inline CSS and JS, no external URL) that works offline.
 * Rendered here, server-side, with every string HTML-escaped; the small inline script only filters rows
 * and copies curl commands. A Content-Security-Policy with the hashes of the inline style and script
 * blocks anything else, so even a missed escape could not run a response body's script.
 */
import { createHash } from 'node:crypto';
import { oneLine } from '../../spec/brief.js';
import { getRule, hasRule } from '../../spec/rules.js';
import { CHOICES } from '../choices.js';
import { type Lang, type Translate, translator } from '../i18n/index.js';
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

const CSS = `
:root{--bg:#fff;--fg:#1f2328;--muted:#59636e;--line:#d1d9e0;--card:#f6f8fa;--pass:#1a7f37;--fail:#cf222e;--error:#9a6700;--skip:#6e7781;--exp:#8250df}
@media (prefers-color-scheme:dark){:root{--bg:#0d1117;--fg:#e6edf3;--muted:#9198a1;--line:#3d444d;--card:#151b23;--pass:#3fb950;--fail:#f85149;--error:#d29922;--skip:#9198a1;--exp:#ab7df8}}
*{box-sizing:border-box}body{margin:0;font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;background:var(--bg);color:var(--fg)}
main{max-width:1200px;margin:0 auto;padding:24px}h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:28px 0 8px}
code,pre{font:12.5px/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
pre{background:var(--card);border:1px solid var(--line);border-radius:6px;padding:8px 10px;overflow:auto;max-height:360px;white-space:pre-wrap;word-break:break-all;margin:4px 0}
.meta{color:var(--muted);margin:0 0 16px}.meta code{color:var(--fg)}
.verdict{display:inline-block;padding:2px 12px;border-radius:14px;color:#fff;font-weight:600;margin-left:8px;font-size:15px;vertical-align:middle}
.verdict.pass{background:var(--pass)}.verdict.fail{background:var(--fail)}
.cards{display:flex;gap:12px;flex-wrap:wrap;margin:12px 0}.card{background:var(--card);border:1px solid var(--line);border-radius:8px;padding:8px 16px;min-width:110px}
.card b{display:block;font-size:22px}.card.pass b{color:var(--pass)}.card.fail b{color:var(--fail)}.card.error b{color:var(--error)}.card.skip b{color:var(--skip)}
table{border-collapse:collapse;margin:8px 0}th,td{border-bottom:1px solid var(--line);padding:4px 12px;text-align:right}th:first-child,td:first-child{text-align:left}
.tables{display:flex;gap:32px;flex-wrap:wrap;align-items:flex-start}
.filters{position:sticky;top:0;background:var(--bg);border-bottom:1px solid var(--line);padding:10px 0;display:flex;gap:18px;flex-wrap:wrap;align-items:center;z-index:1}
.filters fieldset{border:0;margin:0;padding:0;display:flex;gap:8px;align-items:center}.filters legend{float:left;font-weight:600;margin-right:4px}
input[type=search]{min-width:280px}input[type=search],select{font:inherit;padding:3px 6px;border:1px solid var(--line);border-radius:6px;background:var(--bg);color:var(--fg)}
details.check{border:1px solid var(--line);border-radius:6px;margin:4px 0;background:var(--bg)}
details.check>summary{cursor:pointer;padding:6px 10px;display:flex;gap:10px;align-items:baseline;flex-wrap:wrap;list-style:none}
details.check>summary::before{content:"\\25B8";color:var(--muted)}details.check[open]>summary::before{content:"\\25BE"}
details.check[open]>summary{border-bottom:1px solid var(--line)}.body{padding:8px 14px}
.pill{display:inline-block;min-width:44px;text-align:center;border-radius:10px;padding:0 8px;color:#fff;font-size:12px;font-weight:600;text-transform:uppercase}
.pill.pass{background:var(--pass)}.pill.fail{background:var(--fail)}.pill.error{background:var(--error)}.pill.skip{background:var(--skip)}
.tag{border:1px solid var(--line);border-radius:10px;padding:0 7px;font-size:12px;color:var(--muted)}.tag.exp{color:var(--exp);border-color:var(--exp)}.tag.xfail{color:var(--error);border-color:var(--error)}
.title{flex:1 1 320px}.dur{color:var(--muted);font-size:12px}.reason{font-weight:600}.muted{color:var(--muted)}
.exchange{border-left:3px solid var(--line);padding-left:10px;margin:10px 0}.label{font-weight:600;margin-top:6px}
button.copy{font:inherit;font-size:12px;padding:2px 10px;border:1px solid var(--line);border-radius:6px;background:var(--card);color:var(--fg);cursor:pointer}
.hidden{display:none!important}.warn{border:1px solid var(--fail);border-radius:6px;padding:8px 12px}
button.card{font:inherit;color:inherit;text-align:left;cursor:pointer}button.card[aria-pressed=true]{outline:2px solid var(--fg)}
section.failures>h2{color:var(--fail)}.spec{border-left:3px solid var(--exp);padding:2px 10px;margin:6px 0}.spec p{margin:2px 0}
details.setup{margin:10px 0}details.setup>summary{cursor:pointer;color:var(--muted)}
section.causes{border:1px solid var(--fail);border-radius:8px;padding:4px 16px 10px;margin:12px 0}section.causes>h2{margin-top:10px}
section.causes li{margin:8px 0}.count{color:var(--fail);font-weight:600}
section.undecided-causes{border:1px solid var(--skip);border-radius:8px;padding:4px 16px 10px;margin:12px 0}section.undecided-causes>h2{margin-top:10px}
section.undecided-causes li{margin:8px 0}section.undecided-causes .count{color:var(--skip)}
section.causes li,section.undecided-causes li{margin:4px 0}section.causes summary,section.undecided-causes summary{cursor:pointer;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
section.causes details[open] summary,section.undecided-causes details[open] summary{white-space:normal}section.causes details>div,section.undecided-causes details>div{margin:2px 0 2px 18px}
.top{display:flex;gap:24px;align-items:flex-start;flex-wrap:wrap}svg.groups{font:11px system-ui,sans-serif;fill:var(--fg);margin:12px 0}
.bar-pass{fill:var(--pass)}.bar-fail{fill:var(--fail)}.bar-skip{fill:var(--skip)}
`;

/** The page's script; its words (the count of shown rows, the copy button) in the page's language. */
const script = (say: Translate) => `
(function(){
  var checks=[].slice.call(document.querySelectorAll('details.check'));
  var groups=[].slice.call(document.querySelectorAll('section.group'));
  var shown=document.getElementById('shown');
  function values(name){return [].slice.call(document.querySelectorAll('input[name='+name+']:checked')).map(function(i){return i.value});}
  function apply(){
    var statuses=values('status'),levels=values('level');
    var group=document.getElementById('group').value,exp=document.getElementById('experimental').value;
    var text=document.getElementById('search').value.toLowerCase();
    var count=0;
    checks.forEach(function(c){
      var d=c.dataset;
      var visible=statuses.indexOf(d.status)>=0&&levels.indexOf(d.level)>=0&&(group===''||d.group===group)
        &&(exp===''||d.experimental===exp)&&(text===''||d.search.indexOf(text)>=0);
      c.classList.toggle('hidden',!visible);if(visible)count++;
    });
    groups.forEach(function(g){g.classList.toggle('hidden',!g.querySelector('details.check:not(.hidden)'));});
    shown.textContent=${shownExpression(say)};
  }
  var cards=[].slice.call(document.querySelectorAll('button.card'));
  cards.forEach(function(card){card.addEventListener('click',function(){
    var only=card.getAttribute('aria-pressed')==='true'?'':card.dataset.status;
    [].slice.call(document.querySelectorAll('input[name=status]')).forEach(function(i){i.checked=only===''||i.value===only;});
    cards.forEach(function(c){c.setAttribute('aria-pressed',String(only!==''&&c===card));});
    apply();
  });});
  document.getElementById('filters').addEventListener('input',function(){cards.forEach(function(c){c.setAttribute('aria-pressed','false');});});
  document.getElementById('filters').addEventListener('input',apply);
  document.getElementById('filters').addEventListener('change',apply);
  document.addEventListener('click',function(event){
    var button=event.target.closest('button.copy');if(!button)return;
    var text=button.closest('.reproduce').querySelector('pre.curl').textContent;
    function done(){button.textContent=${js(say('html.copied'))};setTimeout(function(){button.textContent=${js(say('html.copy'))};},1500);}
    function fallback(){var area=document.createElement('textarea');area.value=text;document.body.appendChild(area);area.select();
      try{document.execCommand('copy');done();}catch(err){button.textContent=${js(say('html.copyFailed'))};}document.body.removeChild(area);}
    if(navigator.clipboard?.writeText)navigator.clipboard.writeText(text).then(done,fallback);else fallback();
  });
  apply();
})();
`;

/** A JavaScript string literal of `text` (single-quoted, as the script writes its own). */
const js = (text: string): string => `'${text.replace(/[\\']/g, '\\$&').replace(/\n/g, '\\n')}'`;

/** "count+' of '+checks.length+' checks shown'": the message with the script's variables in its places. */
function shownExpression(say: Translate): string {
  return say('html.shown', { count: '\uE000', total: '\uE001' })
    .split(/(\uE000|\uE001)/)
    .filter(Boolean)
    .map((part) => (part === '\uE000' ? 'count' : part === '\uE001' ? 'checks.length' : js(part)))
    .join('+');
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** default-src 'none': no network, no external resource; only our own inline style and script run. */
const csp = (scriptText: string) =>
  `default-src 'none'; style-src ${sha256(CSS)}; script-src ${sha256(scriptText)}; img-src data:`;

/** The words of one language the page is written in: the translator, its script and its policy. */
interface PageWords {
  lang: Lang;
  say: Translate;
  script: string;
  csp: string;
}

const pageWords = new Map<Lang, PageWords>();

function wordsOf(lang: Lang): PageWords {
  let words = pageWords.get(lang);
  if (!words) {
    const say = translator(lang);
    const scriptText = script(say);
    words = { lang, say, script: scriptText, csp: csp(scriptText) };
    pageWords.set(lang, words);
  }
  return words;
}

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
function specHtml(say: Translate, check: CheckResult): string {
  const cited = check.rules.filter(hasRule).map(getRule);
  if (!cited.length) return '';
  const lines = cited.map(
    (rule) =>
      `<p><code>${e(rule.id)}</code> <span class="muted">${rule.source === 'spec' ? `§${e(rule.section)}` : e(rule.section)}, ${e(rule.level)}</span> ${e(rule.statement)}</p>`,
  );
  return `<div class="spec"><div class="label">${e(say('html.specSays'))}</div>${lines.join('')}</div>`;
}

function checkHtml(
  say: Translate,
  check: CheckResult,
  run: RunResult,
  plan: EvidencePlan,
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
  if (failing) body.push(specHtml(say, check));
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

function failuresHtml(say: Translate, run: RunResult, plan: EvidencePlan): string {
  const failing = failingInOrder(run);
  if (!failing.length) return '';
  const counted = failing.filter((check) => countsTowardVerdict(check, run) && !check.expectedFailure).length;
  return (
    `<section class="group failures" data-group=""><h2>${e(say('html.failing'))} <span class="muted">` +
    `${e(say('html.failing.count', { n: String(failing.length), counted: counted < failing.length ? String(counted) : 'all' }))}</span></h2>` +
    `${failing.map((check, index) => checkHtml(say, check, run, plan, index === 0)).join('')}</section>`
  );
}

/** The other checks, by group: passes, then skips, in run order (the failing ones are listed above). */
function groupsHtml(say: Translate, run: RunResult, plan: EvidencePlan): string {
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
        `${checks.map((check) => checkHtml(say, check, run, plan)).join('')}</section>`
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

const idList = (ids: readonly string[]): string =>
  ids.map((id) => `<a href="#check-${e(id)}"><code>${e(id)}</code></a>`).join(', ');

/**
 * "What to fix first": one line per cause (its count, title, section), opening to its fix, operations,
 * first check with its evidence and reproduction, and its other checks; the rest of the causes below.
 */
function causesHtml(say: Translate, run: RunResult): string {
  const headline = causesHeadline(run, say);
  if (!headline) return '';
  const byId = new Map(run.checks.map((check) => [check.id, check]));
  const item = (cause: NonNullable<RunResult['causes']>[number]) =>
    `<li data-cause="${e(cause.id)}"><details><summary><span class="count">${e(say('console.causes.count', { n: cause.checkIds.length }))}</span> ` +
    `<span class="reason">${e(cause.title)}</span> <span class="muted">${e(say('report.parenthesis', { text: cause.section }).trimStart())}</span></summary>` +
    `<div>${e(say('html.fix', { text: cause.fix }))}</div>` +
    `${cause.statement ? `<div class="muted">${e(say('html.rule', { text: cause.statement }))}</div>` : ''}` +
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
${causesHtml(say, run)}${undecidedHtml(say, run)}
${findingsHtml(say, run)}${baselineHtml(say, run)}
${filtersHtml(say, run)}
${failuresHtml(say, run, plan)}
${groupsHtml(say, run, plan)}
<h2>${e(say('html.counts'))}</h2>
<div class="tables">${countsTable(say, say('report.col.level'), levelRows)}${countsTable(say, say('report.col.group'), groupRows)}</div>
</main>
<script>${words.script}</script>
</body></html>
`;
}

export const renderHtml: Reporter = (run, options) => {
  const budget = typeof options.maxBytes === 'number' ? options.maxBytes : HTML_SIZE_BUDGET;
  const words = wordsOf(langOf(options));
  let html = '';
  for (const plan of PLANS) {
    html = page(words, run, plan);
    if (Buffer.byteLength(html) <= budget) break;
  }
  return html;
};
