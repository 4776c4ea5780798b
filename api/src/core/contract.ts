import type { z } from 'zod';
import type { Action } from '@ghg/domain';

/**
 * A route contract: what one HTTP route of command-api or query-api takes and answers, who may
 * call it and how each of its refusals maps to a status. The servers register their handlers
 * through these (validation, permission, status), the API reference (`GET /api/openapi.json`)
 * is built from them, and the web client can type what it sends and receives by them.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call a route: an action of the permission matrix (domain/src/core/permissions.ts),
 * anyone ('public'), or a WebSocket that authenticates with its token on upgrade ('websocket').
 */
export type Permission = Action | 'public' | 'websocket';

/** The statuses a refusal may have. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 422 | 429;

/**
 * Refusals any route may answer, one status each: a malformed argument, no or a bad token, a role
 * without the permission, a stale expected version, a rate limit, a body or an event too large, an
 * Idempotency-Key that is malformed, still in use or reused for another request.
 */
export const sharedErrors = {
  invalid_args: 400,
  unauthorized: 401,
  forbidden: 403,
  version_conflict: 409,
  rate_limited: 429,
  payload_too_large: 413,
  event_too_large: 413,
  /** An Idempotency-Key header that is empty, too long or not printable ASCII (docs/api.md, "API clients"). */
  invalid_idempotency_key: 400,
  /** The key's first request is still being answered. */
  idempotency_in_progress: 409,
  /** The key was used before with another method, path or body. */
  idempotency_key_reused: 422,
} as const satisfies Record<string, ErrorStatus>;

export type SharedErrorCode = keyof typeof sharedErrors;

/** A feature's refusals → HTTP status; every code of `Code` needs one (the shared ones have theirs). */
export type ErrorTable<Code extends string> = { readonly [K in Exclude<Code, SharedErrorCode>]: ErrorStatus };

/** The error union of a decider (what its `decide` refuses with). */
export type DeciderError<D extends { decide: (...args: never[]) => unknown }> =
  Extract<ReturnType<D['decide']>, { ok: false }> extends { error: infer E extends string } ? E : never;

/**
 * The error table of a route whose refusals are `Code` (usually the decider's union, plus the
 * route's own): a code left out, or one that is not in `Code`, is a type error.
 */
export const errorTable =
  <Code extends string = never>() =>
  (table: ErrorTable<Code>): ErrorTable<Code> =>
    table;

/** A route that refuses nothing beyond the shared refusals. */
export const noErrors: ErrorTable<never> = {};

export interface RouteContract {
  readonly method: HttpMethod;
  /** fastify's form: `/api/currency/:id`. */
  readonly url: string;
  readonly permission: Permission;
  /** One line for the API reference. */
  readonly summary: string;
  readonly description?: string;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** The answer (status 200): its JSON body, or the text of a page when `produces` has no JSON. */
  readonly response: z.ZodType;
  /** Other answers that are not refusals, by status (e.g. the 503 of a degraded health report). */
  readonly otherResponses?: Readonly<Partial<Record<number, z.ZodType>>>;
  /** Media types of the 200 answer (default: JSON only); any but JSON is text (a CSV file, an HTML page). */
  readonly produces?: readonly string[];
  /** The route's own refusals → status (point of truth for the status of each code). */
  readonly errors: Readonly<Partial<Record<string, ErrorStatus>>>;
  /** The route also serves the URLs below its own (the API reference page's scripts and styles). */
  readonly subtree?: boolean;
  /**
   * The route's own `message` for a refusal code, where the product words it differently on this
   * route from the shared wording (`messageByCode`): the scope-setting saves answer a missing
   * argument with 'Invalid args', every other route with 'invalid args'. The code stays the same.
   */
  readonly messages?: Readonly<Partial<Record<string, string>>>;
}

/** A route contract, kept with its literal types (method, permission, error codes). */
export const defineRoute = <const C extends RouteContract>(contract: C): C => contract;

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

export type ParamsOf<C extends RouteContract> = Parsed<C['params']>;
export type QueryOf<C extends RouteContract> = Parsed<C['query']>;
export type BodyOf<C extends RouteContract> = Parsed<C['body']>;
/** A type and everything in it read-only, so that handlers may answer the domain's read-only values. */
export type Immutable<T> = T extends readonly (infer U)[]
  ? readonly Immutable<U>[]
  : T extends (...args: never[]) => unknown
    ? T
    : T extends object
      ? { readonly [K in keyof T]: Immutable<T[K]> }
      : T;

/** What a handler answers (before serialisation). */
export type ResponseOf<C extends RouteContract> = Immutable<z.input<C['response']>>;
/** Every refusal a route may answer: its own and the shared ones. */
export type ErrorCodeOf<C extends RouteContract> = (keyof C['errors'] & string) | SharedErrorCode;

/**
 * The status of a refusal on this route: the route's own table, then the shared one; undefined
 * when neither has the code (a bug the type checker is there to prevent).
 */
export function statusOf(contract: RouteContract, code: string): ErrorStatus | undefined {
  return Object.hasOwn(contract.errors, code) ? contract.errors[code] : Object.hasOwn(sharedErrors, code) ? sharedErrors[code as SharedErrorCode] : undefined;
}

/** The product's own wording, used word for word, where it fixes a message; others are read from the code. */
const messageByCode: Record<string, string> = {
  invalid_args: 'invalid args',
  version_conflict: 'version conflict',
  rate_limited: 'too many requests',
  section_has_children: 'Cannot delete organization with subordinate organization(s)',
  section_has_users: 'Cannot delete organization with users who have permissions',
  section_has_flag: 'Cannot delete organization with registered flag',
};

/** The English `message` sent with a refusal's code (the web app translates the code). */
export const errorMessage = (code: string): string => messageByCode[code] ?? code.replaceAll('_', ' ');

/** The methods and URL of a route, as the route lists and the permission test name it. */
export const routeKey = (route: { method: string; url: string }) => `${route.method} ${route.url}`;
