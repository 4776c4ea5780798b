import type { FastifyError, FastifyInstance } from 'fastify';
import jwt from '@fastify/jwt';
import rateLimit from '@fastify/rate-limit';
import type { CommandApiDeps } from './deps';
import { HttpError } from './httpErrors';
import { registerLoginRoutes } from '../auth/login';
import { registerSettingsRoutes } from '../settings/index';
import { registerUserRoutes } from '../account/user';
import { registerPasswordRoutes } from '../auth/passwordReset';
import { registerOrganizationRoutes } from '../organization/index';
import { registerCalculationRoutes } from '../calculation/index';
import { ensureMailOutbox } from './mailOutbox';
import { ensureSnapshotTable } from './snapshots';

/**
 * Every write of the product: authentication, validation, load → decide → append.
 * Registered into its own fastify server (distributed) or beside query-api (embedded).
 */
export async function commandApiPlugin(app: FastifyInstance, deps: CommandApiDeps): Promise<void> {
  await app.register(jwt, { secret: deps.jwtSecret });
  await app.register(rateLimit, { global: false });
  await ensureMailOutbox(deps.db.knex);
  await ensureSnapshotTable(deps.db.knex);

  // An empty body with a JSON content type (e.g. DELETE from some clients) is "no arguments",
  // not a parse failure; malformed JSON is a 400 like any other bad argument.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    if (body === '' || body === undefined) return done(null, undefined);
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(new HttpError(400, 'invalid_args', 'invalid args'), undefined);
    }
  });

  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      const fields = (error as HttpError & { fields?: string[] }).fields;
      return reply.status(error.statusCode).send({ message: error.message, code: error.code, ...(fields ? { fields } : {}) });
    }
    if (error.statusCode === 429) return reply.status(429).send({ message: 'too many requests', code: 'rate_limited' });
    if (error.statusCode && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ message: error.message, code: error.code ?? 'bad_request' });
    }
    request.log.error({ err: error }, 'command failed');
    return reply.status(500).send({ message: 'internal error', code: 'internal_error' });
  });

  registerLoginRoutes(app, deps);
  registerSettingsRoutes(app, deps);
  registerUserRoutes(app, deps);
  registerPasswordRoutes(app, deps);
  registerOrganizationRoutes(app, deps);
  registerCalculationRoutes(app, deps);
}
