/**
 * What a check runs against and the engine's side of its waits: the types the parts in
 * src/runner/context/ share with context.ts, which assembles them (a leaf, so no part imports its assembler).
 */
import type { HttpClient } from '../../client/http.js';
import type { EventSource } from '../../events/source.js';
import type { CheckConfig, Sandbox } from '../check.js';
import type { Hold } from '../holds.js';
import type { Ledger } from '../ledger.js';
import type { Exchange } from '../model.js';
import type { PeerStanding } from '../peer.js';
import type { Validate } from '../schema.js';
import type { Trigger } from '../trigger.js';

/** What t.shared keeps: the observed value, the exchanges that observed it and the check that made them. */
export interface SharedObservation<T> {
  value: T;
  exchanges: Exchange[];
  by: string;
}

/** Everything a check runs against, shared by the checks of one run. */
export interface CheckEnvironment {
  client: HttpClient;
  sandbox: Sandbox;
  variants: Readonly<Record<string, string>>;
  config: CheckConfig;
  ledger: Ledger;
  source?: EventSource;
  /** Why there is no event source (the skip reason of checks that need one). */
  eventsUnavailableReason: string;
  /**
   * Events were asked for (not --events none) and the stream could not be opened: the checks that need
   * it are undecided (the run ends NO VERDICT, never CONFORMS), not plain skips.
   */
  eventsBroken?: boolean;
  /**
   * The peer proven distinct, or why not (peer.ts): a check that needs or acts as the peer while it is
   * not distinct is undecided. Absent: no proof ran (every given peer is taken as distinct).
   */
  peer?: PeerStanding;
  trigger?: Trigger;
  triggerUnavailableReason: string;
  eventTimeoutMs: number;
  /** Event type → the check that caused one and waited for it in vain (shared by the run's checks). */
  missedEvents?: Map<string, string>;
  /** Observations shared by checks (t.shared), by key. */
  shared?: Map<string, Promise<SharedObservation<unknown>>>;
  validate?: Validate;
  /** Why validation is unavailable, when validate is undefined. */
  validateUnavailableReason?: string;
}

export interface ExecuteOptions {
  timeoutMs: number;
  /** The run's signal (SIGINT/SIGTERM). */
  signal?: AbortSignal;
  /** Settles when the check's own promise settles, even after a timeout (for the cleanup to wait on). */
  onSettled?: (settled: Promise<unknown>) => void;
  /** The sandbox as this check sees it (e.g. a quiet channel as its channel); default env.sandbox. */
  sandbox?: Sandbox;
  /** The engine's side of t.release/t.acquire and of event waits (which give back the check's slot). */
  scheduling?: CheckScheduling;
}

export interface CheckScheduling {
  /** The check reads a list (a `*.list` operation) until it ends (cleanup-while-running.ts). */
  reading(list: string): Promise<void>;
  release(hold: Hold): void;
  acquire(hold: Hold, signal: AbortSignal, mode?: 'alone' | 'shared'): Promise<void>;
  /** The check has come to a deliberate wait (t.wait): it leads no more (admission.ts `Lead`). */
  waitsDeliberately?(): void;
  /** Runs a wait that sends nothing (an event wait) without holding a slot. */
  idle<T>(wait: () => Promise<T>, signal: AbortSignal): Promise<T>;
}
