import { exportRoutes } from '@ghg/api';
import type { CallArgs } from '../../../core/api/call';
import { ApiError, NetworkError } from '../../../core/api/client';
import { sessionStore } from '../../../core/auth/sessionStore';

export type ExportRequest = CallArgs<typeof exportRoutes.byScope>['body'];

/** The file name the server gives in Content-Disposition, else `fallback`. */
const fileNameOf = (disposition: string | null, fallback: string) => /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? fallback;

/**
 * Fetches an export (POST /api/export-emission-by-scope-data) and reads it as it arrives,
 * reporting the bytes received, then hands it to the browser as a download. A refusal is thrown
 * as ApiError, like every other call's.
 */
export async function downloadExport(body: ExportRequest, onBytes: (bytes: number) => void): Promise<{ fileName: string; bytes: number }> {
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
  const reader = response.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    bytes += value.byteLength;
    onBytes(bytes);
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
