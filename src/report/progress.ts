/**
 * Progress while a run goes on, on stderr. On a TTY one status block is rewritten in place (log-update):
 * checks done/total, failures so far, what is in flight and an ETA; each failure stays printed above it.
 * Without a TTY it is line-oriented: one line per finished check, as CI logs want.
 */
import { Chalk, type ChalkInstance } from 'chalk';
import { createLogUpdate } from 'log-update';
import { shorten } from '../../spec/brief.js';
import type { CheckDefinition } from '../runner/check.js';
import type { CheckResult, Status } from '../runner/model.js';
import { humanDuration, isFailing } from './common.js';

export interface ProgressCallbacks {
  onRunStart: (info: { total: number; target: string }) => void;
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

/** The ETA from the pace so far; unknown until one check finished. */
export function estimateRemainingMs(elapsedMs: number, done: number, total: number): number | undefined {
  if (done === 0 || done >= total) return done >= total ? 0 : undefined;
  return (elapsedMs / done) * (total - done);
}

export function createProgress(write: (text: string) => void, options: ProgressOptions): ProgressCallbacks {
  const c = new Chalk({ level: options.color ? 1 : 0 });
  const noop = () => undefined;
  if (options.quiet) return { onRunStart: noop, onCheckStart: noop, onCheckResult: noop, finish: noop };
  if (!options.tty) {
    return {
      onRunStart: ({ total, target }) => write(c.dim(`running ${total} checks against ${target}\n`)),
      onCheckStart: noop,
      onCheckResult: (result, { done, total }) => {
        const position = c.dim(`[${String(done).padStart(String(total).length)}/${total}]`);
        write(`${position} ${label(c, result.status)} ${result.id}\n`);
      },
      finish: noop,
    };
  }

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

  const fitWidth = (text: string) => {
    const width = Math.max(20, (terminal.columns ?? 80) - 1);
    return text.length <= width ? text : shorten(text, width - 1);
  };
  const render = () => {
    const remaining = estimateRemainingMs(now() - started, done, total);
    const eta = remaining === undefined ? 'ETA …' : `ETA ${humanDuration(remaining)}`;
    const failures = failing ? c.red(`${failing} failing`) : '0 failing';
    const flying = [...inFlight];
    const line1 = `[${done}/${total}] checks done · ${failures} · ${flying.length} in flight · ${eta}`;
    const line2 = flying.length
      ? fitWidth(`  in flight: ${flying.join(', ')}`)
      : fitWidth(`  ${done < total ? 'starting…' : 'cleaning up…'} ${target}`);
    status(`${line1}\n${c.dim(line2)}`);
  };

  return {
    onRunStart: (info) => {
      started = now();
      total = info.total;
      target = info.target;
      terminal.write(c.dim(`running ${total} checks against ${target}\n`));
      render();
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
      if (total === 0) return;
      const failures = failing ? c.red(`${failing} failing`) : '0 failing';
      status(`[${done}/${total}] checks done · ${failures} · took ${humanDuration(now() - started)}`);
      status.done();
    },
  };
}
