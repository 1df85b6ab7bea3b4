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

describe('report.html of a first-week server in Chromium', () => {
  it('shows every cause, with its count and checks, on the first screen', async () => {
    const causes = result.causes ?? [];
    expect(causes.length).toBeGreaterThan(0);
    const { page, problems } = await openRecordedPage(browser, url);
    const section = page.locator('section.causes');
    await expect(section.isVisible()).resolves.toBe(true);
    const viewport = page.viewportSize()!;
    const heading = await section.locator('h2').boundingBox();
    expect(heading!.y + heading!.height).toBeLessThanOrEqual(viewport.height);
    const items = section.locator('li[data-cause]');
    expect(await items.count()).toBe(causes.length);
    const first = await items.first().boundingBox();
    expect(first!.y).toBeLessThan(viewport.height);
    for (const [index, cause] of causes.entries()) {
      const text = (await items.nth(index).textContent()) ?? '';
      expect(text).toContain(`${cause.checkIds.length} check`);
      expect(text).toContain(cause.title);
      for (const id of cause.checkIds) expect(text).toContain(id);
    }
    expect(problems).toEqual([]);
  });
});
