import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  commandTrigger,
  TriggerTimeoutError,
  TriggerUnsupportedError,
  urlTrigger,
} from '../../src/runner/trigger.js';

/** A trigger endpoint answering per event: status and body. */
const ANSWERS: Record<string, [number, string]> = {
  'friend-request': [200, '{"id":"req-1"}'],
  'guild-request': [200, ''],
  'guild-added': [400, 'cannot cause guild-added here'],
  'guild-removed': [501, ''],
};

let server: Server;
let url: string;
beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      // 'hold': never answered (the trigger's own deadline ends it); the server closes it at the end.
      if (JSON.parse(body).event === 'hold') return;
      const [status, text] = ANSWERS[JSON.parse(body).event] ?? [404, 'unknown event'];
      response.writeHead(status, { 'content-type': 'text/plain' });
      response.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/trigger`;
});
afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
);

describe('trigger contract (docs/checking-a-server.md "The trigger")', () => {
  it('a 2xx answer is optional: JSON is parsed, an empty body is undefined', async () => {
    const trigger = urlTrigger(url);
    await expect(trigger.fire('friend-request', {})).resolves.toEqual({ id: 'req-1' });
    await expect(trigger.fire('guild-request', {})).resolves.toBeUndefined();
  });

  it('any non-2xx answer says "cannot cause this event", with the answer as the reason', async () => {
    const trigger = urlTrigger(url);
    const refused = trigger.fire('guild-added', {});
    await expect(refused).rejects.toBeInstanceOf(TriggerUnsupportedError);
    await expect(refused).rejects.toThrow(
      /cannot cause 'guild-added': HTTP 400 cannot cause guild-added here/,
    );
    await expect(trigger.fire('guild-removed', {})).rejects.toThrow(/HTTP 501$/);
  });

  it('a command says "cannot cause" with exit code 3; its output is the reason', async () => {
    const trigger = commandTrigger('echo "no such event: $EVENT" >&2; exit 3');
    const refused = trigger.fire('guild-updated', {});
    await expect(refused).rejects.toBeInstanceOf(TriggerUnsupportedError);
    await expect(refused).rejects.toThrow(/cannot cause 'guild-updated': no such event: guild-updated/);
  });

  it('a trigger that does not answer within its deadline says so (TriggerTimeoutError, not an abort)', async () => {
    const held = urlTrigger(url, { timeoutMs: 200 }).fire('hold', {});
    await expect(held).rejects.toBeInstanceOf(TriggerTimeoutError);
    await expect(held).rejects.toThrow(/did not answer 'hold' within 200 ms/);
    const slow = commandTrigger('sleep 5', 200).fire('hold', {});
    await expect(slow).rejects.toBeInstanceOf(TriggerTimeoutError);
  });

  it("the run's own abort stays an abort (not the trigger's deadline)", async () => {
    const stop = new AbortController();
    const fired = urlTrigger(url, { timeoutMs: 60_000 }).fire('hold', {}, stop.signal);
    stop.abort();
    await expect(fired).rejects.not.toBeInstanceOf(TriggerTimeoutError);
  });
});
