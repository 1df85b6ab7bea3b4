/**
 * vitest globalSetup: makes sure the real-browser tests have their Chromium before any test starts
 * (installs Debian's package when running as root). It never stops the run: when the browser cannot be
 * had, only the browser tests fail, each with the command to run. It also gives the test files one
 * shared folder for the packed package (packed once, by whichever test asks first), removed at the end,
 * and points TMPDIR at a folder of the run's own.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { BrowserMissingError, ensureChromium } from './browser.js';

declare module 'vitest' {
  export interface ProvidedContext {
    packFolder: string;
  }
}

export default function setup(project: TestProject): () => void {
  try {
    ensureChromium({ log: (line) => console.log(line) });
  } catch (error) {
    if (!(error instanceof BrowserMissingError)) throw error;
    console.warn(`browser tests will fail: ${error.message}`);
  }
  // Every temporary file of the run — the tests', their child processes', the tools' (tsx's cache) — goes
  // into one folder of its own, removed at the end: the system's temp folder is left as it was found.
  const sandbox = mkdtempSync(join(tmpdir(), 'chat-conformance-tests-'));
  process.env.TMPDIR = sandbox;
  const packFolder = mkdtempSync(join(sandbox, 'chat-conformance-pack-'));
  project.provide('packFolder', packFolder);
  return () => {
    rmSync(packFolder, { recursive: true, force: true });
    // What a test left behind is a leak of that test (test/support/temp.ts removes what tests make).
    const left = readdirSync(sandbox).filter((name) => !name.startsWith('tsx-'));
    if (left.length) console.warn(`tests left temporary files behind: ${left.join(', ')}`);
    rmSync(sandbox, { recursive: true, force: true, maxRetries: 3 });
  };
}
