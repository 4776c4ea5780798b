import { isStorableText, LIMITS } from '@ghg/events';
import type { Cell } from '../calculation/companyFactors/entry';
import { CURRENCY_CODES } from '../calculation/units/catalogue';
import { parseUnit } from '../calculation/units/parse';
import { LINKED_TEXT_FIELDS, SOURCE_FORMATS, sourceColumnOf, type ImportSourceType, type LinkedField, type LinkedTextField } from './sourceFormats';
import { parseJapaneseDate, parseNumberCell } from './values';

/**
 * One imported file row as a linked-data record. The header row is read once into a ColumnMap;
 * each data row is then checked on its own, and every problem of a row is reported (a user fixes
 * a file in one pass, not one error per upload).
 */

export interface LinkedRecord {
  /** Spreadsheet row number as the user sees it: the header is row 1, the first data row 2. */
  row: number;
  /** The format's sourceKey values (NFKC, trimmed) joined with '|'; '\' and '|' inside a value are escaped with '\'. */
  sourceKey: string;
  /** ISO YYYY-MM-DD. */
  transactionDate: string;
  /** >= 0. */
  amount: number | null;
  /** ISO 4217, upper case; 'JPY' when the amount has no currency. */
  currency: string | null;
  /** >= 0. */
  volume: number | null;
  volumeUnit: string | null;
  /** >= 0, in kg (a column in tonnes is converted). */
  weightKg: number | null;
  /** >= 0. */
  distanceKm: number | null;
  /** Non-blank text values, NFKC-normalised and trimmed, each at most 200 characters. */
  text: Partial<Record<LinkedTextField, string>>;
}

export type ImportRowErrorCode = 'missing_value' | 'invalid_date' | 'invalid_number' | 'negative_amount' | 'invalid_currency' | 'value_too_long' | 'invalid_text';

export interface ImportRowError {
  row: number;
  field: LinkedField;
  code: ImportRowErrorCode;
  /** The cell as text, at most 200 characters (NUL and lone surrogates shown as U+FFFD); null for a blank cell. */
  value: string | null;
}

export type HeaderProblemCode = 'missing_column' | 'unknown_column' | 'duplicate_column' | 'no_header';

export interface HeaderProblem {
  code: HeaderProblemCode;
  /** The header text, or the field's headers[0] for a missing column; '' for no_header. */
  column: string;
}

export interface ColumnMap {
  sourceType: ImportSourceType;
  /** The mapped columns in file order: where each is, the field it fills, and its header as written. */
  columns: readonly { index: number; field: LinkedField; header: string }[];
}

const MAX_TEXT = LIMITS.shortTextLength;
const TEXT_FIELDS: ReadonlySet<string> = new Set(LINKED_TEXT_FIELDS);
const CURRENCIES: ReadonlySet<string> = new Set(CURRENCY_CODES);
const YEN = new Set(['円', '¥', '\\', 'JPY', 'YEN', '日本円']);

/** The cell as text: NFKC and trimmed; a spreadsheet date as its ISO date. */
function textOf(cell: Cell): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? '' : cell.toISOString().slice(0, 10);
  return String(cell).normalize('NFKC').trim();
}

function isBlank(cell: Cell): boolean {
  if (cell === null || cell === undefined) return true;
  if (typeof cell === 'string') return cell.trim() === '';
  return cell instanceof Date && Number.isNaN(cell.getTime());
}

const codePoints = (s: string) => (s.length <= MAX_TEXT ? s.length : [...s].length);

/** What an error shows of the cell: its raw text, cut to 200 characters, storable. */
function shownValue(cell: Cell): string | null {
  if (isBlank(cell)) return null;
  const raw = cell instanceof Date ? cell.toISOString().slice(0, 10) : String(cell).trim();
  const cut = codePoints(raw) > MAX_TEXT ? [...raw].slice(0, MAX_TEXT).join('') : raw;
  return cut.replaceAll('\u0000', '\uFFFD').replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

/** An ISO 4217 code we can convert (domain/src/calculation's CURRENCY_CODES), or null. */
function currencyOf(text: string): string | null {
  const upper = text.toUpperCase();
  if (YEN.has(upper)) return 'JPY';
  if (/^[A-Z]{3}$/.test(upper)) return CURRENCIES.has(upper) ? upper : null;
  // The unit catalogue's spellings of a currency: 米ドル, US$, ユーロ, 人民元 …
  const unit = parseUnit(text);
  return unit.ok && CURRENCIES.has(unit.value.id) ? unit.value.id : null;
}

function headerText(cell: Cell): string {
  return textOf(typeof cell === 'string' ? cell.replace(/^\uFEFF/, '') : cell).replace(/^\uFEFF/, '');
}

/**
 * Reads the header row of a file of the given source type. Trailing blank header cells are
 * ignored; a blank one before the last header is an unknown column (''). A row in which no cell
 * is a header of the format (a blank row, or data where the header should be) is 'no_header'.
 */
export function columnMapOf(sourceType: ImportSourceType, header: readonly Cell[]): { ok: true; map: ColumnMap } | { ok: false; problems: HeaderProblem[] } {
  let end = header.length;
  while (end > 0 && isBlank(header[end - 1])) end--;
  const names = header.slice(0, end).map(headerText);
  const found = names.map((name) => (name === '' ? null : sourceColumnOf(sourceType, name)));
  if (found.every((c) => c === null)) return { ok: false, problems: [{ code: 'no_header', column: '' }] };

  const problems: HeaderProblem[] = [];
  const columns: { index: number; field: LinkedField; header: string }[] = [];
  const mapped = new Set<LinkedField>();
  found.forEach((c, index) => {
    const name = names[index]!;
    if (!c) problems.push({ code: 'unknown_column', column: name });
    // Two columns for one field ('重量(kg)' and '重量(t)') would leave the value ambiguous.
    else if (mapped.has(c.field)) problems.push({ code: 'duplicate_column', column: name });
    else {
      mapped.add(c.field);
      columns.push({ index, field: c.field, header: name });
    }
  });
  for (const c of SOURCE_FORMATS[sourceType].columns) {
    if (c.required && !mapped.has(c.field)) {
      mapped.add(c.field); // reported once, however many columns could have filled it
      problems.push({ code: 'missing_column', column: c.headers[0]! });
    }
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, map: { sourceType, columns } };
}

/** Per map, each column's factor into the record's unit (tonnes → kg), looked up once. */
const FACTORS = new WeakMap<ColumnMap, readonly number[]>();
function factorsOf(map: ColumnMap): readonly number[] {
  let f = FACTORS.get(map);
  if (!f) {
    f = map.columns.map((c) => sourceColumnOf(map.sourceType, c.header)?.factor ?? 1);
    FACTORS.set(map, f);
  }
  return f;
}

const escapeKeyPart = (v: string) => v.replace(/[\\|]/g, (ch) => `\\${ch}`);

/**
 * One data row → a record, or every problem of the row. A fully blank row is skipped
 * (`record: null`). Each blank required value is 'missing_value'; numbers must not be negative.
 */
export function recordOf(
  map: ColumnMap,
  row: number,
  cells: readonly Cell[],
): { ok: true; record: LinkedRecord } | { ok: false; errors: ImportRowError[] } | { ok: true; record: null } {
  if (cells.every(isBlank)) return { ok: true, record: null };
  const format = SOURCE_FORMATS[map.sourceType];
  const errors: ImportRowError[] = [];
  const fail = (field: LinkedField, code: ImportRowErrorCode, cell: Cell) => errors.push({ row, field, code, value: code === 'missing_value' ? null : shownValue(cell) });

  const required = new Set(format.columns.filter((c) => c.required).map((c) => c.field));
  const values = new Map<LinkedField, string>(); // what the source key is built from
  const text: Partial<Record<LinkedTextField, string>> = {};
  const numbers: Partial<Record<'amount' | 'volume' | 'weight' | 'distance', number>> = {};
  let transactionDate: string | null = null;
  let currency: string | null = null;
  let volumeUnit: string | null = null;
  const factors = factorsOf(map);

  for (let i = 0; i < map.columns.length; i++) {
    const { index, field } = map.columns[i]!;
    const cell = cells[index];
    if (isBlank(cell)) {
      if (required.has(field)) fail(field, 'missing_value', cell);
      continue;
    }
    switch (field) {
      case 'transactionDate':
        transactionDate = parseJapaneseDate(cell);
        if (transactionDate === null) fail(field, 'invalid_date', cell);
        else values.set(field, transactionDate);
        continue;
      case 'amount':
      case 'volume':
      case 'weight':
      case 'distance': {
        const n = parseNumberCell(cell);
        if (n === 'invalid') fail(field, 'invalid_number', cell);
        else if (n !== null && n < 0) fail(field, 'negative_amount', cell);
        else if (n !== null) {
          const scaled = n * factors[i]!;
          if (scaled > LIMITS.maxQuantity) fail(field, 'invalid_number', cell);
          else {
            numbers[field] = scaled;
            values.set(field, String(scaled));
          }
        }
        continue;
      }
      case 'currency':
        currency = currencyOf(textOf(cell));
        if (currency === null) fail(field, 'invalid_currency', cell);
        continue;
      default: {
        const t = textOf(cell);
        if (!isStorableText(t)) fail(field, 'invalid_text', cell);
        else if (codePoints(t) > MAX_TEXT) fail(field, 'value_too_long', cell);
        else if (t !== '') {
          if (field === 'volumeUnit') volumeUnit = t;
          else if (TEXT_FIELDS.has(field)) text[field as LinkedTextField] = t;
          values.set(field, t);
        }
      }
    }
  }

  // A map built by hand may lack a required column; the row is then missing its value.
  const inMap = new Set(map.columns.map((c) => c.field));
  for (const field of required) if (!inMap.has(field)) fail(field, 'missing_value', null);
  // Without its whole key a row cannot be matched to the same transaction on a later import.
  const blankKey = format.sourceKey.filter((f) => !values.has(f));
  const reported = new Set(errors.map((e) => e.field));
  if (blankKey.length > 0 && !blankKey.some((f) => reported.has(f))) fail(blankKey[0]!, 'missing_value', null);

  if (errors.length > 0 || transactionDate === null) return { ok: false, errors };
  const amount = numbers.amount ?? null;
  return {
    ok: true,
    record: {
      row,
      sourceKey: format.sourceKey.map((f) => escapeKeyPart(values.get(f)!)).join('|'),
      transactionDate,
      amount,
      // Source systems in Japan leave the currency of a yen amount blank.
      currency: currency ?? (amount === null ? null : 'JPY'),
      volume: numbers.volume ?? null,
      volumeUnit,
      weightKg: numbers.weight ?? null,
      distanceKm: numbers.distance ?? null,
      text,
    },
  };
}
