/**
 * Two processes that keep the CPU saturated (one per core of the CI machine) for the busy-machine tests
 * (issue 34 item 0). Bounded: each ends by itself after `forMs`, should the test process die first; the
 * file's afterAll kills them. Returns the loops, for a test to assert they are still running.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { afterAll, beforeAll } from 'vitest';

export function withBusyLoops(forMs = 180_000): readonly ChildProcess[] {
  const loops: ChildProcess[] = [];
  beforeAll(() => {
    for (let core = 0; core < 2; core++)
      loops.push(
        spawn(process.execPath, ['-e', `const end = Date.now() + ${forMs}; while (Date.now() < end);`], {
          stdio: 'ignore',
        }),
      );
  });
  afterAll(() => {
    for (const loop of loops) loop.kill('SIGKILL');
  });
  return loops;
}
