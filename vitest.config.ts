import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores: 1 on the 2-core CI machine. The tests mostly
    // wait on loopback I/O and deadlines, so every core gets a worker (issue 11: CI within budget).
    maxWorkers: availableParallelism(),
  },
});
