/**
 * The check model and the run result every report writer consumes.
 * A check is data plus one async function; a run result is plain JSON (report.json, validated by
 * spec/schemas/report.schema.json; test/spec/report-type.test.ts keeps RunResult equal to the Report type
 * generated from it).
 */
import type { ReportCause } from '../../spec/types.js';
import type { Exchange, Finding } from '../wire.js';

export type { Exchange, Finding, Identity } from '../wire.js';

export type Level = 'must' | 'should' | 'info';
export type Status = 'pass' | 'fail' | 'skip' | 'error';

/** Areas a check belongs to, in report order; one or more suite files per group in suites/ (defineSuite names the group). */
export const GROUPS = [
  'messages',
  'channels',
  'guilds',
  'members',
  'roles',
  'reactions',
  'friends',
  'pagination',
  'events',
  'robustness',
] as const;
export type Group = (typeof GROUPS)[number];

/**
 * What a check needs beyond the bot identity: 'events' (an event stream), 'peer' (a second identity),
 * 'trigger' (a way to inject incoming requests/external changes), 'destructive' (opt-in to change data
 * the checker did not create).
 */
export type Capability = 'events' | 'peer' | 'trigger' | 'destructive';

export interface Evidence {
  /** What the check expected, in words. */
  expected?: string;
  /** What it observed instead. */
  observed?: string;
  /** The exchanges the check made, in order (the failing one last). */
  exchanges: Exchange[];
  /** Event frames observed, when relevant (as JSON). */
  events?: unknown[];
  /** Observations recorded with t.note(), e.g. the observed default limit. */
  notes?: string[];
}

export interface CheckResult {
  id: string;
  title: string;
  group: Group;
  level: Level;
  experimental: boolean;
  rules: string[];
  operations: string[];
  status: Status;
  /** Why it failed, was skipped or errored; absent on pass. */
  reason?: string;
  durationMs: number;
  /** HTTP requests the check sent (429 retries included; not a shared observation's). Absent when not run. */
  requests?: number;
  evidence?: Evidence;
  /** Listed in the baseline (--expected-failures): still 'fail'/'error', but not counted in the verdict. */
  expectedFailure?: boolean;
  /**
   * A skip because the state found made the effect unobservable (README "Verdicts that do
   * not depend on history"): the state, and how to clear it. Counted: such a run ends NO VERDICT, never CONFORMS.
   */
  undecided?: Undecided;
  /** The login's `features` omit an operation of the check: listed apart, neither counted nor blamed. */
  notOffered?: boolean;
  /** A counted failure re-run by itself after the main pass (--confirm). */
  confirmation?: Confirmation;
}

export interface Undecided {
  /** The state found, e.g. 'the bot was already a member of guild 3003 before its invitation'. */
  state: string;
  /** How the user clears it. */
  clear: string;
}

export interface Confirmation {
  /** The re-run alone failed too. */
  reproduced: boolean;
  status: Status;
  reason?: string;
  evidence?: Evidence;
}

export interface Summary {
  total: number;
  pass: number;
  fail: number;
  skip: number;
  error: number;
  byLevel: Record<Level, StatusCounts>;
  byGroup: Record<string, StatusCounts>;
  /** Experimental checks, counted apart (excluded from the verdict unless includeExperimental). */
  experimental: StatusCounts;
}

export interface StatusCounts {
  total: number;
  pass: number;
  fail: number;
  skip: number;
  error: number;
}

export interface RunResult {
  tool: { name: 'chat-conformance'; version: string };
  /** Spec identity: document name and a hash of the catalogue (operations, events, rules). */
  spec: { name: string; catalogueHash: string };
  /** 'client': `conformance client` judged a client against served pages (absent: a server run). */
  mode?: 'server' | 'client';
  /**
   * Client mode: baseUrl is what the checker served, and `client` the client judged (its command, or the
   * --listen address it was waited for at).
   */
  target: {
    baseUrl: string;
    embedded: boolean;
    faults?: string[];
    /** `suites`: the client suites run (pagination, events). */
    client?: { command?: string; listen?: string; suites?: ('pagination' | 'events')[] };
  };
  profile: 'satori' | 'strict';
  /** Level at which the verdict is computed (--level). */
  level: Level;
  includeExperimental: boolean;
  startedAt: string;
  durationMs: number;
  /** Detected or chosen variant of each §4.8 point, e.g. { 'role-payload': 'data' }. */
  variants: Record<string, string>;
  summary: Summary;
  /** Overall verdict at `level`: 'pass' when no counted check failed or errored. */
  verdict: 'pass' | 'fail';
  checks: CheckResult[];
  /** Present when a baseline of expected failures was applied (src/runner/baseline.ts). */
  baseline?: BaselineOutcome;
  /** What the ledger undid at the end of the run, in order; a failed undo is reported, never dropped. */
  cleanup?: CleanupRecord[];
  /** Observations about the run itself (sandbox discovery, event stream, trigger), never verdicts. */
  notes?: string[];
  /** The sandbox the run worked in (given or discovered). */
  sandbox?: { guildId: string; channelId: string; selfId: string; peerId?: string; userId?: string };
  /** Set when the run was stopped (SIGINT/SIGTERM) before every check ran; the verdict is then 'fail'. */
  interrupted?: boolean;
  /** The seed of the order checks started in (--seed); absent: the fixed order. */
  seed?: number;
  /**
   * Why the run stopped early when it did: a signal, the run deadline (--run-timeout), an unresponsive
   * target or a failure before the checks (exit 2/3); the phase it was in and what it was waiting for.
   */
  stopped?: { reason: string; phase: RunPhase; waitingFor?: string };
  /** Observations about the target's behaviour outside any check (flood, garbage frames, redirects …). */
  findings?: Finding[];
  /** What to fix first: failures grouped by the cause they share, most checks first (src/runner/causes.ts). */
  causes?: Cause[];
  /** `conformance fuzz` (src/fuzz): the seed, each finding's replay data, what was generated. */
  fuzz?: FuzzSection;
}

/** A cause several failures share (report.schema.json ReportCause). */
export type Cause = ReportCause;
export type CauseId = Cause['id'];

/** The report.json section of a `conformance fuzz` run (its findings are also in `checks`, as failures). */
export interface FuzzSection {
  seed: number;
  /** Runs per property asked (--runs). */
  runs: number;
  /** Generation budget in ms (--budget). */
  budgetMs: number;
  /** The report whose findings were replayed (--replay). */
  replay?: string;
  /** Each fast-check property: runs made, why it did not run, what its inputs exercised (branch → count). */
  properties: {
    key: string;
    operation: string;
    mode: 'valid' | 'invalid' | 'stateful';
    runs: number;
    skipped?: string;
    error?: string;
    branches: Record<string, number>;
  }[];
  /** Each finding, shrunk: what `conformance fuzz --replay` re-sends (property, seed, path). */
  findings: {
    id: string;
    property: string;
    level: Level;
    seed: number;
    path: string;
    replayPath?: string;
    counterexample: string;
    shrinks: number;
  }[];
}

/** The phases of a run, in order (what a bound or a signal interrupted). */
export type RunPhase = 'connect' | 'discovery' | 'variants' | 'checks' | 'cleanup';

/** One ledger entry undone (or not) at the end of the run. */
export interface CleanupRecord {
  label: string;
  kind: string;
  /** The undo operation, e.g. 'message.delete' or 'trigger:guild-member-removed'. */
  operation: string;
  /** The check that created the thing. */
  checkId: string;
  /** 'absent': the undo answered that the thing does not exist (any more); nothing is left behind. */
  status: 'undone' | 'failed' | 'absent';
  /** Why the undo failed or found nothing (HTTP status and body, or the network error). */
  error?: string;
}

export interface BaselineOutcome {
  /** Where the baseline came from, as given by the user. */
  file?: string;
  /** Listed ids whose check failed or errored as expected (not counted in the verdict). */
  expected: string[];
  /** Listed ids whose check now passes: the run fails until they are removed from the baseline. */
  stale: string[];
  /** Listed ids that are not in this run (renamed, removed or filtered out); reported, not failed. */
  unknown: string[];
}
