import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase, type Database } from '../core/database';

let template: Promise<Blob> | null = null;

/**
 * An empty in-memory PGlite database, loaded from a dumped template: creating a PGlite database
 * takes 2–4 s, loading a dump well under one. The dump is also kept in the temp folder, because
 * vitest gives every test file its own module instance and would otherwise create it per file.
 */
export async function freshPglite(): Promise<Database> {
  template ??= loadOrCreateTemplate();
  return openDatabase({ kind: 'pglite', dataDir: null, loadDataDir: await template });
}

/**
 * A scratch database on the PostgreSQL server of `url` (default DATABASE_URL), dropped again by
 * its close(); null when no server is configured, so callers can skip. `template`: a copy of that
 * database (which no one may be connected to meanwhile), as PostgreSQL copies one, file by file.
 */
export async function freshPostgres(url: string | undefined = process.env.DATABASE_URL, options: { template?: string } = {}): Promise<Database | null> {
  if (!url) return null;
  const name = `ghg_test_${randomBytes(6).toString('hex')}`;
  await onServer(url, options.template ? `create database ${name} template ${quoteName(options.template)} strategy file_copy` : `create database ${name}`);
  const scratch = new URL(url);
  scratch.pathname = `/${name}`;
  const db = await openDatabase({ kind: 'postgres', url: scratch.toString() });
  return {
    ...db,
    close: async () => {
      await db.close().catch(() => {});
      // FORCE: a test that failed half-way may leave connections (listeners, pools) behind.
      await onServer(url, `drop database if exists ${name} with (force)`);
    },
  };
}

const quoteName = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Turns the scratch database `name` into a template for `freshPostgres(url, { template })` that
 * stays until a later call finds it stale: the one of a process that is gone is dropped then.
 * A test process cannot drop its own on exit (that needs a query), hence the pid in the name.
 */
export async function keepAsTemplate(url: string, name: string): Promise<string> {
  const template = `ghg_template_${process.pid}_${randomBytes(4).toString('hex')}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(`select datname from pg_database where datname like 'ghg\\_template\\_%'`);
    for (const { datname } of rows) {
      const pid = Number(datname.split('_')[2]);
      if (pid !== process.pid && !isAlive(pid)) await client.query(`drop database if exists ${quoteName(datname)} with (force)`);
    }
    await client.query(`alter database ${quoteName(name)} rename to ${quoteName(template)}`);
  } finally {
    await client.end();
  }
  return template;
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function onServer(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function loadOrCreateTemplate(): Promise<Blob> {
  const file = join(tmpdir(), `ghg-pglite-template-${pgliteVersion()}.tar`);
  if (existsSync(file)) {
    try {
      return new Blob([await readFile(file)], { type: 'application/x-tar' });
    } catch {
      // Unreadable (say, removed meanwhile): build a new one below.
    }
  }
  const pglite = new PGlite();
  await pglite.waitReady;
  // Uncompressed: loading skips the gunzip, and the file lives in the temp folder anyway.
  const blob = await pglite.dumpDataDir('none');
  await pglite.close();
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  // Rename is atomic, so a concurrent test worker never reads half a file.
  await writeFile(partial, Buffer.from(await blob.arrayBuffer()));
  await rename(partial, file);
  return blob;
}

function pgliteVersion(): string {
  let dir = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  for (let i = 0; i < 4; i++, dir = dirname(dir)) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg)) return (JSON.parse(readFileSync(pkg, 'utf8')) as { version: string }).version;
  }
  return 'unknown';
}
