/**
 * `conformance client --listen`: the checker prints each scenario's environment and waits for a client
 * it did not start. Here the test plays the user: it reads the printed environment and starts the client.
 */
import { describe, expect, it } from 'vitest';
import { main } from '../../bin/cli.js';
import type { CommandIo } from '../../bin/commands/io.js';
import { type ClientOutcome, runClient } from '../../src/client-mode/process.js';
import { runClientMode } from '../../src/client-mode/run.js';
import { ROOT } from './helpers.js';

describe('conformance client --listen', () => {
  it('prints the environment per scenario and judges the client started with it', async () => {
    const started: Promise<ClientOutcome>[] = [];
    let out = '';
    let err = '';
    const io: CommandIo = {
      stdout: (text) => {
        out += text;
        // The user copies the printed lines into their client's environment.
        if (!text.includes('run your client now')) return;
        const env = Object.fromEntries(
          [...text.matchAll(/^ {2}(CONFORMANCE_[A-Z_]+)=(".*")$/gm)].map((match) => [
            match[1],
            JSON.parse(match[2]),
          ]),
        );
        started.push(
          runClient({ command: 'node examples/clients/correct.mjs', env, cwd: ROOT, timeoutMs: 10_000 }),
        );
      },
      stderr: (text) => {
        err += text;
      },
      exit: () => {},
    };
    const code = await main(
      [
        'client',
        '--listen',
        '127.0.0.1:0',
        '--idle',
        '300',
        '--grep',
        'client.guild.list/short-page|client.guild.member.list/null-next',
        '--reporter',
        'console',
      ],
      io,
      { cwd: ROOT, color: false, env: {} },
    );
    expect(code).toBe(0);
    expect(started).toHaveLength(2);
    expect((await Promise.all(started)).map((outcome) => outcome.exitCode)).toEqual([0, 0]);
    expect(out).toMatch(/scenario 1\/2 client\.guild\.list\/short-page-with-next-continues/);
    expect(out).toMatch(/CONFORMANCE_LIST="guild"/);
    expect(out).toMatch(/CONFORMANCE_GUILD_ID="3001"/);
    expect(err).toMatch(/pass {2}client\.guild\.member\.list\/null-next-stops/);
  });

  it('fails a scenario whose client never comes, after the scenario timeout', async () => {
    const result = await runClientMode({
      listen: '127.0.0.1:0',
      grep: 'client.guild.role.list/ends-after-one-item',
      scenarioTimeoutMs: 300,
    });
    expect(result.verdict).toBe('fail');
    expect(result.checks[0].reason).toBe(
      'no guild.role.list request arrived within 300 ms (--scenario-timeout)',
    );
  });

  it('judges a listened client from its requests: a defective one fails', async () => {
    const started: Promise<ClientOutcome>[] = [];
    const result = await runClientMode({
      listen: '127.0.0.1:0',
      grep: 'client.channel.list/empty-page',
      idleMs: 300,
      onListen: ({ env }) => {
        started.push(
          runClient({
            command: 'node examples/clients/stops-on-empty-page.mjs',
            env,
            cwd: ROOT,
            timeoutMs: 10_000,
          }),
        );
      },
    });
    await Promise.all(started);
    expect(result.checks[0]).toMatchObject({
      id: 'client.channel.list/empty-page-with-next-continues',
      status: 'fail',
    });
    expect(result.checks[0].reason).toMatch(/stopped after request 2/);
    expect(result.checks[0].evidence?.notes).toEqual([
      '--listen: judged from the requests only (a listened client cannot print its ids)',
    ]);
  });
});
