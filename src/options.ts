/**
 * The run options: what run() accepts, their defaults and their validation. Each run flag is listed once,
 * in the option table src/run-flags.ts: the CLI's options, the config file's JSON schema
 * (conformance.config.schema.json, kept in step by `npm run gen:config -- --check`) and the type and
 * choice checks of validateRunOptions all read it; the rules across options are written out here.
 */

import { VARIANT_POINTS } from '../spec/catalogue.js';
import { parseRate } from '../spec/rate.js';
import { CHOICES } from './choices.js';
import type { Lang } from './i18n/index.js';
import { tr } from './i18n/index.js';
import type { ReferenceServer } from './reference/contract.js';
import { configSchemaOf, RUN_FLAGS } from './run-flags.js';
import type { CheckDefinition } from './runner/check.js';
import { ConfigurationError } from './runner/errors.js';
import type { FirstContact } from './runner/first-contact.js';
import type { CheckResult, CleanupRecord } from './runner/model.js';
import { GROUPS, type Group, type Level } from './runner/model.js';

export { CHOICES };

/** 'a, b or c' */
const listOr = (values: readonly string[]): string =>
  values.length > 1 ? tr`${values.slice(0, -1).join(', ')} or ${values.at(-1)}` : (values[0] ?? '');

export interface RunOptions {
  /** The implementation's base address, e.g. http://127.0.0.1:5140/v1. Excludes `embedded`. */
  baseUrl?: string;
  /** The language of the texts the checks and causes compose (issue 48): `en` (default) or `zh-CN`. */
  lang?: Lang;
  /** Start the reference implementation in-process and check it (its identities give tokens, ids, trigger). */
  embedded?: boolean;
  /** Use this already started reference as the embedded target (tests, faults matrix); not closed by run(). */
  reference?: ReferenceServer;
  token?: string;
  peerToken?: string;
  peerSelfId?: string;
  /** Extra headers for every request (--header K:V). */
  headers?: Record<string, string>;
  platform?: string;
  selfId?: string;
  guild?: string;
  channel?: string;
  user?: string;
  suites?: string[];
  grep?: string;
  /** Verdict level (default 'must'). */
  level?: (typeof CHOICES.level)[number];
  includeExperimental?: boolean;
  profile?: (typeof CHOICES.profile)[number];
  /** Per-request timeout (default 10 000 ms). */
  timeoutMs?: number;
  /** How long t.events.waitFor waits (default 5000 ms). */
  eventTimeoutMs?: number;
  /** Per-check timeout (default 30 000 ms). */
  checkTimeoutMs?: number;
  /**
   * Whole-run deadline (default 600 000 ms): then no check starts, those in flight are stopped and the
   * cleanup runs within its own budget (cleanupTimeoutMs).
   */
  runTimeoutMs?: number;
  /** Cleanup budget (default 3 request timeouts, between 5 s and 60 s). */
  cleanupTimeoutMs?: number;
  /**
   * Keep this file up to date with what the run created and has not undone (curl commands to delete it
   * by hand): written on every change, so a second Ctrl-C or a crash still leaves it; removed when the
   * cleanup leaves nothing.
   */
  ledgerFile?: string;
  /** Checks in flight at once (default 8). */
  concurrency?: number;
  /** Shuffles the order checks start in (a whole number ≥ 1); absent: the fixed order. Stored in the report. */
  seed?: number;
  /** Re-run each counted failure alone after the main pass (default true). */
  confirm?: boolean;
  /** Embedded reference: start it in a dirty world (an interrupted earlier run's leftovers; true: every item). */
  dirty?: boolean | string[];
  /** Embedded reference: a do-nothing server in its place (src/reference/vacuity.ts presets). */
  vacuity?: string;
  /** Faults of the embedded reference to switch on (only with embedded). */
  faults?: string[];
  /**
   * Tolerances of the embedded reference to switch on (only with embedded): legal variations real
   * servers show, ids or presets such as 'legacy' (conformance serve --list-tolerances).
   */
  tolerances?: string[];
  /** §4.8 variants, e.g. { 'role-payload': 'role' }: chosen for the run (embedded: also for the reference). */
  variants?: Record<string, string>;
  /**
   * The target's message.list limit bound (§8.2 leaves it unstated), so the clamping checks can test
   * bound+1; embedded: also the bound the reference enforces (default: the reference's 100).
   */
  limitBound?: number;
  /** Two or more emoji ids valid on the target, for the reaction checks (default 👍 and ❤️). */
  emoji?: string[];
  /** Embedded reference: delay added to every response (benchmarks). */
  latencyMs?: number;
  events?: (typeof CHOICES.events)[number];
  eventsUrl?: string;
  /** host:port for the webhook receiver (default 127.0.0.1:0). */
  webhookListen?: string;
  /**
   * The token the user registered the webhook receiver with: deliveries are judged against it, and the
   * checker does not register itself. Never printed.
   */
  webhookToken?: string;
  triggerUrl?: string;
  /** Headers sent only to --trigger-url (e.g. its own auth), never to the implementation. */
  triggerHeaders?: Record<string, string>;
  triggerCommand?: string;
  allowDestructive?: boolean;
  /** Run these checks instead of loading suites/ (tests, examples). */
  checks?: CheckDefinition[];
  /** The suites folder(s) to load (default the package's suites/). */
  suitesDir?: string | string[];
  /** Aborting stops starting checks, aborts those in flight, then cleans up (SIGINT/SIGTERM). */
  signal?: AbortSignal;
  /** false only in the safety self-test: leaves everything the run created in place. */
  cleanup?: boolean;
  /** The checker's own rate limit, 'N/s', 'N/m' or 'N/h' (--rate-limit). */
  rateLimit?: string;
  /** Before the first check: how many, where, and what the run can act as and observe (issue 43). */
  onRunStart?: (info: {
    total: number;
    target: string;
    estimate?: string;
    firstContact?: FirstContact;
  }) => void;
  /** A request waits this long for quota (1 s or more): why, and about how many requests the run has left. */
  onQuotaWait?: (wait: { ms: number; reason: string; requestsLeft?: number }) => void;
  onCheckStart?: (check: CheckDefinition) => void;
  onCheckResult?: (result: CheckResult, progress: { done: number; total: number }) => void;
  onCleanup?: (records: CleanupRecord[]) => void;
}

export const DEFAULTS = {
  level: 'must' as Level,
  profile: 'satori' as RunOptions['profile'] & string,
  timeoutMs: 10_000,
  eventTimeoutMs: 5_000,
  checkTimeoutMs: 30_000,
  runTimeoutMs: 600_000,
  concurrency: 8,
  events: 'ws' as RunOptions['events'] & string,
};

/** Checks the options make sense together; every message says what to change. */
export function validateRunOptions(options: RunOptions): void {
  const fail = (message: string): never => {
    throw new ConfigurationError(message);
  };
  const embedded = options.embedded || options.reference !== undefined;
  if (!embedded && !options.baseUrl)
    fail(tr`Pass --base-url URL (the implementation to check) or --embedded.`);
  if (options.embedded && options.baseUrl)
    fail(tr`--base-url and --embedded exclude each other: pass one of them.`);
  if (options.baseUrl) {
    let url: URL | undefined;
    try {
      url = new URL(options.baseUrl);
    } catch {
      fail(tr`--base-url '${options.baseUrl}' is not a URL: write it like http://127.0.0.1:5140/v1`);
    }
    if (url && !/^https?:$/.test(url.protocol))
      fail(tr`--base-url must be http:// or https:// (got ${url.protocol})`);
  }
  if (options.faults?.length && !embedded) {
    fail(
      tr`--fault only works with --embedded (faults are switched on in the embedded reference implementation).`,
    );
  }
  if (options.tolerances?.length && !embedded) {
    fail(
      tr`--tolerate only works with --embedded (tolerances are switched on in the embedded reference implementation).`,
    );
  }
  if (options.latencyMs !== undefined && !embedded) fail(tr`--latency only works with --embedded.`);
  if (options.limitBound !== undefined && !(Number.isInteger(options.limitBound) && options.limitBound > 0)) {
    fail(tr`--limit-bound must be a whole number above 0 (the largest page message.list returns)`);
  }
  if (options.emoji && (options.emoji.length < 2 || options.emoji.some((id) => !id))) {
    fail(tr`--emoji needs two or more emoji ids valid on the target, comma-separated, e.g. --emoji 👍,❤️`);
  }
  // Types and choices from the option table (src/run-flags.ts); the rules across options stay here.
  for (const flag of RUN_FLAGS) {
    if (!flag.option) continue;
    const value = (options as Record<string, unknown>)[flag.option];
    const name = flag.flag.split(' ')[0];
    if (value === undefined) continue;
    if (flag.choices && !flag.choices.includes(value as string))
      fail(tr`${name} must be ${listOr(flag.choices)} (got '${value}')`);
    // A row whose schema allows 0 (--latency) takes 0; the others must be above it.
    const least = configSchemaOf(flag).minimum === 0 ? 0 : Number.MIN_VALUE;
    if (flag.type === 'number' && !(typeof value === 'number' && Number.isFinite(value) && value >= least))
      fail(tr`${name} must be ${least === 0 ? tr`a number of 0 or more` : tr`a positive number`}`);
  }
  for (const suite of options.suites ?? []) {
    if (!GROUPS.includes(suite as Group))
      fail(tr`--suite '${suite}' is unknown: use one of ${GROUPS.join(', ')}`);
  }
  if (options.grep) {
    try {
      new RegExp(options.grep);
    } catch (error) {
      fail(tr`--grep '${options.grep}' is not a valid regular expression: ${(error as Error).message}`);
    }
  }
  for (const [point, value] of Object.entries(options.variants ?? {})) {
    const values = (VARIANT_POINTS as Record<string, readonly string[]>)[point];
    if (!values)
      fail(tr`--variant: unknown point '${point}'; points are ${Object.keys(VARIANT_POINTS).join(', ')}`);
    if (!values.includes(value)) fail(tr`--variant ${point}: '${value}' is not one of ${values.join(', ')}`);
  }
  const positive = (name: string, value: number | undefined) => {
    if (value !== undefined && !(Number.isFinite(value) && value > 0))
      fail(tr`${name} must be a positive number`);
  };
  // No flag: run() callers only.
  positive('--cleanup-timeout', options.cleanupTimeoutMs);
  if (options.concurrency !== undefined && !Number.isInteger(options.concurrency)) {
    fail(tr`--concurrency must be a whole number`);
  }
  if (options.rateLimit !== undefined) {
    try {
      parseRate(options.rateLimit);
    } catch (error) {
      fail((error as Error).message);
    }
  }
  if (options.seed !== undefined && !Number.isInteger(options.seed))
    fail(tr`--seed must be a whole number (got ${options.seed})`);
  if (options.dirty !== undefined && options.dirty !== false && !embedded)
    fail(tr`--dirty only works with --embedded (it seeds the embedded reference with leftovers).`);
  if (options.vacuity !== undefined && !embedded)
    fail(
      tr`--vacuous only works with --embedded (it replaces the embedded reference by a do-nothing server).`,
    );
  if (options.triggerUrl && options.triggerCommand)
    fail(tr`Pass --trigger-url or --trigger-command, not both.`);
  if (options.webhookListen && !/^[^:]+:\d+$/.test(options.webhookListen)) {
    fail(tr`--webhook-listen must be HOST:PORT (got '${options.webhookListen}')`);
  }
}
