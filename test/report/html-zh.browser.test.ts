/**
 * report.html in zh-CN (issue 48 item 3) in a real headless Chromium: the page says its language, its
 * script (another text, so another hash in the Content-Security-Policy) runs and writes Chinese, the
 * filters and the copy button work, and the first screen holds the verdict and the counters. Like the
 * English page's test, it fails with the install command when no Chromium is found (never skips).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { renderHtml } from '../../src/report/html.js';
import { launchChromium, openRecordedPage } from '../support/browser.js';
import { screenshotDir } from '../support/temp.js';
import { mixedRun } from './fixtures/runs.js';

/** What the page functions read from the browser's global object (the tests compile without the DOM lib). */
interface BrowserGlobals {
  document: { documentElement: { lang: string } };
  navigator: { clipboard: { readText(): Promise<string> } };
}
const run = mixedRun();
const total = run.checks.length;

let browser: Browser;
let folder: string;
let url: string;
let page: Page;
let problems: string[];
let requests: string[];
let missingBrowser: string | undefined;

beforeAll(async () => {
  try {
    browser = await launchChromium();
  } catch (error) {
    missingBrowser = (error as Error).message;
    return;
  }
  folder = await mkdtemp(join(tmpdir(), 'report-html-zh-'));
  const file = join(folder, 'report.html');
  await writeFile(file, renderHtml(run, { lang: 'zh-CN' }));
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

const bottomOf = async (locator: Locator): Promise<number> => {
  const box = await locator.boundingBox();
  return box ? box.y + box.height : Number.POSITIVE_INFINITY;
};

describe('report.html in zh-CN, in Chromium', () => {
  it('says its language, runs its own script under its policy and requests nothing but itself', async () => {
    const lang = () => (globalThis as unknown as BrowserGlobals).document.documentElement.lang;
    expect(await page.evaluate(lang)).toBe('zh-CN');
    expect(await page.locator('h1').textContent()).toBe('聊天 API 一致性 FAIL（未通过）');
    // Written by the script: it ran (a hash that did not match would have blocked it, with an error).
    expect(await page.locator('#shown').textContent()).toBe(`显示 ${total} / ${total} 项检查`);
    expect(problems).toEqual([]);
    expect(requests).toEqual([url]);
  });

  it('filters by a status named in Chinese, and the count follows', async () => {
    await page.getByRole('checkbox', { name: '通过' }).uncheck();
    const shown = run.checks.filter((check) => check.status !== 'pass').length;
    expect(await page.locator('details.check:visible').count()).toBe(shown);
    expect(await page.locator('#shown').textContent()).toBe(`显示 ${shown} / ${total} 项检查`);
    await page.locator('button.card.fail').click();
    const failing = run.checks.filter((check) => check.status === 'fail').length;
    expect(await page.locator('#shown').textContent()).toBe(`显示 ${failing} / ${total} 项检查`);
    expect(problems).toEqual([]);
  });

  it('copies a curl command with its Chinese button', async () => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const row = page.locator('details.check').first();
    await row.getByRole('button', { name: '复制' }).first().click();
    await row.getByRole('button', { name: '已复制' }).waitFor({ state: 'visible', timeout: 5000 });
    const clipboard = () => (globalThis as unknown as BrowserGlobals).navigator.clipboard.readText();
    expect(await page.evaluate(clipboard)).toBe(await row.locator('pre.curl').first().textContent());
  });

  it('holds the verdict and the counters on its first screen (1280×800); screenshot html-report-zh.png', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await bottomOf(page.locator('h1 .verdict'))).toBeLessThanOrEqual(800);
    expect(await bottomOf(page.locator('.cards'))).toBeLessThanOrEqual(800);
    expect(await page.locator('button.card.fail').textContent()).toBe(`${run.summary.fail}失败`);
    const png = await page.screenshot({ path: join(screenshotDir(), 'html-report-zh.png') });
    expect(png.byteLength).toBeGreaterThan(10_000);
    expect(problems).toEqual([]);
  });
});
