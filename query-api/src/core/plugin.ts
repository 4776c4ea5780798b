import type { FastifyError, FastifyInstance } from 'fastify';
import jwt from '@fastify/jwt';
import websocket from '@fastify/websocket';
import { errorAnswer, Refusal, requestValidatorCompiler, responseSerializerCompiler, type HttpError } from '@ghg/api';
import type { QueryApiDeps } from './deps';
import { queryRoutes } from '../routes';

/**
 * Every read of the product, over read models only, plus the /api/live change feed, /api/health
 * and the API reference (/api/openapi.json, /api/docs).
 */
export async function queryApiPlugin(app: FastifyInstance, deps: QueryApiDeps): Promise<void> {
  await app.register(jwt, { secret: deps.jwtSecret });
  await app.register(websocket);

  // Routes carry their contracts' zod schemas: queries are parsed by them, answers checked
  // against them outside production (a mismatch is a 500 that names it).
  app.setValidatorCompiler(requestValidatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler(process.env.NODE_ENV !== 'production'));

  app.setErrorHandler((error: FastifyError | HttpError | Refusal, request, reply) => {
    const answer = errorAnswer(error, request.routeOptions.config.contract);
    if (answer) return reply.status(answer.status).send(answer.body);
    request.log.error({ err: error }, error instanceof Refusal ? `refusal ${error.code} has no status in the route's contract` : 'query failed');
    return reply.status(500).send({ message: 'internal error', code: 'internal_error' });
  });

  for (const register of queryRoutes) await register(app, deps);
}
