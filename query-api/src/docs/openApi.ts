import Fastify, { type FastifyInstance } from 'fastify';
import type { OpenAPI } from 'openapi-types';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { allRoutes, apiFeatures, docsRoutes, ErrorBody, sharedErrors, type RouteContract, type SharedErrorCode } from '@ghg/api';
import type { QueryApiDeps } from '../core/deps';
import { registerRoute } from '../core/registerRoute';

/**
 * The API reference: an OpenAPI 3.1 document of every route of both APIs, built by @fastify/swagger
 * (with fastify-type-provider-zod turning the zod schemas into JSON Schema) from the route
 * contracts of @ghg/api — not from the routes this process happens to serve. So query-api answers
 * the whole document in the distributed run too, where command-api's routes live in another
 * process: the contracts are registered on a documentation-only fastify instance that serves
 * nothing, and the document it produces is what `GET /api/openapi.json` and the reference page
 * (Swagger UI at `/api/docs`) show.
 */

const INFO = {
  title: 'GHG Ledger API',
  version: '0.1.0',
  description:
    'Every route of command-api (writes: every method but GET) and query-api (reads, `/api/live`, this reference), built from the route contracts in `@ghg/api`. Errors answer `{message, code, fields?}`; the web app translates `code`. See docs/api.md for the rules behind each call.',
};

/** The shared refusals a route may answer besides its own. */
function sharedCodesOf(contract: RouteContract): SharedErrorCode[] {
  const codes: SharedErrorCode[] = [];
  if (contract.params || contract.query || contract.body) codes.push('invalid_args');
  if (contract.permission !== 'public' && contract.permission !== 'websocket') codes.push('unauthorized', 'forbidden');
  if (contract.method !== 'GET') codes.push('version_conflict', 'payload_too_large', 'event_too_large');
  return codes;
}

/** The answers of a route by status: its 200 (per media type), other answers, and each refusal status with its codes. */
function responsesOf(contract: RouteContract): Record<number, unknown> {
  const produces = contract.produces ?? ['application/json'];
  const ok = {
    description: contract.summary,
    content: Object.fromEntries(produces.map((type) => [type, { schema: type === 'application/json' ? contract.response : z.string() }])),
  };
  const byStatus = new Map<number, string[]>();
  const add = (code: string, status: number) => byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  for (const [code, status] of Object.entries(contract.errors)) if (status !== undefined) add(code, status);
  for (const code of sharedCodesOf(contract)) add(code, sharedErrors[code]);
  const refusals = Object.fromEntries(
    [...byStatus].map(([status, codes]) => [status, ErrorBody.extend({ code: z.enum(codes as [string, ...string[]]) }).meta({ description: `Refused: ${codes.join(', ')}` })]),
  );
  return { 200: ok, ...contract.otherResponses, ...refusals };
}

/** The sha256 of the <style> element Swagger UI 6.1.3 inserts (a Content-Security-Policy source). */
const SWAGGER_UI_STYLE_HASH = 'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w=';

let built: Promise<OpenAPI.Document> | undefined;
let document: OpenAPI.Document | undefined;

/**
 * The document, built on first use (about half a second, which no start-up should pay for a page
 * few open) and then kept: the contracts do not change while the process runs.
 */
export function openApiDocument(): Promise<OpenAPI.Document> {
  return (built ??= buildOpenApiDocument().then((built) => (document = built)));
}

async function buildOpenApiDocument(): Promise<OpenAPI.Document> {
  const doc = Fastify({ logger: false });
  // The instance only describes: nothing is validated or served.
  doc.setValidatorCompiler(() => () => true);
  doc.setSerializerCompiler(() => (data) => JSON.stringify(data));
  await doc.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: INFO,
      tags: apiFeatures.map((f) => ({ name: f.tag })),
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  for (const { tag, contract } of allRoutes) {
    const secured = contract.permission !== 'public' && contract.permission !== 'websocket';
    doc.route({
      method: contract.method,
      url: contract.url,
      schema: {
        tags: [tag],
        summary: contract.summary,
        description: [`Permission: \`${contract.permission}\`.`, contract.description].filter(Boolean).join(' '),
        ...(secured ? { security: [{ bearer: [] }] } : {}),
        ...(contract.params ? { params: contract.params } : {}),
        ...(contract.query ? { querystring: contract.query } : {}),
        ...(contract.body ? { body: contract.body } : {}),
        response: responsesOf(contract),
      },
      handler: async () => null,
    });
  }
  await doc.ready();
  const described = doc.swagger();
  await doc.close();
  return described;
}

/**
 * `GET /api/openapi.json` and the reference page `GET /api/docs` (Swagger UI, its scripts and
 * styles below it). The page loads only its own files, so the app's Content-Security-Policy
 * (no inline script) holds for it too.
 */
export async function registerApiReference(app: FastifyInstance, deps: QueryApiDeps): Promise<void> {
  // Swagger UI reads the document from @fastify/swagger, which here serves the contracts' document
  // instead of describing the routes of this scope; each of the page's requests first waits until
  // the document is built.
  await app.register(swagger, { openapi: { openapi: '3.1.0', info: INFO }, transformObject: () => document! });
  await app.register(swaggerUi, {
    routePrefix: docsRoutes.reference.url,
    uiConfig: { deepLinking: true },
    uiHooks: {
      onRequest: async () => {
        await openApiDocument();
      },
    },
    // The app's policy (no inline script or style) holds on these pages too, but for the one
    // <style> element Swagger UI's bundle inserts, allowed by its hash on these pages only.
    transformStaticCSP: (header) => header.replace(/style-src 'self'/, `style-src 'self' '${SWAGGER_UI_STYLE_HASH}'`),
  });
  registerRoute(app, deps, docsRoutes.openApi, async () => ({ ...(await openApiDocument()) }));
}
