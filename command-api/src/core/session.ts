import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { EventMetadata, EventStore, Role } from '@ghg/events';
import { apiTokenDecider, apiTokenStreamId, API_TOKEN_PREFIX, foldRecorded, parseApiToken, tenantDecider, tenantStreamId, tokenAccessHolds, userDecider, userStreamId } from '@ghg/domain';
import { apiTokenSecretMatches } from '@ghg/projector';
import { bearerOf } from '@ghg/api';
import { Refusal } from './httpErrors';

export interface Session {
  userId: string;
  tenantId: string;
  role: Role;
  sectionId: string | null;
  allCompanies: boolean;
  companyIds: readonly string[];
  selectedCompanyId: string;
  correlationId: string;
  /** Set when the caller presented a personal API token: the token acts for `userId`, its creator. */
  apiTokenId?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    session?: Session;
  }
}

function correlationOf(request: FastifyRequest): string {
  const header = request.headers['x-correlation-id'];
  return typeof header === 'string' && header.length <= 100 ? header : randomUUID();
}

/** The companies a user reaches now: a group administrator every company of the group, including ones added after them. */
async function companiesOf(eventStore: EventStore, user: { allCompanies: boolean; tenantId: string; companyIds: readonly string[] }): Promise<readonly string[]> {
  return user.allCompanies ? foldRecorded(tenantDecider, await eventStore.readStream(tenantStreamId(user.tenantId))).companyIds : user.companyIds;
}

/**
 * A personal API token (docs/api.md, "API clients"): read from its own stream and its creator's, so
 * that a revocation, or the creator's deactivation or demotion, stops it on the very next command.
 */
async function tokenSession(eventStore: EventStore, presented: string, request: FastifyRequest, today: string): Promise<Session> {
  const parsed = parseApiToken(presented);
  if (!parsed) throw new Refusal('unauthorized');
  const token = foldRecorded(apiTokenDecider, await eventStore.readStream(apiTokenStreamId(parsed.tokenId)));
  if (!token.exists || !token.secretSha256 || !apiTokenSecretMatches(parsed.secret, token.secretSha256) || !token.createdBy) throw new Refusal('unauthorized');
  const creator = foldRecorded(userDecider, await eventStore.readStream(userStreamId(token.createdBy)));
  const companyIds = creator.exists && creator.tenantId ? await companiesOf(eventStore, { ...creator, tenantId: creator.tenantId }) : [];
  if (!tokenAccessHolds(token, { ...creator, companyIds }, today)) throw new Refusal('unauthorized');
  return {
    userId: token.createdBy,
    tenantId: token.tenantId!,
    role: token.role!,
    sectionId: null,
    allCompanies: false,
    companyIds: [token.companyId!],
    selectedCompanyId: token.companyId!,
    correlationId: correlationOf(request),
    apiTokenId: parsed.tokenId,
  };
}

/**
 * Verifies the bearer token and loads the user from the user's own stream, so a change of role or
 * company access takes effect on the very next command, without waiting for a read model.
 */
export function authenticate(eventStore: EventStore, now: () => Date = () => new Date()) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const bearer = bearerOf(request.headers);
    if (bearer?.startsWith(API_TOKEN_PREFIX)) {
      request.session = await tokenSession(eventStore, bearer, request, now().toISOString().slice(0, 10));
      return;
    }
    let claims: { sub?: string };
    try {
      claims = await request.jwtVerify<{ sub: string }>();
    } catch {
      throw new Refusal('unauthorized');
    }
    const user = foldRecorded(userDecider, await eventStore.readStream(userStreamId(String(claims.sub))));
    // A deactivated user's tokens stop working at once.
    if (!user.exists || !user.active || !user.tenantId || !user.role || !user.selectedCompanyId) {
      throw new Refusal('unauthorized');
    }
    const companyIds = await companiesOf(eventStore, { ...user, tenantId: user.tenantId });
    request.session = {
      userId: String(claims.sub),
      tenantId: user.tenantId,
      role: user.role,
      sectionId: user.sectionId,
      allCompanies: user.allCompanies,
      companyIds,
      selectedCompanyId: companyIds.includes(user.selectedCompanyId) ? user.selectedCompanyId : companyIds[0]!,
      correlationId: correlationOf(request),
    };
  };
}

/** Who, for which company, when and why: attached to every event the command appends. */
export function metadataFor(session: Session, companyId: string | null, now: Date): EventMetadata {
  return {
    actorUserId: session.userId,
    companyId,
    tenantId: session.tenantId,
    correlationId: session.correlationId,
    causationId: session.correlationId,
    occurredAt: now.toISOString(),
    ...(session.apiTokenId ? { apiTokenId: session.apiTokenId } : {}),
  };
}
