/**
 * vitest globalSetup: makes sure the real-browser tests have their Chromium before any test starts
 * (installs Debian's package when running as root). It never stops the run: when the browser cannot be
 * had, only the browser tests fail, each with the command to run. It also gives the test files one
 * shared folder for the packed package (packed once, by whichever test asks first), removed at the end,
 * and points TMPDIR at a folder of the run's own.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { BrowserMissingError, ensureChromium } from './browser.js';
import { describeRotation } from './rotation.js';

const PACK_FOLDER = 'chat-conformance-pack';

declare module 'vitest' {
  export interface ProvidedContext {
    packFolder: string;
  }
}

/** Set by the first setup: every project of the run (vitest.config.ts) shares its folders. */
const SHARED = 'CHAT_CONFORMANCE_TEST_SANDBOX';

export default function setup(project: TestProject): () => void {
  // vitest runs a globalSetup once per project: the later ones reuse the first's folders (nesting them
  // would make paths too long for Chromium's socket) and leave their removal to it.
  const shared = process.env[SHARED];
  if (shared) {
    project.provide('packFolder', join(shared, PACK_FOLDER));
    return () => undefined;
  }
  console.log(describeRotation());
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
  process.env[SHARED] = sandbox;
  const packFolder = join(sandbox, PACK_FOLDER);
  mkdirSync(packFolder);
  project.provide('packFolder', packFolder);
  return () => {
    rmSync(packFolder, { recursive: true, force: true });
    // What a test left behind is a leak of that test (test/support/temp.ts removes what tests make).
    const left = readdirSync(sandbox).filter((name) => !name.startsWith('tsx-'));
    if (left.length) console.warn(`tests left temporary files behind: ${left.join(', ')}`);
    rmSync(sandbox, { recursive: true, force: true, maxRetries: 3 });
    delete process.env[SHARED];
  };
}
