import { describe, expect, it } from 'vitest';
import { getRule, hasRule } from '../../spec/rules.js';
import { escapeHtml, HTML_SIZE_BUDGET, renderHtml } from '../../src/report/html.js';
import { applyBaseline } from '../../src/runner/baseline.js';
import { largeRun, mixedRun } from './fixtures/runs.js';

const render = (run = mixedRun(), options = {}) => String(renderHtml(run, options));

describe('report.html (static checks; the browser test renders it)', () => {
  it('matches the snapshot of the mixed fixture', async () => {
    await expect(render()).toMatchFileSnapshot('./__snapshots__/report.html');
  });

  it('is self-contained: no external URL in src/href/url(), a CSP that allows no network', () => {
    const html = render();
    expect(html).not.toMatch(/\b(src|href)\s*=\s*["']?(https?:)?\/\//i);
    expect(html).not.toMatch(/url\(/i);
    expect(html).not.toMatch(/@import/i);
    expect(html).toContain("content=\"default-src 'none'; style-src 'sha256-");
    expect(html.match(/<script/g)).toHaveLength(1);
  });

  it('escapes response bodies: markup from the server never becomes markup in the page', () => {
    const html = render();
    expect(html).not.toContain('<img');
    expect(html).toContain(
      '&lt;img src=x onerror="window.__xss=1"&gt;&lt;script&gt;window.__xss=2&lt;/script&gt;',
    );
    // The only script element is ours: a body's "</script>" or "<!--" cannot end or hide it.
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html).not.toContain('<!--');
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });

  it('has one row per check carrying the data the filters use, and a curl per exchange', () => {
    const run = mixedRun();
    const html = render(run);
    for (const check of run.checks) {
      expect(html).toContain(
        `data-status="${check.status}" data-level="${check.level}" data-group="${check.group}" data-experimental="${check.experimental}"`,
      );
    }
    const exchanges = run.checks.reduce((sum, check) => sum + (check.evidence?.exchanges.length ?? 0), 0);
    expect(html.match(/<pre class="curl">/g)).toHaveLength(exchanges);
    expect(html.match(/<button type="button" class="copy">/g)).toHaveLength(exchanges);
    expect(html).toContain('<span class="tag exp">experimental</span>');
  });

  it(`stays well under 1 MB for 300 checks with full evidence (budget ${HTML_SIZE_BUDGET} bytes)`, () => {
    const run = largeRun(300);
    expect(JSON.stringify(run).length).toBeGreaterThan(1_000_000);
    const html = render(run);
    expect(Buffer.byteLength(html)).toBeLessThanOrEqual(HTML_SIZE_BUDGET);
    expect(html.match(/<details class="check"/g)).toHaveLength(300);
    // Failing checks keep their evidence whatever is trimmed.
    const failing = run.checks.find((check) => check.status === 'fail')!;
    const row = html.slice(html.indexOf(`<code>${failing.id}</code>`));
    expect(row.slice(0, row.indexOf('</details>'))).toContain('<pre class="curl">curl -sS');
  });

  it('trims passing evidence first when the page would not fit the budget', () => {
    const run = largeRun(40);
    const full = render(run);
    const budget = Math.floor(full.length / 4);
    const trimmed = render(run, { maxBytes: budget });
    expect(Buffer.byteLength(trimmed)).toBeLessThanOrEqual(budget);
    expect(trimmed).toContain('exchange(s) left out to keep this page small: see report.json.');
    expect(trimmed.match(/<pre class="curl">/g)!.length).toBeGreaterThanOrEqual(
      run.checks.filter((check) => check.status === 'fail' || check.status === 'error').length,
    );
  });

  it('lists every failing check once, before the groups, with the statement it cites; the first is open', () => {
    const run = mixedRun();
    const html = render(run);
    const failing = run.checks.filter((check) => check.status === 'fail' || check.status === 'error');
    const section = html.slice(
      html.indexOf('<section class="group failures"'),
      html.indexOf('<section class="group" '),
    );
    for (const check of failing) {
      expect(html.split(`<code>${check.id}</code>`)).toHaveLength(2);
      expect(section).toContain(`<code>${check.id}</code>`);
      for (const id of check.rules.filter(hasRule))
        expect(section).toContain(escapeHtml(getRule(id).statement));
    }
    expect(section.match(/<details class="check"[^>]* open>/g)).toHaveLength(1);
    // Passing checks do not repeat the statements (the page stays small).
    const passing = run.checks.find((check) => check.status === 'pass' && check.rules.some(hasRule))!;
    expect(html).not.toContain(escapeHtml(getRule(passing.rules.find(hasRule)!).statement));
  });

  it('shows the baseline: stale entries that fail the run', () => {
    const { run } = applyBaseline(mixedRun(), ['channel.get/returns-channel']);
    const html = render(run);
    expect(html).toContain('<span class="verdict fail">FAIL</span>');
    expect(html).toContain('1 baseline entry is stale (the check now passes)');
  });
});

describe('report.html: findings and an early stop', () => {
  it('shows why the run stopped and each finding, escaped, apart from the checks', () => {
    const run = {
      ...mixedRun(),
      stopped: { reason: 'run deadline reached', phase: 'checks' as const, waitingFor: 'message.delete' },
      findings: [
        {
          id: 'events/flood',
          level: 'should' as const,
          title: 'the event stream sent far more frames than the run caused',
          detail: '4 000 frames/s',
          count: 12_000,
          sample: '<script>x</script>',
        },
      ],
    };
    const html = render(run);
    expect(html).toContain('Stopped during checks: run deadline reached (waiting for message.delete)');
    expect(html).toContain('Findings about the target (1, not counted in the verdict)');
    expect(html).toContain('<code>events/flood</code>');
    expect(html).toContain('&lt;script&gt;x&lt;/script&gt;');
    expect(render()).not.toContain('Findings about the target');
  });
});
