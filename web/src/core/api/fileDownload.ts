import { ApiError, NetworkError } from './client';
import { sessionStore } from '../auth/sessionStore';

/** The file name the server gives in Content-Disposition, else `fallback`. */
const fileNameOf = (disposition: string | null, fallback: string) => /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? fallback;

/**
 * POSTs `body` to a route that answers a file (an export, an audit pack), reads the file as it
 * arrives — `track` is given the answer's headers and returns what to do with each chunk (progress)
 * — then hands it to the browser as a download. A refusal is thrown as ApiError, like every other
 * call's.
 */
export async function downloadFile(
  url: string,
  body: unknown,
  fallbackName: string,
  track: (headers: Headers) => (chunk: Uint8Array, bytes: number) => void,
): Promise<{ fileName: string; bytes: number }> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  const authorization = sessionStore.authorizationHeader();
  if (authorization) headers.Authorization = authorization;
  let response: Response;
  try {
    response = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body), credentials: 'same-origin' });
  } catch (error) {
    throw new NetworkError(error);
  }
  if (!response.ok) {
    const data = (await response.json().catch(() => ({}))) as { message?: string; code?: string; fields?: string[] };
    throw new ApiError(response.status, data.message ?? response.statusText, data.code, data.fields ?? [], data as Record<string, unknown>);
  }
  const onChunk = track(response.headers);
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  const reader = response.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    bytes += value.byteLength;
    onChunk(value, bytes);
  }
  const fileName = fileNameOf(response.headers.get('content-disposition'), fallbackName);
  const href = URL.createObjectURL(new Blob(chunks as BlobPart[], { type: response.headers.get('content-type') ?? 'application/octet-stream' }));
  const a = Object.assign(document.createElement('a'), { href, download: fileName });
  document.body.append(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(href);
  return { fileName, bytes };
}
