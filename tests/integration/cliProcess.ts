import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { freshPostgres } from '@ghg/eventstore/testing';

const root = resolve(import.meta.dirname, '../..');

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs one of the app's command-line scripts as an operator does (`node --import tsx app/src/…`,
 * what the npm scripts run), with `env` over the test's environment (undefined removes a variable) and `stdin` piped in. Killed,
 * and the promise rejected with its output, after `timeoutMs`.
 */
export function runCli(script: string, args: readonly string[], options: { env?: NodeJS.ProcessEnv; stdin?: string; timeoutMs?: number } = {}): Promise<CliResult> {
  // An undefined value removes the variable (say DATABASE_URL, for a run on the data folder).
  const env = Object.fromEntries(Object.entries({ ...process.env, LOG_LEVEL: 'warn', ...options.env }).filter(([, value]) => value !== undefined));
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: root,
    env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
  child.stdin.end(options.stdin ?? '');
  const timeoutMs = options.timeoutMs ?? 60_000;
  return new Promise((done, fail) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      fail(new Error(`${script} ${args.join(' ')} did not finish within ${timeoutMs} ms:\n${stdout}\n${stderr}`));
    }, timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      fail(error);
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      done({ code, stdout, stderr });
    });
  });
}

/**
 * An empty scratch database on DATABASE_URL's PostgreSQL server, for processes started apart
 * (a CLI, the app) to share: its URL, and `drop` to remove it with any connection left behind.
 */
export async function emptyPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const db = await freshPostgres();
  if (!db) throw new Error('DATABASE_URL is not set');
  await db.knex.destroy();
  return { url: (db.config as { url: string }).url, drop: () => db.close() };
}
