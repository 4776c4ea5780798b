/** A value or a named error code; the engine's public functions never throw for bad input. */
export type Result<T, E extends string> = { ok: true; value: T } | { ok: false; error: E; detail?: string };

export const ok = <T>(value: T): { ok: true; value: T } => ({ ok: true, value });
export const fail = <E extends string>(error: E, detail?: string): { ok: false; error: E; detail?: string } =>
  detail === undefined ? { ok: false, error } : { ok: false, error, detail };
