import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

/** The real server in a child process, started as `npm start` starts it (app/src/main.ts). */
export interface ChildServer {
  child: ChildProcess;
  url: string;
}

const root = resolve(import.meta.dirname, '../..');

/** Starts the server with `env` over the test's own environment; resolves once it prints the port it bound (PORT=0). */
export function startChildServer(env: NodeJS.ProcessEnv): Promise<ChildServer> {
  // BENCH_SERVER_NODE_ARGS: extra Node flags for the server (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`, which NODE_OPTIONS may not carry).
  const extra = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...extra, '--import', 'tsx', 'app/src/main.ts'], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolveStart, reject) => {
    let output = '';
    // BENCH_SERVER_START_TIMEOUT_S: longer for a start that migrates a large database (a new index on a million rows).
    const seconds = Number(process.env.BENCH_SERVER_START_TIMEOUT_S ?? 60);
    const timer = setTimeout(() => reject(new Error(`server did not start within ${seconds} s:\n${output}`)), seconds * 1000);
    const onData = (chunk: Buffer) => {
      output += chunk;
      const port = /running at https?:\/\/\S*?:(\d+)/.exec(output)?.[1];
      if (port) {
        clearTimeout(timer);
        resolveStart({ child, url: `http://127.0.0.1:${port}` });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited with ${code} before it started:\n${output}`)));
  });
}

export const childExited = (child: ChildProcess) =>
  new Promise<void>((done) => (child.exitCode !== null || child.signalCode !== null ? done() : child.once('exit', () => done())));

/** Stops it as an operator would (SIGTERM: the server closes the database and exits 0); its exit code. */
export async function stopChildServer(server: ChildServer): Promise<number | null> {
  // The SIGTERM handler is set just after the start banner: an answered request proves it is in place.
  await fetch(`${server.url}/api/system-options`);
  const exited = childExited(server.child);
  server.child.kill('SIGTERM');
  await exited;
  return server.child.exitCode;
}
