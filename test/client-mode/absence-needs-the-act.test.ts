/**
 * Issue 46 item 4, client side: a claim of absence needs the act it would repeat. A client that reads only
 * the first page never follows a token, so never-ending-token-not-repeated cannot pass it (it could not
 * repeat what it never sent): undecided, saying what it did. A client that follows next and has a loop
 * guard passes; one without a guard fails. Real client processes over loopback HTTP.
 */
import { describe, expect, it } from 'vitest';
import { runClientCommand } from './helpers.js';

const SHAPE = 'client.guild.list/never-ending-token-not-repeated';

const scenario = async (command: string) => {
  const run = await runClientCommand([
    '--command',
    command,
    '--level',
    'should',
    '--grep',
    SHAPE,
    '--reporter',
    'json',
  ]);
  const check = run.report.checks.find((candidate) => candidate.id === SHAPE);
  if (!check) throw new Error(`no ${SHAPE} in ${JSON.stringify(run.report.checks.map((c) => c.id))}`);
  return check;
};

describe('never-ending-token-not-repeated needs a client that followed a token', () => {
  it.concurrent('a client that reads only the first page is undecided, never passed', async () => {
    const check = await scenario('node test/client-mode/fixtures/first-page-only.mjs');
    expect(check.status).not.toBe('pass');
    expect(check.undecided?.state).toMatch(/requested 1 page\(s\) and never sent the next it was given/);
  }, 60_000);

  it.concurrent('the correct client (a loop guard) passes, one without a guard fails', async () => {
    expect((await scenario('node examples/clients/correct.mjs')).status).toBe('pass');
    const loops = await scenario('node examples/clients/no-loop-guard.mjs');
    expect(loops.status).toBe('fail');
    expect(loops.reason).toMatch(/a second time/);
  }, 60_000);
});
