import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idText, shortText } from '@ghg/events';
import { userDecider, userStreamId } from '@ghg/domain';
import type { CommandApiDeps } from '../core/deps';
import { executeCommand } from '../core/executeCommand';
import { authenticate, metadataFor, requireSession } from '../core/session';
import { parseArgs } from '../core/validate';

const UpdateUserArgs = z.object({
  user: z.object({ language: shortText().optional(), selectedCompanyId: idText().optional() }),
});

/** PUT /api/user: a user changes their own language or selected company. */
export function registerUserRoutes(app: FastifyInstance, deps: CommandApiDeps): void {
  app.put('/api/user', { preHandler: authenticate(deps.eventStore) }, async (request) => {
    const session = requireSession(request, 'account.self');
    const { user } = parseArgs(UpdateUserArgs, request.body);
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
