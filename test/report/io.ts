/** A CommandIo that records what a command printed and the exit code it set. */
import type { CommandIo } from '../../bin/commands/io.js';

export interface CapturedIo extends CommandIo {
  out: string;
  err: string;
  code: number | undefined;
}

export function captureIo(): CapturedIo {
  const io: CapturedIo = {
    out: '',
    err: '',
    code: undefined,
    stdout: (text) => {
      io.out += text;
    },
    stderr: (text) => {
      io.err += text;
    },
    exit: (code) => {
      io.code = code;
    },
  };
  return io;
}
