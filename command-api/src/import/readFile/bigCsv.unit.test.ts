import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { readImportRows } from './readImportRows';
import { tempFiles } from './testing/files';

const files = tempFiles();
const ROWS = 400_000;
const MiB = 1024 * 1024;

/** A CSV of `rows` data rows (about 100 bytes each), written a block at a time so the test itself holds little. */
async function writeBigCsv(path: string, rows: number): Promise<number> {
  const out = createWriteStream(path);
  out.write('取引日,拠点,内容,数量,単位,金額,備考\n');
  for (let i = 1; i <= rows; i += 1000) {
    let block = '';
    for (let j = i; j < i + 1000 && j <= rows; j++) block += `2025/04/${(j % 28) + 1},東京本社${j % 50},"電力料金, 高圧",${j * 1.5},kWh,${j * 27},row ${j} memo text of the activity\n`;
    if (!out.write(block)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return out.bytesWritten;
}

describe('readImportRows on a large CSV', () => {
  it('streams 400,000 rows (~40 MB) in bounded memory', { timeout: 60_000 }, async () => {
    const path = files.path('big.csv');
    const bytes = await writeBigCsv(path, ROWS);
    expect(bytes).toBeGreaterThan(35 * MiB);

    const before = process.memoryUsage();
    let peakRss = before.rss;
    let peakHeap = before.heapUsed;
    const started = performance.now();
    const read = readImportRows(path, 'csv');
    let count = 0;
    let last = 0;
    for await (const { row, cells } of read.rows) {
      count++;
      last = row;
      if (row === 2) expect(cells).toEqual(['2025/04/2', '東京本社1', '電力料金, 高圧', '1.5', 'kWh', '27', 'row 1 memo text of the activity']);
      if (row % 10_000 === 0) {
        const now = process.memoryUsage();
        peakRss = Math.max(peakRss, now.rss);
        peakHeap = Math.max(peakHeap, now.heapUsed);
      }
    }
    const seconds = (performance.now() - started) / 1000;
    const rssGrowth = (peakRss - before.rss) / MiB;
    const heapGrowth = (peakHeap - before.heapUsed) / MiB;
    console.info(`${count} rows, ${(bytes / MiB).toFixed(1)} MiB in ${seconds.toFixed(2)} s (${Math.round(count / seconds)} rows/s); peak growth rss ${rssGrowth.toFixed(1)} MiB, heap ${heapGrowth.toFixed(1)} MiB`);

    expect(count).toBe(ROWS + 1);
    expect(last).toBe(ROWS + 1);
    expect(read.encoding()).toBe('utf-8');
    expect(read.bytesRead()).toBe(bytes);
    expect(rssGrowth).toBeLessThan(100);
    expect(seconds).toBeLessThan(15);
  });
});
