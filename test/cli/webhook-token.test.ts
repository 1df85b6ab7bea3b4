/**
 * Issue 32: the webhook receiver's token — the run's own, registered through meta/webhook.create, or the
 * user's (--webhook-token / CONFORMANCE_WEBHOOK_TOKEN) — is never printed: not on the console, not in a
 * report (the ledger's curl line for the registration names only its URL: meta/webhook.delete {url}).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../bin/cli.js';
import type { ReferenceServer } from '../../src/reference/contract.js';
import { startReference } from '../../src/reference/server.js';
import { tempDir } from '../support/temp.js';
import { captureIo } from './helpers.js';

let reference: ReferenceServer;
const registered: string[] = [];
beforeAll(async () => {
  reference = await startReference({
    // Sees the token as the server gets it: the one place it is sent.
    intercept: ({ operation, fields }) => {
      if (operation === 'meta/webhook.create') registered.push(String(fields.token));
      return undefined;
    },
  });
});
afterAll(() => reference.close());

/** The console and every file the run wrote, as one text. */
async function runPrinting(extra: string[], env: NodeJS.ProcessEnv = {}): Promise<string> {
  const dir = tempDir('conformance-webhook-token-');
  const io = captureIo();
  const argv = [
    ...['--base-url', reference.baseUrl, '--token', reference.identities.self.token],
    ...['--self-id', reference.identities.self.userId, '--events', 'webhook', '--suite', 'events'],
    ...['--grep', 'events.webhook/delivery-headers', '--event-timeout', '1000', '--no-confirm'],
    ...['--reporter', 'console,json,junit,markdown,html', '--out', 'out', ...extra],
  ];
  await main(argv, io, { env, cwd: dir, color: false });
  const files = readdirSync(join(dir, 'out')).map((name) => readFileSync(join(dir, 'out', name), 'utf8'));
  return [io.out(), io.err(), ...files].join('\n');
}

describe('the webhook token is never printed', () => {
  it('the run’s own token, registered through meta/webhook.create', async () => {
    const printed = await runPrinting([]);
    expect(registered).toHaveLength(1);
    const [token] = registered;
    expect(token.length).toBeGreaterThanOrEqual(24);
    expect(printed).toContain('events.webhook/delivery-headers');
    expect(printed).not.toContain(token);
    expect(printed).not.toContain(token.slice(0, 12));
    expect(printed).not.toContain(token.slice(-12));
  }, 60_000);

  it('the user’s token, from --webhook-token or CONFORMANCE_WEBHOOK_TOKEN', async () => {
    const byFlag = await runPrinting(['--webhook-token', 'users-webhook-token-3Rk9Vq']);
    const byEnv = await runPrinting([], { CONFORMANCE_WEBHOOK_TOKEN: 'users-webhook-token-8Lp2Wz' });
    expect(byFlag).not.toContain('users-webhook-token-3Rk9Vq');
    expect(byEnv).not.toContain('users-webhook-token-8Lp2Wz');
    expect(byEnv).not.toContain('webhook-token-8Lp2');
  }, 60_000);
});
