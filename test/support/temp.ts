/**
 * Temporary folders that do not outlive their test file: each is made under the OS temp folder and
 * removed after the file by removeTempDirs, which test/support/setup.ts (a setup file: it runs for every
 * test file) registers. Not a hook of this module: a worker that runs many files (isolate: false) loads
 * it once, and a hook registered at its load would clean up after the first of them only.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const made = new Set<string>();

/** Removes every folder tempDir made so far. */
export function removeTempDirs(): void {
  for (const dir of made) rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  made.clear();
}

/** A fresh folder named prefix + random characters, removed when the test file ends. */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.add(dir);
  return dir;
}

/**
 * Where a browser test puts its screenshots for a person to look at: CONFORMANCE_SCREENSHOTS when set
 * (kept), else a temporary folder removed with the others (the repository's reports/ stays untouched).
 */
export function screenshotDir(): string {
  const kept = process.env.CONFORMANCE_SCREENSHOTS;
  if (!kept) return tempDir('screenshots-');
  mkdirSync(kept, { recursive: true });
  return kept;
}
