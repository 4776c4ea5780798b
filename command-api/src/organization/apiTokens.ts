import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { apiTokenRoutes, type ResponseOf } from '@ghg/api';
import { apiTokenDecider, apiTokenStatus, apiTokenStreamId, apiTokenText, type ApiTokenCommand, type ApiTokenState } from '@ghg/domain';
import { apiTokenById, apiTokenSecretSha256 } from '@ghg/projector';
import type { CommandApiDeps } from '../core/deps';
import { executeCommand } from '../core/executeCommand';
import { registerRoute } from '../core/registerRoute';
import { metadataFor, type Session } from '../core/session';
import { groupCompanyIds, loadManager } from './userManagementFacts';

type TokenView = ResponseOf<typeof apiTokenRoutes.revoke>['token'];

/**
 * Personal API tokens (docs/api.md, "API clients"): created and revoked by an administrator of the
 * selected company, each on its own stream; the secret is 32 random bytes, answered once and
 * recorded only as its SHA-256.
 */
export function registerApiTokenRoutes(app: FastifyInstance, deps: CommandApiDeps): void {
  const now = () => deps.now?.() ?? new Date();
  const today = () => now().toISOString().slice(0, 10);

  const createdByName = async (userId: string): Promise<string | null> =>
    ((await deps.db.knex('users').where({ id: userId }).first('name')) as { name: string } | undefined)?.name ?? null;
  /** The token as its command left it; its dates from the read model, which the command waited for. */
  const view = async (tokenId: string, s: ApiTokenState): Promise<TokenView> => {
    const row = await apiTokenById(deps.db.knex, tokenId);
    return {
      id: tokenId,
      name: s.name,
      role: s.role!,
      companyId: s.companyId!,
      createdBy: s.createdBy!,
      createdByName: await createdByName(s.createdBy!),
      createdAt: row?.createdAt ?? now().toISOString(),
      expiresOn: s.expiresOn,
      revokedAt: s.revoked ? (row?.revokedAt ?? now().toISOString()) : null,
      status: apiTokenStatus(s, today()),
    };
  };

  const run = async (session: Session, tokenId: string, command: ApiTokenCommand) => {
    const outcome = await executeCommand(deps.eventStore, apiTokenStreamId(tokenId), apiTokenDecider, command, metadataFor(session, session.selectedCompanyId, now()));
    if (outcome.append) await deps.awaitProjection?.(outcome.append.lastPosition);
    return outcome.state;
  };
  const manager = async (session: Session) => loadManager(deps, session.userId, await groupCompanyIds(deps, session.tenantId));

  registerRoute(app, deps, apiTokenRoutes.create, async ({ session, body }) => {
    const tokenId = randomUUID();
    const secret = randomBytes(32).toString('base64url');
    const state = await run(session, tokenId, {
      type: 'CreateApiToken',
      tokenId,
      tenantId: session.tenantId,
      companyId: session.selectedCompanyId,
      name: body.name.trim(),
      role: body.role,
      secretSha256: apiTokenSecretSha256(secret),
      expiresOn: body.expiresOn,
      manager: await manager(session),
      today: today(),
    });
    return { token: await view(tokenId, state), secret: apiTokenText(tokenId, secret) };
  });

  registerRoute(app, deps, apiTokenRoutes.revoke, async ({ session, params: { id } }) => {
    const state = await run(session, id, { type: 'RevokeApiToken', tokenId: id, manager: await manager(session) });
    return { token: await view(id, state) };
  });
}
