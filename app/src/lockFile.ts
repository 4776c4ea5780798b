import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * PGlite has no lock between processes: two of them opening one data folder corrupt it.
 * The lock file holds the owner's pid; a lock whose process is gone is taken over.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, 'ghg-ledger.lock');
  try {
    writeFileSync(path, String(process.pid), { flag: 'wx' });
  } catch {
    const owner = Number(readFileSync(path, 'utf8'));
    if (Number.isInteger(owner) && owner !== process.pid && isAlive(owner)) {
      throw new Error(`The data folder ${dataDir} is in use by process ${owner}. Stop it first, or set DATA_DIR to another folder.`);
    }
    writeFileSync(path, String(process.pid));
  }
  return () => rmSync(path, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
