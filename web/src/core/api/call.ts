import type { z } from 'zod';
import { routeKey, type RouteContract } from '@ghg/api';
import type { Answer, ArgsTuple } from './contractTypes';
import { request } from './client';

export type { Answer, ArgsTuple, CallArgs } from './contractTypes';

/**
 * Calls to the API through its route contracts (@ghg/api): the URL, method, arguments and answer
 * are the server's own zod schemas, so the web app writes no response type of its own.
 */

/** A route's answer that does not match its contract: the server and this build disagree. */
export class AnswerMismatchError extends Error {
  constructor(route: string, issues: readonly z.core.$ZodIssue[]) {
    super(`${route} answered outside its contract: ${issues.map((i) => `${i.path.join('.') || '(answer)'}: ${i.message}`).join('; ')}`);
    this.name = 'AnswerMismatchError';
  }
}

/** `/api/users/:id/access` with `{ id: 'u 1' }` → `/api/users/u%201/access`. */
export function pathOf(url: string, params: object | undefined): string {
  const values: Record<string, unknown> = { ...params };
  return url.replace(/:(\w+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined || value === null || value === '') throw new TypeError(`${url}: path parameter ${name} is missing`);
    return encodeURIComponent(String(value));
  });
}

/** Check answers against the contracts: in development and in unit tests, never in a production build. */
const checkAnswers = import.meta.env.DEV;

/**
 * Calls a route by its contract. In development each answer is parsed by the route's response
 * schema (a mismatch throws AnswerMismatchError naming the route and fields); a production build
 * trusts the server, which checks its own answers against the same schemas outside production.
 */
export async function call<C extends RouteContract>(contract: C, ...[args]: ArgsTuple<C>): Promise<Answer<C>> {
  const { params, query, body, signal } = (args ?? {}) as { params?: object; query?: Readonly<Record<string, unknown>>; body?: unknown; signal?: AbortSignal };
  const sendsBody = contract.method === 'POST' || contract.method === 'PUT' ? (body ?? {}) : body;
  const data = await request<unknown>(contract.method, pathOf(contract.url, params), { query, body: sendsBody, signal });
  if (!checkAnswers) return data as Answer<C>;
  const schema: C['response'] = contract.response;
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new AnswerMismatchError(routeKey(contract), parsed.error.issues);
  return parsed.data;
}

/**
 * The record a successful save answers. Save contracts allow null (the handler reads the record
 * back from the state it decided), which after a save would be a server fault: say so, loudly.
 */
export function savedRecord<T>(record: T | null | undefined, route: RouteContract): T {
  if (record === null || record === undefined) throw new Error(`${routeKey(route)} answered no record after saving`);
  return record;
}
