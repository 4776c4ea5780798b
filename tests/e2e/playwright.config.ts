import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * Browser tests in Debian's Chromium against the app started exactly the way `npm start` starts
 * it (build the web app, then the embedded host), on a fresh data folder and a test port.
 */
const root = resolve(import.meta.dirname, '../..');
const port = Number(process.env.GHG_E2E_PORT ?? 3100);
// Workers inherit the environment, so every process of one run agrees on the folder.
process.env.GHG_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'ghg-e2e-'));

export const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: import.meta.dirname,
  testMatch: '*.spec.ts',
  outputDir: join(root, 'test-results'),
  fullyParallel: false,
  workers: 1,
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
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: 'npm run build:web && node --import tsx app/src/main.ts',
    cwd: root,
    url: `${baseURL}/api/system-options`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: process.env.GHG_E2E_DATA_DIR,
      // Always the embedded default on a fresh folder: CI sets DATABASE_URL for the integration
      // tests, and a server on that shared database would meet the previous run's data.
      DATABASE_URL: '',
      EVENTSTORE_URL: '',
      LOG_LEVEL: 'warn',
    },
  },
});
