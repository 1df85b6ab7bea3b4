/**
 * Progress while a run goes on, on stderr. On a TTY one status block is rewritten in place (log-update):
 * checks done/total, failures so far, what is in flight and an ETA; each failure stays printed above it.
 * Without a TTY it is line-oriented: one line per finished check, as CI logs want.
 */
import { Chalk, type ChalkInstance } from 'chalk';
import { createLogUpdate } from 'log-update';
import { shorten } from '../../spec/brief.js';
import { say, tr } from '../i18n/index.js';
import type { CheckDefinition } from '../runner/check.js';
import type { CheckResult, Status } from '../runner/model.js';
import { humanDuration, isFailing } from './common.js';

/** A duration in the run's language (the CLI's --lang). */
const duration = (ms: number): string => humanDuration(ms, say);

/** A request waiting for quota (RunOptions.onQuotaWait). */
export interface QuotaWaitInfo {
  ms: number;
  reason: string;
  requestsLeft?: number;
}

export interface ProgressCallbacks {
  onRunStart: (info: { total: number; target: string; estimate?: string }) => void;
  /** A request waits for quota: the status says so until the wait is over. */
  onQuotaWait: (wait: QuotaWaitInfo) => void;
  onCheckStart: (check: Pick<CheckDefinition, 'id'>) => void;
  onCheckResult: (result: CheckResult, progress: { done: number; total: number }) => void;
  /** Leaves the last status on screen (TTY); call once when the run returned. */
  finish: () => void;
}

export interface ProgressOptions {
  color: boolean;
  /** A terminal to rewrite in place; absent: one line per check through `write`. */
  tty?: NodeJS.WriteStream;
  /** No progress at all. */
  quiet?: boolean;
  /** For tests: the clock (ms). */
  now?: () => number;
}

const label = (c: ChalkInstance, status: Status): string =>
  ({
    pass: c.green('PASS '),
    fail: c.red('FAIL '),
    skip: c.yellow('SKIP '),
    error: c.magenta('ERROR'),
  })[status];

/** 'waiting 57 s for the target's rate limit (bucket 'ip') (120 requests left)'. */
export const quotaWaitLine = (wait: QuotaWaitInfo, leftMs = wait.ms): string =>
  wait.requestsLeft === undefined
    ? tr`waiting ${Math.ceil(leftMs / 1000)} s for ${wait.reason}`
    : tr`waiting ${Math.ceil(leftMs / 1000)} s for ${wait.reason} (about ${wait.requestsLeft} requests left)`;

/** How many checks fail so far, red when some do. */
const failingWords = (c: ChalkInstance, failing: number): string => {
  const words = say('progress.failing', { n: String(failing) });
  return failing ? c.red(words) : words;
};

/** Waits for quota shorter than this are not worth a line of their own without a terminal. */
const QUOTA_LINE_FROM_MS = 5_000;

const startLine = (info: { total: number; target: string; estimate?: string }) =>
  `${info.estimate ? tr`running ${info.total} checks against ${info.target} (${info.estimate})` : tr`running ${info.total} checks against ${info.target}`}\n`;

/** The ETA from the pace so far; unknown until one check finished. */
export function estimateRemainingMs(elapsedMs: number, done: number, total: number): number | undefined {
  if (done === 0 || done >= total) return done >= total ? 0 : undefined;
  return (elapsedMs / done) * (total - done);
}

/**
 * Progress without a terminal: one line per finished check, as CI logs want. The checks that cannot run
 * here (not offered, a capability missing) end first, all at once: one line counts them instead of a SKIP
 * line each before the first check that ran (their reasons follow in the summary).
 */
function lineProgress(write: (text: string) => void, c: ChalkInstance): ProgressCallbacks {
  const noop = () => undefined;
  let leadingSkips = 0;
  const flushSkips = (done: number, total: number) => {
    if (leadingSkips <= 0) return;
    write(
      c.dim(
        `[${done}/${total}] ${tr`${leadingSkips} checks skipped before the first ran (reasons in the summary)`}\n`,
      ),
    );
    leadingSkips = -1;
  };
  return {
    onRunStart: (info) => write(c.dim(startLine(info))),
    onQuotaWait: (wait) => {
      if (wait.ms >= QUOTA_LINE_FROM_MS) write(c.yellow(`${quotaWaitLine(wait)}\n`));
    },
    onCheckStart: noop,
    onCheckResult: (result, { done, total }) => {
      if (leadingSkips >= 0 && result.status === 'skip' && result.durationMs === 0) {
        leadingSkips++;
        return;
      }
      flushSkips(done - 1, total);
      leadingSkips = -1;
      const position = c.dim(`[${String(done).padStart(String(total).length)}/${total}]`);
      write(`${position} ${label(c, result.status)} ${result.id}\n`);
    },
    finish: () => flushSkips(leadingSkips, leadingSkips),
  };
}

export function createProgress(write: (text: string) => void, options: ProgressOptions): ProgressCallbacks {
  const c = new Chalk({ level: options.color ? 1 : 0 });
  const noop = () => undefined;
  if (options.quiet)
    return { onRunStart: noop, onQuotaWait: noop, onCheckStart: noop, onCheckResult: noop, finish: noop };
  if (!options.tty) return lineProgress(write, c);

  const terminal = options.tty;
  // showCursor: never hide the cursor, so a crash or a second Ctrl-C cannot leave the terminal without one.
  const status = createLogUpdate(terminal, { showCursor: true });
  const now = options.now ?? (() => performance.now());
  const inFlight = new Set<string>();
  let started = now();
  let total = 0;
  let done = 0;
  let failing = 0;
  let target = '';
  /** The latest wait for quota and when it ends (now() ms). */
  let quota: { wait: QuotaWaitInfo; until: number } | undefined;
  let quotaTimer: NodeJS.Timeout | undefined;

  const fitWidth = (text: string) => {
    const width = Math.max(20, (terminal.columns ?? 80) - 1);
    return text.length <= width ? text : shorten(text, width - 1);
  };
  const render = () => {
    const remaining = estimateRemainingMs(now() - started, done, total);
    const t = say;
    const eta =
      remaining === undefined ? t('progress.etaUnknown') : t('progress.eta', { time: duration(remaining) });
    const failures = failingWords(c, failing);
    const flying = [...inFlight];
    const waiting =
      quota && quota.until > now() ? ` · ${quotaWaitLine(quota.wait, quota.until - now())}` : '';
    const line1 = `[${done}/${total}] ${t('progress.status', { failures, n: String(flying.length), eta })}${waiting}`;
    const line2 = flying.length
      ? fitWidth(`  ${t('progress.inFlight', { ids: flying.join(', ') })}`)
      : fitWidth(`  ${t(done < total ? 'progress.starting' : 'progress.cleaningUp', { target })}`);
    status(`${line1}\n${c.dim(line2)}`);
  };

  return {
    onRunStart: (info) => {
      started = now();
      total = info.total;
      target = info.target;
      terminal.write(c.dim(startLine(info)));
      render();
    },
    onQuotaWait: (wait) => {
      const until = now() + wait.ms;
      if (quota && quota.until > until) return;
      quota = { wait, until };
      render();
      // The count down, once a second, until the wait is over.
      clearInterval(quotaTimer);
      quotaTimer = setInterval(() => {
        render();
        if (!quota || quota.until <= now()) clearInterval(quotaTimer);
      }, 1_000);
      quotaTimer.unref();
    },
    onCheckStart: (check) => {
      inFlight.add(check.id);
      render();
    },
    onCheckResult: (result, progress) => {
      inFlight.delete(result.id);
      done = progress.done;
      total = progress.total;
      if (isFailing(result)) {
        failing++;
        // A failure stays on screen above the status block.
        status.clear();
        terminal.write(`${label(c, result.status)} ${result.id}\n`);
      }
      render();
    },
    finish: () => {
      clearInterval(quotaTimer);
      if (total === 0) return;
      const failures = failingWords(c, failing);
      const took = duration(now() - started);
      status(`[${done}/${total}] ${say('progress.done', { failures, time: took })}`);
      status.done();
    },
  };
}
