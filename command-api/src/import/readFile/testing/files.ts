import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { ImportFileProblem } from '../problem';
import type { ImportRow, ImportRows } from '../types';

/** A temporary folder for the test file's files, removed after its tests. */
export function tempFiles(): { write(name: string, content: Buffer | string): Promise<string>; path(name: string): string } {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'import-read-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  return {
    path: (name) => join(dir, name),
    async write(name, content) {
      await writeFile(join(dir, name), content);
      return join(dir, name);
    },
  };
}

/** Every row yielded, then the problem that ended the reading (null when it ended well). */
export async function collect(read: ImportRows): Promise<{ rows: ImportRow[]; problem: ImportFileProblem | null }> {
  const rows: ImportRow[] = [];
  try {
    for await (const row of read.rows) rows.push(row);
  } catch (e) {
    if (e instanceof ImportFileProblem) return { rows, problem: e };
    throw e;
  }
  return { rows, problem: null };
}

/** The problem as a plain object, for toEqual. */
export const problemOf = (p: ImportFileProblem | null) => p && { code: p.code, row: p.row, column: p.column };
