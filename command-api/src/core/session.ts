import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { EventMetadata, EventStore, Role } from '@ghg/events';
import { foldRecorded, tenantDecider, tenantStreamId, userDecider, userStreamId } from '@ghg/domain';
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
}

declare module 'fastify' {
  interface FastifyRequest {
    session?: Session;
  }
}

/**
 * Verifies the bearer token and loads the user from the user's own stream, so a change of role or
 * company access takes effect on the very next command, without waiting for a read model.
 */
export function authenticate(eventStore: EventStore) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
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
    // Group administrators reach every company of the group, including ones added after them.
    const companyIds = user.allCompanies
      ? foldRecorded(tenantDecider, await eventStore.readStream(tenantStreamId(user.tenantId))).companyIds
      : user.companyIds;
    const header = request.headers['x-correlation-id'];
    request.session = {
      userId: String(claims.sub),
      tenantId: user.tenantId,
      role: user.role,
      sectionId: user.sectionId,
      allCompanies: user.allCompanies,
      companyIds,
      selectedCompanyId: companyIds.includes(user.selectedCompanyId) ? user.selectedCompanyId : companyIds[0]!,
      correlationId: typeof header === 'string' && header.length <= 100 ? header : randomUUID(),
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
  };
}
