/**
 * One place that finds the Chromium the real-browser tests drive (playwright-core never downloads one).
 * Order: $CHROMIUM_PATH (an explicit choice: used as given, never replaced), then `chromium`,
 * `chromium-browser`, `google-chrome` on $PATH. When none is found, vitest's globalSetup installs Debian's
 * package as root (this project's CI runs as root on Debian); otherwise the tests fail with the command.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';

export const INSTALL_COMMAND = 'apt-get install -y chromium';
const NAMES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'];

export class BrowserMissingError extends Error {}

const executable = (path: string): boolean => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** The browser's path, or a BrowserMissingError whose message is the exact command to run. */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string {
  const chosen = env.CHROMIUM_PATH;
  if (chosen) {
    if (executable(chosen)) return chosen;
    throw new BrowserMissingError(
      `CHROMIUM_PATH=${chosen} is not an executable file: point it at a Chromium, or unset it and run \`${INSTALL_COMMAND}\` (as root).`,
    );
  }
  for (const dir of (env.PATH ?? '').split(delimiter).filter(Boolean)) {
    for (const name of NAMES) if (executable(join(dir, name))) return join(dir, name);
  }
  throw new BrowserMissingError(
    `No Chromium on PATH (looked for ${NAMES.join(', ')}): the real-browser tests need one. Run \`${INSTALL_COMMAND}\` (as root), or set CHROMIUM_PATH.`,
  );
}

export interface EnsureOptions {
  env?: NodeJS.ProcessEnv;
  /** Whether this process may install system packages (default: running as root). */
  root?: boolean;
  log?: (line: string) => void;
}

/**
 * Finds Chromium, installing Debian's package first when it is absent, nothing chose another path and
 * we run as root. Returns the path, or throws BrowserMissingError with the command a person must run.
 */
export function ensureChromium(options: EnsureOptions = {}): string {
  const env = options.env ?? process.env;
  const root = options.root ?? process.getuid?.() === 0;
  try {
    return findChromium(env);
  } catch (error) {
    if (!(error instanceof BrowserMissingError) || env.CHROMIUM_PATH || !root) throw error;
    const onPath = (name: string) =>
      (env.PATH ?? '').split(delimiter).some((dir) => dir && executable(join(dir, name)));
    if (!onPath('apt-get')) throw error;
    options.log?.(`Chromium is missing: running \`apt-get update && ${INSTALL_COMMAND}\` (root)`);
    const aptEnv = { ...env, DEBIAN_FRONTEND: 'noninteractive' };
    const update = spawnSync('apt-get', ['update', '-qq'], { env: aptEnv, stdio: 'inherit' });
    const install =
      update.status === 0
        ? spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { env: aptEnv, stdio: 'inherit' })
        : update;
    if (install.status !== 0)
      throw new BrowserMissingError(
        `Installing Chromium failed (apt-get exit ${install.status}): run \`${INSTALL_COMMAND}\` by hand.`,
      );
    return findChromium(env);
  }
}

/** Launches headless Chromium for a test; throws the exact install command when there is none. */
export function launchChromium(env: NodeJS.ProcessEnv = process.env): Promise<Browser> {
  return chromium.launch({
    executablePath: findChromium(env),
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
    ],
  });
}

/** A page opened at `url` (1280×900) that records console errors/warnings, page errors and requests. */
export async function openRecordedPage(
  browser: Browser,
  url: string,
): Promise<{ page: Page; problems: string[]; requests: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const problems: string[] = [];
  const requests: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('request', (request) => requests.push(request.url()));
  await page.goto(url);
  return { page, problems, requests };
}
