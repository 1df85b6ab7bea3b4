/**
 * `conformance matrix` over three real reports (clean reference, a fault, a legacy-tolerance server):
 * index.html, matrix.md, each implementation's report.html and badges; cells link to the evidence.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../bin/cli.js';
import { renderMatrixMarkdown } from '../../src/report/matrix-markdown.js';
import { buildMatrix } from '../../src/report/matrix-model.js';
import type { RunResult } from '../../src/runner/model.js';
import { captureIo } from '../cli/helpers.js';
import { type Fleet, runFleet } from '../support/fleet.js';

let fleet: Fleet;
let site: string;
let runs: RunResult[];
let stdout: string;

beforeAll(async () => {
  fleet = await runFleet();
  site = join(fleet.folder, 'site');
  const io = captureIo();
  const code = await main(['matrix', ...fleet.reports, '--out', site], io, { color: false });
  stdout = io.out();
  if (code !== 0) throw new Error(`matrix exited ${code}: ${io.err()}`);
  runs = fleet.reports.map((file) => JSON.parse(readFileSync(file, 'utf8')));
});
afterAll(() => fleet?.remove());

const names = ['reference', 'faulty', 'legacy'];

describe('conformance matrix', () => {
  it('writes the page, the Markdown table, each evidence report and a badge per implementation', () => {
    for (const file of ['index.html', 'matrix.md']) expect(existsSync(join(site, file))).toBe(true);
    for (const name of names) {
      expect(existsSync(join(site, name, 'report.html'))).toBe(true);
      expect(readFileSync(join(site, 'badges', `${name}.svg`), 'utf8')).toContain('<svg');
      expect(JSON.parse(readFileSync(join(site, 'badges', `${name}.json`), 'utf8')).schemaVersion).toBe(1);
    }
    expect(stdout).toContain('reference: PASS');
    expect(stdout).toContain('faulty: FAIL');
  });

  it('matrix.md: implementations as columns, checks as rows, cells linking to the evidence', () => {
    const markdown = readFileSync(join(site, 'matrix.md'), 'utf8');
    expect(markdown).toContain('| check | level | reference | faulty | legacy |');
    const failing = runs[1].checks.filter((check) => check.status === 'fail');
    expect(failing.length).toBeGreaterThan(0);
    for (const check of failing) {
      const row = markdown.split('\n').find((line) => line.startsWith(`| \`${check.id}\` |`));
      expect(row).toContain(`[✅](reference/report.html#check-${check.id})`);
      // ❌, marked (u) when that run's verdict (--level must) does not count the check.
      expect(row).toMatch(
        new RegExp(
          `\\[❌( _\\(u\\)_)?\\]\\(faulty/report\\.html#check-${check.id.replace(/[.]/g, '\\.')}\\)`,
        ),
      );
      // The link's target exists in that implementation's report.
      expect(readFileSync(join(site, 'faulty', 'report.html'), 'utf8')).toContain(`id="check-${check.id}"`);
    }
    // The summary says which §4.8 variant each implementation follows.
    const summary = markdown.split('\n').find((line) => line.startsWith('| **legacy** |'));
    expect(summary).toContain('role-payload=role');
    for (const group of new Set(runs[0].checks.map((check) => check.group)))
      expect(markdown).toContain(`## ${group}`);
  });

  it('index.html is self-contained: CSP, no external resource, every check a row with a cell per implementation', () => {
    const html = readFileSync(join(site, 'index.html'), 'utf8');
    expect(html).toContain(`http-equiv="Content-Security-Policy" content="default-src 'none';`);
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);
    const ids = new Set(runs.flatMap((run) => run.checks.map((check) => check.id)));
    expect(html.match(/<tr class="check"/g)?.length).toBe(ids.size);
    expect(html.match(/<td class="cell /g)?.length).toBe(ids.size * names.length);
  });

  it('a check one run lacks is a "not run" cell, and its row counts as differing', () => {
    const partial = { ...runs[0], checks: runs[0].checks.slice(1) };
    const matrix = buildMatrix([
      { name: 'full', run: runs[0] },
      { name: 'partial', run: partial },
    ]);
    const row = matrix.groups
      .flatMap((group) => group.rows)
      .find((entry) => entry.id === runs[0].checks[0].id)!;
    expect(row.cells.map((cell) => cell.status)).toEqual([runs[0].checks[0].status, 'absent']);
    expect(row.differs).toBe(true);
    expect(renderMatrixMarkdown(matrix)).toContain(`| [✅](full/report.html#check-${row.id}) | · |`);
  });

  it('a file that is not a report is a usage error (exit 2)', async () => {
    const bogus = join(fleet.folder, 'bogus.json');
    writeFileSync(bogus, '{"hello": 1}');
    const io = captureIo();
    expect(await main(['matrix', fleet.reports[0], bogus, '--out', join(fleet.folder, 'x')], io)).toBe(2);
    expect(io.err()).toContain('bogus.json');
  });
});
