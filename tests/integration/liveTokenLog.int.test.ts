import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';

const root = resolve(import.meta.dirname, '../..');

/**
 * The real server (app/src/main.ts) at LOG_LEVEL=info on a data folder of its own, with everything
 * it writes kept, so the test reads the log an operator would ship somewhere.
 */
function startLoggingServer(dataDir: string): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', WEB_DIST: join(dataDir, 'no-web') };
  delete env.DATABASE_URL;
  delete env.EVENTSTORE_URL;
  delete env.PUBLIC_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'app/src/main.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  return new Promise((started, failed) => {
    const timer = setTimeout(() => failed(new Error(`server did not start within 60 s:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk;
      const port = /running at https?:\/\/\S*?:(\d+)/.exec(output)?.[1];
      if (port) {
        clearTimeout(timer);
        started({ child, url: `http://127.0.0.1:${port}`, output: () => output });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => failed(new Error(`server exited with ${code}:\n${output}`)));
  });
}

const exited = (child: ChildProcess) => new Promise<void>((done) => (child.exitCode !== null || child.signalCode !== null ? done() : child.once('exit', () => done())));

describe('the server log and secrets in query strings', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'ghg-log-'));
  let child: ChildProcess | null = null;
  afterAll(async () => {
    if (child && child.exitCode === null) {
      child.kill('SIGKILL');
      await exited(child);
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('logs /api/live and password-link requests without their token', async () => {
    const server = await startLoggingServer(dataDir);
    child = server.child;
    const login = await fetch(`${server.url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@demo.example', password: 'demo-ledger' }) });
    const { token } = (await login.json()) as { token: string };
    expect(token).toMatch(/^ey/);

    const socket = new WebSocket(`${server.url.replace('http', 'ws')}/api/live?token=${encodeURIComponent(token)}`);
    const hello = await new Promise<{ type: string }>((received, failed) => {
      socket.once('message', (data) => received(JSON.parse(String(data))));
      socket.once('error', failed);
      setTimeout(() => failed(new Error('no hello within 10 s')), 10_000);
    });
    expect(hello.type).toBe('hello');
    socket.close();
    // The embedded app serves the password-setting page too: its link carries a one-time token.
    await (await fetch(`${server.url}/auth/password-resetting?id=u1&token=one-time-reset-secret`)).text();

    // SIGTERM: the server closes and the log is complete.
    server.child.kill('SIGTERM');
    await exited(server.child);
    const output = server.output();
    const requests = output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { msg?: string; req?: { url?: string } })
      .filter((entry) => entry.req?.url);
    expect(requests.map((entry) => entry.req!.url)).toEqual(
      expect.arrayContaining(['/api/live?token=[redacted]', '/auth/password-resetting?id=u1&token=[redacted]']),
    );
    expect(output).not.toContain(token);
    expect(output).not.toContain(token.split('.')[2]);
    expect(output).not.toContain('one-time-reset-secret');
  });
});
