import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { StreamWrite } from '@ghg/events';

/**
 * The decided events of an import, a chunk per line of JSON in a temporary file: the writing pass
 * produces them with bounded memory, and the atomic append reads them back while it holds the
 * log's lock (reading the log from there would wait for itself on PGlite's one connection).
 */
export class SpillFile {
  private readonly path = join(tmpdir(), `ghg-imports-${process.pid}`, `spill-${randomUUID()}.ndjson`);
  private out: WriteStream | null = null;
  chunks = 0;

  async write(writes: readonly StreamWrite[]): Promise<void> {
    if (writes.length === 0) return;
    if (!this.out) {
      await mkdir(join(this.path, '..'), { recursive: true });
      this.out = createWriteStream(this.path);
    }
    const out = this.out;
    this.chunks += 1;
    if (!out.write(`${JSON.stringify(writes)}\n`)) await new Promise<void>((resolve) => out.once('drain', resolve));
  }

  /** Closes the file for writing; the chunks can then be read. */
  async finish(): Promise<void> {
    const out = this.out;
    if (out) await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
  }

  async *read(): AsyncGenerator<StreamWrite[]> {
    if (this.chunks === 0) return;
    const lines = createInterface({ input: createReadStream(this.path), crlfDelay: Infinity });
    for await (const line of lines) if (line) yield JSON.parse(line) as StreamWrite[];
  }

  async remove(): Promise<void> {
    this.out?.destroy();
    await rm(this.path, { force: true });
  }
}
