// ESLint flat config: `npm run lint` (zero warnings), run by `npm test` before the tests.
// - JavaScript and typescript-eslint recommended rules on every source file;
// - the React hooks rules on the web app;
// - import boundaries between the workspace packages (docs/architecture.md, "Packages"): each
//   package may import only the packages listed for it below, always through the package entry
//   ('@ghg/domain', never '@ghg/domain/…'); the only other entries are the test-only
//   '@ghg/<package>/testing', allowed in test files only, and '@ghg/locales/meta'.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import tseslint from 'typescript-eslint';

/** Test code inside a package: test files and test helpers in `testing/` folders (all of tests/ is test code). */
const TEST_FILES = ['**/*.test.ts', '**/*.test.tsx', '**/testing/**'];

/** Database drivers, the EventStoreDB client and gRPC: for @ghg/eventstore and the services only. */
const INFRASTRUCTURE = {
  regex: '^(knex|knex-pglite|pg|pg-[a-z-]+|@electric-sql/pglite|@eventstore/db-client|@grpc/grpc-js)(/.*)?$',
  message: 'Infrastructure belongs in @ghg/eventstore or a service, not in this package (it must stay pure).',
};

// '@ghg/locales/meta': the languages without their messages, for the web app's entry bundle.
const DEEP_IMPORT = {
  regex: '^@ghg/(?!locales/meta$)[^/]+/(?!testing$)',
  message: "Import another package through its entry point ('@ghg/<package>'); export what you need from its index.",
};

const TESTING_ENTRY = {
  regex: '^@ghg/[^/]+/testing$',
  message: "'@ghg/<package>/testing' holds test-only helpers: import it from test files only.",
};

const PACKAGES = ['events', 'eventstore', 'domain', 'api', 'command-api', 'projector', 'query-api', 'app', 'locales', 'web', 'tests'];

/** What each workspace package may import from the others (besides itself). */
const MAY_IMPORT = {
  events: [],
  eventstore: ['events'],
  domain: ['events'],
  api: ['events', 'domain'],
  'command-api': ['events', 'eventstore', 'domain', 'api', 'locales', 'projector'],
  projector: ['events', 'eventstore', 'domain'],
  'query-api': ['events', 'eventstore', 'domain', 'api', 'projector'],
  app: ['events', 'eventstore', 'domain', 'api', 'command-api', 'projector', 'query-api'],
  locales: [],
  web: ['events', 'domain', 'api', 'locales'],
  tests: ['events', 'eventstore', 'domain', 'api', 'command-api', 'projector', 'query-api', 'app', 'locales'],
};

/** Packages that must not reach a database, the event store or the network (the web app bundles them). */
const PURE = new Set(['events', 'domain', 'api', 'locales', 'web']);

function boundaries(pkg, { tests }) {
  const forbidden = PACKAGES.filter((other) => other !== pkg && !MAY_IMPORT[pkg].includes(other));
  const patterns = [DEEP_IMPORT];
  if (!tests) patterns.push(TESTING_ENTRY);
  if (forbidden.length > 0) {
    patterns.push({
      regex: `^@ghg/(${forbidden.join('|')})(/.*)?$`,
      message: `@ghg/${pkg} may import only ${MAY_IMPORT[pkg].map((p) => `@ghg/${p}`).join(', ') || 'no other workspace package'} (docs/architecture.md).`,
    });
  }
  if (PURE.has(pkg)) patterns.push(INFRASTRUCTURE);
  if ((pkg === 'events' || pkg === 'api') && !tests) {
    patterns.push({ regex: '^node:', message: `@ghg/${pkg} runs in the browser too: no Node built-ins.` });
  }
  return { 'no-restricted-imports': ['error', { patterns }] };
}

export default defineConfig([
  globalIgnores(['**/node_modules/**', '**/dist/**', 'test-results/**', 'playwright-report/**', '.tmp/**', 'coverage/**', 'data/**', '.data*/**']),
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    extends: [js.configs.recommended, tseslint.configs.recommended],
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `_`-prefixed names mark a parameter or binding kept on purpose.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', URL: 'readonly', Buffer: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly' },
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
  },
  ...PACKAGES.flatMap((pkg) => [
    { files: [`${pkg}/**/*.{ts,tsx,js,mjs}`], rules: boundaries(pkg, { tests: pkg === 'tests' }) },
    { files: TEST_FILES.map((glob) => `${pkg}/${glob}`), rules: boundaries(pkg, { tests: true }) },
  ]),
]);
