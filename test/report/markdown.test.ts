import { describe, expect, it } from 'vitest';
import { code, escapeCell, fenced, renderMarkdown } from '../../src/report/markdown.js';
import { applyBaseline } from '../../src/runner/baseline.js';
import { largeRun, mixedRun, passingRun } from './fixtures/runs.js';

const render = (run = mixedRun(), options = {}) => String(renderMarkdown(run, options));

/** The text of one "#### … `id` …" entry, up to the next heading. */
function entryOf(markdown: string, id: string): string {
  const start = markdown.indexOf(`\`${id}\` —`);
  if (start < 0) throw new Error(`no entry for ${id}`);
  const end = markdown.indexOf('\n###', start);
  return markdown.slice(start, end < 0 ? undefined : end);
}

describe('report.md', () => {
  it('matches the snapshot of the mixed fixture', async () => {
    await expect(render()).toMatchFileSnapshot('./__snapshots__/report.md');
  });

  it('starts with the verdict and has a summary row per level and per group', () => {
    const run = mixedRun();
    const markdown = render(run);
    expect(markdown.split('\n')[0]).toBe('## Chat API conformance: ❌ FAIL');
    expect(render(passingRun()).split('\n')[0]).toBe('## Chat API conformance: ✅ PASS');
    const must = run.summary.byLevel.must;
    expect(markdown).toContain(
      `| **must** | ${must.pass} | ${must.fail} | ${must.error} | ${must.skip} | ${must.total} |`,
    );
    for (const [group, counts] of Object.entries(run.summary.byGroup)) {
      expect(markdown).toContain(
        `| ${group} | ${counts.pass} | ${counts.fail} | ${counts.error} | ${counts.skip} |`,
      );
    }
  });

  it('lists each failure with level, rules, expected, observed and its curl in a <details> block', () => {
    const entry = entryOf(render(), 'message.list/limit-above-bound-is-clamped');
    expect(entry).toContain('**Level:** must (counted in the verdict)');
    expect(entry).toContain('**Rules:** `MSG-LIST-5`, `MSG-LIST-LIMIT`');
    expect(entry).toContain('**Expected:** status 200 and at most the platform bound');
    // Pipes, backticks and '<' in the observation are escaped so they cannot break the layout.
    expect(entry).toContain(
      '**Observed:** status 400 with body "limit must be &lt;= 100 \\| got \\`1000\\`"',
    );
    const details = entry.slice(entry.indexOf('<details>'), entry.indexOf('</details>'));
    expect(details).toContain("```sh\ncurl -sS -X POST 'http://127.0.0.1:5140/v1/message.list'");
  });

  it('orders sections: failures, errors, experimental apart, skipped collapsed', () => {
    const markdown = render();
    const at = (text: string) => {
      const index = markdown.indexOf(text);
      expect(index, text).toBeGreaterThan(0);
      return index;
    };
    expect(at('### Failures (2)')).toBeLessThan(at('### Errors (the checker could not decide) (1)'));
    expect(at('### Errors')).toBeLessThan(at('### Experimental failures (not counted) (1)'));
    expect(at('### Experimental failures')).toBeLessThan(at('<details><summary>Skipped (2)</summary>'));
    const failures = markdown.slice(at('### Failures'), at('### Errors'));
    expect(failures).not.toContain('guild.member.mute/mutes-peer');
    expect(markdown).toContain(
      '| `guild.member.kick/peer-is-removed` | needs a peer identity: pass --peer-token or --peer-self-id |',
    );
  });

  it('renders HTML in evidence as text: escaped inline, raw only inside fenced code blocks', () => {
    const markdown = render();
    const outsideFences = markdown.replace(/^(`{3,})[^\n]*\n[\s\S]*?\n\1$/gm, '');
    expect(markdown).toContain('<img src=x');
    expect(outsideFences).not.toContain('<img');
    expect(outsideFences).not.toContain('<script');
    expect(markdown).toContain('&lt;img src=x onerror="window.\\_\\_xss=1"&gt;');
  });

  it('shows expected failures and stale baseline entries apart', () => {
    const listed = ['message.list/limit-above-bound-is-clamped', 'channel.get/returns-channel', 'gone/check'];
    const { run } = applyBaseline(mixedRun(), listed, { file: 'expected-failures.txt' });
    const markdown = render(run);
    expect(markdown).toContain('### Baseline (`expected-failures.txt`)');
    expect(markdown).toContain('1 expected failures not counted, 1 stale, 1 unknown.');
    expect(markdown).toContain('- `channel.get/returns-channel`');
    expect(markdown).toContain('### Failures (1)');
    expect(markdown).toContain('### Expected failures (baseline) (1)');
  });

  it('shows the last four curl commands of a long failure and says how many there were', () => {
    const run = mixedRun();
    const failing = run.checks[1];
    const exchange = failing.evidence!.exchanges[0];
    failing.evidence!.exchanges = Array.from({ length: 6 }, (_, index) => ({
      ...exchange,
      curl: `curl request-${index}`,
    }));
    const entry = entryOf(render(run), failing.id);
    expect(entry).toContain('The last 4 of 6 requests (all of them in report.html):');
    expect(entry).toContain('curl request-5');
    expect(entry).toContain('curl request-2');
    expect(entry).not.toContain('curl request-1');
  });

  it('stays under the size budget for a huge run and says what it left out', () => {
    const markdown = render(largeRun(1500));
    expect(markdown.length).toBeLessThanOrEqual(60_000);
    expect(markdown).toMatch(/_… and \d+ more not shown to stay within the size of a comment/);
    expect(markdown).toContain('<sub>Generated by chat-conformance');
    const small = render(mixedRun(), { maxLength: 4000 });
    expect(small.length).toBeLessThanOrEqual(4000);
    expect(small).toContain('## Chat API conformance');
  });

  it('escapes table cells and code spans', () => {
    expect(escapeCell('a | b `c` <d>')).toBe('a \\| b \\`c\\` &lt;d&gt;');
    expect(code('has ` tick')).toBe('``has ` tick``');
    expect(code('a|b', true)).toBe('`a\\|b`');
    expect(fenced('```\nx')).toBe('````\n```\nx\n````');
  });
});
