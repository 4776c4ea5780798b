import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, loginDemoUsers, startTestApp, type RunningApp } from './embeddedApp';

/**
 * A 50 MB file on the embedded default (PGlite, the harder case: one connection, one thread):
 * every row is read and classified, the one bad row near its end refuses it whole, naming that row
 * and field; nothing is written; memory does not grow with the file; and the server goes on
 * answering another user while it reads.
 */
const MiB = 1024 * 1024;
const HEADER = '取引日,伝票番号,行番号,内容,取引先名,取引数量,単位,取引金額,通貨,社内部署,勘定科目コード,エネルギー種別';
/** A long description, as accounting exports carry: ~190 characters, ~570 bytes of UTF-8. */
const CONTENTS = '対象外の社内振替(大容量ファイル試験用の長い摘要)'.repeat(8).slice(0, 190);

function fiftyMegabytes(): { file: Buffer; rows: number } {
  const lines = [HEADER];
  let bytes = Buffer.byteLength(HEADER) + 2;
  let n = 0;
  while (bytes < 50 * MiB) {
    n += 1;
    const line = `2025/6/1,L${n},1,${CONTENTS},,,,${1000 + (n % 97)},JPY,経理部,X50MB,`;
    lines.push(line);
    bytes += Buffer.byteLength(line) + 2;
  }
  // The last row: a date that does not exist.
  lines.push(`2025/2/30,L${n + 1},1,${CONTENTS},,,,1000,JPY,経理部,X50MB,`);
  return { file: Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8'), rows: n + 1 };
}

describe('a 50 MB import file on the embedded database', () => {
  let app: RunningApp;
  let users: Awaited<ReturnType<typeof loginDemoUsers>>;

  beforeAll(async () => {
    app = await startTestApp();
    users = await loginDemoUsers(app);
    const rule = await call(app, 'POST', '/api/import/rules', users.admin, { name: '社内振替(対象外)', priority: 5, conditions: [{ field: 'accountCode', value: 'X50MB' }], action: 'exclude' });
    expect(rule.status, JSON.stringify(rule.body)).toBe(200);
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('is read whole in bounded memory and refused for its one bad row, naming it; others are answered meanwhile', { timeout: 180_000 }, async () => {
    const { file, rows } = fiftyMegabytes();
    expect(file.length).toBeGreaterThanOrEqual(50 * MiB);
    const importsBefore = (await call(app, 'GET', '/api/import/history', users.admin)).body.imports.length as number;

    const baseline = process.memoryUsage().heapUsed;
    let peakHeap = baseline;
    const sampler = setInterval(() => (peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed)), 50);
    let importing = true;
    const upload = app.app
      .inject({
        method: 'POST',
        url: '/api/import?sourceType=standard&fileName=fifty-megabytes.csv',
        headers: { authorization: `Bearer ${users.admin}`, 'content-type': 'text/csv' },
        payload: file,
      })
      .finally(() => (importing = false));
    // Another user meanwhile: each answer that arrives while the import is still running counts.
    let answeredMeanwhile = 0;
    while (importing) {
      const other = await call(app, 'GET', '/api/import/history', users.viewer);
      expect(other.status).toBe(200);
      if (importing) answeredMeanwhile += 1;
      await new Promise((r) => setTimeout(r, 200));
    }
    const res = await upload;
    clearInterval(sampler);
    const body = JSON.parse(res.body);

    expect(res.statusCode, JSON.stringify(body).slice(0, 500)).toBe(400);
    expect(body).toMatchObject({ status: 'error', importId: null, rows, excluded: rows - 1, created: 0, errorCount: 1 });
    expect(body.errors).toEqual([{ row: rows + 1, field: 'transactionDate', code: 'invalid_date', value: '2025/2/30' }]);
    expect((await call(app, 'GET', '/api/import/history', users.admin)).body.imports).toHaveLength(importsBefore);
    expect(answeredMeanwhile).toBeGreaterThanOrEqual(3);
    // Held whole, the file alone would be 100 MB as text and far more as rows.
    const growth = (peakHeap - baseline) / MiB;
    console.info(`${rows} rows, ${(file.length / MiB).toFixed(1)} MiB: heap growth ${growth.toFixed(0)} MiB, ${answeredMeanwhile} answers to another user meanwhile`);
    expect(growth).toBeLessThan(200);
  });
});
