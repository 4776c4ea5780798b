import type { z } from 'zod';
import type { RouteContract } from '@ghg/api';

/**
 * The types of a call by a route contract (types only, so modules that name an answer's shape
 * load nothing of the client).
 */

/** What a route answers (its 200 JSON body). */
export type Answer<C extends RouteContract> = z.output<C['response']>;

type Part<Name extends string, S, Value> = S extends z.ZodType
  ? object extends Value
    ? { [K in Name]?: Value }
    : { [K in Name]: Value }
  : { [K in Name]?: undefined };

/**
 * A call's arguments: path parameters and query values as the route reads them (numbers are sent
 * as their numerals), the body as the route accepts it. A part whose fields are all optional may
 * be left out.
 */
export type CallArgs<C extends RouteContract> = Part<'params', C['params'], z.output<NonNullable<C['params']>>> &
  Part<'query', C['query'], z.output<NonNullable<C['query']>>> &
  Part<'body', C['body'], z.input<NonNullable<C['body']>>> & { signal?: AbortSignal };

export type ArgsTuple<C extends RouteContract> = object extends CallArgs<C> ? [args?: CallArgs<C>] : [args: CallArgs<C>];
