import { mkdirSync, mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * Browser tests in Debian's Chromium against the app started exactly the way `npm start` starts
 * it (build the web app, then the embedded host), on a fresh data folder and a test port.
 *
 * The spec files are shared out between GHG_E2E_SHARDS servers (default 2), each with its own
 * data folder and port and one worker: a file meets only the files of its own shard, one after
 * another, as on a single server, and the shards run side by side. Files go to the lightest shard,
 * largest first (file size stands for run time), so a new file needs no list.
 */
const root = resolve(import.meta.dirname, '../..');
const port = Number(process.env.GHG_E2E_PORT ?? 3100);
const shardCount = Math.max(1, Number(process.env.GHG_E2E_SHARDS ?? 2));
// Workers inherit the environment, so every process of one run agrees on the folder.
process.env.GHG_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'ghg-e2e-'));

const shards = Array.from({ length: shardCount }, (_, i) => ({ files: [] as string[], bytes: 0, port: port + i, dataDir: join(process.env.GHG_E2E_DATA_DIR!, `shard-${i + 1}`) }));
const specFiles = readdirSync(import.meta.dirname)
  .filter((f) => f.endsWith('.spec.ts'))
  .map((f) => ({ f, bytes: statSync(join(import.meta.dirname, f)).size }))
  .sort((a, b) => b.bytes - a.bytes || a.f.localeCompare(b.f));
for (const { f, bytes } of specFiles) {
  const lightest = shards.reduce((a, b) => (b.bytes < a.bytes ? b : a));
  lightest.files.push(f);
  lightest.bytes += bytes;
}
for (const shard of shards) mkdirSync(shard.dataDir, { recursive: true });
const urlOf = (p: number) => `http://localhost:${p}`;

export const baseURL = urlOf(port);

export default defineConfig({
  testDir: import.meta.dirname,
  testMatch: '*.spec.ts',
  outputDir: join(root, 'test-results'),
  fullyParallel: false,
  workers: shardCount,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never', outputFolder: join(root, 'playwright-report') }]] : 'list',
  use: {
    baseURL,
    viewport: { width: 1280, height: 720 },
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: shards.map((shard, i) => ({
    name: shardCount === 1 ? 'chromium' : `chromium-${i + 1}`,
    testMatch: shard.files,
    // One worker per server: a shard's files run one after another, never two on one server.
    workers: 1,
    use: { browserName: 'chromium' as const, baseURL: urlOf(shard.port) },
  })),
  // Playwright starts the servers one after another: the first builds the web app the others serve.
  webServer: shards.map((shard, i) => ({
    // vite alone: `npm test` type-checks the web app (tests/e2e included) before the browser tests.
    command: `${i === 0 ? 'npm exec -w @ghg/web -- vite build && ' : ''}node --import tsx app/src/main.ts`,
    cwd: root,
    url: `${urlOf(shard.port)}/api/system-options`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(shard.port),
      DATA_DIR: shard.dataDir,
      // Always the embedded default on a fresh folder: CI sets DATABASE_URL for the integration
      // tests, and a server on that shared database would meet the previous run's data.
      DATABASE_URL: '',
      EVENTSTORE_URL: '',
      LOG_LEVEL: 'warn',
    },
  })),
});
