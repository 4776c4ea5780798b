import type { FastifyInstance } from 'fastify';
import { accountRoutes } from '@ghg/api';
import { userDecider, userStreamId } from '@ghg/domain';
import type { CommandApiDeps } from '../core/deps';
import { executeCommand } from '../core/executeCommand';
import { registerRoute } from '../core/registerRoute';
import { metadataFor } from '../core/session';

/** PUT /api/user: a user changes their own language or selected company. */
export function registerUserRoutes(app: FastifyInstance, deps: CommandApiDeps): void {
  registerRoute(app, deps, accountRoutes.updateUser, async ({ session, body: { user } }) => {
    const outcome = await executeCommand(
      deps.eventStore,
      userStreamId(session.userId),
      userDecider,
      { type: 'ChangeUserPreferences', userId: session.userId, reachableCompanyIds: session.companyIds, ...user },
      metadataFor(session, null, deps.now?.() ?? new Date()),
    );
    if (outcome.append) await deps.awaitProjection?.(outcome.append.lastPosition);
    const s = outcome.state;
    return { user: { id: session.userId, language: s.language, selectedCompanyId: s.selectedCompanyId } };
  });
}
