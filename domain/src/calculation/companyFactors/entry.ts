import { type CompanyFactorEntry, isStorableText, LIMITS } from '@ghg/events';
import { CALCULATION_SCOPES } from '../types';
import { parseFactorUnit } from '../factors/factorUnit';
import type { FactorEntry } from '../factors/types';
import { GASES } from '../gwp/gases';

/**
 * One company factor as a row of the upload table (and of the single-factor form). The same
 * checks run for both, so a value refused in a file is refused in the form with the same code.
 */

/** The table's columns in template order (docs/calculation.md, "Company factor sets"). */
export const FACTOR_TABLE_COLUMNS = [
  'key',
  'label_ja',
  'label_en',
  'label_zhHans',
  'value',
  'unit',
  'stage',
  'valid_from',
  'valid_to',
  'source',
  'licence_note',
  'category',
] as const;
export type FactorTableColumn = (typeof FACTOR_TABLE_COLUMNS)[number];
export const REQUIRED_FACTOR_COLUMNS: readonly FactorTableColumn[] = ['key', 'value', 'unit'];

export type FactorRowErrorCode =
  | 'missing_value'
  | 'invalid_key'
  | 'invalid_number'
  | 'negative_value'
  | 'invalid_unit'
  | 'invalid_stage'
  | 'invalid_date'
  | 'invalid_period'
  | 'invalid_category'
  | 'invalid_text'
  | 'too_large'
  | 'too_long';

export interface FactorFieldError {
  readonly field: FactorTableColumn;
  readonly code: FactorRowErrorCode;
}

/** A cell as a CSV parser (text) or a spreadsheet (number, date) gives it. */
export type Cell = string | number | boolean | Date | null | undefined;
export type FactorRow = Partial<Record<FactorTableColumn, Cell>>;

/** Keys appear in URLs and references ('<setId>:<key>'): ASCII letters, digits, '.', '_', '-'. */
export const FACTOR_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]{0,119}$/;
const STAGES = ['WTT', 'TTW', 'WTW'] as const;
const MAX_TEXT = 1000;
const MAX_LABEL = 200;

const text = (cell: Cell): string => {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? '' : cell.toISOString().slice(0, 10);
  return String(cell).normalize('NFKC').trim();
};

/** '2,58', no; '1,234.5', '2.58', '2.58e-3', '０．５' (full width) yes. */
function parseNumber(cell: Cell): number | null {
  if (typeof cell === 'number') return Number.isFinite(cell) ? cell : null;
  const t = text(cell);
  if (/^[+-]?\d{1,3}(,\d{3})+(\.\d+)?$/.test(t)) return Number(t.replaceAll(',', ''));
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(t)) return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}

/** 'YYYY-MM-DD' or 'YYYY/MM/DD' (or a spreadsheet date) → ISO date; null when not a real date. */
export function parseDate(cell: Cell): string | null {
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? null : cell.toISOString().slice(0, 10);
  const m = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/.exec(text(cell));
  if (!m) return null;
  const iso = `${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}`;
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === iso ? iso : null;
}

const EMISSION_SPECIES: ReadonlySet<string> = new Set([...GASES, 'CO2e']);

/** 'emission' when the unit's numerator is a mass of a gas or of CO2e; otherwise a plain quantity. */
export function kindOfUnit(unit: string): 'emission' | 'quantity' | null {
  const u = parseFactorUnit(unit);
  if (!u.ok) return null;
  return u.value.species && EMISSION_SPECIES.has(u.value.species) ? 'emission' : 'quantity';
}

/** Validates one row; every field error is reported, not only the first. */
export function validateFactorRow(row: FactorRow): { ok: true; entry: CompanyFactorEntry } | { ok: false; errors: FactorFieldError[] } {
  const errors: FactorFieldError[] = [];
  const err = (field: FactorTableColumn, code: FactorRowErrorCode) => errors.push({ field, code });
  // NUL and lone surrogates cannot be stored: the cell is refused, not the whole request.
  const unstorable = FACTOR_TABLE_COLUMNS.filter((field) => !isStorableText(text(row[field])));
  for (const field of unstorable) err(field, 'invalid_text');
  if (unstorable.length > 0) return { ok: false, errors };

  const key = text(row.key);
  if (!key) err('key', 'missing_value');
  else if (!FACTOR_KEY.test(key)) err('key', 'invalid_key');

  const labelJa = text(row.label_ja);
  const labelEn = text(row.label_en);
  const labelZh = text(row.label_zhHans);
  if (!labelJa && !labelEn && !labelZh) err('label_ja', 'missing_value');
  for (const [field, v] of [['label_ja', labelJa], ['label_en', labelEn], ['label_zhHans', labelZh]] as const) {
    if (v.length > MAX_LABEL) err(field, 'too_long');
  }

  let value: number | null = null;
  if (text(row.value) === '') err('value', 'missing_value');
  else {
    value = parseNumber(row.value);
    if (value === null) err('value', 'invalid_number');
    else if (value < 0) err('value', 'negative_value');
    else if (value > LIMITS.maxQuantity) err('value', 'too_large');
  }

  const unit = text(row.unit);
  if (!unit) err('unit', 'missing_value');
  else if (!kindOfUnit(unit)) err('unit', 'invalid_unit');

  const stageText = text(row.stage).toUpperCase();
  const stage = stageText === '' ? null : (STAGES as readonly string[]).includes(stageText) ? (stageText as (typeof STAGES)[number]) : undefined;
  if (stage === undefined) err('stage', 'invalid_stage');

  const dates = { valid_from: null as string | null, valid_to: null as string | null };
  for (const field of ['valid_from', 'valid_to'] as const) {
    if (text(row[field]) === '') continue;
    dates[field] = parseDate(row[field]);
    if (dates[field] === null) err(field, 'invalid_date');
  }
  if (dates.valid_from && dates.valid_to && dates.valid_from > dates.valid_to) err('valid_to', 'invalid_period');

  const source = text(row.source);
  const licenceNote = text(row.licence_note);
  if (source.length > MAX_TEXT) err('source', 'too_long');
  if (licenceNote.length > MAX_TEXT) err('licence_note', 'too_long');

  const category = text(row.category);
  if (category && !(CALCULATION_SCOPES as readonly string[]).includes(category)) err('category', 'invalid_category');

  if (errors.length > 0) return { ok: false, errors };
  // A label missing in one language takes the first one given (user data, not a translation).
  const first = labelJa || labelEn || labelZh;
  return {
    ok: true,
    entry: {
      key,
      label: { ja: labelJa || first, en: labelEn || first, zhHans: labelZh || first },
      value: value!,
      unit,
      stage: stage ?? null,
      validFrom: dates.valid_from,
      validTo: dates.valid_to,
      source: source || null,
      licenceNote: licenceNote || null,
      category: category || null,
    },
  };
}

/** The engine's view of a company factor. */
export function toFactorEntry(e: CompanyFactorEntry): FactorEntry {
  const note = [e.source ? `source: ${e.source}` : '', e.licenceNote ? `licence: ${e.licenceNote}` : ''].filter(Boolean).join('; ');
  const valid = e.validFrom || e.validTo ? { ...(e.validFrom ? { from: e.validFrom } : {}), ...(e.validTo ? { to: e.validTo } : {}) } : undefined;
  const base = {
    key: e.key,
    label: e.label,
    // Company-supplied values are the company's responsibility; the engine treats them as given.
    confirmed: true,
    ...(note ? { note } : {}),
    ...(valid ? { valid } : {}),
  };
  return kindOfUnit(e.unit) === 'emission'
    ? { ...base, kind: 'emission', components: [{ value: e.value, unit: e.unit, ...(e.stage ? { stage: e.stage } : {}) }] }
    : { ...base, kind: 'quantity', value: e.value, unit: e.unit };
}

/** The entry as a table row (for the CSV download). */
export function toFactorRow(e: CompanyFactorEntry): Record<FactorTableColumn, string> {
  return {
    key: e.key,
    label_ja: e.label.ja,
    label_en: e.label.en,
    label_zhHans: e.label.zhHans,
    value: String(e.value),
    unit: e.unit,
    stage: e.stage ?? '',
    valid_from: e.validFrom ?? '',
    valid_to: e.validTo ?? '',
    source: e.source ?? '',
    licence_note: e.licenceNote ?? '',
    category: e.category ?? '',
  };
}
