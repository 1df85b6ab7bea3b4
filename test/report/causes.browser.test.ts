/**
 * Issue 32: report.html of a first-week server (the reference's fault preset first-week) shows "What to
 * fix first" on its first screen, in a real headless Chromium: every cause, its count and its checks.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../src/index.js';
import { renderHtml } from '../../src/report/html.js';
import type { RunResult } from '../../src/runner/model.js';
import { launchChromium, openRecordedPage } from '../support/browser.js';

let browser: Browser;
let folder: string;
let url: string;
let result: RunResult;

beforeAll(async () => {
  result = await run({ embedded: true, faults: ['first-week'], confirm: false });
  browser = await launchChromium();
  folder = await mkdtemp(join(tmpdir(), 'report-causes-'));
  const file = join(folder, 'report.html');
  await writeFile(file, renderHtml(result, {}));
  url = pathToFileURL(file).href;
}, 120_000);

afterAll(async () => {
  await browser?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

/** The bottom of an element's box, or Infinity when it is not shown. */
const bottomOf = async (locator: import('playwright-core').Locator): Promise<number> => {
  const box = await locator.boundingBox();
  return box ? box.y + box.height : Number.POSITIVE_INFINITY;
};

describe('report.html of a first-week server in Chromium', () => {
  it('its first screen (1280×800) holds the verdict, the counters, the per-group picture and every shown cause in one line', async () => {
    const causes = result.causes ?? [];
    expect(causes.length).toBeGreaterThan(0);
    const { page, problems, requests } = await openRecordedPage(browser, url);
    await page.setViewportSize({ width: 1280, height: 800 });
    const screen = 800;
    expect(await bottomOf(page.locator('h1 .verdict'))).toBeLessThanOrEqual(screen);
    expect(await bottomOf(page.locator('.cards'))).toBeLessThanOrEqual(screen);
    // The picture is drawn by the page: one bar row per group, beside the counters.
    const picture = page.locator('svg.groups');
    expect(await bottomOf(picture)).toBeLessThanOrEqual(screen);
    expect(await picture.locator('text').count()).toBe(new Set(result.checks.map((c) => c.group)).size);
    expect(await picture.locator('rect.bar-fail').count()).toBeGreaterThan(0);
    const shown = page.locator('section.causes > ol > li[data-cause]');
    expect(await shown.count()).toBe(Math.min(causes.length, 7));
    for (const [index, cause] of causes.slice(0, 7).entries()) {
      const summary = shown.nth(index).locator('summary');
      expect(await bottomOf(summary)).toBeLessThanOrEqual(screen);
      const box = await summary.boundingBox();
      expect(box!.height).toBeLessThan(30); // one line
      const text = (await summary.textContent()) ?? '';
      expect(text).toContain(`${cause.checkIds.length} check`);
      expect(text).toContain(cause.title);
      // Closed: its evidence is not on the first screen.
      expect(await shown.nth(index).locator('details > div').first().isVisible()).toBe(false);
    }
    expect(requests.filter((request) => !request.startsWith('file:'))).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('a cause opens to its fix, its first check with the evidence and a reproduction, and its other checks', async () => {
    const causes = result.causes ?? [];
    const { page, problems } = await openRecordedPage(browser, url);
    const [cause] = causes;
    const item = page.locator(`li[data-cause="${cause.id}"]`);
    await item.locator('summary').click();
    const body = (await item.textContent()) ?? '';
    expect(body).toContain(`Fix: ${cause.fix}`);
    expect(body).toContain(cause.checkIds[0]);
    for (const id of cause.checkIds.slice(1)) expect(body).toContain(id);
    expect(await item.locator('pre').isVisible()).toBe(true);
    expect(problems).toEqual([]);
  });
});
