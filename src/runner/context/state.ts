/**
 * What one check accumulates while it runs (exchanges, notes, events, assertions, requests sent, the first
 * failure) and the errors that end it; src/runner/context.ts turns it into the check's result.
 */

import { shorten } from '../../../spec/brief.js';
import { tr } from '../../i18n/index.js';
import type { Exchange, Signature } from '../model.js';
import { hintOf } from '../shapes.js';
import type { PartialSignature } from '../signature.js';

/** A failed assertion; ends the check as 'fail'. */
export class CheckFailure extends Error {
  override name = 'CheckFailure';
}

/** t.skip() or a missing capability; ends the check as 'skip'. */
export class CheckSkip extends Error {
  override name = 'CheckSkip';
}

/** t.undecided(): the state found makes the check's effect unobservable; ends it as an undecided 'skip'. */
export class CheckUndecided extends CheckSkip {
  override name = 'CheckUndecided';
  constructor(
    readonly state: string,
    readonly clear: string,
    /** Keep the check's exchanges as its evidence (what came back decides the state, e.g. the peer's proof). */
    readonly keepExchanges = false,
    /** What was observed, as data (report.json `undecided.signature`): the key undecided causes group by. */
    readonly signature?: Signature,
  ) {
    super(tr`could not be decided: ${state} (${clear})`);
  }
}

export class CheckTimeout extends Error {
  override name = 'CheckTimeout';
}

const OBSERVED_LIMIT = 2_000;
/** Exchanges kept per check (the first ones and the latest): a looping check cannot grow memory. */
const EXCHANGES_KEPT = { first: 5, last: 25 };

/** Keeps the first and the latest exchanges of a check, counting those dropped in between. */
class ExchangeLog {
  readonly first: Exchange[] = [];
  readonly last: Exchange[] = [];
  dropped = 0;
  push(...exchanges: Exchange[]): void {
    for (const exchange of exchanges) {
      if (this.first.length < EXCHANGES_KEPT.first) this.first.push(exchange);
      else {
        this.last.push(exchange);
        if (this.last.length > EXCHANGES_KEPT.last) {
          this.last.shift();
          this.dropped++;
        }
      }
    }
  }
  list(): Exchange[] {
    return [...this.first, ...this.last];
  }
}

/** Observed values in words: strings as they are, the rest as (truncated) JSON. */
export function describeObserved(value: unknown): string {
  if (typeof value === 'string') return shorten(value, OBSERVED_LIMIT);
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return shorten(text, OBSERVED_LIMIT);
}

/** The first failed expectation of a check (later ones are consequences, not news). */
export interface Failure {
  expected: string;
  observed?: string;
  /** What the judgement observed, as data (completed with the check's rule and operation in its result). */
  signature?: PartialSignature;
}

/** One check's record: every part of its CheckContext writes here, the result is read from here. */
export class CheckState {
  readonly exchanges = new ExchangeLog();
  readonly notes: string[] = [];
  readonly events: unknown[] = [];
  assertions = 0;
  /** Requests this check sent (report.json `requests`: a regression in requests shows per check). */
  sent = 0;
  failure: Failure | undefined;
  /**
   * The event type of the latest wait that ended without its event, and how many exchanges the check had
   * then: a failure with no exchange since is that event's missing (signature 'event-missing').
   */
  missedEvent: { type: string; exchanges: number } | undefined;

  /** Records a typed event wait that ended without its event (t.events.tryWaitFor with a type). */
  missed(type: string): void {
    this.missedEvent = { type, exchanges: this.exchanges.list().length + this.exchanges.dropped };
  }

  /** The signature of an event missed just before a failure (no exchange since), if any. */
  missedJustBefore(): PartialSignature | undefined {
    const missed = this.missedEvent;
    const now = this.exchanges.list().length + this.exchanges.dropped;
    return missed && missed.exchanges === now ? { kind: 'event-missing', eventType: missed.type } : undefined;
  }

  /** Records the first failure and ends the check. */
  fail(expected: string, observed?: unknown, signature?: PartialSignature): never {
    if (!this.failure) {
      // Where the answer holds the expected result elsewhere, the observed text says where (issue 32).
      const hint = hintOf(this.exchanges.list().at(-1));
      const seen = observed === undefined ? undefined : describeObserved(observed);
      const text = hint === undefined ? seen : seen === undefined ? hint : `${seen} (${hint})`;
      const signed = signature ?? this.missedJustBefore();
      this.failure = {
        expected,
        ...(text === undefined ? {} : { observed: text }),
        ...(signed ? { signature: signed } : {}),
      };
    }
    throw new CheckFailure(expected);
  }

  /** Records the first failure without ending the check (an event wait that timed out throws its own). */
  failed(failure: Failure): void {
    this.failure ??= failure;
  }
}
