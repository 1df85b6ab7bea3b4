/**
 * The client vacuity matrix (issue 42, item 1; scripts/faults/client-vacuity.ts, run whole by
 * `npm run faults`): here its parts. It reports a client that passes (the correct one, standing in for a
 * do-nothing client that a defect of a scenario would pass), and a scenario whose claim is that the
 * client does not do something is undecided for a do-nothing client, saying what the client did.
 */
import { describe, expect, it } from 'vitest';
import {
  DO_NOTHING_CLIENTS,
  formatClientVacuityMatrix,
  runClientVacuityMatrix,
} from '../../scripts/faults/client-vacuity.js';
import { ROOT } from './helpers.js';

const AUTH = [
  'client.events/auth-close-not-retried-in-a-storm',
  'client.events/auth-refused-not-retried-at-a-fixed-interval',
];

describe('the client vacuity matrix', () => {
  it.concurrent('reports a client that passes, and fails the matrix', async () => {
    const matrix = await runClientVacuityMatrix({
      cwd: ROOT,
      clients: [
        {
          id: 'correct',
          what: 'is correct (a control)',
          command:
            'if [ -n "$CONFORMANCE_EVENTS_URL" ]; then node examples/clients/events/correct.mjs; else node examples/clients/correct.mjs; fi',
          node: true,
        },
      ],
      lists: ['guild'],
      eventIds: ['client.events/identify-carries-token'],
      // A client that works needs the time to start and drain the list on a loaded machine.
      scenarioTimeoutMs: 15_000,
    });
    expect(matrix.problems).toEqual([
      'client vacuity: client.guild.list/short-page-with-next-continues (must) passes a client that is correct (a control) (pagination)',
      expect.stringContaining('client.guild.list/'),
      expect.stringContaining('client.guild.list/'),
      expect.stringContaining('client.guild.list/'),
      expect.stringContaining('client.guild.list/'),
      expect.stringContaining('client.guild.list/'),
      expect.stringContaining('client.guild.list/'),
      expect.stringContaining('client.guild.list/'),
      'client vacuity: client.events/identify-carries-token (should) passes a client that is correct (a control) (events)',
    ]);
    expect(formatClientVacuityMatrix(matrix)).toMatch(
      /^PASS correct \(is correct \(a control\)\) × events: 1 pass/m,
    );
  }, 60_000);

  it.concurrent('leaves the authentication scenarios undecided for do-nothing clients, saying what each did', async () => {
    const clients = DO_NOTHING_CLIENTS.filter((client) =>
      ['exits-1', 'sleeps', 'connects-and-idles'].includes(client.id),
    );
    // Time for the idler, a Node process, to start and connect on a loaded machine.
    const matrix = await runClientVacuityMatrix({
      cwd: ROOT,
      clients,
      lists: [],
      eventIds: AUTH,
      scenarioTimeoutMs: 8_000,
    });
    expect(matrix.problems).toEqual([]);
    const said = Object.fromEntries(matrix.rows.map((row) => [row.client.id, row.undecided]));
    expect(said).toEqual({
      'exits-1': [
        `${AUTH[0]}: the client exited with code 1 before connecting: whether it retries an authentication close cannot be told`,
        `${AUTH[1]}: the client exited with code 1 before connecting: whether it retries a refused token cannot be told`,
      ],
      sleeps: [
        expect.stringMatching(
          /: the client never connected in \d+ ms: whether it retries an authentication close/,
        ),
        expect.stringMatching(/: the client never connected in \d+ ms: whether it retries a refused token/),
      ],
      'connects-and-idles': [
        expect.stringMatching(
          /: the client connected but sent no IDENTIFY in \d+ ms: whether it retries an authentication/,
        ),
        expect.stringMatching(
          /: the client connected but sent no IDENTIFY in \d+ ms: whether it retries a refused/,
        ),
      ],
    });
  }, 60_000);
});
