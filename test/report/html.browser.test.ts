/**
 * report.html in a real headless Chromium (found by test/support/browser.ts, driven by playwright-core):
 * no errors, filters change the visible rows, a check expands to its curl, copy works, response markup
 * stays text. The screenshot goes to reports/html-report.png for a person to look at.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { renderHtml } from '../../src/report/html.js';
import { launchChromium } from '../support/browser.js';
import { mixedRun } from './fixtures/runs.js';

/** What the page functions read from the browser's global object (the tests compile without the DOM lib). */
interface BrowserGlobals {
  navigator: { clipboard: { readText(): Promise<string> } };
  __xss?: number;
}
const run = mixedRun();

let browser: Browser;
let folder: string;
let url: string;
let page: Page;
let problems: string[];
let requests: string[];

/** Set when Chromium is absent: every test then FAILS with the install command (never skips). */
let missingBrowser: string | undefined;

beforeAll(async () => {
  try {
    browser = await launchChromium();
  } catch (error) {
    missingBrowser = (error as Error).message;
    return;
  }
  folder = await mkdtemp(join(tmpdir(), 'report-html-'));
  const file = join(folder, 'report.html');
  await writeFile(file, renderHtml(run, {}));
  url = pathToFileURL(file).href;
});

afterAll(async () => {
  await browser?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

beforeEach(async () => {
  if (missingBrowser) throw new Error(missingBrowser);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  problems = [];
  requests = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('request', (request) => requests.push(request.url()));
  await page.goto(url);
});

const visibleChecks = () => page.locator('details.check:visible').count();
const idsVisible = () => page.locator('details.check:visible summary code').allTextContents();

describe('report.html in Chromium', () => {
  it('loads with no console or page error and requests nothing but itself', async () => {
    expect(await page.locator('h1').textContent()).toContain('FAIL');
    expect(await visibleChecks()).toBe(run.checks.length);
    expect(await page.locator('#shown').textContent()).toBe(
      `${run.checks.length} of ${run.checks.length} checks shown`,
    );
    expect(problems).toEqual([]);
    expect(requests).toEqual([url]);
  });

  it('status, level, group, experimental and search filters change which rows are visible', async () => {
    const count = (predicate: (check: (typeof run.checks)[number]) => boolean) =>
      run.checks.filter(predicate).length;
    await page.getByRole('checkbox', { name: 'pass' }).uncheck();
    expect(await visibleChecks()).toBe(count((check) => check.status !== 'pass'));
    await page.getByRole('checkbox', { name: 'skip' }).uncheck();
    expect(await visibleChecks()).toBe(count((check) => check.status === 'fail' || check.status === 'error'));
    await page.getByRole('checkbox', { name: 'pass' }).check();
    await page.getByRole('checkbox', { name: 'skip' }).check();

    await page.getByRole('checkbox', { name: 'must' }).uncheck();
    expect(await visibleChecks()).toBe(count((check) => check.level !== 'must'));
    await page.getByRole('checkbox', { name: 'must' }).check();

    await page.selectOption('#group', 'messages');
    expect(await idsVisible()).toEqual(
      run.checks
        .filter((check) => check.group === 'messages')
        .map((check) => check.id)
        .sort(byStatusThenOrder),
    );
    // A group with no visible row is hidden as a whole.
    expect(await page.locator('section.group[data-group="channels"]').isHidden()).toBe(true);
    await page.selectOption('#group', '');

    await page.selectOption('#experimental', 'true');
    expect(await visibleChecks()).toBe(count((check) => check.experimental));
    expect(await page.locator('#shown').textContent()).toBe(`2 of ${run.checks.length} checks shown`);
    await page.selectOption('#experimental', '');

    await page.fill('#search', 'MSG-LIST-5');
    expect(await idsVisible()).toEqual(['message.list/limit-above-bound-is-clamped']);
    expect(problems).toEqual([]);
  });

  it('expanding a failing check shows its evidence and curl; copy puts the curl on the clipboard', async () => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const row = page.locator('details.check', {
      has: page.locator('code', { hasText: 'message.list/limit-above-bound-is-clamped' }),
    });
    const curl = row.locator('pre.curl');
    expect(await curl.isHidden()).toBe(true);
    await row.locator('summary').click();
    await curl.waitFor({ state: 'visible', timeout: 5000 });
    const expected = run.checks[1].evidence!.exchanges[0].curl;
    expect(await curl.textContent()).toBe(expected);
    expect(await row.locator('.reason').textContent()).toBe(run.checks[1].reason);
    const copy = row.getByRole('button', { name: 'Copy' });
    expect(await copy.count()).toBe(1);
    await copy.click();
    await row.getByRole('button', { name: 'Copied' }).waitFor({ state: 'visible', timeout: 5000 });
    const clipboard = () => (globalThis as unknown as BrowserGlobals).navigator.clipboard.readText();
    expect(await page.evaluate(clipboard)).toBe(expected);
    expect(problems).toEqual([]);
  });

  it('a response body with markup renders as text and runs nothing', async () => {
    const row = page.locator('details.check', {
      has: page.locator('code', { hasText: 'message.get/unknown-id-is-not-found' }),
    });
    await row.locator('summary').click();
    const response = row.locator('pre').filter({ hasText: 'HTTP 200' });
    await response.waitFor({ state: 'visible', timeout: 5000 });
    expect(await response.textContent()).toContain(
      '<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>',
    );
    expect(await page.locator('main img').count()).toBe(0);
    expect(await page.evaluate(() => (globalThis as unknown as BrowserGlobals).__xss)).toBeUndefined();
    expect(problems).toEqual([]);
  });

  it('takes a screenshot for a person to judge (reports/html-report.png)', async () => {
    const row = page.locator('details.check', {
      has: page.locator('code', { hasText: 'message.list/limit-above-bound-is-clamped' }),
    });
    await row.locator('summary').click();
    await mkdir('reports', { recursive: true });
    const png = await page.screenshot({ path: join('reports', 'html-report.png'), fullPage: true });
    expect(png.length).toBeGreaterThan(10_000);
  });
});

/** The page lists failing checks first within a group, then in run order. */
function byStatusThenOrder(a: string, b: string): number {
  const rank = { fail: 0, error: 1, pass: 2, skip: 3 } as const;
  const index = (id: string) => run.checks.findIndex((check) => check.id === id);
  const status = (id: string) => rank[run.checks[index(id)].status];
  return status(a) - status(b) || index(a) - index(b);
}
