import { defineConfig } from 'vitest/config';

// Unit tests are pure and fast; integration tests open PGlite/PostgreSQL and run one file at a
// time per worker. Browser tests live in tests/e2e and run under Playwright, never here.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['{events,eventstore,domain,api,command-api,projector,query-api,app,locales,web,tests}/**/*.unit.test.{ts,tsx}'],
          exclude: ['**/node_modules/**', 'tests/e2e/**'],
        },
      },
      {
        test: {
          name: 'int',
          include: ['{events,eventstore,domain,api,command-api,projector,query-api,app,locales,tests}/**/*.int.test.ts'],
          exclude: ['**/node_modules/**', 'tests/e2e/**'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
