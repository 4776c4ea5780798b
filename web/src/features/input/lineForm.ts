import { lineInputs, type DealAttributes } from '@ghg/domain';
import type { MessageId } from '@ghg/locales';
import type { FormulaField } from '../settings/scopeSetting/api';
import { detailKey, detailOf, settingFields, textOf, type FormErrors } from '../settings/scopeSetting/form';

/** The deal attributes a formula field may be filled from. */
export type DealMapping = NonNullable<FormulaField['dealMapping']>;
const MAPPINGS: readonly DealMapping[] = ['count', 'amount', 'item', 'client'];

/** The deal's form fields, named as the server names them in a refusal (`deal.count` …). */
export const DEAL_KEYS = {
  occurrenceDate: 'deal.occurrenceDate',
  count: 'deal.count',
  countUnit: 'deal.countUnit',
  amount: 'deal.amount',
  currency: 'deal.currency',
  item: 'deal.item',
  client: 'deal.client',
} as const;

export type LineForm = Record<string, string>;

/** A deal as the record call takes it. */
export interface DealValues extends DealAttributes {
  occurrenceDate: string;
}

/** The deal attributes the formula's fields are filled from, in the form's order. */
export const mappingsOf = (fields: readonly FormulaField[]): DealMapping[] => MAPPINGS.filter((m) => fields.some((f) => f.dealMapping === m));

const isEmpty = (v: unknown) => v === undefined || v === null || v === '';

/** The formula's own fields the setting left empty: each line supplies them. */
export const lineDetailFields = (fields: readonly FormulaField[], settingDetail: Readonly<Record<string, unknown>>) => settingFields(fields).filter((f) => isEmpty(settingDetail[f.key]));

/** The form of a line: its setting, its deal, and the detail fields the setting left empty (always blank: the ledger keeps no line detail). */
export function lineFormOf(scopeSettingId: string, deal: Partial<DealValues> & { occurrenceDate: string }, lineDetail: Readonly<Record<string, unknown>> = {}): LineForm {
  const text = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));
  return {
    // The line's own fields as it was recorded, so changing or copying a line does not ask them again.
    ...Object.fromEntries(Object.entries(lineDetail).map(([key, value]) => [detailKey(key), textOf(value)])),
    scopeSettingId,
    [DEAL_KEYS.occurrenceDate]: deal.occurrenceDate,
    [DEAL_KEYS.count]: text(deal.count),
    [DEAL_KEYS.countUnit]: text(deal.countUnit),
    [DEAL_KEYS.amount]: text(deal.amount),
    [DEAL_KEYS.currency]: text(deal.currency),
    [DEAL_KEYS.item]: text(deal.item),
    [DEAL_KEYS.client]: text(deal.client),
  };
}

/** A number as typed (thousands separators allowed); '' is none; NaN when unreadable. */
export function numberOf(text: string | undefined): number | null {
  const trimmed = (text ?? '').trim().replace(/,/g, '');
  if (trimmed === '') return null;
  return Number(trimmed);
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The deal and the line's detail a form records, and what is wrong with it: a setting and a date
 * inside the fiscal year are required, count and amount must be numbers, the detail is read as a
 * setting's is. Only the deal attributes the formula uses are sent.
 */
export function checkLine(
  form: LineForm,
  fields: readonly FormulaField[],
  settingDetail: Readonly<Record<string, unknown>>,
  year: { start: string; end: string },
  /** The line's fields as recorded (when changing or copying one): a value left as shown is kept as it was. */
  recorded: Readonly<Record<string, unknown>> = {},
) {
  const shown = lineDetailFields(fields, settingDetail);
  const { errors, detail } = detailOf(form, shown, recorded);
  const found: FormErrors = { ...errors };
  const mappings = new Set(mappingsOf(fields));
  if (!form.scopeSettingId) found.scopeSettingId = 'validation.required';
  const date = (form[DEAL_KEYS.occurrenceDate] ?? '').trim();
  if (date === '') found[DEAL_KEYS.occurrenceDate] = 'validation.required';
  else if (!ISO_DATE.test(date)) found[DEAL_KEYS.occurrenceDate] = 'activityInput.invalidDate';
  else if (date < year.start || date > year.end) found[DEAL_KEYS.occurrenceDate] = 'activityInput.dateOutsideYear';
  const numeric = (key: string, used: boolean): number | null => {
    if (!used) return null;
    const n = numberOf(form[key]);
    if (n !== null && !Number.isFinite(n)) found[key] = 'activityInput.invalidNumber';
    return n !== null && Number.isFinite(n) ? n : null;
  };
  const text = (key: string, used: boolean) => (used ? (form[key] ?? '').trim() || null : null);
  const deal: DealValues = {
    occurrenceDate: date,
    count: numeric(DEAL_KEYS.count, mappings.has('count')),
    countUnit: text(DEAL_KEYS.countUnit, mappings.has('count')),
    amount: numeric(DEAL_KEYS.amount, mappings.has('amount')),
    currency: text(DEAL_KEYS.currency, mappings.has('amount')),
    item: text(DEAL_KEYS.item, mappings.has('item')),
    client: text(DEAL_KEYS.client, mappings.has('client')),
  };
  return { errors: found, deal, detail };
}

/** The calculation inputs of a line, layered as recording layers them (the domain's own rule). */
export const previewInputs = (fields: readonly FormulaField[], settingDetail: Readonly<Record<string, unknown>>, deal: DealValues, lineDetail: Readonly<Record<string, unknown>>) =>
  lineInputs({ fields }, settingDetail, deal, lineDetail);

/**
 * The form field a problem with the formula field `key` belongs to: the line's own detail field,
 * else the deal attribute it is filled from; null when the value is the setting's.
 */
export function formKeyOfInput(fields: readonly FormulaField[], key: string | null | undefined, lineKeys: ReadonlySet<string>): string | null {
  if (!key) return null;
  if (lineKeys.has(key)) return detailKey(key);
  const mapping = fields.find((f) => f.key === key)?.dealMapping;
  return mapping ? `deal.${mapping}` : null;
}

/** The form field a refusal's field names (`deal.count` as it is, `scopeSettingDetail.<key>` → the detail field). */
export function formKeyOfRefusal(field: string): string | null {
  if (field.startsWith('deal.')) return field;
  if (field.startsWith('scopeSettingDetail.')) return detailKey(field.slice('scopeSettingDetail.'.length));
  if (field.startsWith('scopeSetting.')) return 'scopeSettingId';
  return null;
}

/** A row pasted from a spreadsheet: its number (from 1), the deal's date, count and amount as text. */
export interface PastedRow {
  row: number;
  occurrenceDate: string;
  count: string;
  amount: string;
}

/** Tab-separated rows `date<TAB>count<TAB>amount` (blank lines skipped; a missing cell is empty). */
export function parsePasted(text: string): PastedRow[] {
  return text
    .split(/\r?\n/)
    .map((line, i) => ({ line, row: i + 1 }))
    .filter(({ line }) => line.trim() !== '')
    .map(({ line, row }) => {
      const [occurrenceDate = '', count = '', amount = ''] = line.split('\t').map((c) => c.trim());
      return { row, occurrenceDate, count, amount };
    });
}

/** A pasted date `YYYY/M/D` or `YYYY-M-D` as `YYYY-MM-DD`; other text as it is. */
export function isoDateOf(text: string): string {
  const m = /^(\d{4})[/-](\d{1,2})[/-](\d{1,2})$/.exec(text.trim());
  return m ? `${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}` : text.trim();
}

/** The message of a field problem the server named, for the form. */
export const CHECK_FIELD: MessageId = 'activityInput.checkField';
