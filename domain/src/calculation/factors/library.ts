import type { FactorEntry, FactorSet } from './types';
import { SHIPPED_FACTOR_SETS } from './data';

/** All known factor sets, each addressable only by id and version. */
export interface FactorLibrary {
  readonly sets: readonly FactorSet[];
  get(id: string, version: string): FactorSet | undefined;
  /** Versions of one set in the order they were added (not a choice of the "latest"). */
  versions(id: string): readonly string[];
  entry(set: FactorSet, key: string): FactorEntry | undefined;
}

export type LibraryError = 'duplicate_factor_set' | 'duplicate_factor_key';

export function createLibrary(sets: readonly FactorSet[]): FactorLibrary {
  const byId = new Map<string, FactorSet>();
  const entries = new Map<FactorSet, Map<string, FactorEntry>>();
  const versions = new Map<string, string[]>();
  for (const set of sets) {
    const id = `${set.id}@${set.version}`;
    if (byId.has(id)) throw new Error(`duplicate_factor_set: ${id}`);
    byId.set(id, set);
    const keys = new Map<string, FactorEntry>();
    for (const e of set.entries) {
      if (keys.has(e.key)) throw new Error(`duplicate_factor_key: ${id}:${e.key}`);
      keys.set(e.key, e);
    }
    entries.set(set, keys);
    versions.set(set.id, [...(versions.get(set.id) ?? []), set.version]);
  }
  return {
    sets,
    get: (id, version) => byId.get(`${id}@${version}`),
    versions: (id) => versions.get(id) ?? [],
    entry: (set, key) => entries.get(set)?.get(key),
  };
}

export const SHIPPED_LIBRARY: FactorLibrary = createLibrary(SHIPPED_FACTOR_SETS);

/**
 * Pins of the most recently published version of each set. The engine never calls this: choosing
 * the newest factors is a restatement, so a caller who wants it says so by calling this function
 * and storing the pins it returns with the calculation.
 */
export function newestPins(library: FactorLibrary = SHIPPED_LIBRARY): Record<string, string> {
  const pins: Record<string, string> = {};
  const years: Record<string, number> = {};
  for (const s of library.sets) {
    if (!(s.id in years) || s.year >= years[s.id]!) {
      years[s.id] = s.year;
      pins[s.id] = s.version;
    }
  }
  return pins;
}

/** '<setId>:<key>' → parts; the key may itself contain dots and colons after the first colon. */
export function splitRef(ref: string): { setId: string; key: string } | null {
  const i = ref.indexOf(':');
  if (i <= 0 || i === ref.length - 1) return null;
  return { setId: ref.slice(0, i), key: ref.slice(i + 1) };
}
