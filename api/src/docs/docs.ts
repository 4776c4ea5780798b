import { z } from 'zod';
import { defineRoute, noErrors } from '../core/contract';

/** The API reference, built from these contracts (docs/api.md). */
export const docsRoutes = {
  openApi: defineRoute({
    method: 'GET',
    url: '/api/openapi.json',
    permission: 'public',
    summary: 'This document: OpenAPI 3.1, every route of command-api and query-api',
    response: z.record(z.string(), z.unknown()).meta({ description: 'An OpenAPI 3.1 document' }),
    errors: noErrors,
  }),
  reference: defineRoute({
    method: 'GET',
    url: '/api/docs',
    permission: 'public',
    summary: 'A readable reference page of this document (Swagger UI)',
    response: z.string(),
    produces: ['text/html'],
    subtree: true,
    errors: noErrors,
  }),
};
