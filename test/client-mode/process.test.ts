/**
 * How `conformance client` treats a client that crashes, hangs, sends nothing or prints wrong ids, and
 * its usage errors. Real processes over real loopback HTTP.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { main } from '../../bin/cli.js';
import { captureIo } from '../cli/helpers.js';
import { tempDir } from '../support/temp.js';
import { ROOT, runClientCommand } from './helpers.js';

const ONE_ITEM = 'client.guild.role.list/ends-after-one-item';
const SHORT_PAGES = 'client.guild.list/short-page-with-next-continues';

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const onlyCheck = async (command: string, grep: string, extra: string[] = []) => {
  const run = await runClientCommand(['--command', command, '--grep', grep, '--reporter', 'json', ...extra]);
  expect(run.report.checks).toHaveLength(1);
  return { ...run, check: run.report.checks[0] };
};

describe('conformance client: clients that misbehave', () => {
  const CRASHES = `node -e "process.stderr.write('boom: cannot paginate'); process.exit(3)"`;

  it('fails a client that crashes, with its exit code and stderr tail', async () => {
    // A scenario whose pages the client must follow: a client that requests nothing fails it.
    const { code, check } = await onlyCheck(CRASHES, SHORT_PAGES);
    expect(code).toBe(1);
    expect(check.status).toBe('fail');
    expect(check.reason).toMatch(/exited with code 3; stderr: …boom: cannot paginate/);
    expect(check.evidence?.observed).toMatch(/sent no guild\.list request/);
  });

  it('leaves a claim of absence undecided for a client that crashes before its first request', async () => {
    // "Exactly one request" cannot be told from a client that made none (issue 42: no pass, no verdict).
    const { code, check } = await onlyCheck(CRASHES, ONE_ITEM);
    expect(code).toBe(2);
    expect(check.status).toBe('skip');
    expect(check.undecided?.state).toMatch(/exited with code 3 before requesting a page/);
    expect(check.evidence?.observed).toMatch(/exited with code 3; stderr: …boom: cannot paginate/);
  });

  it('fails a client that hangs, and kills its whole process group at the scenario timeout', async () => {
    const pidFile = join(tempDir('client-mode-pids-'), 'pids.json');
    const { code, check } = await onlyCheck(
      `node test/client-mode/fixtures/hangs-with-grandchild.mjs ${pidFile}`,
      ONE_ITEM,
      ['--scenario-timeout', '3000'],
    );
    expect(code).toBe(1);
    expect(check.reason).toMatch(/did not exit within 3000 ms .*process group was killed/);
    // It made its one request before hanging: that part is judged too, and holds.
    expect(check.evidence?.exchanges).toHaveLength(1);
    const pids = JSON.parse(readFileSync(pidFile, 'utf8')) as number[];
    // Killed processes are reaped asynchronously: wait for the state, bounded.
    await vi.waitFor(() => expect(pids.filter(alive)).toEqual([]), { timeout: 5000, interval: 50 });
  });

  it('fails a client that exits 0 without a request', async () => {
    const { code, check } = await onlyCheck('node -e ""', SHORT_PAGES);
    expect(code).toBe(1);
    expect(check.reason).toBe('the client sent no guild.list request');
  });

  it.each([
    ['twice', /collected 83000 more than once/],
    ['malformed', /not valid JSON with an ids array/],
    ['extra', /printed ids the server never served: not-served/],
    // The last {"ids":[…]} line counts wherever it is: log lines after it do not turn the check off.
    ['twice-then-log', /collected 83000 more than once/],
  ])('judges the printed ids (%s)', async (how, reason) => {
    const { check } = await onlyCheck(`node test/client-mode/fixtures/prints-ids.mjs ${how}`, SHORT_PAGES);
    expect(check.status).toBe('fail');
    expect(check.reason).toMatch(reason);
  });

  it('runs only the scenarios of the --list given', async () => {
    const run = await runClientCommand([
      '--command',
      'node examples/clients/correct.mjs',
      '--list',
      'friend',
      '--grep',
      'short-page|walks-before',
      '--reporter',
      'json',
    ]);
    expect(run.code).toBe(0);
    expect(run.report.checks.map((check) => [check.id, check.status, check.operations])).toEqual([
      ['client.friend.list/short-page-with-next-continues', 'pass', ['friend.list']],
    ]);
  });

  it('takes --list repeatable and comma-separated', async () => {
    const run = await runClientCommand([
      '--command',
      'node examples/clients/correct.mjs',
      '--list',
      'friend,channel',
      '--list',
      'guild',
      '--grep',
      'short-page-with-next',
      '--reporter',
      'json',
    ]);
    expect(run.code).toBe(0);
    expect(run.report.checks.map((check) => check.id).sort()).toEqual([
      'client.channel.list/short-page-with-next-continues',
      'client.friend.list/short-page-with-next-continues',
      'client.guild.list/short-page-with-next-continues',
    ]);
  });

  it('refuses a --list that is not a list, naming the lists', async () => {
    const io = captureIo();
    const code = await main(['client', '--command', 'true', '--list', 'message,emoji'], io, {
      cwd: ROOT,
      color: false,
      env: {},
    });
    expect(code).toBe(2);
    expect(io.err()).toContain("--list 'emoji' is not a list client mode serves; choose from message,");
  });

  it('takes a client saying a list is not supported at its word; with nothing else run, no verdict', async () => {
    const run = await runClientCommand([
      '--command',
      `node -e "console.error('reaction.list: not supported by this SDK'); process.exit(1)"`,
      '--list',
      'reaction',
      '--grep',
      'short-page-with-next',
      '--reporter',
      'json',
    ]);
    expect(run.report.checks.map((check) => [check.status, check.reason])).toEqual([
      [
        'skip',
        'not supported by the client: reaction.list (it printed "reaction.list: not supported by this SDK"); pass --list with the lists it covers',
      ],
    ]);
    expect(run.code).toBe(2);
  });

  // issue 31: a client covering some lists only says so (usage, exit 2); those lists are not its failures.
  it('runs a client of some lists with --list message,channel: exit 0', async () => {
    const run = await runClientCommand([
      '--command',
      'node examples/clients/some-lists.mjs',
      '--list',
      'message,channel',
      // Two shapes are enough to see the two lists (every shape reaches every list: shapes.test.ts).
      '--grep',
      'short-page-with-next-continues|opaque-token-passed-verbatim',
      '--reporter',
      'json',
    ]);
    expect(run.report.checks).toHaveLength(4);
    expect(run.code).toBe(0);
    expect(new Set(run.report.checks.map((check) => check.operations[0]))).toEqual(
      new Set(['message.list', 'channel.list']),
    );
    expect(run.report.checks.every((check) => check.status === 'pass')).toBe(true);
  });

  it('without --list, reports the lists the client does not support apart, with the flag to use', async () => {
    const run = await runClientCommand([
      '--command',
      'node examples/clients/some-lists.mjs',
      '--grep',
      'short-page-with-next',
      '--reporter',
      'json,console',
    ]);
    const byList = Object.fromEntries(
      run.report.checks.map((check) => [check.operations[0], [check.status, check.reason]]),
    );
    expect(byList['message.list']).toEqual(['pass', undefined]);
    expect(byList['channel.list']).toEqual(['pass', undefined]);
    expect(byList['reaction.list']).toEqual([
      'skip',
      'not supported by the client: reaction.list (it exited with code 2, a usage error); pass --list message,channel',
    ]);
    const unsupported = run.report.checks.filter((check) => check.status === 'skip');
    expect(unsupported).toHaveLength(5);
    expect(run.report.checks.some((check) => check.status === 'fail')).toBe(false);
    expect(run.out).toMatch(/skipped +1 × not supported by the client: guild.list/);
    expect(run.code).toBe(0);
  });
  it('ends the scenario shortly after the client exits, although a detached descendant holds its stdout', async () => {
    const pidFile = join(tempDir('client-mode-daemon-'), 'pid');
    const { code, check } = await onlyCheck(
      `node test/client-mode/fixtures/exits-leaving-daemon.mjs ${pidFile}`,
      SHORT_PAGES,
    );
    const daemon = Number(readFileSync(pidFile, 'utf8'));
    try {
      // The descendant lives 40 s; the scenario is bounded by the client, not by it: it ended while the
      // descendant still held the pipes.
      expect(alive(daemon)).toBe(true);
      expect(code).toBe(0);
      expect(check.status).toBe('pass');
      // Its ids were judged although a log line came after them.
      expect(check.evidence?.notes).toEqual([
        expect.stringMatching(
          /^the client exited \(code 0\), but a descendant process it left running outside its process group kept its stdout\/stderr open; its output was read for 500 ms more/,
        ),
      ]);
    } finally {
      process.kill(daemon, 'SIGKILL');
    }
  });
});

describe('conformance client: usage', () => {
  const usage = async (args: string[]) => {
    const io = captureIo();
    const code = await main(['client', ...args], io, { cwd: ROOT, color: false, env: {} });
    return { code, err: io.err() };
  };

  it.each([
    [[], /either --command "CMD" .* or --listen HOST:PORT/],
    [['--command', 'x', '--listen', '127.0.0.1:0'], /either --command/],
    [['--command', 'x', '--grep', '('], /--grep '\(' is not a valid regular expression/],
    [['--command', 'x', '--grep', 'no-such-scenario'], /No client scenario matches/],
    [['--command', 'x', '--scenario-timeout', 'soon'], /--scenario-timeout must be a positive number/],
    [['--listen', 'nowhere'], /--listen 'nowhere' must look like HOST:PORT/],
    [['--command', 'x', '--reporter', 'pdf'], /Unknown reporter 'pdf'/],
    [['--command', 'x', '--suite', 'pagination,eventz'], /--suite takes pagination, events/],
    [['--listen', '127.0.0.1:0', '--suite', 'events'], /--suite events needs --command/],
    [['--command', 'x', '--heartbeat', '0'], /--heartbeat must be a positive number/],
  ])('exits 2 with one line for %j', async (args, message) => {
    const { code, err } = await usage(args);
    expect(code).toBe(2);
    expect(err).toMatch(message);
    expect(err).not.toMatch(/\n\s+at /);
  });
});
