/**
 * report.html's style and script, and the Content-Security-Policy that allows exactly them. The script's
 * words are in the page's language (issue 48), so its hash, and the policy, are per language; English is
 * the text it always was.
 */
import { createHash } from 'node:crypto';
import { type Lang, type Translate, translator } from '../i18n/index.js';

export const CSS = `
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
export function shownExpression(say: Translate, total = 'checks.length'): string {
  return say('html.shown', { count: '\uE000', total: '\uE001' })
    .split(/(\uE000|\uE001)/)
    .filter(Boolean)
    .map((part) => (part === '\uE000' ? 'count' : part === '\uE001' ? total : js(part)))
    .join('+');
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** default-src 'none': no network, no external resource; only our own inline style and script run. */
const csp = (scriptText: string) =>
  `default-src 'none'; style-src ${sha256(CSS)}; script-src ${sha256(scriptText)}; img-src data:`;

/** The words of one language the page is written in: the translator, its script and its policy. */
export interface PageWords {
  lang: Lang;
  say: Translate;
  script: string;
  csp: string;
}

const pageWords = new Map<Lang, PageWords>();

export function wordsOf(lang: Lang): PageWords {
  let words = pageWords.get(lang);
  if (!words) {
    const say = translator(lang);
    const scriptText = script(say);
    words = { lang, say, script: scriptText, csp: csp(scriptText) };
    pageWords.set(lang, words);
  }
  return words;
}
