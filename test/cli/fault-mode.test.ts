/**
 * `conformance --embedded --fault <id>` exits 1 for every fault (issue acceptance): with faults on, the
 * verdict counts should-level and experimental checks and events use the transport the fault needs,
 * unless the user narrows it. The whole catalogue is proven by `npm run faults`; these are the cases a
 * default run would miss.
 */
import { describe, expect, it } from 'vitest';
import { main } from '../../bin/cli.js';
import { tempDir } from '../support/temp.js';
import { captureIo } from './helpers.js';

const workDir = tempDir('conformance-fault-mode-');

const exitCode = async (argv: string[]) => {
  const io = captureIo();
  const code = await main([...argv, '--reporter', 'json', '--event-timeout', '1500'], io, {
    env: {},
    cwd: workDir,
    color: false,
  });
  return { code, out: io.out(), err: io.err() };
};

describe('--embedded --fault', () => {
  it.each([
    ['unknown-operation-200', 'robustness', 'a should-level convention'],
    ['role-create-no-op', 'roles', 'an experimental operation'],
    ['webhook-no-auth', 'events', 'webhook delivery only'],
  ])('exits 1 for %s (%s suite: %s)', async (fault, suite) => {
    const { code } = await exitCode(['--embedded', '--suite', suite, '--fault', fault]);
    expect(code).toBe(1);
  });

  it('says how the verdict was widened, and --level must narrows it back', async () => {
    const widened = await exitCode([
      '--embedded',
      '--suite',
      'robustness',
      '--fault',
      'unknown-operation-200',
      '--reporter',
      'console',
    ]);
    expect(widened.out).toMatch(/faults are on: the verdict counts should-level and experimental checks/);
    const narrowed = await exitCode([
      '--embedded',
      '--suite',
      'robustness',
      '--fault',
      'unknown-operation-200',
      '--level',
      'must',
    ]);
    expect(narrowed.code).toBe(0);
  });

  it('keeps the default verdict (must, experimental apart) without faults', async () => {
    // The roles suite is experimental only: without faults none of it counts, so no verdict (exit 2).
    const rolesOnly = await exitCode(['--embedded', '--suite', 'roles']);
    expect(rolesOnly.code).toBe(2);
    const clean = await exitCode(['--embedded', '--suite', 'guilds']);
    expect(clean.code).toBe(0);
    expect(clean.out).not.toMatch(/faults are on/);
  });
});
