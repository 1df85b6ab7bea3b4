/**
 * Safety: a run leaves the implementation exactly as it found it — after a full run of every
 * suite, and after a run interrupted by SIGINT (the built CLI, spawned). The ledger is what makes this
 * true: with cleanup disabled the same comparison fails.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../src/index.js';
import type { ReferenceServer } from '../../src/reference/contract.js';
import { startReference } from '../../src/reference/index.js';
import type { CheckContext, CheckDefinition } from '../../src/runner/check.js';
import { loadChecks } from '../../src/runner/load.js';
import { selectChecks } from '../../src/runner/select.js';
import { BUILT_BIN, ensureBuilt, ROOT } from '../cli/helpers.js';
import { tempDir } from '../support/temp.js';

const EXAMPLES = join(ROOT, 'test/runner/fixtures/suites');
const INTERRUPT = join(ROOT, 'test/runner/fixtures/interrupt');

let reference: ReferenceServer | undefined;
afterEach(async () => {
  await reference?.close();
  reference = undefined;
});

describe('a run changes nothing it did not create', () => {
  it('leaves the reference world equal after every suite (and the examples, which create and track)', async () => {
    reference = await startReference();
    const before = reference.snapshot();
    const suites = await loadChecks();
    if (suites.length === 0) console.log('safety: suites/ has no checks yet; only the example checks run');
    const checks = [...suites, ...(await loadChecks(EXAMPLES))];
    const result = await run({ reference, includeExperimental: true, checks });
    expect(result.checks.length).toBe(
      selectChecks(checks, { profile: 'satori', variants: result.variants }).length,
    );
    expect(result.checks.map((check) => check.id)).toContain('example/message-create-then-get');
    expect(result.cleanup?.filter((record) => record.status === 'failed')).toEqual([]);
    expect(result.cleanup?.length).toBeGreaterThan(0);
    expect(reference.snapshot()).toEqual(before);
  });

  it('would not without the ledger (proof that the comparison can fail)', async () => {
    reference = await startReference();
    const before = reference.snapshot();
    await run({ reference, events: 'none', cleanup: false, checks: await loadChecks(EXAMPLES) });
    expect(reference.snapshot()).not.toEqual(before);
  });
});

describe('an interrupted run cleans up too', () => {
  beforeAll(() => ensureBuilt(), 180_000);

  it('SIGINT mid-run: the CLI undoes the ledger, then exits 130', async () => {
    reference = await startReference();
    const ref = reference;
    const before = ref.snapshot();
    const { self, peer } = ref.identities;
    // The control endpoint needs the bot token; a trigger command can send it (and exercises --trigger-command).
    const triggerScript =
      `fetch(${JSON.stringify(`${ref.controlUrl}/trigger`)},{method:'POST',headers:{'content-type':'application/json',` +
      `authorization:'Bearer '+process.env.REF_TOKEN},body:JSON.stringify({event:process.env.EVENT,...JSON.parse(process.env.PAYLOAD)})})` +
      `.then(async r=>{process.stdout.write(await r.text());process.exitCode=r.ok?0:1})`;
    const child = spawn(
      process.execPath,
      [
        BUILT_BIN,
        '--base-url',
        ref.baseUrl,
        '--platform',
        self.platform,
        '--self-id',
        self.userId,
        '--peer-self-id',
        peer.userId,
        '--trigger-command',
        `"${process.execPath}" -e "${triggerScript.replaceAll('"', '\\"')}"`,
        '--suites-dir',
        INTERRUPT,
        '--suites-dir',
        join(ROOT, 'dist/suites'),
        '--suites-dir',
        EXAMPLES,
        '--include-experimental',
        '--reporter',
        'json',
        '--out',
        tempDir('safety-interrupted-'),
      ],
      {
        env: {
          ...process.env,
          CONFORMANCE_TOKEN: self.token,
          CONFORMANCE_PEER_TOKEN: peer.token,
          REF_TOKEN: self.token,
        },
      },
    );
    let stderr = '';
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    // Interrupt once a check result is printed and the blocking check has created its message.
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no check result printed in time:\n${stderr}`)),
        60_000,
      );
      let sent = false;
      const poll = () => {
        // Exactly one SIGINT: a second one exits at once, without the cleanup.
        if (
          !sent &&
          /\[\s*\d+\/\d+\]/.test(stderr) &&
          JSON.stringify(ref.snapshot()) !== JSON.stringify(before)
        ) {
          sent = true;
          clearTimeout(timer);
          child.kill('SIGINT');
          resolve();
        }
      };
      child.stderr.on('data', (chunk) => {
        stderr += chunk;
        poll();
      });
    });
    const code = await exited;
    expect(stderr).toMatch(/SIGINT: stopping the run/);
    expect(code).toBe(130);
    expect(ref.snapshot()).toEqual(before);
  });
});

describe('the run deadline (--run-timeout) bounds a run that would go on', () => {
  it('stops starting checks, stops those in flight, says where it was, and still cleans up', async () => {
    reference = await startReference();
    const before = reference.snapshot();
    const creates: CheckDefinition = {
      id: 'deadline/creates-then-waits',
      title: 'creates a message, then waits on the run signal',
      group: 'messages',
      level: 'must',
      rules: [],
      operations: ['message.create'],
      async run(t: CheckContext) {
        const [message] = (await t.call('message.create', { channel_id: t.sandbox.channelId, content: 'x' }))
          .body as { id: string }[];
        t.track({
          kind: 'message',
          label: `message ${message.id}`,
          undo: ['message.delete', { channel_id: t.sandbox.channelId, message_id: message.id }],
        });
        await new Promise((resolve) => t.signal.addEventListener('abort', resolve, { once: true }));
        t.expect(true, 'never reached before the deadline');
      },
    };
    const later: CheckDefinition = { ...creates, id: 'deadline/never-started', exclusive: true };
    const result = await run({
      reference,
      events: 'none',
      checks: [creates, later],
      runTimeoutMs: 300,
      checkTimeoutMs: 60_000,
    });
    expect(result.stopped?.reason).toMatch(
      /run deadline of 300 ms \(--run-timeout\).*checks, waiting for 1 check\(s\) in flight: deadline\/creates-then-waits/,
    );
    expect(result.interrupted).toBeUndefined();
    expect(result.verdict).toBe('fail');
    const byId = Object.fromEntries(result.checks.map((check) => [check.id, check]));
    expect(byId['deadline/creates-then-waits'].status).toBe('error');
    expect(byId['deadline/creates-then-waits'].reason).toMatch(
      /run stopped before the check finished: the run deadline/,
    );
    expect(byId['deadline/never-started']).toMatchObject({
      status: 'skip',
      reason: expect.stringMatching(/^not run: the run deadline/),
    });
    expect(result.cleanup?.map((record) => record.status)).toEqual(['undone']);
    expect(reference.snapshot()).toEqual(before);
  });
});

describe('cleanup reports "left behind" only for what a read-back shows still exists', () => {
  it('an undo that fails is read back: gone → absent, still there → failed', async () => {
    // message.delete always fails with 500; message.get finds 'there' and not 'gone'.
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        const operation = (req.url ?? '').replace(/^\/v1\//, '');
        const fields = JSON.parse(body || '{}');
        res.setHeader('content-type', 'application/json');
        if (operation === 'message.delete') return void res.writeHead(500).end('{"message":"boom"}');
        if (operation === 'message.get')
          return void (fields.message_id === 'gone'
            ? res.writeHead(404).end('{"message":"no such message"}')
            : res.writeHead(200).end(JSON.stringify({ id: fields.message_id, content: 'x' })));
        if (operation === 'guild.list') return void res.end('{"data":[{"id":"g"}]}');
        res.end('{}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
    const tracks: CheckDefinition = {
      id: 'readback/tracks-two',
      title: 'tracks a message that is gone and one that is there',
      group: 'messages',
      level: 'must',
      rules: [],
      operations: ['message.create'],
      async run(t: CheckContext) {
        for (const id of ['gone', 'there'])
          t.track({
            kind: 'message',
            label: `message ${id}`,
            undo: ['message.delete', { channel_id: t.sandbox.channelId, message_id: id }],
          });
        t.expect(true, 'tracked');
      },
    };
    try {
      const result = await run({
        baseUrl,
        token: 'tok-readback-0123456789',
        guild: 'g',
        channel: 'c',
        events: 'none',
        checks: [tracks],
      });
      const byLabel = Object.fromEntries((result.cleanup ?? []).map((record) => [record.label, record]));
      expect(byLabel['message gone']).toMatchObject({
        status: 'absent',
        error: expect.stringMatching(/HTTP 500 .*read-back: message\.get answered 404, it is gone/),
      });
      expect(byLabel['message there']).toMatchObject({
        status: 'failed',
        error: expect.stringMatching(/read-back: message\.get answered 200, it is still there/),
      });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
