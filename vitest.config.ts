import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Tests that saturate the CPU on purpose (bounded busy loops, issue 34: verdicts independent of the
 * machine's load). They run after every other test, one file at a time, so that their busy loops load
 * only the runs they judge, not the other tests' timing.
 */
const BUSY_MACHINE = ['test/suites/busy-machine.test.ts', 'test/client-mode/stress.test.ts'];

/**
 * The files that take longest start first, most of them waiting (the client scenarios' timers, event
 * timeouts, a browser): their waits then overlap the other files' CPU work instead of making the run's
 * tail (issue 34: CI under 5 minutes). First the rotating ones (test/support/rotation.ts): long in their
 * slots, done at once in the others. Then by wall time measured on the 2-core machine (with its hooks:
 * a file's time in its worker), down to about 5 s; the rest keep vitest's order.
 */
const LONGEST_FIRST = [
  'test/client-mode/satorijs.test.ts',
  'test/package/readme-commands.test.ts',
  'test/client-mode/shapes.test.ts',
  'test/vitest-integration/vitest-integration.test.ts',
  'test/docs/shell-blocks-tools.test.ts',
  'test/package/package.test.ts',
  'test/hostile/hostile.test.ts',
  'test/client-mode/events.test.ts',
  'test/docs/shell-blocks.test.ts',
  'test/client-mode/examples.test.ts',
  'test/client-mode/concurrency.test.ts',
  'test/runner/causes.test.ts',
  'test/client-mode/storms.test.ts',
  'test/suites/helpers-refused.test.ts',
  'test/runner/events-undecided.test.ts',
  'test/suites/events.test.ts',
  'test/suites/members.test.ts',
  'test/i18n/phrases-run.test.ts',
  'test/report/causes.browser.test.ts',
  'test/suites/channels.test.ts',
  'test/suites/history.test.ts',
  'test/suites/helpers-not-offered.test.ts',
  'test/client-mode/connections.test.ts',
  'test/action/action.test.ts',
  'test/runner/quota.test.ts',
  'test/runner/event-waits.test.ts',
  'test/events/no-ready-run.test.ts',
  'test/cli/newcomer.test.ts',
  'test/i18n/words.test.ts',
  'test/client/pacer.test.ts',
  'test/cli/tty-status.test.ts',
  'test/hostile/killed-run.test.ts',
  'test/runner/vacuity.test.ts',
  'test/client-mode/vacuity.test.ts',
  'test/report/html.browser.test.ts',
  'test/cli/cli.test.ts',
  'test/client-mode/process.test.ts',
  'test/report/one-line.test.ts',
  'test/runner/resume-window.test.ts',
  'test/hostile/webhook-flood.test.ts',
  'test/runner/faults.test.ts',
  'test/report/html-zh.browser.test.ts',
  'test/cli/startup.test.ts',
  'test/report/matrix.browser.test.ts',
  'test/suites/pagination.test.ts',
  'test/reference/server.test.ts',
];

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const index = LONGEST_FIRST.findIndex((name) => file.moduleId.endsWith(name));
      return index < 0 ? LONGEST_FIRST.length : index;
    };
    // Array.prototype.sort is stable: within a rank (and across projects, by groupOrder) vitest's order holds.
    return sorted.sort(
      (a, b) =>
        a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder || rank(a) - rank(b),
    );
  }
}

export default defineConfig({
  test: {
    globalSetup: ['test/support/global-setup.ts'],
    setupFiles: ['test/support/setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores: 1 on the 2-core CI machine. The tests mostly
    // wait on loopback I/O, deadlines and the client SDKs' timers, so each core gets two (issue 11: CI
    // within budget). Five (issue 49 item 4) starved the faults beside them: 17 s of event-loop lag in
    // the archetype proof's process and a false error (archetype seed 17) in slot 2.
    maxWorkers: 2 * availableParallelism(),
    // The files of a worker share loaded modules: every file imports the same engine, suites and
    // reference, and evaluating them once per worker instead of once per file saves about a fifth of the
    // CPU. No test depends on a fresh module (a shuffled run, --sequence.shuffle, passes too).
    isolate: false,
    sequence: { sequencer: LongestFirst },
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
