import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { Refusal, type BodyOf, type ErrorCodeOf, type ParamsOf, type QueryOf, type ResponseOf, type RouteContract } from '@ghg/api';
import { can, tokenMay, type Action } from '@ghg/domain';
import type { CommandApiDeps } from './deps';
import { authenticate, type Session } from './session';
import { idempotency, idempotencyKeyOf } from './idempotency';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract a route was registered through (@ghg/api): its error table gives refusals their status. */
    contract?: RouteContract;
  }
}

/** What a handler gets: the arguments as its contract parsed them, and the caller. */
export interface CommandInput<C extends RouteContract> {
  params: ParamsOf<C>;
  query: QueryOf<C>;
  body: BodyOf<C>;
  /** The caller, loaded from their own stream (a public route has none). */
  session: C['permission'] extends Action ? Session : undefined;
  /** A refusal with one of the route's codes (its status comes from the contract). */
  refuse: (code: ErrorCodeOf<C>, options?: { fields?: readonly string[]; message?: string }) => Refusal;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** A handler answers what its contract says (or sends its own reply: a refusal with extra fields). */
export type CommandHandler<C extends RouteContract> = (input: CommandInput<C>) => Promise<ResponseOf<C> | FastifyReply>;

/** Transport settings of one route, beside its contract. */
export type RouteOptions = Pick<RouteShorthandOptions, 'bodyLimit'> & {
  config?: { rateLimit?: { max: number; timeWindow: number } };
  /** 'own': the handler honours `Idempotency-Key` itself (an import is named by its key), instead of core/idempotency.ts. */
  idempotency?: 'own';
};

/** One feature's command routes: registers its handlers, each through its contract. */
export type CommandRouteModule = (app: FastifyInstance, deps: CommandApiDeps) => void;

/**
 * Registers `handler` for `contract`: fastify validates the params, query and body with the
 * contract's schemas (400 'invalid args' naming the fields) and checks the answer against it
 * (core/plugin.ts sets the compilers); the caller is authenticated and checked against the
 * permission matrix before the arguments are looked at (401, 403); a refusal gets its status from
 * the contract's error table. A caller's retry with the same `Idempotency-Key` is answered from the
 * first request's answer (core/idempotency.ts).
 */
export function registerRoute<C extends RouteContract>(app: FastifyInstance, deps: CommandApiDeps, contract: C, handler: CommandHandler<C>, options: RouteOptions = {}): void {
  const { permission } = contract;
  if (permission === 'websocket') throw new Error(`${contract.method} ${contract.url}: command-api serves no WebSocket`);
  const authenticated = authenticate(deps.eventStore, deps.now);
  // Every command of a caller honours Idempotency-Key (a login or a reset link has no caller to key by).
  const keyed = permission !== 'public' && options.idempotency !== 'own' ? idempotency(deps.db.knex) : null;
  app.route({
    method: contract.method,
    url: contract.url,
    schema: {
      ...(contract.params ? { params: contract.params } : {}),
      ...(contract.query ? { querystring: contract.query } : {}),
      ...(contract.body ? { body: contract.body } : {}),
      response: { 200: contract.response, ...contract.otherResponses },
    },
    ...(options.bodyLimit === undefined ? {} : { bodyLimit: options.bodyLimit }),
    config: { ...options.config, contract },
    ...(permission === 'public'
      ? {}
      : {
          preValidation: async (request: FastifyRequest, reply: FastifyReply) => {
            await authenticated(request, reply);
            const session = request.session!;
            if (!can(session, permission) || (session.apiTokenId !== undefined && !tokenMay(permission))) throw new Refusal('forbidden');
            idempotencyKeyOf(request);
          },
        }),
    ...(keyed ? { preHandler: keyed.reserve, onSend: keyed.keep } : {}),
    handler: (request, reply) =>
      handler({
        params: request.params as ParamsOf<C>,
        query: request.query as QueryOf<C>,
        body: request.body as BodyOf<C>,
        session: request.session as CommandInput<C>['session'],
        refuse: (code, refusalOptions) => new Refusal(code, refusalOptions),
        request,
        reply,
      }),
  });
}
