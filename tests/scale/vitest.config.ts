import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * The scale-out test (`npm run test:scale`): two real API server processes on a scratch Postgres database,
 * the machine's Redis and one file store, behind a round-robin proxy. Needs DATABASE_URL and Redis (the
 * script defaults both to the machine's); never part of the plain `npm test`.
 */
export default defineConfig({
  root: path.resolve(import.meta.dirname, '../..'),
  test: {
    globals: true,
    include: ['tests/scale/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
