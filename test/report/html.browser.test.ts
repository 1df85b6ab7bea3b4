/**
 * report.html in a real headless Chromium (found by test/support/browser.ts, driven by playwright-core):
 * no errors, filters change the visible rows, a check expands to its curl, copy works, response markup
 * stays text. The screenshots go to a temporary folder (CONFORMANCE_SCREENSHOTS=DIR keeps them in DIR).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getRule } from '../../spec/rules.js';
import { renderHtml } from '../../src/report/html.js';
import { countsTowardVerdict } from '../../src/runner/summary.js';
import { launchChromium, openRecordedPage } from '../support/browser.js';
import { screenshotDir } from '../support/temp.js';
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
  ({ page, problems, requests } = await openRecordedPage(browser, url));
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
        .sort(byPageOrder),
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

  it('opens on the first counted failure: its failing request, response and curl, the spec statement, setup folded', async () => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    // The failing checks of every group come first, in one list, and the first one is open.
    const failingIds = run.checks.filter((check) => check.status === 'fail' || check.status === 'error');
    expect((await idsVisible()).slice(0, failingIds.length)).toEqual(
      failingIds.map((check) => check.id).sort(byPageOrder),
    );
    const row = page.locator('details.check').first();
    expect(await row.locator('summary code').textContent()).toBe('message.list/limit-above-bound-is-clamped');
    expect(await row.getAttribute('open')).toBe('');
    const curl = row.locator('pre.curl').first();
    expect(await curl.isVisible()).toBe(true);
    const failingExchange = run.checks[1].evidence!.exchanges.at(-1)!;
    expect(await curl.textContent()).toBe(failingExchange.curl);
    expect(await row.locator('.reason').textContent()).toBe(run.checks[1].reason);
    // The statement it cites, in words, not only the id.
    expect(await row.locator('.spec').textContent()).toContain(getRule('MSG-LIST-5').statement);
    const copy = row.getByRole('button', { name: 'Copy' }).first();
    await copy.click();
    await row.getByRole('button', { name: 'Copied' }).waitFor({ state: 'visible', timeout: 5000 });
    const clipboard = () => (globalThis as unknown as BrowserGlobals).navigator.clipboard.readText();
    expect(await page.evaluate(clipboard)).toBe(failingExchange.curl);

    // A check with exchanges before the failing one: the failing exchange shows first, the rest are folded.
    const mute = page.locator('details.check', {
      has: page.locator('code', { hasText: 'guild.member.mute/mutes-peer' }),
    });
    await mute.locator(':scope > summary').click();
    const exchanges = run.checks.find((check) => check.id === 'guild.member.mute/mutes-peer')!.evidence!
      .exchanges;
    expect(exchanges.length).toBeGreaterThan(1);
    const visibleCurls = mute.locator('pre.curl:visible');
    await visibleCurls.first().waitFor({ state: 'visible', timeout: 5000 });
    expect(await visibleCurls.allTextContents()).toEqual([exchanges.at(-1)!.curl]);
    await mute.locator('details.setup > summary').click();
    expect(await visibleCurls.allTextContents()).toEqual([
      exchanges.at(-1)!.curl,
      ...exchanges.slice(0, -1).map((x) => x.curl),
    ]);
    expect(problems).toEqual([]);
  });

  it('the summary cards filter: fail shows only failing rows, a second click shows all again', async () => {
    const failCard = page.locator('button.card.fail');
    await failCard.click();
    expect(await failCard.getAttribute('aria-pressed')).toBe('true');
    expect(await idsVisible()).toEqual(
      run.checks
        .filter((check) => check.status === 'fail')
        .map((check) => check.id)
        .sort(byPageOrder),
    );
    await page.locator('button.card.skip').click();
    expect(await visibleChecks()).toBe(run.checks.filter((check) => check.status === 'skip').length);
    await page.locator('button.card.skip').click();
    expect(await visibleChecks()).toBe(run.checks.length);
    expect(await page.getByRole('checkbox', { name: 'pass' }).isChecked()).toBe(true);
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

  it('shows a failing check in the first viewport; screenshot for a person to judge (html-report.png)', async () => {
    const viewport = page.viewportSize()!;
    const first = page.locator('details.check[open]').first();
    const box = (await first.boundingBox())!;
    expect(await first.getAttribute('data-status')).toBe('fail');
    // Its title, reason and failing request are on the first screen, without scrolling.
    expect(box.y + 40).toBeLessThan(viewport.height);
    const exchange = (await first.locator('.exchange').first().boundingBox())!;
    expect(exchange.y).toBeLessThan(viewport.height);
    const shots = screenshotDir();
    const png = await page.screenshot({ path: join(shots, 'html-report.png') });
    expect(png.length).toBeGreaterThan(10_000);
    await page.screenshot({ path: join(shots, 'html-report-full.png'), fullPage: true });
  });
});

/**
 * The page's order: failing checks of every group first (counted, then fail before error, must before
 * should before info, then run order), then the others by group, pass before skip, in run order.
 */
function byPageOrder(a: string, b: string): number {
  const check = (id: string) => run.checks.find((item) => item.id === id)!;
  const index = (id: string) => run.checks.findIndex((item) => item.id === id);
  const failing = (id: string) => (['fail', 'error'].includes(check(id).status) ? 0 : 1);
  const counted = (id: string) => (countsTowardVerdict(check(id), run) && !check(id).expectedFailure ? 0 : 1);
  const status = { fail: 0, error: 1, pass: 2, skip: 3 } as const;
  const level = { must: 0, should: 1, info: 2 } as const;
  const groups = [...new Set(run.checks.map((item) => item.group))];
  if (failing(a) !== failing(b)) return failing(a) - failing(b);
  if (failing(a) === 0)
    return (
      counted(a) - counted(b) ||
      status[check(a).status] - status[check(b).status] ||
      level[check(a).level] - level[check(b).level] ||
      index(a) - index(b)
    );
  return (
    groups.indexOf(check(a).group) - groups.indexOf(check(b).group) ||
    status[check(a).status] - status[check(b).status] ||
    index(a) - index(b)
  );
}
