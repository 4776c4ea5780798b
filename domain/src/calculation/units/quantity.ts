import { fail, ok, type Result } from '../result';
import { convertNumber } from './convert';
import { conversionFactor, parseUnit, type Unit, type UnitParseError } from './parse';
import type { UnitId } from './catalogue';

/**
 * A number with its unit. The unit is part of the type where it is known at compile time, so
 * `add(quantity(1, 'kg'), quantity(1, 't'))` does not type-check; where units come from data, the
 * same functions check at run time and answer with an error code, never with a silent number.
 */
export interface Quantity<U extends UnitId = UnitId> {
  readonly value: number;
  readonly unit: U;
}

export type UnitError = UnitParseError | 'unit_mismatch' | 'conversion_required' | 'invalid_number';

export const quantity = <U extends UnitId>(value: number, unit: U): Quantity<U> => ({ value, unit });

function resolve(id: string): Result<Unit, UnitError> {
  return parseUnit(id);
}

/** Converts between units of one dimension, exactly (see convert.ts); across dimensions: unit_mismatch. */
export function convert<To extends UnitId>(q: Quantity, to: To): Result<Quantity<To>, UnitError> {
  if (!Number.isFinite(q.value)) return fail('invalid_number', String(q.value));
  const from = resolve(q.unit);
  if (!from.ok) return from;
  const target = resolve(to);
  if (!target.ok) return target;
  const f = conversionFactor(from.value, target.value);
  if (!f) return fail('unit_mismatch', `${from.value.dimension} ≠ ${target.value.dimension}`);
  return ok({ value: convertNumber(q.value, f), unit: to });
}

/**
 * Adds two quantities of the same unit. Same dimension but different unit (kg + t, L + kL) is
 * `conversion_required`: the caller converts explicitly first, because the ×1000 slip is the most
 * common error in published GHG tools. Different dimensions are `unit_mismatch`.
 */
export function add<U extends UnitId>(a: Quantity<U>, b: Quantity<NoInfer<U>>): Result<Quantity<U>, UnitError> {
  return combine(a, b, 1);
}

export function subtract<U extends UnitId>(a: Quantity<U>, b: Quantity<NoInfer<U>>): Result<Quantity<U>, UnitError> {
  return combine(a, b, -1);
}

function combine<U extends UnitId>(a: Quantity<U>, b: Quantity<U>, sign: 1 | -1): Result<Quantity<U>, UnitError> {
  if (a.unit !== b.unit) {
    const ua = resolve(a.unit);
    if (!ua.ok) return ua;
    const ub = resolve(b.unit);
    if (!ub.ok) return ub;
    if (ua.value.id !== ub.value.id) {
      return ua.value.dimension === ub.value.dimension
        ? fail('conversion_required', `${a.unit} and ${b.unit}`)
        : fail('unit_mismatch', `${ua.value.dimension} ≠ ${ub.value.dimension}`);
    }
  }
  return ok({ value: a.value + sign * b.value, unit: a.unit });
}

/** Multiplies by a plain number (a count, a ratio); the unit is unchanged. */
export const scale = <U extends UnitId>(q: Quantity<U>, k: number): Quantity<U> => ({ value: q.value * k, unit: q.unit });

/** Sums quantities after converting each into `to`; the first error wins. */
export function sumIn<To extends UnitId>(items: readonly Quantity[], to: To): Result<Quantity<To>, UnitError> {
  let total = 0;
  for (const item of items) {
    const c = convert(item, to);
    if (!c.ok) return c;
    total += c.value.value;
  }
  return ok({ value: total, unit: to });
}
