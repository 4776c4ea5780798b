import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Unit tests are pure and fast; integration tests open PGlite/PostgreSQL, each file on databases
// and folders of its own, so two run at once. Browser tests live in tests/e2e and run under
// Playwright, never here.
//
// Integration files share one module graph (isolate: false): evaluating the app's modules anew
// for every file made the integration run half as long again. A file that replaces a module with
// vi.mock needs a graph of its own: name it *.isolated.int.test.ts.
const WORKERS = Math.max(2, availableParallelism() - 1);

export default defineConfig({
  test: {
    // At least two workers (vitest's default is one fewer than the cores: one on this 2-core
    // machine). Every project runs in the same group, so they need the same count.
    maxWorkers: WORKERS,
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
          exclude: ['**/node_modules/**', 'tests/e2e/**', '**/*.isolated.int.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          maxWorkers: WORKERS,
          isolate: false,
        },
      },
      {
        test: {
          name: 'int-isolated',
          include: ['{events,eventstore,domain,api,command-api,projector,query-api,app,locales,tests}/**/*.isolated.int.test.ts'],
          exclude: ['**/node_modules/**', 'tests/e2e/**'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          maxWorkers: WORKERS,
        },
      },
    ],
  },
});
