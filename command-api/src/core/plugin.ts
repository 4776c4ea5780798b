import type { FastifyError, FastifyInstance } from 'fastify';
import jwt from '@fastify/jwt';
import rateLimit from '@fastify/rate-limit';
import { errorAnswer, requestValidatorCompiler, responseSerializerCompiler } from '@ghg/api';
import type { CommandApiDeps } from './deps';
import { HttpError, Refusal } from './httpErrors';
import { commandRoutes } from '../routes';
import { ensureMailOutbox } from './mailOutbox';
import { ensureSnapshotTable } from './snapshots';
import { ensureIdempotencyTable } from './idempotency';

/**
 * Every write of the product: authentication, validation, load → decide → append.
 * Registered into its own fastify server (distributed) or beside query-api (embedded).
 */
export async function commandApiPlugin(app: FastifyInstance, deps: CommandApiDeps): Promise<void> {
  await app.register(jwt, { secret: deps.jwtSecret });
  await app.register(rateLimit, { global: false });
  await ensureMailOutbox(deps.db.knex);
  await ensureSnapshotTable(deps.db.knex);
  await ensureIdempotencyTable(deps.db.knex);

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

  // Routes carry their contracts' zod schemas: arguments are parsed by them, answers checked
  // against them outside production (a mismatch is a 500 that names it).
  app.setValidatorCompiler(requestValidatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler(process.env.NODE_ENV !== 'production'));

  app.setErrorHandler((error: FastifyError | HttpError | Refusal, request, reply) => {
    const answer = errorAnswer(error, request.routeOptions.config.contract);
    if (answer) return reply.status(answer.status).send(answer.body);
    request.log.error({ err: error }, error instanceof Refusal ? `refusal ${error.code} has no status in the route's contract` : 'command failed');
    return reply.status(500).send({ message: 'internal error', code: 'internal_error' });
  });

  for (const register of commandRoutes) register(app, deps);
}
