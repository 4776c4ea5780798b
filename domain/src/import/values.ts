import { LIMITS } from '@ghg/events';
import type { Cell } from '../calculation/companyFactors/entry';

/**
 * Dates and numbers as Japanese source systems and Excel write them. Both parsers take a raw cell
 * (CSV text, or an XLSX number or date) and never throw.
 */

const DAY_MS = 86_400_000;

/**
 * Excel's 1900 date system counts serial 1 as 1900-01-01 and, copying Lotus 1-2-3, has a
 * 1900-02-29 that never was (serial 60). From serial 61 (1900-03-01) on, serial n is therefore
 * n days after 1899-12-30. Outside this range a number is more likely an amount than a date.
 */
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
const MIN_SERIAL = 20_000; // 1954-10-03
const MAX_SERIAL = 80_000; // 2119-01-11

/** Japanese eras: first and last day, and the Gregorian year of their year 1 (元年). */
const ERAS: readonly { names: readonly string[]; from: string; to: string | null; year1: number }[] = [
  { names: ['令和', 'r'], from: '2019-05-01', to: null, year1: 2019 },
  { names: ['平成', 'h'], from: '1989-01-08', to: '2019-04-30', year1: 1989 },
  { names: ['昭和', 's'], from: '1926-12-25', to: '1989-01-07', year1: 1926 },
];
const ERA_BY_NAME = new Map(ERAS.flatMap((e) => e.names.map((n) => [n, e] as const)));

/** 'YYYY-MM-DD' when year, month and day name a real day within the years we accept. */
function isoOf(year: number, month: number, day: number): string | null {
  if (year < LIMITS.minYear || year > LIMITS.maxYear || month < 1 || month > 12 || day < 1 || day > 31) return null;
  const d = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC rolls 2025-02-30 over to 03-02; a real day comes back unchanged.
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return d.toISOString().slice(0, 10);
}

function fromSerial(serial: number): string | null {
  if (!Number.isFinite(serial) || serial < MIN_SERIAL || serial >= MAX_SERIAL + 1) return null;
  // A fraction is the time of day: the date is the whole part.
  return new Date(EXCEL_EPOCH_MS + Math.floor(serial) * DAY_MS).toISOString().slice(0, 10);
}

/** An optional time after the date, as Excel's CSV export writes it ('2025/4/1 0:00') or ISO ('T09:30:00'). */
const TIME = String.raw`(?:[\sT]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?`;
const WESTERN = new RegExp(String.raw`^(\d{4})([-/.])(\d{1,2})\2(\d{1,2})${TIME}$`);
const WESTERN_KANJI = /^(\d{4})\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*日$/;
const COMPACT = /^(\d{4})(\d{2})(\d{2})$/;
// '令和7年4月1日', also with the era's letter ('R7年4月1日').
const ERA_KANJI = /^(令和|平成|昭和|[rhs])\s*(元|\d{1,2})\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*日$/i;
const ERA_LETTER = /^([rhs])\s*(\d{1,2})([-/.])(\d{1,2})\3(\d{1,2})$/i;
const SERIAL = /^\d{5}(\.\d+)?$/;

function fromEra(name: string, eraYear: string, month: number, day: number): string | null {
  const era = ERA_BY_NAME.get(name.toLowerCase());
  const n = eraYear === '元' ? 1 : Number(eraYear);
  if (!era || n < 1) return null;
  const iso = isoOf(era.year1 + n - 1, month, day);
  if (!iso || iso < era.from || (era.to !== null && iso > era.to)) return null;
  return iso;
}

/**
 * A date as Japanese systems write it → 'YYYY-MM-DD', or null: '2025/4/1', '2025-04-01',
 * '2025.4.1', '2025年4月1日', '20250401', '令和7年4月1日', 'R7.4.1', '令和元年5月1日', 'H31.4.30', an
 * Excel serial (45748, as a number or digits), a Date (an XLSX cell; its UTC date). Impossible
 * days (2025/2/30) and years outside an era (令和0年, 平成31年5月1日) are null.
 */
export function parseJapaneseDate(cell: Cell): string | null {
  if (cell === null || cell === undefined || typeof cell === 'boolean') return null;
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? null : isoOf(cell.getUTCFullYear(), cell.getUTCMonth() + 1, cell.getUTCDate());
  if (typeof cell === 'number') {
    // An 8-digit integer is a compact date (20250401) written into a number cell.
    if (Number.isInteger(cell) && cell >= 10_000_000 && cell <= 99_999_999) return parseJapaneseDate(String(cell));
    return fromSerial(cell);
  }
  // NFKC: full-width digits and slashes, and the era ligatures ㋿ and ㍻, become plain text.
  const t = cell.normalize('NFKC').trim();
  let m: RegExpExecArray | null;
  if ((m = WESTERN.exec(t))) return isoOf(Number(m[1]), Number(m[3]), Number(m[4]));
  if ((m = WESTERN_KANJI.exec(t)) || (m = COMPACT.exec(t))) return isoOf(Number(m[1]), Number(m[2]), Number(m[3]));
  if ((m = ERA_KANJI.exec(t))) return fromEra(m[1]!, m[2]!, Number(m[3]), Number(m[4]));
  if ((m = ERA_LETTER.exec(t))) return fromEra(m[1]!, m[2]!, Number(m[4]), Number(m[5]));
  if (SERIAL.test(t)) return fromSerial(Number(t));
  return null;
}

/** Signs of a negative number: minus (ASCII, U+2212) and the accounting triangles △ ▲. */
const NEGATIVE = new Set(['-', '\u2212', '△', '▲']);
/**
 * [open paren] [sign] [yen mark] [sign] digits [円] [close paren]. '\' is the yen sign of
 * Shift_JIS files read as text (byte 0x5C).
 */
const NUMBER = /^(\()?\s*([-+\u2212△▲])?\s*([¥\\])?\s*([-+\u2212△▲])?\s*(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d*)?(?:[eE][+-]?\d+)?|\.\d+)\s*(円)?\s*(\))?$/;

/**
 * '1,234.5', '１，２３４．５' (full width), '¥1,200', '1200円', a number cell → number; blank → null;
 * anything else 'invalid'. '-5', '△5', '▲5' and '(5)' are negative (the caller refuses negatives
 * where they are not allowed). Non-finite values and |x| > 10^15 are 'invalid'.
 */
export function parseNumberCell(cell: Cell): number | null | 'invalid' {
  if (cell === null || cell === undefined) return null;
  if (typeof cell === 'number') return bounded(cell);
  if (typeof cell !== 'string') return 'invalid';
  const t = cell.normalize('NFKC').trim();
  if (t === '') return null;
  const m = NUMBER.exec(t);
  if (!m) return 'invalid';
  const [, open, sign1, , sign2, digits, , close] = m;
  if (Boolean(open) !== Boolean(close) || (sign1 && sign2) || (open && (sign1 || sign2))) return 'invalid';
  const sign = sign1 ?? sign2;
  const n = Number(digits!.replaceAll(',', ''));
  return bounded(open || (sign && NEGATIVE.has(sign)) ? -n : n);
}

function bounded(n: number): number | 'invalid' {
  if (!Number.isFinite(n) || Math.abs(n) > LIMITS.maxQuantity) return 'invalid';
  return n === 0 ? 0 : n; // never -0
}
