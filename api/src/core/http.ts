import type { z } from 'zod';
import { errorMessage, statusOf, type ErrorStatus, type RouteContract } from './contract';

/**
 * What command-api and query-api share to serve routes by their contracts, written against zod
 * only (the servers plug these into fastify): argument parsing that names the fields at fault,
 * the check of an answer against its contract, and refusals that get their status from the
 * route's error table.
 */

/** An answer with a status of its own: the body is `{message, code, fields?}` plus `extra`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string = errorMessage(code),
    readonly fields?: readonly string[],
  ) {
    super(message);
  }
}

/**
 * A refusal by code, without a status: the route's contract decides it (its error table, then the
 * shared one). Deciders' refusals travel as these.
 */
export class Refusal extends Error {
  readonly fields?: readonly string[];
  constructor(
    readonly code: string,
    options: { fields?: readonly string[]; message?: string } = {},
  ) {
    super(options.message ?? errorMessage(code));
    if (options.fields) this.fields = options.fields;
  }
}

/** The 400 'invalid args' naming the fields. */
export const invalidArgs = (fields: readonly string[]) => new HttpError(400, 'invalid_args', 'invalid args', fields);

/** The paths a zod refusal names (`reductionGoals.0.goalYear`), each once. */
export const fieldsOf = (error: z.ZodError): string[] => [...new Set(error.issues.map((i) => i.path.join('.')))].filter(Boolean);

/** Missing or malformed arguments answer 400 'invalid args', naming the fields. */
export function parseArgs<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  throw invalidArgs(fieldsOf(result.error));
}

/** The HTTP answer for a refusal on `contract`; undefined when the contract has no status for its code. */
export function httpErrorOf(refusal: Refusal, contract: RouteContract | undefined): HttpError | undefined {
  const status: ErrorStatus | undefined = contract ? statusOf(contract, refusal.code) : undefined;
  return status === undefined ? undefined : new HttpError(status, refusal.code, refusal.message, refusal.fields);
}

const isZodSchema = (schema: unknown): schema is z.ZodType =>
  typeof schema === 'object' && schema !== null && typeof (schema as { safeParse?: unknown }).safeParse === 'function';

/**
 * A fastify validator compiler for zod schemas: the parsed value (numerals read, defaults set)
 * replaces the request part; a refusal is 400 'invalid args' naming the fields. A missing body is
 * an empty one (a DELETE without arguments).
 */
export const requestValidatorCompiler =
  ({ schema }: { schema: unknown; httpPart?: string }) =>
  (data: unknown): { value: unknown } | { error: Error } => {
    if (!isZodSchema(schema)) throw new Error('A route schema must be a zod schema (from its contract in @ghg/api).');
    const result = schema.safeParse(data ?? {});
    return result.success ? { value: result.data } : { error: invalidArgs(fieldsOf(result.error)) };
  };

/**
 * A fastify serializer compiler for zod schemas: the answer is sent exactly as the handler made it
 * (JSON.stringify, nothing dropped or added). With `check`, an answer that does not match its
 * contract is an error (a 500 naming the mismatch), so every test that calls a route also checks
 * its contract; production skips the check.
 */
export const responseSerializerCompiler =
  (check: boolean) =>
  ({ schema, url, method }: { schema: unknown; url?: string; method?: string }) =>
  (data: unknown): string => {
    if (check && isZodSchema(schema)) {
      const result = schema.safeParse(data);
      if (!result.success) {
        const where = result.error.issues.slice(0, 5).map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
        throw new Error(`The answer of ${method} ${url} does not match its contract: ${where.join('; ')}`);
      }
    }
    return JSON.stringify(data);
  };

/** An error's answer: its status and `{message, code, fields?}` body; null for a server fault (a 500). */
export function errorAnswer(error: unknown, contract: RouteContract | undefined): { status: number; body: { message: string; code: string; fields?: readonly string[] } } | null {
  const answer = error instanceof Refusal ? httpErrorOf(error, contract) : error;
  if (answer instanceof HttpError) {
    // A route may word a code its own way (its contract's `messages`: the scope-setting saves' 'Invalid args').
    const message = contract?.messages?.[answer.code] ?? answer.message;
    return { status: answer.statusCode, body: { message, code: answer.code, ...(answer.fields ? { fields: answer.fields } : {}) } };
  }
  // fastify's own refusals (a rate limit, a malformed request line, a body over its limit).
  const status = typeof answer === 'object' && answer !== null && 'statusCode' in answer && typeof answer.statusCode === 'number' ? answer.statusCode : undefined;
  if (status === 429) return { status, body: { message: 'too many requests', code: 'rate_limited' } };
  if (status !== undefined && status < 500 && answer instanceof Error) {
    const code = 'code' in answer && typeof answer.code === 'string' ? answer.code : 'bad_request';
    return { status, body: { message: answer.message, code } };
  }
  return null;
}

/** The credential of an `Authorization: Bearer …` header, when there is one (a session JWT or a personal API token). */
export function bearerOf(headers: { authorization?: string | undefined }): string | null {
  const header = headers.authorization;
  return typeof header === 'string' && header.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : null;
}
