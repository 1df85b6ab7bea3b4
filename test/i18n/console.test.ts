/**
 * The console's first screen in zh-CN (issue 48): its own words come from the catalogue, the columns of
 * the tables line up by display width, and English is what it was (the tests of test/report pin it).
 */
import { describe, expect, it } from 'vitest';
import { displayWidth } from '../../src/i18n/index.js';
import { run } from '../../src/index.js';
import { renderConsole } from '../../src/report/console.js';
import type { RunResult } from '../../src/runner/model.js';

let result: RunResult;

describe('the console in zh-CN', () => {
  it('renders the banner, the tables and the verdict in Chinese, columns aligned', async () => {
    result ??= await run({
      embedded: true,
      faults: ['unknown-id-500'],
      suites: ['robustness'],
      level: 'should',
    });
    const chinese = renderConsole(result, { lang: 'zh-CN' }).toString();
    const english = renderConsole(result, { lang: 'en' }).toString();
    expect(english).toContain('By group');
    expect(english).toMatch(/DOES NOT CONFORM at level should/);
    expect(chinese).toContain('按分组');
    expect(chinese).toMatch(/DOES NOT CONFORM（不符合规范），级别 should/);
    expect(chinese).not.toContain('By group');
    expect(chinese).not.toContain('What to fix first');
    // Each row of the group table puts its counts at the same display column.
    const rows = chinese.split('\n').filter((line) => line.includes('项检查') && line.includes('通过'));
    expect(rows.length).toBeGreaterThan(0);
    const columns = rows.map((line) => displayWidth(line.slice(0, line.indexOf('项检查'))));
    expect(new Set(columns).size).toBe(1);
  });
});
