import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Tests that saturate the CPU on purpose (bounded busy loops, issue 34: verdicts independent of the
 * machine's load). They run after every other test, one file at a time, so that their busy loops load
 * only the runs they judge, not the other tests' timing.
 */
const BUSY_MACHINE = ['test/suites/busy-machine.test.ts', 'test/client-mode/stress.test.ts'];

export default defineConfig({
  test: {
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores: 1 on the 2-core CI machine. The tests mostly
    // wait on loopback I/O, deadlines and the client SDKs' timers (the CPU is idle for a third of an
    // `npm test` at one worker per core), so each core gets two (issue 11: CI within budget).
    maxWorkers: 2 * availableParallelism(),
    // The files of a worker share loaded modules: every file imports the same engine, suites and
    // reference, and evaluating them once per worker instead of once per file saves about a fifth of the
    // CPU. No test depends on a fresh module (a shuffled run, --sequence.shuffle, passes too).
    isolate: false,
    projects: [
      {
        extends: true,
        test: { name: 'main', include: ['test/**/*.test.ts'], exclude: BUSY_MACHINE },
      },
      {
        extends: true,
        test: {
          name: 'busy-machine',
          include: BUSY_MACHINE,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
