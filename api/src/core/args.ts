import { z } from 'zod';
import { idText, LIMITS, quantity, shortText } from '@ghg/events';
import { errorTable } from './contract';

/**
 * The argument shapes routes share. Everything a command takes is bounded like the event it
 * becomes (events/src/contracts/bounds.ts), and numbers are parsed strictly (docs/api.md, "Input
 * rules"): a form's decimal numeral is a number, nothing else becomes one.
 */

/** A decimal numeral as a form field sends it: sign, digits, fraction; no blanks, hex or exponent. */
const NUMERAL = /^-?\d+(\.\d+)?$/;
/**
 * A JSON number, or a numeral string from a form field, checked by `schema` (which bounds it).
 * Nothing else becomes a number: true, null, '' or '0x10' are invalid args, never 1, 0 or 16.
 */
export const numeric = <S extends z.ZodType<number>>(schema: S) =>
  z.preprocess((v) => (typeof v === 'string' && NUMERAL.test(v) ? Number(v) : v), schema).meta({
    description: 'A JSON number, or a decimal numeral as text ("151.25", "-3"); nothing else.',
  });
/** A quantity within the bounds every read model holds (±LIMITS.maxQuantity). */
export const numberArg = numeric(quantity());
/** Required short text: blank is missing. Numbers (a numeric serial) are taken as text. */
export const textArg = z.union([z.string(), z.number().transform(String)]).pipe(shortText().trim().min(1));
/** Optional short text: null, absent and blank are "none". */
export const optionalTextArg = shortText()
  .nullish()
  .transform((v) => (v?.trim() ? v.trim() : null));
/** An optional id: null and '' mean "none" (a new entity). */
export const optionalId = z
  .union([idText(), z.literal('')])
  .nullish()
  .transform((v) => (v ? v : undefined));
/** A stream version a client last saw (-1: "must not exist yet"). */
export const expectedVersionArg = z.number().int().min(-1).max(LIMITS.maxVersion).optional();
export const IdParam = z.object({ id: idText() });
export const RemoveArgs = z.object({ expectedVersion: z.number().int().min(0).max(LIMITS.maxVersion).optional() });

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

/** Whether a text is a log position: decimal digits of a bigint. */
const isPosition = (v: string) => /^\d{1,19}$/.test(v) && BigInt(v) <= MAX_BIGINT;

/**
 * A log position, as the audit log's `before` cursor (one check: zod runs a refinement even after
 * a failed pattern, and BigInt of anything else would throw).
 */
export const queryPosition = () => z.string().max(19).refine(isPosition, { message: 'invalid_position' });

/** A moment of the log: a commit position, or an ISO date-time with its offset (`asOf` of the views and reports). */
const AS_OF = /^(\d{1,19}|\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))$/;

/** The moments a date-time `asOf` may name: ones PostgreSQL's timestamps hold and a ledger could reach (1900–9999). */
const AS_OF_FROM = Date.UTC(1900, 0, 1);
const AS_OF_TO = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
const isMoment = (value: string) => {
  const at = Date.parse(value);
  return at >= AS_OF_FROM && at <= AS_OF_TO;
};

/** Whether a text is an `asOf` the API takes (the web app checks a shared address with it too). */
export const isAsOf = (value: string): boolean => value.length <= 40 && AS_OF.test(value) && (/^\d+$/.test(value) ? isPosition(value) : isMoment(value));

/** `asOf` in a query: the figures as the product would have shown them at that moment. */
export const queryAsOf = () =>
  z
    .string()
    .max(40)
    .refine(isAsOf, { message: 'invalid_as_of' })
    .meta({ description: 'A commit position, or an ISO date-time with its offset: the figures as the product would have shown them then.' });

/**
 * `asOf` of a list the views read besides the ledger (the sections, flags, intensities and their
 * values, reduction goals): the records as they stood then, folded from the audit log; such an
 * answer is for reading only (each `version` is the number of events that made the record, less one).
 */
export const listAsOfQuery = { asOf: queryAsOf().optional() };

/** The refusal of a read as of a moment: a position the read models have not reflected yet. */
export const asOfErrors = errorTable<'as_of_ahead'>()({ as_of_ahead: 409 });

/** A path parameter the route looks up as it is (an unknown one is that route's 404). */
export const pathText = () => z.string();

/** The body of every refusal (docs/api.md): the code the web app translates, an English message, the fields at fault. */
export const ErrorBody = z.object({
  message: z.string(),
  code: z.string(),
  fields: z.array(z.string()).optional(),
});

/** `{ ok: true }`: done, nothing else to tell. */
export const Ok = z.strictObject({ ok: z.literal(true) });

/** The three languages of a label or title. */
export const Labels = z.strictObject({ ja: z.string(), en: z.string(), zhHans: z.string() });
