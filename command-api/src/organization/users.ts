import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { languages, roles, WrongExpectedVersionError } from '@ghg/events';
import { fold, userDecider, userEmailStreamId, userStreamId, type UserState } from '@ghg/domain';
import type { CommandApiDeps } from '../core/deps';
import { executeCommand, toNewEvent } from '../core/executeCommand';
import { HttpError, httpErrorFor } from '../core/httpErrors';
import { hashPassword } from '../core/passwords';
import { authenticate, metadataFor, requireSession, type Session } from '../core/session';
import { parseArgs } from '../core/validate';
import { issuePasswordReset } from '../auth/passwordReset';

const Access = z.object({
  role: z.enum(roles),
  companyIds: z.array(z.string().min(1)).min(1),
  allCompanies: z.boolean().default(false),
  sectionId: z.string().min(1).nullable().default(null),
});
const NewUserArgs = Access.extend({
  email: z.string().min(1),
  name: z.string().min(1),
  language: z.enum(languages).default('ja'),
  origin: z.string().url().optional(),
});
const IdParam = z.object({ id: z.string().min(1) });

const view = (id: string, s: UserState) => ({
  id,
  email: s.email,
  name: s.name,
  role: s.role,
  sectionId: s.sectionId,
  companyIds: s.companyIds,
  allCompanies: s.allCompanies,
  active: s.active,
  language: s.language,
});

/** An administrator grants only what they hold: their own companies, group-wide only if they are group-wide. */
function checkGrant(session: Session, access: z.infer<typeof Access>): void {
  if (access.companyIds.some((c) => !session.companyIds.includes(c))) throw httpErrorFor('company_not_allowed');
  if (access.allCompanies && !session.allCompanies) throw httpErrorFor('company_not_allowed');
}

export function registerUserManagementRoutes(app: FastifyInstance, deps: CommandApiDeps): void {
  const now = () => deps.now?.() ?? new Date();
  const load = async (id: string) => fold(userDecider, (await deps.eventStore.readStream(userStreamId(id))) as never);

  /** Managed users must share the administrator's tenant and selected company; others look absent. */
  const managed = async (session: Session, id: string) => {
    const user = await load(id);
    if (!user.exists || user.tenantId !== session.tenantId || !(user.allCompanies || user.companyIds.includes(session.selectedCompanyId))) {
      throw new HttpError(404, 'user_not_found', 'user not found');
    }
    return user;
  };
  const run = async (session: Session, id: string, command: Parameters<typeof userDecider.decide>[0]) => {
    const outcome = await executeCommand(deps.eventStore, userStreamId(id), userDecider, command, metadataFor(session, session.selectedCompanyId, now()));
    if (outcome.append) await deps.awaitProjection?.(outcome.append.lastPosition);
    return view(id, outcome.state);
  };

  app.post('/api/users', { preHandler: authenticate(deps.eventStore) }, async (request) => {
    const session = requireSession(request, 'users.manage');
    const args = parseArgs(NewUserArgs, request.body);
    checkGrant(session, args);
    const userId = randomUUID();
    const meta = metadataFor(session, session.selectedCompanyId, now());
    // Claim the address first: its stream must not exist yet, which keeps emails unique.
    try {
      await deps.eventStore.appendToStream(
        userEmailStreamId(args.email),
        [toNewEvent({ type: 'UserEmailClaimed', data: { email: args.email.trim().toLowerCase(), userId } }, meta)],
        { expectedVersion: 'no_stream' },
      );
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) throw httpErrorFor('user_exists');
      throw error;
    }
    // Nobody knows this password: the new user sets their own through the invitation link.
    const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
    const { origin, ...fields } = args;
    const user = await run(session, userId, { type: 'RegisterUser', userId, tenantId: session.tenantId, passwordHash, ...fields });
    const base = origin ?? `${request.protocol}://${request.headers.host ?? 'localhost'}`;
    await issuePasswordReset(deps, { userId, email: user.email, tenantId: session.tenantId }, base, request.log, 'invite');
    return { user };
  });

  app.put('/api/users/:id/access', { preHandler: authenticate(deps.eventStore) }, async (request) => {
    const session = requireSession(request, 'users.manage');
    const { id } = parseArgs(IdParam, request.params);
    const access = parseArgs(Access, request.body);
    checkGrant(session, access);
    await managed(session, id);
    return { user: await run(session, id, { type: 'ChangeUserAccess', userId: id, actorUserId: session.userId, ...access }) };
  });

  app.post('/api/users/:id/deactivate', { preHandler: authenticate(deps.eventStore) }, async (request) => {
    const session = requireSession(request, 'users.manage');
    const { id } = parseArgs(IdParam, request.params);
    await managed(session, id);
    return { user: await run(session, id, { type: 'DeactivateUser', userId: id, actorUserId: session.userId }) };
  });

  app.post('/api/users/:id/reactivate', { preHandler: authenticate(deps.eventStore) }, async (request) => {
    const session = requireSession(request, 'users.manage');
    const { id } = parseArgs(IdParam, request.params);
    await managed(session, id);
    return { user: await run(session, id, { type: 'ReactivateUser', userId: id }) };
  });
}
