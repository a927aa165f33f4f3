import { defineConfig } from 'vitest/config';

/** Browser tests: the real server and Debian's chromium; one file at a time (2 cores). */
export default defineConfig({
  test: {
    globals: true,
    include: ['tests/e2e/**/*.e2e.test.ts'],
    environment: 'node',
    globalSetup: ['tests/e2e/global-setup.ts'],
    fileParallelism: false,
    // Concurrent tests (the onboarding journeys) two at a time.
    maxConcurrency: 2,
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
