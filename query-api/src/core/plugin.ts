import type { FastifyError, FastifyInstance } from 'fastify';
import jwt from '@fastify/jwt';
import websocket from '@fastify/websocket';
import type { QueryApiDeps } from './deps';
import { QueryError } from './session';
import { registerAuthUserRoutes } from '../account/authUser';
import { registerOrganizationQueries } from '../organization/index';
import { registerSettingsQueries } from '../settings/index';
import { registerAuditLogQueries } from '../audit/auditLog';
import { registerCalculationQueries } from '../calculation/index';
import { registerLiveUpdates } from '../live/liveUpdates';
import { registerHealthQueries } from '../health/health';

/** Every read of the product, over read models only, plus the /api/live change feed and /api/health. */
export async function queryApiPlugin(app: FastifyInstance, deps: QueryApiDeps): Promise<void> {
  await app.register(jwt, { secret: deps.jwtSecret });
  await app.register(websocket);

  app.setErrorHandler((error: FastifyError | QueryError, request, reply) => {
    if (error instanceof QueryError) return reply.status(error.statusCode).send({ message: error.message, code: error.code });
    if (error.statusCode && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ message: error.message, code: error.code ?? 'bad_request' });
    }
    request.log.error({ err: error }, 'query failed');
    return reply.status(500).send({ message: 'internal error', code: 'internal_error' });
  });

  registerAuthUserRoutes(app, deps);
  registerOrganizationQueries(app, deps);
  registerSettingsQueries(app, deps);
  registerAuditLogQueries(app, deps);
  registerCalculationQueries(app, deps);
  registerLiveUpdates(app, deps);
  registerHealthQueries(app, deps);
}
