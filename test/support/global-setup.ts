/**
 * vitest globalSetup: makes sure the real-browser tests have their Chromium before any test starts
 * (installs Debian's package when running as root). It never stops the run: when the browser cannot be
 * had, only the browser tests fail, each with the command to run.
 */
import { BrowserMissingError, ensureChromium } from './browser.js';

export default function setup(): void {
  try {
    ensureChromium({ log: (line) => console.log(line) });
  } catch (error) {
    if (!(error instanceof BrowserMissingError)) throw error;
    console.warn(`browser tests will fail: ${error.message}`);
  }
}
