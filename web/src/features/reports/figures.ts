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
