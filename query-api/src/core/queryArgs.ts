import { z } from 'zod';
import { LIMITS, shortText } from '@ghg/events';

/**
 * Query-string values, which always arrive as text. Numbers are parsed only from plain digits (no
 * sign, blank, exponent or hex: '1e3' or ' 7' are invalid args), within the bounds the read models
 * hold, so no query can reach the database with a value it would choke on.
 */
export const queryInt = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,15}$/)
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

export const queryYear = () => queryInt(LIMITS.minYear, LIMITS.maxYear);

/** Free text in a query (a search, a filter): bounded like any short text. */
export const queryText = () => shortText();

/** The largest value of a bigint column (log positions). */
const MAX_BIGINT = 9_223_372_036_854_775_807n;

/** A log position, as the audit log's `before` cursor. */
export const queryPosition = () =>
  z
    .string()
    .regex(/^\d{1,19}$/)
    .refine((v) => BigInt(v) <= MAX_BIGINT, { message: 'too_big' });
