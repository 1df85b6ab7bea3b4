/**
 * index.html of the fleet matrix: one self-contained page (inline CSS and JS, works offline), checks as
 * rows grouped by area, implementations as columns, each cell linking to that implementation's
 * report.html at the check. Filters: search, group, level, status, "only where implementations differ".
 * Same safety as report.html: everything escaped, and a CSP that allows only this page's style and script.
 */
import { createHash } from 'node:crypto';
import { type Lang, phraseLang, type Translate, translator } from '../i18n/index.js';
import { escapeHtml as e } from './html.js';
import { shownExpression } from './html-assets.js';
import { variantsOf } from './matrix-markdown.js';
import { evidenceHref, type Matrix, type MatrixCell } from './matrix-model.js';

const CSS = `
:root{--fg:#1f2328;--muted:#59636e;--line:#d1d9e0;--card:#f6f8fa;--pass:#1a7f37;--fail:#cf222e;--error:#9a6700;--skip:#59636e}
@media (prefers-color-scheme:dark){:root{--fg:#e6edf3;--muted:#9198a1;--line:#3d444d;--card:#151b23;--pass:#3fb950;--fail:#f85149;--error:#d29922;--skip:#9198a1}body{background:#0d1117}}
body{font:14px/1.45 system-ui,sans-serif;color:var(--fg);margin:0}main{padding:16px 24px}
h1{font-size:22px;margin:0 0 8px}.muted{color:var(--muted)}code{font:12px ui-monospace,monospace}
table{border-collapse:collapse;margin:8px 0}th,td{border:1px solid var(--line);padding:3px 8px;text-align:left}
thead th{position:sticky;top:0;background:var(--card)}td.cell{text-align:center;font-weight:600}
td.cell a{text-decoration:none;color:inherit;display:block}
.pass{color:var(--pass)}.fail{color:var(--fail)}.error{color:var(--error)}.skip,.absent{color:var(--skip);font-weight:400}
tr.group th{background:var(--card);font-size:15px}.filters{display:flex;flex-wrap:wrap;gap:12px;align-items:center;margin:12px 0}
.filters input[type=search]{min-width:260px;padding:3px 6px}.hidden{display:none!important}
`;

/** The page's script, its counter in the page's language. */
const script = (say: Translate): string => `
(function(){
  var rows=[].slice.call(document.querySelectorAll('tr.check'));
  var heads=[].slice.call(document.querySelectorAll('tr.group'));
  var shown=document.getElementById('shown');
  function apply(){
    var text=document.getElementById('search').value.toLowerCase();
    var group=document.getElementById('group').value,level=document.getElementById('level').value;
    var status=document.getElementById('status').value,differs=document.getElementById('differs').checked;
    var count=0;
    rows.forEach(function(r){
      var d=r.dataset;
      var visible=(text===''||d.search.indexOf(text)>=0)&&(group===''||d.group===group)&&(level===''||d.level===level)
        &&(status===''||d.statuses.split(' ').indexOf(status)>=0)&&(!differs||d.differs==='true');
      r.classList.toggle('hidden',!visible);if(visible)count++;
    });
    heads.forEach(function(h){
      h.classList.toggle('hidden',!document.querySelector('tr.check[data-group="'+h.dataset.group+'"]:not(.hidden)'));
    });
    shown.textContent=${shownExpression(say, 'rows.length')};
  }
  document.getElementById('filters').addEventListener('input',apply);
  document.getElementById('filters').addEventListener('change',apply);
  apply();
})();
`;

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
/** The script and policy of a language's page (the policy allows that script alone). */
const pages = new Map<Lang, { script: string; csp: string }>();
function pageOf(lang: Lang): { script: string; csp: string } {
  let page = pages.get(lang);
  if (!page) {
    const text = script(translator(lang));
    page = {
      script: text,
      csp: `default-src 'none'; style-src ${sha256(CSS)}; script-src ${sha256(text)}; img-src data:`,
    };
    pages.set(lang, page);
  }
  return page;
}

const LABEL: Record<MatrixCell['status'], string> = {
  pass: 'pass',
  fail: 'fail',
  error: 'error',
  skip: 'skip',
  absent: '·',
};

export interface MatrixHtmlOptions {
  /** Badge SVG per implementation (same order), shown inline as data: images. */
  badges?: string[];
  /** When the page was made (default now). */
  generatedAt?: string;
  /** The page's language (default: the command's, --lang). */
  lang?: Lang;
}

export function renderMatrixHtml(matrix: Matrix, options: MatrixHtmlOptions = {}): string {
  const lang = options.lang ?? phraseLang();
  const t = translator(lang);
  const names = matrix.implementations.map(({ name }) => name);
  const total = matrix.groups.reduce((sum, group) => sum + group.rows.length, 0);
  const summaryRows = matrix.implementations
    .map(({ name, run }, index) => {
      const score = matrix.scores[index];
      const badge = options.badges?.[index];
      return (
        `<tr><th>${e(name)}</th><td class="${run.verdict}">${run.verdict.toUpperCase()}</td>` +
        `<td>${score.passed}/${score.counted}</td><td><code>${e(run.target.baseUrl)}</code>` +
        `${run.target.faults?.length ? ` <span class="muted">${e(t('matrix.faults', { list: run.target.faults.join(', ') }))}</span>` : ''}</td>` +
        `<td>${e(variantsOf(run))}</td>` +
        `<td>${badge ? `<img alt="${e(t('matrix.badgeAlt', { name }))}" src="data:image/svg+xml;base64,${Buffer.from(badge).toString('base64')}">` : ''}</td>` +
        `<td><a href="${e(`${encodeURIComponent(name)}/report.html`)}">${e(t('matrix.report'))}</a></td></tr>`
      );
    })
    .join('');
  const body = matrix.groups
    .map(({ group, rows }) => {
      const head = `<tr class="group" data-group="${e(group)}"><th colspan="${names.length + 2}">${e(group)}</th></tr>`;
      const lines = rows.map((row) => {
        const statuses = [...new Set(row.cells.map((cell) => cell.status))].join(' ');
        const search = [row.id, row.title, ...row.rules].join(' ').toLowerCase();
        const cells = row.cells
          .map((cell, column) => {
            const mark = `${LABEL[cell.status]}${cell.expectedFailure ? ' (x)' : cell.uncounted ? ' (u)' : ''}`;
            const title = `${names[column]}: ${cell.status}${cell.reason ? ` — ${cell.reason}` : ''}`;
            return cell.status === 'absent'
              ? `<td class="cell absent" title="${e(title)}">${mark}</td>`
              : `<td class="cell ${cell.status}" title="${e(title)}"><a href="${e(evidenceHref(names[column], row.id))}">${e(mark)}</a></td>`;
          })
          .join('');
        return (
          `<tr class="check" data-group="${e(row.group)}" data-level="${row.level}" data-statuses="${statuses}" ` +
          `data-differs="${row.differs}" data-search="${e(search)}"><td><code>${e(row.id)}</code>` +
          `<div class="muted">${e(row.title)}</div></td><td>${row.level}${row.experimental ? ` <span class="muted">${e(t('matrix.experimental'))}</span>` : ''}</td>${cells}</tr>`
        );
      });
      return head + lines.join('');
    })
    .join('');
  const groupOptions = matrix.groups.map(({ group }) => `<option>${e(group)}</option>`).join('');
  const page = pageOf(lang);
  const th = (key: Parameters<Translate>[0]) => `<th>${e(t(key))}</th>`;
  const option = (value: string, key: Parameters<Translate>[0]) =>
    `<option value="${value}">${e(t(key))}</option>`;
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${page.csp}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(t('matrix.pageTitle', { n: String(names.length) }))}</title>
<style>${CSS}</style></head>
<body><main>
<h1>${e(t('matrix.title'))}</h1>
<p class="muted">${t('matrix.facts', { n: String(names.length), checks: String(total), level: matrix.badgeLevel, at: e(options.generatedAt ?? new Date().toISOString()) })}</p>
<table class="summary"><thead><tr>${th('matrix.col.implementation')}${th('matrix.col.verdict')}${th('matrix.col.score')}${th('matrix.col.target')}${th('matrix.col.variants')}${th('matrix.col.badge')}${th('matrix.col.evidence')}</tr></thead><tbody>${summaryRows}</tbody></table>
<form class="filters" id="filters" role="search">
<input type="search" id="search" placeholder="${e(t('matrix.searchPlaceholder'))}" aria-label="${e(t('matrix.search'))}">
<label>${e(t('matrix.filter.group'))} <select id="group">${option('', 'matrix.filter.all')}${groupOptions}</select></label>
<label>${e(t('matrix.filter.level'))} <select id="level">${option('', 'matrix.filter.all')}<option>must</option><option>should</option><option>info</option></select></label>
<label>${e(t('matrix.filter.status'))} <select id="status">${option('', 'matrix.filter.any')}${option('fail', 'matrix.filter.someFail')}${option('error', 'matrix.filter.someError')}${option('skip', 'matrix.filter.someSkip')}${option('pass', 'matrix.filter.somePass')}</select></label>
<label><input type="checkbox" id="differs"> ${e(t('matrix.filter.differs'))}</label>
<span class="muted" id="shown"></span></form>
<table class="matrix"><thead><tr>${th('matrix.col.check')}${th('matrix.col.level')}${names.map((name) => `<th>${e(name)}</th>`).join('')}</tr></thead>
<tbody>${body}</tbody></table>
</main>
<script>${page.script}</script>
</body></html>
`;
}
