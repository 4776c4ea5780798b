import { fail, ok, type Result } from '../result';
import { SPECIES, type Species } from '../gwp/gases';
import { parseUnit, type Unit, type UnitParseError } from '../units/parse';

/**
 * A factor's unit as published: 'kg-CO2/L', 'g-CH4/mmBtu', 't-C/GJ', 'kg-CO2e/tkm', 'GJ/kL'.
 * An emission numerator is a mass of one species; other numerators are plain units.
 */
export interface FactorUnit {
  readonly text: string;
  readonly numerator: Unit;
  readonly species?: Species;
  readonly denominator: Unit;
}

export type FactorUnitError = UnitParseError | 'invalid_factor_unit';

const SPECIES_BY_LENGTH = [...SPECIES].sort((a, b) => b.length - a.length);
const SPECIES_ALIASES: readonly (readonly [string, Species])[] = [
  ['co2eq', 'CO2e'],
  ['co2-eq', 'CO2e'],
  ...SPECIES_BY_LENGTH.map((s) => [s.toLowerCase(), s] as const),
];

/** 'kg-CO2e', 'tCO2', 'g CH4', 't-C' → mass unit and species; null when it is no emission mass. */
export function parseEmissionMass(text: string): { mass: Unit; species: Species } | null {
  const t = text.normalize('NFKC').trim();
  const lower = t.toLowerCase();
  for (const [alias, species] of SPECIES_ALIASES) {
    if (!lower.endsWith(alias)) continue;
    const prefix = t.slice(0, t.length - alias.length).replace(/[\s\-‐]+$/, '');
    if (prefix === '') continue;
    const mass = parseUnit(prefix);
    if (mass.ok && mass.value.dimension === 'mass') return { mass: mass.value, species };
  }
  return null;
}

const cache = new Map<string, Result<FactorUnit, FactorUnitError>>();

export function parseFactorUnit(text: string): Result<FactorUnit, FactorUnitError> {
  const hit = cache.get(text);
  if (hit) return hit;
  const t = text.normalize('NFKC');
  const slash = t.indexOf('/');
  let result: Result<FactorUnit, FactorUnitError>;
  if (slash <= 0) result = fail('invalid_factor_unit', text);
  else {
    const numText = t.slice(0, slash).trim();
    const den = parseUnit(t.slice(slash + 1).trim());
    const emission = parseEmissionMass(numText);
    if (!den.ok) result = den;
    else if (emission) result = ok({ text, numerator: emission.mass, species: emission.species, denominator: den.value });
    else {
      const num = parseUnit(numText);
      result = num.ok ? ok({ text, numerator: num.value, denominator: den.value }) : num;
    }
  }
  if (cache.size < 10_000) cache.set(text, result);
  return result;
}
