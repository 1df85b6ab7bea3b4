/**
 * The fleet matrix page in a real headless Chromium: no console or page error, nothing requested but
 * the page itself, the filters change which rows show, and a cell leads to that implementation's
 * evidence at the check. The screenshot goes to a temporary folder (CONFORMANCE_SCREENSHOTS=DIR keeps it).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../bin/cli.js';
import { buildMatrix, type MatrixRow } from '../../src/report/matrix-model.js';
import type { RunResult } from '../../src/runner/model.js';
import { launchChromium, openRecordedPage } from '../support/browser.js';
import { type Fleet, runFleet } from '../support/fleet.js';
import { screenshotDir } from '../support/temp.js';

let browser: Browser;
let missingBrowser: string | undefined;
let fleet: Fleet;
let url: string;
let rows: MatrixRow[];
let page: Page;
let problems: string[];
let requests: string[];

beforeAll(async () => {
  fleet = await runFleet();
  const site = join(fleet.folder, 'site');
  const quiet = { stdout: () => {}, stderr: () => {}, exit: () => {} };
  const code = await main(['matrix', ...fleet.reports, '--out', site], quiet, { color: false });
  if (code !== 0) throw new Error(`matrix exited ${code}`);
  const runs: RunResult[] = await Promise.all(
    fleet.reports.map(async (file) => JSON.parse(await readFile(file, 'utf8'))),
  );
  rows = buildMatrix(runs.map((run, index) => ({ name: String(index), run }))).groups.flatMap(
    (group) => group.rows,
  );
  url = pathToFileURL(join(site, 'index.html')).href;
  try {
    browser = await launchChromium();
  } catch (error) {
    missingBrowser = (error as Error).message;
  }
});

afterAll(async () => {
  await browser?.close();
  fleet?.remove();
});

beforeEach(async () => {
  if (missingBrowser) throw new Error(missingBrowser);
  ({ page, problems, requests } = await openRecordedPage(browser, url));
});

const visibleRows = () => page.locator('tr.check:visible').count();

describe('matrix index.html in Chromium', () => {
  it('loads with no console or page error, every check shown, nothing requested but itself', async () => {
    expect(await visibleRows()).toBe(rows.length);
    expect(await page.locator('#shown').textContent()).toBe(`${rows.length} of ${rows.length} checks shown`);
    expect(await page.locator('table.summary img').count()).toBe(3);
    expect(problems).toEqual([]);
    expect(requests.filter((request) => !request.startsWith('data:'))).toEqual([url]);
  });

  it('status, differ, group and search filters change which rows are visible', async () => {
    const failing = rows.filter((row) => row.cells.some((cell) => cell.status === 'fail'));
    expect(failing.length).toBeGreaterThan(0);
    await page.selectOption('#status', 'fail');
    expect(await visibleRows()).toBe(failing.length);
    await page.selectOption('#status', '');

    await page.getByLabel('only where implementations differ').check();
    expect(await visibleRows()).toBe(rows.filter((row) => row.differs).length);
    await page.getByLabel('only where implementations differ').uncheck();

    await page.selectOption('#group', 'roles');
    expect(await visibleRows()).toBe(rows.filter((row) => row.group === 'roles').length);
    // Group headings with no visible row are hidden.
    expect(await page.locator('tr.group[data-group="messages"]').isHidden()).toBe(true);
    await page.selectOption('#group', '');

    await page.fill('#search', failing[0].id);
    expect(await page.locator('tr.check:visible code').allTextContents()).toEqual([failing[0].id]);
    expect(problems).toEqual([]);
  });

  it("a failing cell leads to that implementation's report.html at the check", async () => {
    const failing = rows.find((row) => row.cells[1].status === 'fail')!;
    const row = page.locator('tr.check', { has: page.locator('code', { hasText: failing.id }) });
    await row.locator('td.cell.fail a').first().click();
    await page.waitForURL(/\/faulty\/report\.html#check-/);
    expect(decodeURIComponent(new URL(page.url()).hash)).toBe(`#check-${failing.id}`);
    expect(await page.locator(`[id="check-${failing.id}"]`).count()).toBe(1);
    expect(problems).toEqual([]);
  });

  it('takes a screenshot for a person to judge (matrix.png)', async () => {
    const png = await page.screenshot({ path: join(screenshotDir(), 'matrix.png'), fullPage: false });
    expect(png.length).toBeGreaterThan(10_000);
  });
});
