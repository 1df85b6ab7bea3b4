/**
 * The check model and the run result every report writer consumes. The run result (report.json) is typed
 * once, by spec/schemas/report.schema.json: `npm run gen:types` generates spec/types.ts from it, and the
 * names below are those types or parts of them. A field of the report is added to the schema, never here
 * (`npm run check:architecture` fails on a hand-written copy of a report type).
 */
import type * as Generated from '../../spec/types.js';

export type { Exchange, Finding, Identity } from '../wire.js';

export type RunResult = Generated.Report;
export type CheckResult = Generated.ReportCheckResult;
export type Evidence = Generated.ReportEvidence;
export type Summary = Generated.ReportSummary;
export type StatusCounts = Generated.ReportStatusCounts;
export type CleanupRecord = Generated.ReportCleanupRecord;
/** The report.json section of a `conformance fuzz` run (its findings are also in `checks`, as failures). */
export type FuzzSection = Generated.ReportFuzz;

// Parts the schema declares in place, named by where they sit in it.
export type Level = CheckResult['level'];
export type Status = CheckResult['status'];
/** Areas a check belongs to; one or more suite files per group in suites/ (defineSuite names the group). */
export type Group = CheckResult['group'];
/** A skip because the state found made the effect unobservable: the state, and how the user clears it. */
export type Undecided = NonNullable<CheckResult['undecided']>;
/**
 * What a judgement observed, set by the code that judged it (never read back from its words): the key
 * causes group by (DESIGN "What to fix first").
 */
export type Signature = Generated.ReportSignature;
/** A counted failure re-run by itself after the main pass (--confirm). */
export type Confirmation = NonNullable<CheckResult['confirmation']>;
/** A baseline of expected failures applied (src/runner/baseline.ts). */
export type BaselineOutcome = NonNullable<RunResult['baseline']>;
/** What the login offers and who the run acts as, as learned from the server (src/runner/capabilities.ts). */
export type RunCapabilities = NonNullable<RunResult['capabilities']>;
/** The phases of a run, in order (what a bound or a signal interrupted). */
export type RunPhase = NonNullable<RunResult['stopped']>['phase'];

/** The groups in report order (test/spec/report-type.test.ts: exactly the schema's). */
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
] as const satisfies readonly Group[];

/**
 * What a check needs beyond the bot identity: 'events' (an event stream), 'peer' (a second identity),
 * 'trigger' (a way to inject incoming requests/external changes), 'destructive' (opt-in to change data
 * the checker did not create).
 */
export type Capability = 'events' | 'peer' | 'trigger' | 'destructive';

/** A cause several failures share (report.schema.json ReportCause). */
export type Cause = Generated.ReportCause;
export type CauseId = Cause['id'];
