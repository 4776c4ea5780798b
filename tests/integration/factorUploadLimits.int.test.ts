import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@ghg/events';
import { UPLOAD_BODY_LIMIT, UPLOAD_LIMITS } from '@ghg/command-api';
import {
  FACTOR_HEADER,
  factorRows,
  manySharedStringsPart,
  rowXml,
  sheetPart,
  whitespaceSheetPart,
  xlsxWithSheet,
} from '@ghg/command-api/testing';
import { call, login, refusedCall, startTestApp, type RunningApp } from './embeddedApp';

/**
 * Hostile uploads of a factor table are refused by the caps with a
 * clear code, append nothing, keep other requests fast and the process within its memory bound.
 * The reading is the same on every backend (it ends before the event store is touched), so this
 * runs on PGlite only.
 */

const MiB = 1024 * 1024;
const b64 = (b: Buffer | string) => Buffer.from(b).toString('base64');
const UPLOAD = '/api/company-factor-sets/co-limits/upload';
/** The memory bound docs/operations.md states for one upload (worker heap cap plus its buffers and code). */
const RSS_BOUND_MB = 400;

/** Built once: deflating over a hundred MiB takes a second or two. */
const once = <T>(make: () => Promise<T>) => {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
};
const whitespaceBomb = once(() => whitespaceSheetPart(120));
const tooManyRows = once(async () => xlsxWithSheet(await sheetPart(factorRows(LIMITS.maxTableRows + 10))));

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('factor table uploads under caps (PGlite)', () => {
  let app: RunningApp;
  let admin: string;

  beforeAll(async () => {
    app = await startTestApp();
    admin = await login(app, 'admin@demo.example');
    const created = await call(app, 'POST', '/api/company-factor-sets', admin, { setId: 'co-limits', title: { ja: '上限', en: 'Limits' } });
    expect(created.status).toBe(200);
  });
  afterAll(async () => {
    await app?.stop();
  });

  const refused = (fileName: string, contentBase64: string) => refusedCall(app, 'POST', UPLOAD, admin, { fileName, contentBase64 });

  it('invalid base64 is 400 invalid_base64, not an empty or different file', async () => {
    for (const contentBase64 of ['!!!!', 'key,label_ja,value,unit', `${b64('key,label_ja\r\n')}\n${b64('k,x')}`, 'a2V5=LGxh']) {
      const res = await refused('f.csv', contentBase64);
      expect(res.status, contentBase64).toBe(400);
      expect(res.body).toMatchObject({ code: 'invalid_base64', fields: ['contentBase64'] });
    }
  });

  it('a file over the size cap is 413 file_too_large, refused from its length before decoding', async () => {
    const res = await refused('big.csv', b64(Buffer.alloc(UPLOAD_LIMITS.maxFileBytes + 1, 0x61)));
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: 'file_too_large', limits: { maxFileBytes: UPLOAD_LIMITS.maxFileBytes } });
    // A body beyond the route's limit is refused before it is parsed: 413 too (over a real socket,
    // where the answer must arrive instead of a connection reset).
    const eventsBefore = (await app.infra.eventStore.readAll()).length;
    const oversized = await fetch(`${app.url}${UPLOAD}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ fileName: 'big.csv', contentBase64: 'A'.repeat(UPLOAD_BODY_LIMIT) }),
    });
    expect(oversized.status).toBe(413);
    await oversized.arrayBuffer();
    expect((await app.infra.eventStore.readAll()).length).toBe(eventsBefore);
  });

  it('a zip bomb (120 MiB of whitespace in 0.1 MiB) is 413 file_uncompressed_too_large, also when its directory lies', async () => {
    const honest = await whitespaceBomb();
    // Honest sizes (refused from the directory), a directory that understates (refused at the claimed size), and one that claims the per-entry cap.
    for (const claimedSize of [undefined, 1_000, UPLOAD_LIMITS.maxEntryBytes]) {
      const file = await xlsxWithSheet({ ...honest, ...(claimedSize === undefined ? {} : { claimedSize }) });
      expect(file.length).toBeLessThan(MiB);
      const res = await refused('bomb.xlsx', b64(file));
      expect(res.status).toBe(413);
      expect(res.body.code).toBe('file_uncompressed_too_large');
    }
  });

  it('a legal-looking workbook whose sheet XML is over the uncompressed cap is 413', async () => {
    const rows = Math.ceil((UPLOAD_LIMITS.maxUncompressedBytes + MiB) / rowXml(99_999, ['road.k99999', '係数99999', 'factor 99999', '', 0.199, 'kg-CO2e/tkm', 'TTW', '2024-04-01', '', 'test', '', '34']).length);
    const file = await xlsxWithSheet(await sheetPart(factorRows(rows)));
    expect(file.length).toBeLessThan(UPLOAD_LIMITS.maxFileBytes);
    const res = await refused('huge.xlsx', b64(file));
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('file_uncompressed_too_large');
  });

  it(`more than ${LIMITS.maxTableRows} data rows is 400 too_many_rows at the first row over, in .xlsx and CSV`, async () => {
    const xlsx = await tooManyRows();
    const csvLines = [FACTOR_HEADER.join(','), ...Array.from({ length: LIMITS.maxTableRows + 1 }, (_, i) => `road.k${i},係数,,,0.1,kg-CO2e/tkm,,,,,,34`)];
    for (const [fileName, file] of [['rows.xlsx', xlsx], ['rows.csv', Buffer.from(csvLines.join('\r\n'))]] as const) {
      const res = await refused(fileName, b64(file));
      expect(res.status, fileName).toBe(400);
      expect(res.body).toMatchObject({ code: 'invalid_factor_table', errors: [{ row: LIMITS.maxTableRows + 2, field: null, code: 'too_many_rows' }] });
    }
  });

  it('while hostile files are read, other requests (50 or more) answer with p99 < 200 ms and memory stays within its bound', async () => {
    const hostile: [string, Buffer][] = [
      ['rows.xlsx', await tooManyRows()],
      ['strings.xlsx', await xlsxWithSheet(await sheetPart([rowXml(1, FACTOR_HEADER)]), [await manySharedStringsPart(1_000_000)])],
      ['bomb-at-cap.xlsx', await xlsxWithSheet({ ...(await whitespaceBomb()), claimedSize: UPLOAD_LIMITS.maxEntryBytes })],
    ];
    const headers = { authorization: `Bearer ${admin}`, 'content-type': 'application/json' };
    const get = async () => {
      const started = performance.now();
      const res = await fetch(`${app.url}/api/fiscal-year`, { headers: { authorization: `Bearer ${admin}` } });
      await res.arrayBuffer();
      expect(res.status).toBe(200);
      return performance.now() - started;
    };
    for (let i = 0; i < 5; i++) await get(); // warm the route

    for (const [fileName, file] of hostile) {
      const eventsBefore = (await app.infra.eventStore.readAll()).length;
      global.gc?.();
      const rssBefore = process.memoryUsage.rss();
      let rssPeak = rssBefore;
      const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage.rss())), 20);
      const started = performance.now();
      let uploadMs = 0;
      const upload = fetch(`${app.url}${UPLOAD}`, { method: 'POST', headers, body: JSON.stringify({ fileName, contentBase64: b64(file) }) }).then(async (res) => {
        uploadMs = performance.now() - started;
        return { status: res.status, body: (await res.json()) as { code: string } };
      });
      // Requests one after another for as long as the upload is being read (at least 50 of them).
      const latencies: number[] = [];
      while (uploadMs === 0) {
        latencies.push(await get());
        await sleep(10);
      }
      const answer = await upload;
      clearInterval(sampler);
      const sorted = [...latencies].sort((a, b) => a - b);
      const growthMb = (rssPeak - rssBefore) / MiB;
      console.log(
        `${fileName} (${(file.length / MiB).toFixed(2)} MiB): ${answer.status} ${answer.body.code} in ${Math.round(uploadMs)} ms; ` +
          `${latencies.length} GETs during the upload: p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms; ` +
          `RSS growth ${growthMb.toFixed(0)} MB (bound ${RSS_BOUND_MB} MB)` + (process.env.DEBUG_UPLOAD ? latencies.map((l) => l.toFixed(0)).join(' ') : ''),
      );
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
      expect((await app.infra.eventStore.readAll()).length).toBe(eventsBefore);
      expect(latencies.length, 'too few requests during the upload: the measurement says nothing').toBeGreaterThanOrEqual(50);
      expect(percentile(sorted, 99)).toBeLessThan(200);
      expect(growthMb).toBeLessThan(RSS_BOUND_MB);
    }
  });
});
