import { inUnit, type EmissionUnit } from '../views/core/filters';

/**
 * A report's figures are kg CO2e as exact decimal text ("1234.500000"), so that its content
 * hashes the same everywhere; a number is made of one only to show it.
 */
export const kgOf = (text: string | null | undefined): number | null => (text === null || text === undefined || text === '' ? null : Number(text));

/** A figure of the report in the unit shown. */
export const figureIn = (text: string | null | undefined, unit: EmissionUnit): number | null => {
  const kg = kgOf(text);
  return kg === null ? null : inUnit(kg, unit);
};

/** The first characters of a SHA-256 (or of a correlation id), enough to tell two apart on screen. */
export const shortHash = (hash: string, length = 12) => hash.slice(0, length);

/**
 * The `asOf` a date-time input's value (local time, "2026-04-01T09:30") stands for: the same
 * moment as ISO 8601 in UTC, which the API takes; null for an empty or unreadable value.
 */
export function asOfFromLocal(local: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(local)) return null;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** The date-time input's value (local time, to the minute) of an `asOf` that is a date-time; '' for a position or nothing. */
export function localFromAsOf(asOf: string | null): string {
  if (!asOf || /^\d+$/.test(asOf)) return '';
  const date = new Date(asOf);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** What the API accepts as `asOf`: a commit position, or an ISO date-time with its offset (api/src/reports/reports.ts). */
export const isAsOf = (value: string) => value.length <= 40 && /^(\d{1,19}|\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))$/.test(value);
