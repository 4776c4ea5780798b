import { mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { acquireDataDirLock } from './lockFile';

describe('data folder lock', () => {
  it('a second owner is refused while the first holds the lock; release frees it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ghg-lock-'));
    const release = acquireDataDirLock(dir);
    expect(readFileSync(join(dir, 'ghg-ledger.lock'), 'utf8')).toBe(String(process.pid));
    // Another live process (this test's parent shell stands in for it) owns the lock.
    writeFileSync(join(dir, 'ghg-ledger.lock'), String(process.ppid));
    expect(() => acquireDataDirLock(dir)).toThrow(/in use by process/);
    release();
    expect(existsSync(join(dir, 'ghg-ledger.lock'))).toBe(false);
  });

  it('a lock left by a process that is gone is taken over', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ghg-lock-'));
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString();
    writeFileSync(join(dir, 'ghg-ledger.lock'), gone);
    const release = acquireDataDirLock(dir);
    expect(readFileSync(join(dir, 'ghg-ledger.lock'), 'utf8')).toBe(String(process.pid));
    release();
  });
});
