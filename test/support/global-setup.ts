/**
 * vitest globalSetup: makes sure the real-browser tests have their Chromium before any test starts
 * (installs Debian's package when running as root). It never stops the run: when the browser cannot be
 * had, only the browser tests fail, each with the command to run. It also gives the test files one
 * shared folder for the packed package (packed once, by whichever test asks first), removed at the end.
 */
import { mkdtempSync, rmSync } from 'node:fs';
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
  const packFolder = mkdtempSync(join(tmpdir(), 'chat-conformance-pack-'));
  project.provide('packFolder', packFolder);
  return () => rmSync(packFolder, { recursive: true, force: true });
}
