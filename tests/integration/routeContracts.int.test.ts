import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { z } from 'zod';
import { allRoutes, routeKey, serviceOf, type RouteContract } from '@ghg/api';
import { createInMemoryChangeBus } from '@ghg/eventstore';
import { freshPglite } from '@ghg/eventstore/testing';
import { queryApiPlugin } from '@ghg/query-api';
import { startTestApp, type RunningApp } from './embeddedApp';

/**
 * Every route is served through its contract (@ghg/api), exactly once,
 * and the API reference built from the contracts describes every route the app registers, with
 * its request and answer schemas, as a valid OpenAPI 3.1 document — in the embedded run and from
 * query-api alone (the distributed run, where GETs such as /api/openapi.json go to query-api).
 */

type Document = { openapi: string; paths: Record<string, Record<string, Operation>>; [key: string]: unknown };
type Operation = {
  parameters?: { in: string; name: string; schema?: unknown }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
  security?: unknown[];
};

/** The fields of a path or query schema. */
const namesOf = (schema: z.ZodType | undefined) => (schema instanceof z.ZodObject ? Object.keys(schema.shape) : []);

/** fastify's `/api/currency/:id` as OpenAPI writes it: `/api/currency/{id}`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

/** The contract a registered route belongs to: its own, or that of the page whose files it serves. */
const contractOf = (route: { method: string; url: string }): RouteContract | undefined =>
  allRoutes.find(({ contract: c }) => c.method === route.method && (c.url === route.url || (c.subtree === true && route.url.startsWith(`${c.url}/`))))?.contract;

describe('route contracts', () => {
  let app: RunningApp;
  let document: Document;

  beforeAll(async () => {
    app = await startTestApp();
    const res = await app.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    document = res.json();
  });
  afterAll(async () => app?.stop());

  const apiRoutes = () => app.routes.filter((r) => r.url.startsWith('/api/'));

  it('names every route once: no two contracts share a method and URL', () => {
    const keys = allRoutes.map(({ contract }) => routeKey(contract));
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  });

  it('registers every registered API route through a contract, and every contract exactly once', () => {
    expect(apiRoutes().filter((r) => !contractOf(r)).map(routeKey)).toEqual([]);
    const handlers = (contract: RouteContract) => app.routes.filter((r) => r.method === contract.method && r.url === contract.url).length;
    expect(allRoutes.map(({ contract }) => [routeKey(contract), handlers(contract)]).filter(([, n]) => n !== 1)).toEqual([]);
  });

  it('serves every GET from query-api and everything else from command-api, as the proxy routes them', () => {
    for (const { contract } of allRoutes) expect([routeKey(contract), serviceOf(contract)]).toEqual([routeKey(contract), contract.method === 'GET' ? 'query-api' : 'command-api']);
  });

  it('is an OpenAPI 3.1 document that validates', async () => {
    expect(document.openapi).toBe('3.1.0');
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('describes every route the app registers, with its request and answer schemas', () => {
    const missing: string[] = [];
    for (const route of apiRoutes()) {
      const contract = contractOf(route)!;
      // The reference page's own files are part of the page.
      if (route.url !== contract.url) continue;
      const operation = document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      const key = routeKey(route);
      if (!operation) {
        missing.push(`${key}: no operation`);
        continue;
      }
      const parameters = operation.parameters ?? [];
      for (const name of namesOf(contract.params)) {
        if (!parameters.some((p) => p.in === 'path' && p.name === name && p.schema)) missing.push(`${key}: path parameter ${name}`);
      }
      for (const name of namesOf(contract.query)) {
        if (!parameters.some((p) => p.in === 'query' && p.name === name && p.schema)) missing.push(`${key}: query parameter ${name}`);
      }
      if (contract.body && !operation.requestBody?.content['application/json']?.schema) missing.push(`${key}: request body`);
      const ok = operation.responses['200']?.content;
      for (const type of contract.produces ?? ['application/json']) if (!ok?.[type]?.schema) missing.push(`${key}: 200 ${type}`);
      for (const [code, status] of Object.entries(contract.errors)) {
        if (!operation.responses[String(status)]) missing.push(`${key}: ${status} for ${code}`);
      }
      const secured = contract.permission !== 'public' && contract.permission !== 'websocket';
      if (secured !== Boolean(operation.security?.length)) missing.push(`${key}: security`);
    }
    expect(missing).toEqual([]);
  });

  it('gives a refusal its status from the route table, not from the spelling of its code', () => {
    // Same spelling, different tables: factor_not_found is a 404 in the library, a 400 context error in a calculation.
    const history = document.paths['/api/emission-factors/{setId}/{key}/history']!.get!;
    const calculate = document.paths['/api/calculate']!.post!;
    const codesOf = (op: Operation, status: string) => JSON.stringify(op.responses[status]?.content?.['application/json']?.schema ?? {});
    expect(codesOf(history, '404')).toContain('factor_not_found');
    expect(codesOf(calculate, '400')).toContain('factor_not_found');
  });

  it('answers the same document from query-api alone (the distributed run)', async () => {
    const db = await freshPglite();
    const alone = Fastify({ logger: false });
    try {
      await alone.register(async (scope) => queryApiPlugin(scope, { db, changeBus: createInMemoryChangeBus(), jwtSecret: 'test-secret', individualType: 't1' }));
      // The page's own copy first: the document is built on first use, by whichever asks first.
      expect((await alone.inject({ method: 'GET', url: '/api/docs/json' })).json()).toEqual(document);
      const res = await alone.inject({ method: 'GET', url: '/api/openapi.json' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(document);
      const page = await alone.inject({ method: 'GET', url: '/api/docs/' });
      expect({ status: page.statusCode, type: page.headers['content-type'] }).toEqual({ status: 200, type: 'text/html; charset=utf-8' });
    } finally {
      await alone.close();
      await db.close();
    }
  });
});
