import { STORAGE_KEYS, type KeyValueStorage } from '../auth/storageKeys';

/** After a chunk-load failure the page reloads, at most once per 60 seconds. */
export const CHUNK_RELOAD_GUARD_MS = 60_000;

const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS|ChunkLoadError|Loading (CSS )?chunk [\w-]+ failed/i;

export function isChunkLoadError(error: unknown): boolean {
  if (!error) return false;
  if (error instanceof Error) return error.name === 'ChunkLoadError' || CHUNK_ERROR.test(error.message);
  if (typeof error === 'object' && 'message' in error) return CHUNK_ERROR.test(String((error as { message: unknown }).message));
  return typeof error === 'string' && CHUNK_ERROR.test(error);
}

/** True when a reload is allowed now; records the reload time so the next one waits 60 s. */
export function claimChunkReload(storage: KeyValueStorage, now: number): boolean {
  const last = Number(storage.getItem(STORAGE_KEYS.chunkReloadAt));
  if (Number.isFinite(last) && last > 0 && now - last < CHUNK_RELOAD_GUARD_MS) return false;
  storage.setItem(STORAGE_KEYS.chunkReloadAt, String(now));
  return true;
}
