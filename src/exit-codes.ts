/**
 * The process exit codes of every `conformance` command: one table, so a script can tell a
 * non-conforming implementation (1) from a defect of the checker itself (4).
 */
import { tr } from './i18n/index.js';
export const EXIT = {
  /** Conforms at the level (or: the command did what was asked). */
  conforms: 0,
  /** A counted check failed or errored (compare: a regression). */
  fails: 1,
  /** Usage or configuration error, or no verdict (no counted check ran). */
  usage: 2,
  /** The implementation could not be reached. */
  unreachable: 3,
  /** A defect of the checker itself (not of the implementation): please report it. */
  internal: 4,
  /** Interrupted by SIGINT (after cleanup). */
  sigint: 130,
  /** Interrupted by SIGTERM (after cleanup). */
  sigterm: 143,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** The exit code of a run stopped by a signal (SIGINT unless it was SIGTERM). */
export const interruptedExit = (reason: unknown): ExitCode =>
  reason === 'SIGTERM' ? EXIT.sigterm : EXIT.sigint;

/** The one line an internal error prints: what happened, that it is ours, where to report it. */
export const internalErrorLine = (error: unknown): string => {
  const message = error instanceof Error ? error.message : String(error);
  return tr`internal error (a defect of the checker, not of the implementation): ${message.split('\n')[0]}; please report it on the chat-conformance issue tracker with the command you ran (DEBUG=chat-conformance prints the stack)`;
};

/** Set DEBUG=chat-conformance to see the stack of an internal error. */
export const debugEnabled = (env: NodeJS.ProcessEnv): boolean =>
  (env.DEBUG ?? '').split(/[\s,]+/).some((name) => name === 'chat-conformance' || name === '*');
