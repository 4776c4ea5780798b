import type { Cell } from '@ghg/domain';
import type { RowSource } from './importRun';
import { readImportRows, type ImportFileKind } from './readFile';

/** The rows of a file on disk, readable any number of times (each pass opens it anew). */
export function fileSource(path: string, kind: ImportFileKind): RowSource {
  let encoding: string | null = null;
  return {
    rows: () => {
      const read = readImportRows(path, kind);
      return (async function* () {
        for await (const row of read.rows) {
          encoding ??= read.encoding();
          yield row as { row: number; cells: readonly Cell[] };
        }
        encoding ??= read.encoding();
      })();
    },
    encoding: () => encoding ?? (kind === 'xlsx' ? 'xlsx' : 'utf-8'),
  };
}

