import { z } from 'zod';

/**
 * The limits every value entering the log obeys. They are chosen so that each read-model column
 * can hold any value an event contract accepts (a value the log accepts but a projection cannot
 * store stalls that projection), and they are the same at the command boundary and in the event
 * contracts. docs/api.md lists them.
 */
export const LIMITS = {
  /** Ids (UUIDs, shipped keys such as `jp-shk@legacy`). */
  idLength: 128,
  /** Names, codes, units, e-mail addresses, dates as text. */
  shortTextLength: 200,
  /** Reasons, citations, licence notes, free descriptions. */
  longTextLength: 4000,
  /**
   * Largest magnitude of a quantity, rate or emission. Read-model columns are numeric(24, 6),
   * which holds |x| < 10^18; 10^15 leaves room for sums of many rows and keeps six decimals
   * exact in a double.
   */
  maxQuantity: 1e15,
  /** Calendar and fiscal years. */
  minYear: 1900,
  maxYear: 2200,
  /** Elements of one list inside an event (section ids, company ids). */
  maxListLength: 1000,
  /** Stream versions and other counters (read-model integer columns). */
  maxVersion: 2_147_483_647,
  /** Entries of one uploaded factor table (one event). */
  maxTableRows: 50_000,
  /**
   * One event's data as JSON, in bytes: the largest legitimate one (a 50,000-row factor table
   * from a 10 MB file) stays well below it; PostgreSQL's jsonb would refuse beyond 255 MB.
   */
  maxEventBytes: 32 * 1024 * 1024,
  /**
   * A structured value inside an event (a scope setting's detail): lists and objects nested at
   * most this deep (the outermost counts), each of at most maxListLength entries, …
   */
  maxJsonDepth: 4,
  /** … and at most this many characters as JSON text. */
  maxJsonLength: 100_000,
} as const;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * PostgreSQL text and jsonb cannot hold U+0000, and a lone surrogate is not Unicode text at all
 * (JSON encoders and browsers mangle it): neither may enter the log.
 */
export function isStorableText(value: string): boolean {
  // Nearly all text has neither NUL nor any surrogate: one scan settles it.
  if (!SUSPECT.test(value)) return true;
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}
// eslint-disable-next-line no-control-regex -- NUL is exactly what it looks for
const SUSPECT = /[\u0000\uD800-\uDFFF]/;

/** The code a refusal for NUL or a lone surrogate carries (translated in the web app). */
export const INVALID_TEXT = 'invalid_text';

/** Text of at most `max` characters (code points, as zod counts) without NUL or lone surrogates. */
export const boundedText = (max: number = LIMITS.shortTextLength, min = 0) =>
  z.string().min(min).max(max).refine(isStorableText, { message: INVALID_TEXT });

/** Short text: names, codes, units. */
export const shortText = () => boundedText(LIMITS.shortTextLength);
/** Long text: reasons, citations, notes. */
export const longText = () => boundedText(LIMITS.longTextLength);
/** An id: non-empty, bounded, storable. */
export const idText = () => boundedText(LIMITS.idLength, 1);

/** A finite quantity within ±maxQuantity. */
export const quantity = () => z.number().min(-LIMITS.maxQuantity).max(LIMITS.maxQuantity);
/** A quantity ≥ 0. */
export const nonNegativeQuantity = () => z.number().min(0).max(LIMITS.maxQuantity);
/** A quantity > 0. */
export const positiveQuantity = () => z.number().positive().max(LIMITS.maxQuantity);
/** A calendar or fiscal year. */
export const year = () => z.number().int().min(LIMITS.minYear).max(LIMITS.maxYear);
/** Fiscal and calendar years the product accepts. */
export const isYear = (value: number) => Number.isInteger(value) && value >= LIMITS.minYear && value <= LIMITS.maxYear;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written YYYY-MM-DD (2025-02-30 is not) in an accepted year. */
export function isIsoDate(text: string): boolean {
  const m = ISO_DATE.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d && isYear(y);
}

/** A calendar date as ISO text (YYYY-MM-DD). */
export const isoDate = () => z.iso.date().refine(isIsoDate, { message: 'invalid_date' });

/** A bounded list. */
export const boundedList = <T extends z.ZodType>(item: T, max: number = LIMITS.maxListLength) => z.array(item).max(max);
/**
 * A bounded list of distinct ids. Read models key rows by them (a flag's sections, a user's
 * companies), so a repeated id would be a duplicate key there.
 */
export const distinctIds = () => boundedList(idText()).refine((ids) => new Set(ids).size === ids.length, { message: 'duplicate_id' });
/** A bounded map from text keys to values. */
export const boundedRecord = <K extends z.core.$ZodRecordKey, V extends z.ZodType>(key: K, value: V, max: number = LIMITS.maxListLength) =>
  z.record(key, value).refine((r) => Object.keys(r).length <= max, { message: 'too_many_entries' });

/** A JSON value as a structured field of an event holds it. */
export type JsonValue = null | boolean | number | string | readonly JsonValue[] | { readonly [key: string]: JsonValue };

/** A JSON value nested at most `depth` lists or objects deep: scalars are bounded like any field (long text, quantity). */
function jsonAt(depth: number): z.ZodType<JsonValue> {
  const scalar = z.union([longText(), quantity(), z.boolean(), z.null()]);
  if (depth <= 0) return scalar;
  const inner = jsonAt(depth - 1);
  return z.union([boundedRecord(shortText(), inner), boundedList(inner), scalar]);
}

const fitsJsonLength = (value: unknown) => JSON.stringify(value).length <= LIMITS.maxJsonLength;

/**
 * A free-form JSON object (a scope setting's detail) that may enter the log: keys short text,
 * text values long text at most, numbers finite quantities (JSON has no NaN or Infinity),
 * nested at most LIMITS.maxJsonDepth deep (the object itself counts), each list or object of at
 * most LIMITS.maxListLength entries, and at most LIMITS.maxJsonLength characters as JSON. NUL and
 * lone surrogates are refused like in any text.
 */
export const boundedJsonObject = () =>
  boundedRecord(shortText(), jsonAt(LIMITS.maxJsonDepth - 1)).refine(fitsJsonLength, { message: 'too_large' });

/** How deep a request body may nest: far more than any command needs, far less than the stack. */
const MAX_DEPTH = 64;

/**
 * The path of the first text (value or key) anywhere in `value` that the log cannot store, or of
 * a nesting deeper than any command takes; null when there is none. Checked at the HTTP boundary
 * for every body, path and query, so no route can forget it.
 */
export function findUnstorableText(value: unknown): string | null {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: '', depth: 0 }];
  while (stack.length > 0) {
    const { value: v, path, depth } = stack.pop()!;
    if (typeof v === 'string') {
      if (!isStorableText(v)) return path;
    } else if (v !== null && typeof v === 'object') {
      if (depth >= MAX_DEPTH) return path;
      for (const [key, child] of Object.entries(v)) {
        // A bad key is reported at its object: the key itself cannot be echoed safely.
        if (!isStorableText(key)) return path;
        stack.push({ value: child, path: path ? `${path}.${key}` : key, depth: depth + 1 });
      }
    }
  }
  return null;
}
