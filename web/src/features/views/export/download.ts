import { exportRoutes, exportSheetCount } from '@ghg/api';
import type { CallArgs } from '../../../core/api/call';
import { ApiError, NetworkError } from '../../../core/api/client';
import { sessionStore } from '../../../core/auth/sessionStore';

export type ExportRequest = CallArgs<typeof exportRoutes.byScope>['body'];

/** The file name the server gives in Content-Disposition, else `fallback`. */
const fileNameOf = (disposition: string | null, fallback: string) => /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? fallback;

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
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  const authorization = sessionStore.authorizationHeader();
  if (authorization) headers.Authorization = authorization;
  let response: Response;
  try {
    response = await fetch(exportRoutes.byScope.url, { method: 'POST', headers, body: JSON.stringify(body), credentials: 'same-origin' });
  } catch (error) {
    throw new NetworkError(error);
  }
  if (!response.ok) {
    const data = (await response.json().catch(() => ({}))) as { message?: string; code?: string; fields?: string[] };
    throw new ApiError(response.status, data.message ?? response.statusText, data.code, data.fields ?? [], data as Record<string, unknown>);
  }
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  let rows = 0;
  const announced = Number(response.headers.get('x-export-lines'));
  const expectedRows = body.fileType === 'csv' && Number.isFinite(announced) && response.headers.has('x-export-lines') ? announced + 1 + exportSheetCount(body.selectedScopes) : null;
  const reader = response.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    bytes += value.byteLength;
    if (expectedRows !== null) for (const byte of value) if (byte === LINE_FEED) rows++;
    onProgress({ bytes, share: expectedRows ? Math.min(1, rows / expectedRows) : null });
  }
  const fileName = fileNameOf(response.headers.get('content-disposition'), `emissions.${body.fileType}`);
  const url = URL.createObjectURL(new Blob(chunks as BlobPart[], { type: response.headers.get('content-type') ?? 'application/octet-stream' }));
  const a = Object.assign(document.createElement('a'), { href: url, download: fileName });
  document.body.append(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(url);
  return { fileName, bytes };
}
