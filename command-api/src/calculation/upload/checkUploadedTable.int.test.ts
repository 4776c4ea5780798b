import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkUploadedTable } from './checkUploadedTable';
import { UPLOAD_LIMITS } from './limits';
import { factorRows, manySharedStringsPart, sheetPart, xlsxWithSheet } from './testing/hostileFiles';

const CSV = Buffer.from('key,label_ja,value,unit\r\nroad.van,バン,0.3,kg-CO2e/tkm\r\n');
/** Even the smallest CSV goes to a worker. */
const inWorker = { ...UPLOAD_LIMITS, maxInlineCsvBytes: 0 };

describe('checkUploadedTable', () => {
  it('reads and checks a file in a worker thread under vitest', async () => {
    const check = await checkUploadedTable('f.csv', CSV, inWorker);
    expect(check).toMatchObject({ ok: true, format: 'csv-utf8', entries: [{ key: 'road.van', value: 0.3 }] });
  });

  it('checks a small CSV inline, without a worker (no turn needed even when none is free)', async () => {
    const noWorkers = { ...UPLOAD_LIMITS, maxParallelUploads: 0, maxQueuedUploads: 0 };
    expect(await checkUploadedTable('f.csv', CSV, noWorkers)).toMatchObject({ ok: true, entries: [{ key: 'road.van' }] });
    expect(await checkUploadedTable('f.csv', CSV, { ...noWorkers, maxInlineCsvBytes: 0 })).toEqual({ ok: false, kind: 'refused', code: 'uploads_busy' });
    expect(await checkUploadedTable('f.xlsx', CSV, noWorkers)).toEqual({ ok: false, kind: 'refused', code: 'uploads_busy' });
  });

  it('loads the same worker under `node --import tsx`, the way npm start runs the app', () => {
    const module = fileURLToPath(new URL('./checkUploadedTable.ts', import.meta.url));
    const script = `import { checkUploadedTable } from ${JSON.stringify(module)};
      const check = await checkUploadedTable('f.csv', Buffer.from(${JSON.stringify(CSV.toString('base64'))}, 'base64'), ${JSON.stringify(inWorker)});
      console.log(JSON.stringify(check));`;
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8', timeout: 30_000 });
    expect(child.stderr).toBe('');
    expect(JSON.parse(child.stdout)).toMatchObject({ ok: true, format: 'csv-utf8', entries: [{ key: 'road.van' }] });
  });

  it('ends a worker at the deadline: file_too_complex', async () => {
    const book = await xlsxWithSheet(await sheetPart(factorRows(20_000)));
    expect(await checkUploadedTable('f.xlsx', book, { ...UPLOAD_LIMITS, workerTimeoutMs: 300 })).toEqual({ ok: false, kind: 'refused', code: 'file_too_complex' });
  });

  it('ends a worker that outgrows its heap cap: file_too_complex, while a small file reads under the same cap', async () => {
    const capped = { ...UPLOAD_LIMITS, workerHeapMb: 24 };
    const oneRow = await xlsxWithSheet(await sheetPart(factorRows(1)));
    expect(await checkUploadedTable('f.xlsx', oneRow, capped)).toMatchObject({ ok: true, entries: [{ key: 'road.k1' }] });
    const strings = await xlsxWithSheet(await sheetPart(factorRows(1)), [await manySharedStringsPart(1_500_000)]);
    expect(await checkUploadedTable('f.xlsx', strings, capped)).toEqual({ ok: false, kind: 'refused', code: 'file_too_complex' });
  });

  it('refuses beyond the queue: uploads_busy', async () => {
    const limits = { ...inWorker, maxParallelUploads: 1, maxQueuedUploads: 1 };
    const checks = await Promise.all([1, 2, 3].map(() => checkUploadedTable('f.csv', CSV, limits)));
    expect(checks.map((c) => (c.ok ? 'ok' : c.kind === 'refused' && c.code))).toEqual(['ok', 'ok', 'uploads_busy']);
  });
});
