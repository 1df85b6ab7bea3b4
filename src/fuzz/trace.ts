/**
 * One run of a property: the requests it sends (each kept as evidence, with its curl line), what it
 * creates (into the run's ledger, so the cleanup undoes it like a run's), and the judging of its oracles.
 */

import { RequestError } from '../client/http.js';
import type { LedgerEntry } from '../runner/check.js';
import type { CallResult, Exchange } from '../wire.js';
import { type FuzzEnv, type Oracle, OracleFailure, RunEnded } from './model.js';

export class Trace {
  readonly exchanges: Exchange[] = [];

  constructor(
    readonly env: FuzzEnv,
    /** The ledger owner of what this run creates (the property key). */
    readonly owner: string,
    /** Is this oracle judged in this pass? (the engine judges one finding at a time, see engine.ts) */
    private readonly judged: (oracle: Oracle) => boolean,
    /** Called each time an oracle is judged (an oracle never judged is reported as not exercised). */
    private readonly onJudged: (oracle: Oracle) => void = () => undefined,
  ) {}

  /** POST the operation; the exchange is kept; a successful undo-equal call settles the ledger entry. */
  async call(operation: string, fields: Record<string, unknown>): Promise<CallResult> {
    const send = () => this.env.client.call(operation, fields, { signal: this.env.signal });
    const outcome = await send()
      // A connection reset before any answer (a keep-alive socket the server had just closed) is tried
      // once more: thousands of requests make that race likely, and it says nothing about the input.
      .catch((error) =>
        error instanceof RequestError && error.kind === 'network' ? send() : Promise.reject(error),
      )
      .catch((error: { exchanges?: Exchange[] }) => {
        this.exchanges.push(...(error.exchanges ?? []));
        throw error;
      });
    this.exchanges.push(...outcome.exchanges);
    if (outcome.result.ok) this.env.ledger.settle(operation, fields);
    return outcome.result;
  }

  /** What this run created, undone at the end of the run if the run does not undo it itself. */
  track(entry: LedgerEntry): void {
    this.env.ledger.add(entry, this.owner);
  }

  /** An oracle: when it does not hold, a finding (judged in this pass) or the end of this run. */
  judge(oracle: Oracle, holds: boolean, expected: string, observed: () => string): void {
    this.onJudged(oracle);
    if (holds) return;
    if (this.judged(oracle)) throw new OracleFailure(oracle, expected, observed());
    throw new RunEnded(oracle.id);
  }

  /** Ends the run as a pass: what the rest needs is missing, and no oracle says that is wrong. */
  end(why: string): never {
    throw new RunEnded(why);
  }
}

/** 'HTTP 404 text/plain: No message …' (the body cut short), for observed texts. */
export function describe(result: CallResult): string {
  const type = result.headers['content-type']?.split(';')[0];
  const body = result.text.length > 160 ? `${result.text.slice(0, 160)}…` : result.text;
  return `HTTP ${result.status}${type ? ` ${type}` : ''}${body ? `: ${body}` : ''}`;
}

/** The first Message of a message.create answer (an array, §4.1; an object is tolerated to read the id). */
export function createdMessage(body: unknown): { id?: unknown; content?: unknown } | undefined {
  const message = Array.isArray(body) ? body[0] : body;
  return message !== null && typeof message === 'object' ? message : undefined;
}
