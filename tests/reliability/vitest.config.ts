import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * The fault drills (SECURITY.md I5 and "Fault drills"): the real server as a child process on a
 * scratch Postgres database, killed, cut off and paused under load. Postgres only, so they run from
 * `npm run test:pg`, never from the plain `npm test`; one file at a time (2 cores).
 */
export default defineConfig({
  root: path.resolve(import.meta.dirname, '../..'),
  test: {
    globals: true,
    include: ['tests/reliability/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 240_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
