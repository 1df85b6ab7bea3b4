/**
 * Issue 32: `--events webhook` against a server. Where the server offers the family's
 * {base}/meta/webhook.create, the run registers its receiver with a token of its own, judges the
 * deliveries against it and removes the registration at the end. Where it does not, no delivery arrives
 * at all: one finding names the receiver URL to register, and the checks that waited for an event are
 * undecided (NO VERDICT), never failures of a server that may work.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../src/index.js';
import type { ReferenceServer } from '../../src/reference/contract.js';
import { LEFTOVER_WEBHOOK_URL } from '../../src/reference/dirty.js';
import { startReference } from '../../src/reference/server.js';
import { EVENT_NEVER_CAME } from '../../src/runner/causes.js';
import type { RunResult } from '../../src/runner/model.js';
import { nothingCountedReason } from '../../src/runner/summary.js';
import { freePort } from '../support/net.js';

/** A remote run (not embedded: the checker cannot use the reference's control endpoint). */
const remoteRun = (reference: ReferenceServer) =>
  run({
    baseUrl: reference.baseUrl,
    token: reference.identities.self.token,
    events: 'webhook',
    suites: ['events', 'messages'],
    eventTimeoutMs: 500,
    confirm: false,
  });

/**
 * For a describe block: a reference started with `options` and one remote run against it (in beforeAll;
 * `beforeRun` sees the reference first), closed after the block.
 */
function remoteRunAgainst(
  options: Parameters<typeof startReference>[0],
  beforeRun?: (reference: ReferenceServer) => void,
): { reference: ReferenceServer; result: RunResult } {
  const state = {} as { reference: ReferenceServer; result: RunResult };
  beforeAll(async () => {
    state.reference = await startReference(options);
    beforeRun?.(state.reference);
    state.result = await remoteRun(state.reference);
  }, 120_000);
  afterAll(() => state.reference?.close());
  return state;
}

/** A loopback host:port free now, for a receiver registered before the run (a fixed --webhook-listen). */
/** A free address below the OS's ephemeral range (test/support/net.ts): no outgoing connection takes it. */
const freeListen = async (): Promise<string> => `127.0.0.1:${await freePort()}`;

async function registerByHand(reference: ReferenceServer, url: string, token: string): Promise<void> {
  const response = await fetch(`${reference.baseUrl}/meta/webhook.create`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${reference.identities.self.token}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ url, token }),
  });
  expect(response.status).toBe(200);
}

describe('--events webhook where meta/webhook.create is not offered', () => {
  const run = remoteRunAgainst({ tolerances: ['webhook-registration-not-offered'] });

  it('fails no check for an event that never came', () => {
    const waitedInVain = run.result.checks.filter(
      (check) => check.status !== 'skip' && EVENT_NEVER_CAME.test(check.reason ?? ''),
    );
    expect(waitedInVain).toEqual([]);
    const undecided = run.result.checks.filter((check) => check.undecided);
    expect(undecided.length).toBeGreaterThan(0);
    for (const check of undecided)
      expect(check.undecided?.state).toMatch(/no webhook delivery arrived at http/);
  });

  it('says so once, naming the receiver URL to register, and ends NO VERDICT', () => {
    const findings = (run.result.findings ?? []).filter(
      (finding) => finding.id === 'events/no-webhook-delivery',
    );
    expect(findings).toHaveLength(1);
    expect(findings[0].detail).toMatch(/register http:\/\/127\.0\.0\.1:\d+\/ with the implementation/);
    expect(run.result.checks.some((check) => check.status === 'fail')).toBe(false);
    expect(nothingCountedReason(run.result)).toMatch(/could not be decided: no webhook delivery arrived/);
  });

  it('notes that registration is not offered, without failing on it', () => {
    expect(run.result.notes).toContainEqual(
      expect.stringMatching(
        /webhook receiver listening at http:\/\/127\.0\.0\.1:\d+\/: register it with the implementation \(meta\/webhook\.create: not offered, HTTP 404\)/,
      ),
    );
  });
});

describe('--events webhook where meta/webhook.create is offered', () => {
  const registrations: { url: unknown; token: unknown; enabled: unknown }[] = [];
  let before: string[];
  const run = remoteRunAgainst(
    {
      // Sees the registration as the server gets it (the token is the run's own, sent only there).
      intercept: ({ operation, fields }) => {
        if (operation === 'meta/webhook.create')
          registrations.push({ url: fields.url, token: fields.token, enabled: fields.enabled });
        return undefined;
      },
    },
    (reference) => {
      before = reference.webhooks();
    },
  );

  it('registers its receiver with a fresh token, and the event checks pass', () => {
    expect(before).toEqual([]);
    expect(registrations).toHaveLength(1);
    expect(registrations[0].url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(registrations[0].token).toEqual(expect.any(String));
    expect(registrations[0].token).not.toBe(run.reference.identities.self.token);
    // As the family's servers take it: their published server delivers only to an enabled webhook.
    expect(registrations[0].enabled).toBe(true);
    expect(run.result.checks.filter((check) => check.status === 'fail' || check.status === 'error')).toEqual(
      [],
    );
    expect(run.result.checks.filter((check) => check.undecided)).toEqual([]);
    const headers = run.result.checks.find((check) => check.id === 'events.webhook/delivery-headers');
    expect(headers?.status).toBe('pass');
  });

  it('removes the registration at the end, through the ledger', () => {
    expect(run.reference.webhooks()).toEqual([]);
    expect(run.result.cleanup).toContainEqual(
      expect.objectContaining({ kind: 'webhook', operation: 'meta/webhook.delete', status: 'undone' }),
    );
  });

  it('never prints the token it registered with', () => {
    const token = String(registrations[0].token);
    const printed = JSON.stringify(run.result);
    expect(printed).not.toContain(token);
    expect(printed).not.toContain(token.slice(0, 12));
  });
});

describe('--webhook-token: the user registered the receiver', () => {
  let reference: ReferenceServer;
  let url: string;
  let listen: string;
  const created: unknown[] = [];
  const userToken = 'token-the-user-registered-7Kq2';
  beforeAll(async () => {
    reference = await startReference({
      intercept: ({ operation, fields }) => {
        if (operation === 'meta/webhook.create') created.push(fields.url);
        return undefined;
      },
    });
    listen = await freeListen();
    url = `http://${listen}/`;
    await registerByHand(reference, url, userToken);
    created.length = 0;
  });
  afterAll(() => reference.close());

  const headersCheck = async (webhookToken: string) => {
    const result = await run({
      baseUrl: reference.baseUrl,
      token: reference.identities.self.token,
      selfId: reference.identities.self.userId,
      events: 'webhook',
      webhookListen: listen,
      webhookToken,
      suites: ['events'],
      grep: 'events.webhook/delivery-headers',
      eventTimeoutMs: 1_000,
      confirm: false,
    });
    return { result, check: result.checks.find((check) => check.id === 'events.webhook/delivery-headers') };
  };

  it('judges the deliveries against it, registers nothing and leaves the registration be', async () => {
    const { result, check } = await headersCheck(userToken);
    expect(check?.status).toBe('pass');
    expect(created).toEqual([]);
    expect(reference.webhooks()).toEqual([url]);
    expect(JSON.stringify(result)).not.toContain(userToken);
  }, 60_000);

  it('fails the deliveries that carry another token than the one given', async () => {
    const { result, check } = await headersCheck('not-the-token-registered-9Xw4');
    expect(check?.status).toBe('fail');
    expect(check?.evidence?.observed).toMatch(/another Bearer token/);
    expect(JSON.stringify(result)).not.toContain(userToken);
    expect(JSON.stringify(result)).not.toContain('not-the-token-registered-9Xw4');
  }, 60_000);
});

describe('a registration an interrupted earlier run left (dirty item webhook: a dead URL)', () => {
  const run = remoteRunAgainst({ dirty: ['webhook'] });

  it('changes no verdict: the run registers its own receiver and its event checks pass', () => {
    expect(run.result.checks.filter((check) => check.status === 'fail' || check.status === 'error')).toEqual(
      [],
    );
    expect(run.result.checks.filter((check) => check.undecided)).toEqual([]);
  });

  it('removes only its own registration', () => {
    expect(run.result.cleanup).toContainEqual(expect.objectContaining({ kind: 'webhook', status: 'undone' }));
    expect(run.reference.webhooks()).toEqual([LEFTOVER_WEBHOOK_URL]);
  });
});

describe('an earlier registration of the same URL that the server keeps (tolerance webhook-create-keeps-first)', () => {
  it('makes the delivery headers undecided, never failed: another token than the run registered', async () => {
    const reference = await startReference({ tolerances: ['webhook-create-keeps-first'] });
    try {
      const listen = await freeListen();
      await registerByHand(reference, `http://${listen}/`, 'token-of-an-earlier-run-5Tz8');
      const result = await run({
        baseUrl: reference.baseUrl,
        token: reference.identities.self.token,
        selfId: reference.identities.self.userId,
        events: 'webhook',
        webhookListen: listen,
        suites: ['events'],
        grep: 'events.webhook/delivery-headers',
        eventTimeoutMs: 1_000,
        confirm: false,
      });
      const check = result.checks.find((each) => each.id === 'events.webhook/delivery-headers');
      expect(check?.status).toBe('skip');
      expect(check?.undecided?.state).toMatch(
        /carry a Bearer token other than the one this run registered the receiver with: the server may keep an earlier registration of http:\/\/127\.0\.0\.1:\d+\//,
      );
      expect(JSON.stringify(result)).not.toContain('token-of-an-earlier-run-5Tz8');
    } finally {
      await reference.close();
    }
  }, 60_000);
});

describe('a server that accepts meta/webhook.create but never delivers', () => {
  it('leaves the event checks undecided; the finding says the run registered the URL itself', async () => {
    const reference = await startReference({
      intercept: ({ operation }) => (operation === 'meta/webhook.create' ? { body: {} } : undefined),
    });
    try {
      const result = await remoteRun(reference);
      expect(result.checks.filter((check) => check.status === 'fail')).toEqual([]);
      expect(result.checks.some((check) => check.undecided)).toBe(true);
      const finding = result.findings?.find((each) => each.id === 'events/no-webhook-delivery');
      expect(finding?.detail).toMatch(
        /the run registered http:\/\/127\.0\.0\.1:\d+\/ through \{base\}\/meta\/webhook\.create with \{"url":"http:\/\/127\.0\.0\.1:\d+\/","token":"<a token of this run's own>","enabled":true\}, yet nothing was delivered there/,
      );
      // The undecided checks say which body was sent too.
      for (const check of result.checks.filter((each) => each.undecided))
        expect(check.undecided?.state).toMatch(
          /registered through \{base\}\/meta\/webhook\.create with \{"url"/,
        );
    } finally {
      await reference.close();
    }
  }, 120_000);
});

describe('--embedded --events webhook where meta/webhook.create is not offered', () => {
  it('registers through the reference control endpoint instead: the deliveries are judged and pass', async () => {
    const result = await run({
      embedded: true,
      tolerances: ['webhook-registration-not-offered'],
      events: 'webhook',
      suites: ['events', 'messages'],
      confirm: false,
    });
    expect(result.checks.filter((check) => check.status === 'fail' || check.status === 'error')).toEqual([]);
    expect(result.checks.filter((check) => check.undecided)).toEqual([]);
    expect(result.checks.find((check) => check.id === 'events.webhook/delivery-headers')?.status).toBe(
      'pass',
    );
    expect(result.cleanup?.some((record) => record.kind === 'webhook')).toBe(false);
  }, 120_000);
});

describe('deliveries that carry the app token (tolerance webhook-auth-app-token)', () => {
  it('pass delivery-headers, with a note that they carry the app token, not the webhook’s own', async () => {
    const reference = await startReference({ tolerances: ['webhook-auth-app-token'] });
    try {
      const result = await run({
        baseUrl: reference.baseUrl,
        token: reference.identities.self.token,
        selfId: reference.identities.self.userId,
        events: 'webhook',
        suites: ['events'],
        grep: 'events.webhook/delivery-headers',
        eventTimeoutMs: 1_000,
        confirm: false,
      });
      const check = result.checks.find((each) => each.id === 'events.webhook/delivery-headers');
      expect(check?.status).toBe('pass');
      expect(check?.evidence?.notes).toContainEqual(
        expect.stringMatching(/deliveries carry the app token, not the webhook's own/),
      );
    } finally {
      await reference.close();
    }
  }, 60_000);
});

describe('a server that delivers only to webhooks registered with enabled: true (tolerance webhook-enabled-only)', () => {
  /** The ids of the checks a run decided (not skipped, undecided, nor not offered). */
  const decided = (result: RunResult) =>
    result.checks.filter((check) => check.status !== 'skip').map((check) => check.id);
  const runWith = (events: 'ws' | 'webhook') =>
    run({ embedded: true, tolerances: ['webhook-enabled-only'], events, suites: ['events'], confirm: false });

  it('self-registration decides every event check the WebSocket run decides', async () => {
    const overWs = await runWith('ws');
    const overWebhook = await runWith('webhook');
    expect(overWebhook.cleanup).toContainEqual(
      expect.objectContaining({ kind: 'webhook', operation: 'meta/webhook.delete', status: 'undone' }),
    );
    expect(overWebhook.checks.filter((check) => check.undecided)).toEqual([]);
    // The WebSocket's own lifecycle (events.ws/*, and the sn of its stream) is checked only over it.
    const webSocketOnly = (id: string) =>
      overWebhook.checks.find((check) => check.id === id)?.reason?.includes('checked with --events ws');
    const wanted = decided(overWs).filter((id) => !webSocketOnly(id));
    expect(wanted.length).toBeGreaterThan(30);
    expect(decided(overWebhook)).toEqual(expect.arrayContaining(wanted));
  }, 120_000);
});
