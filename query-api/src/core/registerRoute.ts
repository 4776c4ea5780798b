import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Refusal, type ErrorCodeOf, type ParamsOf, type QueryOf, type ResponseOf, type RouteContract } from '@ghg/api';
import { can, tokenMay, type Action } from '@ghg/domain';
import type { QueryApiDeps } from './deps';
import { authenticateReader, type ReaderSession } from './session';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract a route was registered through (@ghg/api): its error table gives refusals their status. */
    contract?: RouteContract;
  }
}

/** What a query handler gets: the path and query as its contract parsed them, and the reader. */
export interface QueryInput<C extends RouteContract> {
  params: ParamsOf<C>;
  query: QueryOf<C>;
  /** The caller, from the users read model (a public route has none). */
  reader: C['permission'] extends Action ? ReaderSession : undefined;
  /** A refusal with one of the route's codes (its status comes from the contract). */
  refuse: (code: ErrorCodeOf<C>) => Refusal;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type QueryHandler<C extends RouteContract> = (input: QueryInput<C>) => Promise<ResponseOf<C> | FastifyReply>;

/** One feature's read routes: registers its handlers, each through its contract. */
export type QueryRouteModule = (app: FastifyInstance, deps: QueryApiDeps) => void | Promise<void>;

/**
 * Registers `handler` for `contract` (a GET): the reader is authenticated and checked against the
 * permission matrix first (401, 403), then fastify parses the params and query with the
 * contract's schemas (400 'invalid args' naming the fields) and checks the answer against it
 * (core/plugin.ts sets the compilers); a refusal gets its status from the contract's error table.
 */
export function registerRoute<C extends RouteContract>(app: FastifyInstance, deps: QueryApiDeps, contract: C, handler: QueryHandler<C>): void {
  const { permission } = contract;
  if (contract.method !== 'GET' || permission === 'websocket') throw new Error(`${contract.method} ${contract.url}: query-api serves plain GET routes here`);
  const authenticated = authenticateReader(deps.db.knex);
  app.route({
    method: 'GET',
    url: contract.url,
    schema: {
      ...(contract.params ? { params: contract.params } : {}),
      ...(contract.query ? { querystring: contract.query } : {}),
      response: { 200: contract.response, ...contract.otherResponses },
    },
    config: { contract },
    ...(permission === 'public'
      ? {}
      : {
          preValidation: async (request: FastifyRequest) => {
            await authenticated(request);
            const reader = request.reader!;
            if (!can(reader, permission) || (reader.apiTokenId !== undefined && !tokenMay(permission))) throw new Refusal('forbidden');
          },
        }),
    handler: (request, reply) =>
      handler({
        params: request.params as ParamsOf<C>,
        query: request.query as QueryOf<C>,
        reader: request.reader as QueryInput<C>['reader'],
        refuse: (code) => new Refusal(code),
        request,
        reply,
      }),
  });
}
