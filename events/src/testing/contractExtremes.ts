import { z } from 'zod';
import { LIMITS } from '../contracts/bounds';
import type { EventContract } from '../contracts/defineEvent';

/**
 * Extreme event data generated from an event contract's own schema: the largest and
 * the smallest values it allows, field by field, so a test can prove that whatever the log
 * accepts, every read model stores. The schema is read through its JSON Schema (zod's
 * `toJSONSchema`), which carries the lengths, ranges and list sizes; a field without a bound is
 * reported as unbounded, which is itself a failure.
 */

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  format?: string;
  pattern?: string;
  additionalProperties?: JsonSchema | boolean;
  propertyNames?: JsonSchema;
}

export type Extreme = 'max' | 'min';

/** The smallest positive quantity the read models tell from zero (numeric(…, 6) columns). */
const SMALLEST_POSITIVE = 1e-6;

/**
 * Characters that test storage and escaping: a character outside the BMP (two UTF-16 units),
 * CJK, quotes, a backslash, SQL LIKE wildcards, line breaks and an accented letter.
 */
const MIXED = ['𠮷', '漢', "'", '"', '\\', '%', '_', '\n', '\t', 'é'];

/**
 * Text of exactly `length` code points (zod measures text in code points; a character outside the
 * BMP is two UTF-16 units, so the text is longer still in units and in UTF-8 bytes), distinct for
 * each `salt` (so list items and map keys differ): a CJK character chosen by the salt, then mixed
 * characters.
 */
export function extremeText(length: number, salt = 0): string {
  if (length === 0) return '';
  const chars = [String.fromCodePoint(distinctCodePoint(salt))];
  while (chars.length < length) chars.push(MIXED[chars.length % MIXED.length]!);
  return chars.join('');
}

/** 20,480 CJK characters of the BMP, then 42,720 of CJK extension B: more than any list may hold. */
const distinctCodePoint = (salt: number) => (salt < 0x5000 ? 0x4e00 + salt : 0x20000 + ((salt - 0x5000) % 0xa6e0));

export class UnboundedFieldError extends Error {
  constructor(readonly path: string, what: string) {
    super(`${path || '(data)'}: ${what}`);
  }
}

/** Where the log's bounds are broken: every field of `schema` that has no bound a read model can hold. */
export function unboundedFields(schema: z.ZodType): string[] {
  const problems: string[] = [];
  const walk = (s: JsonSchema, path: string) => {
    for (const option of s.anyOf ?? []) walk(option, path);
    const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
    if (s.enum || s.const !== undefined) return;
    if (types.includes('string') && s.format !== 'date' && !(s.maxLength !== undefined && s.maxLength <= LIMITS.longTextLength)) {
      problems.push(`${path}: text without a length bound`);
    }
    if (types.includes('number') || types.includes('integer')) {
      const low = s.minimum ?? s.exclusiveMinimum;
      const high = s.maximum ?? s.exclusiveMaximum;
      if (low === undefined || high === undefined || Math.abs(low) > LIMITS.maxQuantity || Math.abs(high) > LIMITS.maxQuantity) {
        problems.push(`${path}: number without a range within ±${LIMITS.maxQuantity}`);
      } else if (types.includes('integer') && high > LIMITS.maxVersion) problems.push(`${path}: integer beyond an integer column`);
    }
    if (types.includes('array')) {
      if (s.maxItems === undefined) problems.push(`${path}: list without a length bound`);
      if (s.items) walk(s.items, `${path}[]`);
    }
    for (const [key, child] of Object.entries(s.properties ?? {})) walk(child, path ? `${path}.${key}` : key);
    if (typeof s.additionalProperties === 'object') walk(s.additionalProperties, `${path}{}`);
    if (s.propertyNames) walk(s.propertyNames, `${path}{key}`);
  };
  walk(jsonSchemaOf(schema), '');
  return problems;
}

const jsonSchemaOf = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;

/** The largest (`max`) or smallest (`min`) data `contract` allows. */
export function extremeData(contract: EventContract<string, z.ZodType>, extreme: Extreme): unknown {
  return generate(jsonSchemaOf(contract.schema), extreme, '', 0);
}

function generate(s: JsonSchema, extreme: Extreme, path: string, salt: number): unknown {
  if (s.const !== undefined) return s.const;
  if (s.enum) return extreme === 'max' ? s.enum.at(-1) : s.enum[0];
  if (s.anyOf) return generate(pickOption(s.anyOf, extreme), extreme, path, salt);
  const types = Array.isArray(s.type) ? s.type : [s.type];
  const type = extreme === 'min' && types.includes('null') ? 'null' : types.find((t) => t !== 'null');
  switch (type) {
    case 'null':
      return null;
    case 'boolean':
      return extreme === 'max';
    case 'string':
      return textFor(s, extreme, path, salt);
    case 'number':
    case 'integer':
      return numberFor(s, extreme, path, type === 'integer');
    case 'array':
      return listFor(s, extreme, path);
    case 'object':
      return objectFor(s, extreme, path, salt);
    default:
      throw new UnboundedFieldError(path, `unsupported schema ${JSON.stringify(s)}`);
  }
}

/** Largest: the richest option that is not null; smallest: null, or else the first option (e.g. the literal 0 of a year). */
function pickOption(options: JsonSchema[], extreme: Extreme): JsonSchema {
  const isNull = (o: JsonSchema) => o.type === 'null';
  if (extreme === 'min') return options.find(isNull) ?? options[0]!;
  return options.find((o) => !isNull(o) && o.const === undefined) ?? options.find((o) => !isNull(o)) ?? options[0]!;
}

/**
 * Texts of a fixed shape (a pattern), largest and smallest, for the patterns the contracts use; a
 * new pattern fails here by name until its extremes are written down.
 */
const PATTERN_EXTREMES: Readonly<Record<string, Record<Extreme, string>>> = {
  // A commit position (decimal digits of a bigint).
  '^\\d{1,19}$': { max: '9223372036854775807', min: '0' },
  // A SHA-256, lowercase hex.
  '^[0-9a-f]{64}$': { max: 'f'.repeat(64), min: '0'.repeat(64) },
  // kg as exact decimal text with six decimals, within numeric(30, 6).
  '^-?\\d{1,24}\\.\\d{6}$': { max: `-${'9'.repeat(24)}.999999`, min: '0.000000' },
};

function textFor(s: JsonSchema, extreme: Extreme, path: string, salt: number): string {
  if (s.format === 'date') return extreme === 'max' ? `${LIMITS.maxYear}-12-31` : `${LIMITS.minYear}-01-01`;
  if (s.pattern !== undefined) {
    const known = PATTERN_EXTREMES[s.pattern];
    if (!known) throw new UnboundedFieldError(path, `text of a pattern without known extremes (${s.pattern})`);
    return known[extreme];
  }
  if (s.maxLength === undefined) throw new UnboundedFieldError(path, 'text without a length bound');
  return extremeText(extreme === 'max' ? s.maxLength : (s.minLength ?? 0), salt);
}

function numberFor(s: JsonSchema, extreme: Extreme, path: string, integer: boolean): number {
  if (extreme === 'max') {
    if (s.maximum === undefined) throw new UnboundedFieldError(path, 'number without a maximum');
    return s.maximum;
  }
  if (s.minimum !== undefined) return s.minimum;
  if (s.exclusiveMinimum !== undefined) return s.exclusiveMinimum + (integer ? 1 : SMALLEST_POSITIVE);
  throw new UnboundedFieldError(path, 'number without a minimum');
}

/**
 * The largest list has as many items as allowed, the first one largest and the others smallest
 * (each distinct): every item at its largest at once is bounded by LIMITS.maxEventBytes instead,
 * which the command layer checks on the whole event.
 */
function listFor(s: JsonSchema, extreme: Extreme, path: string): unknown[] {
  if (s.maxItems === undefined) throw new UnboundedFieldError(path, 'list without a length bound');
  if (!s.items) throw new UnboundedFieldError(path, 'list without an item schema');
  const count = extreme === 'max' ? s.maxItems : (s.minItems ?? 0);
  return Array.from({ length: count }, (_, i) => generate(s.items!, i === 0 ? extreme : 'min', `${path}[${i}]`, i + 1));
}

function objectFor(s: JsonSchema, extreme: Extreme, path: string, salt: number): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  const required = new Set(s.required ?? []);
  for (const [key, child] of Object.entries(s.properties ?? {})) {
    // The smallest data leaves out what is optional; the largest has everything.
    if (extreme === 'min' && !required.has(key)) continue;
    data[key] = generate(child, extreme, path ? `${path}.${key}` : key, salt);
  }
  if (typeof s.additionalProperties === 'object' && s.propertyNames && extreme === 'max') {
    // A map (z.record): as many entries as a list may hold, the first one largest.
    for (let i = 0; i < LIMITS.maxListLength; i++) {
      const entry = i === 0 ? 'max' : 'min';
      const key = generate({ ...s.propertyNames, minLength: Math.max(s.propertyNames.minLength ?? 0, 1) }, entry, `${path}{key}`, i + 1) as string;
      data[key] = generate(s.additionalProperties, entry, `${path}.${key}`, i + 1);
    }
  }
  return data;
}

/** One value just outside what a contract allows, at `path` of its largest data. */
export interface BeyondBound {
  path: string;
  what: string;
  data: unknown;
}

/**
 * The largest data of `contract` with one field pushed past its bound, for every field: text one
 * unit too long, text with NUL or a lone surrogate, a number of ±1e308, a list one item too long.
 * Every one of them must be refused by the contract.
 */
export function beyondBounds(contract: EventContract<string, z.ZodType>): BeyondBound[] {
  const largest = extremeData(contract, 'max');
  // Lists cut to their first item, so that a field pushed past its bound is not copied with
  // 50,000 others; only the list-length cases need the whole list.
  const compact = JSON.parse(JSON.stringify(largest), (_key, value: unknown) => (Array.isArray(value) ? value.slice(0, 1) : value)) as unknown;
  const out: BeyondBound[] = [];
  const variant = (path: (string | number)[], what: string, value: unknown, base = compact) =>
    out.push({ path: path.join('.'), what, data: setAt(structuredClone(base), path, value) });
  const walk = (s: JsonSchema, path: (string | number)[], value: unknown) => {
    if (s.anyOf) return walk(pickOption(s.anyOf, 'max'), path, value);
    if (s.const !== undefined || s.enum) return variant(path, 'a value outside its list', extremeText(3, 7));
    const types = Array.isArray(s.type) ? s.type : [s.type];
    if (types.includes('string')) {
      variant(path, 'text with NUL', 'a\u0000b');
      variant(path, 'text with a lone surrogate', 'a\ud800b');
      variant(path, 'text one unit too long', s.format === 'date' ? `${String(value)}x` : extremeText((s.maxLength ?? 0) + 1));
    } else if (types.includes('number') || types.includes('integer')) {
      variant(path, 'a number of 1e308', 1e308);
      variant(path, 'a number of -1e308', -1e308);
    } else if (types.includes('array') && s.items && Array.isArray(value)) {
      variant(path, 'a list one item too long', [...value, generate(s.items, 'min', '', value.length + 1)], largest);
      if (value.length > 0) walk(s.items, [...path, 0], value[0]);
    } else if (types.includes('object') && value && typeof value === 'object') {
      for (const [key, child] of Object.entries(s.properties ?? {})) walk(child, [...path, key], (value as Record<string, unknown>)[key]);
    }
  };
  walk(jsonSchemaOf(contract.schema), [], largest);
  return out;
}

function setAt(root: unknown, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  let node = root as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path.at(-1)!] = value;
  return root;
}
