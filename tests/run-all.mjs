#!/usr/bin/env node
// `npm test`: type-check, lint (ESLint, zero warnings), unit and integration tests (vitest), then
// browser tests (Playwright in Debian Chromium), and one closing line "tests: N passed, N failed,
// N skipped" over all of them (a failed type-check or lint counts as one failure each).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const root = new URL('..', import.meta.url).pathname;
const out = `${root}.tmp/test-results`;
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const run = (label, cmd, args, env = {}) => {
  console.log(`\n=== ${label}: ${cmd} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`=== ${label}: exit ${result.status} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return result.status ?? 1;
};

if (!process.env.DATABASE_URL) {
  console.log('note: DATABASE_URL is not set, so the PostgreSQL integration tests run on PGlite only (CI sets it).');
}

const totals = { passed: 0, failed: 0, skipped: 0 };
let exitCode = 0;

for (const project of ['tsconfig.json', 'web/tsconfig.json']) {
  if (run(`typecheck ${project}`, 'npx', ['tsc', '-p', project, '--noEmit']) !== 0) {
    totals.failed += 1;
    exitCode = 1;
  }
}

if (run('lint', 'npm', ['run', '--silent', 'lint']) !== 0) {
  totals.failed += 1;
  exitCode = 1;
}

const vitestJson = `${out}/vitest.json`;
const vitestStatus = run('unit and integration', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`]);
if (existsSync(vitestJson)) {
  const report = JSON.parse(readFileSync(vitestJson, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
  if (report.numFailedTestSuites > 0 && report.numFailedTests === 0) totals.failed += report.numFailedTestSuites;
} else totals.failed += 1;
if (vitestStatus !== 0) exitCode = 1;

if (existsSync(`${root}tests/e2e/playwright.config.ts`)) {
  if (!existsSync('/usr/bin/chromium')) {
    console.log('e2e: FAILED to start: /usr/bin/chromium is missing (apt-get install -y chromium; .ci/run does this).');
    totals.failed += 1;
    exitCode = 1;
  } else {
    const pwJson = `${out}/playwright.json`;
    const status = run('browser (Playwright, Chromium)', 'npx', ['playwright', 'test', '-c', 'tests/e2e/playwright.config.ts', '--reporter=list,json'], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson,
    });
    if (existsSync(pwJson)) {
      const { stats } = JSON.parse(readFileSync(pwJson, 'utf8'));
      totals.passed += stats.expected + stats.flaky;
      totals.failed += stats.unexpected;
      totals.skipped += stats.skipped;
    } else totals.failed += 1;
    if (status !== 0) exitCode = 1;
  }
}

console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(exitCode);
