import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The domain and the event contracts are pure: importing them must not load a database driver,
 * the event-store adapters or a network client (the web app bundles parts of them, and a decider
 * must stay testable without infrastructure). Each probe imports one package entry in a fresh
 * Node process and lists every module it loaded: ES modules through a load hook, CommonJS
 * modules (knex, pg) from the require cache.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));

const FORBIDDEN = ['knex', 'knex-pglite', 'pg', 'pg-pool', '@electric-sql/pglite', '@eventstore/db-client', '@grpc/grpc-js'];

const HOOK = `
let port;
export function initialize(data) { port = data.port; }
export async function load(url, context, nextLoad) { port.postMessage(url); return nextLoad(url, context); }
`;

const probe = (specifier: string) => `
import { createRequire, register } from 'node:module';
import { MessageChannel } from 'node:worker_threads';
const { port1, port2 } = new MessageChannel();
const loaded = new Set();
port1.on('message', (url) => loaded.add(url));
register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(HOOK)}), { data: { port: port2 }, transferList: [port2] });
await import(${JSON.stringify(specifier)});
await new Promise((resolve) => setTimeout(resolve, 50));
for (const file of Object.keys(createRequire(import.meta.url).cache)) loaded.add(file);
port1.close();
process.stdout.write(JSON.stringify([...loaded]));
`;

function modulesLoadedBy(specifier: string): string[] {
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', probe(specifier)], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, NODE_OPTIONS: '' },
    timeout: 60_000,
  });
  return (JSON.parse(out) as string[]).map((entry) => (entry.startsWith('file:') ? fileURLToPath(entry) : entry));
}

/** The forbidden packages (and the event-store package itself) among the loaded files. */
function infrastructureIn(files: readonly string[]): string[] {
  const found = new Set<string>();
  for (const file of files) {
    const path = file.replaceAll('\\', '/');
    for (const name of FORBIDDEN) if (path.includes(`/node_modules/${name}/`)) found.add(name);
    if (path.includes('/node_modules/@ghg/eventstore/') || path.startsWith(`${root}eventstore/`)) found.add('@ghg/eventstore');
  }
  return [...found].sort();
}

describe('package boundaries', () => {
  it('importing @ghg/domain loads no database driver, store adapter or gRPC client', () => {
    const files = modulesLoadedBy('@ghg/domain');
    // The probe saw the domain itself, so an empty result below means something.
    expect(files.some((file) => file.startsWith(`${root}domain/src/`))).toBe(true);
    expect(infrastructureIn(files)).toEqual([]);
  });

  it('importing @ghg/events loads no database driver, store adapter or gRPC client', () => {
    const files = modulesLoadedBy('@ghg/events');
    expect(files.some((file) => file.startsWith(`${root}events/src/`))).toBe(true);
    expect(infrastructureIn(files)).toEqual([]);
  });

  it('the probe does see them when the store is imported', () => {
    expect(infrastructureIn(modulesLoadedBy('@ghg/eventstore'))).toEqual(
      expect.arrayContaining(['@electric-sql/pglite', '@eventstore/db-client', '@ghg/eventstore', 'knex', 'pg']),
    );
  });
});
