import { ImportOutcome as OutcomeSchema, importRoutes, routeKey } from '@ghg/api';
import type { ImportSourceTypeName } from '@ghg/events';
import { AnswerMismatchError, type Answer } from '../../core/api/call';
import { ApiError, NetworkError } from '../../core/api/client';
import { isRefreshSkipped } from '../../core/auth/refreshSchedule';
import { sessionStore } from '../../core/auth/sessionStore';

/**
 * Sending an import file: the file itself is the body (never read into memory or base64), through
 * XMLHttpRequest because fetch cannot report an upload's progress. The answer is the route's
 * ImportOutcome — also for a refused file (400, status 'error', its rows listed); any other
 * refusal is the usual error body, thrown as ApiError like every other call's.
 */

export type ImportOutcome = Answer<typeof importRoutes.upload>;

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The Content-Type the route reads a file by: its extension decides (a browser's guess for .csv varies). */
export function contentTypeFor(fileName: string): string {
  const extension = /\.([^.]+)$/.exec(fileName)?.[1]?.toLowerCase();
  if (extension === 'csv' || extension === 'txt') return 'text/csv';
  if (extension === 'xlsx') return XLSX_TYPE;
  return 'application/octet-stream';
}

export interface UploadTarget {
  sourceType: ImportSourceTypeName;
  fileName: string;
  dryRun: boolean;
  /** Chosen here, so the upload's progress can be asked while the server reads the rows. */
  uploadId: string;
}

export function importUrl({ sourceType, fileName, dryRun, uploadId }: UploadTarget): string {
  const query = new URLSearchParams({ sourceType, fileName, dryRun: String(dryRun), uploadId });
  return `${importRoutes.upload.url}?${query.toString()}`;
}

/** A fresh upload id (a UUID where the browser makes one; random hex otherwise, e.g. outside a secure context). */
export function newUploadId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

const looksLikeOutcome = (data: unknown): data is ImportOutcome =>
  typeof data === 'object' && data !== null && ['preview', 'success', 'error'].includes((data as { status?: unknown }).status as string) && Array.isArray((data as { errors?: unknown }).errors);

/** In development (and unit tests) an outcome is checked against the contract, as `call` checks every answer. */
function checked(data: ImportOutcome): ImportOutcome {
  if (!import.meta.env.DEV) return data;
  const parsed = OutcomeSchema.safeParse(data);
  if (!parsed.success) throw new AnswerMismatchError(routeKey(importRoutes.upload), parsed.error.issues);
  return parsed.data;
}

/**
 * The outcome a refusal carries: a file refused for its rows or unmatched records answers 400 with
 * the outcome itself (status 'error'); null for any other refusal (a file-level one, a conflict…).
 */
export function outcomeOfRefusal(error: unknown): ImportOutcome | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  return looksLikeOutcome(error.body) ? checked(error.body) : null;
}

/** An upload's answer by status and text: the outcome (200, or a 400 refusal of rows), else the refusal thrown as ApiError. */
export function answerOf(status: number, statusText: string, text: string): ImportOutcome {
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = { message: text };
    }
  }
  if (status >= 200 && status < 300) {
    if (!looksLikeOutcome(data)) throw new AnswerMismatchError(routeKey(importRoutes.upload), []);
    return checked(data);
  }
  const body = (data ?? {}) as { message?: unknown; code?: unknown; fields?: unknown };
  const error = new ApiError(
    status,
    typeof body.message === 'string' ? body.message : statusText || `HTTP ${status}`,
    typeof body.code === 'string' ? body.code : undefined,
    Array.isArray(body.fields) ? body.fields.map(String) : [],
    body as Record<string, unknown>,
  );
  const outcome = outcomeOfRefusal(error);
  if (outcome) return outcome;
  throw error;
}

export interface UploadOptions extends UploadTarget {
  file: Blob;
  /** Bytes sent so far, of `total` (null when the browser cannot tell). */
  onBytes?: (sent: number, total: number | null) => void;
  /** The whole file is sent: the server now reads and checks its rows. */
  onSent?: () => void;
  signal?: AbortSignal;
}

/** Sends one file to POST /api/import; resolves with its outcome (preview, success, or refused with its rows). */
export function uploadImportFile({ file, onBytes, onSent, signal, ...target }: UploadOptions): Promise<ImportOutcome> {
  const url = importUrl(target);
  return new Promise<ImportOutcome>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('aborted', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Content-Type', contentTypeFor(target.fileName));
    const authorization = sessionStore.authorizationHeader();
    if (authorization) xhr.setRequestHeader('Authorization', authorization);
    xhr.upload.onprogress = (event) => onBytes?.(event.loaded, event.lengthComputable ? event.total : null);
    xhr.upload.onload = () => onSent?.();
    xhr.onload = () => {
      if (xhr.status === 401 && authorization && window.location.pathname !== '/auth/login') sessionStore.logout('unauthorized');
      try {
        const outcome = answerOf(xhr.status, xhr.statusText, xhr.responseText);
        if (authorization && !isRefreshSkipped(url)) void sessionStore.refresh.afterResponse(url);
        resolve(outcome);
      } catch (error) {
        reject(error);
      }
    };
    xhr.onerror = () => reject(new NetworkError(new Error('upload failed')));
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    sessionStore.refresh.beforeRequest(url);
    xhr.send(file);
  });
}
