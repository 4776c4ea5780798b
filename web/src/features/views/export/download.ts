import { exportRoutes, exportSheetCount } from '@ghg/api';
import type { CallArgs } from '../../../core/api/call';
import { downloadFile } from '../../../core/api/fileDownload';

export type ExportRequest = CallArgs<typeof exportRoutes.byScope>['body'];

/** How far an export has come: bytes received, and for a CSV the share of its rows (null when unknown). */
export interface ExportProgress {
  bytes: number;
  share: number | null;
}

const LINE_FEED = 0x0a;

/**
 * Fetches an export (POST /api/export-emission-by-scope-data) and reads it as it arrives,
 * reporting its progress, then hands it to the browser as a download. A CSV's progress is its
 * rows received (line ends counted) of those `X-Export-Lines` announces, plus the heading and a
 * total row per scope; an XLSX is compressed, so only its bytes are known. A refusal is thrown as
 * ApiError, like every other call's.
 */
export async function downloadExport(body: ExportRequest, onProgress: (progress: ExportProgress) => void): Promise<{ fileName: string; bytes: number }> {
  return downloadFile(exportRoutes.byScope.url, body, `emissions.${body.fileType}`, (headers) => {
    const announced = Number(headers.get('x-export-lines'));
    const expectedRows = body.fileType === 'csv' && Number.isFinite(announced) && headers.has('x-export-lines') ? announced + 1 + exportSheetCount(body.selectedScopes) : null;
    let rows = 0;
    return (chunk, bytes) => {
      if (expectedRows !== null) for (const byte of chunk) if (byte === LINE_FEED) rows++;
      onProgress({ bytes, share: expectedRows ? Math.min(1, rows / expectedRows) : null });
    };
  });
}
