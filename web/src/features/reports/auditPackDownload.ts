import { auditPackRoutes } from '@ghg/api';
import { ApiError, NetworkError } from '../../core/api/client';
import { sessionStore } from '../../core/auth/sessionStore';

/** The file name the server gives in Content-Disposition, else `fallback`. */
const fileNameOf = (disposition: string | null, fallback: string) => /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? fallback;

/**
 * Fetches the audit pack of a filed report (POST /api/reports/audit-pack, a ZIP written as it is
 * read), reporting the bytes received, then hands it to the browser as a download, as the export
 * page does. A refusal is thrown as ApiError, like every other call's.
 */
export async function downloadAuditPack(reportId: string, onProgress: (bytes: number) => void): Promise<{ fileName: string; bytes: number }> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  const authorization = sessionStore.authorizationHeader();
  if (authorization) headers.Authorization = authorization;
  let response: Response;
  try {
    response = await fetch(auditPackRoutes.download.url, { method: 'POST', headers, body: JSON.stringify({ reportId }), credentials: 'same-origin' });
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
    onProgress(bytes);
  }
  const fileName = fileNameOf(response.headers.get('content-disposition'), 'audit-pack.zip');
  const url = URL.createObjectURL(new Blob(chunks as BlobPart[], { type: 'application/zip' }));
  const a = Object.assign(document.createElement('a'), { href: url, download: fileName });
  document.body.append(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(url);
  return { fileName, bytes };
}
