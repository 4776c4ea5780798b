import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { userRoutes } from '@ghg/api';
import { WrongExpectedVersionError } from '@ghg/events';
import { checkGrant, foldRecorded, isGroupAdmin, userDecider, userEmailStreamId, userStreamId, type Manager, type UserState } from '@ghg/domain';
import type { CommandApiDeps } from '../core/deps';
import { executeCommand, toNewEvent } from '../core/executeCommand';
import { Refusal } from '../core/httpErrors';
import { hashPassword } from '../core/passwords';
import { registerRoute } from '../core/registerRoute';
import { metadataFor, type Session } from '../core/session';
import { issuePasswordReset } from '../auth/passwordReset';
import { groupCompanyIds, loadGrantFacts, loadManager, otherActiveGroupAdmins, serialPerTenant } from './userManagementFacts';

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

export function registerUserManagementRoutes(app: FastifyInstance, deps: CommandApiDeps): void {
  const now = () => deps.now?.() ?? new Date();
  const serially = serialPerTenant();
  const load = async (id: string) => foldRecorded(userDecider, await deps.eventStore.readStream(userStreamId(id)));

  /** Managed users must share the administrator's tenant and selected company; others look absent. */
  const managed = async (session: Session, id: string) => {
    const user = await load(id);
    if (!user.exists || user.tenantId !== session.tenantId || !(user.allCompanies || user.companyIds.includes(session.selectedCompanyId))) {
      throw new Refusal('user_not_found');
    }
    return user;
  };
  const run = async (session: Session, id: string, command: Parameters<typeof userDecider.decide>[0]) => {
    const outcome = await executeCommand(deps.eventStore, userStreamId(id), userDecider, command, metadataFor(session, session.selectedCompanyId, now()));
    if (outcome.append) await deps.awaitProjection?.(outcome.append.lastPosition);
    return view(id, outcome.state);
  };

  /**
   * Who may manage whom (domain/src/organization/userManagement.ts): the manager and the facts are
   * read inside the tenant's queue, so they are current when the decider checks them.
   */
  const manage = (session: Session, id: string, command: (manager: Manager, group: readonly string[], target: UserState) => Promise<Parameters<typeof userDecider.decide>[0]>) =>
    serially(session.tenantId, async () => {
      const target = await managed(session, id);
      const group = await groupCompanyIds(deps, session.tenantId);
      const manager = await loadManager(deps, session.userId, group);
      return run(session, id, await command(manager, group, target));
    });
  const othersIfGroupAdmin = async (session: Session, id: string, target: UserState) =>
    target.active && target.role && isGroupAdmin({ ...target, role: target.role }) ? otherActiveGroupAdmins(deps, session.tenantId, id) : 0;

  registerRoute(app, deps, userRoutes.invite, async ({ session, body: args, request, refuse }) => {
    const group = await groupCompanyIds(deps, session.tenantId);
    const refusal = checkGrant(await loadManager(deps, session.userId, group), args, await loadGrantFacts(deps, group, args));
    if (refusal) throw refuse(refusal);
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
      if (error instanceof WrongExpectedVersionError) throw refuse('user_exists');
      throw error;
    }
    // Nobody knows this password: the new user sets their own through the invitation link.
    const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
    const user = await run(session, userId, { type: 'RegisterUser', userId, tenantId: session.tenantId, passwordHash, ...args });
    // The link is on the configured public URL (deps.publicUrl), never on request input.
    await issuePasswordReset(deps, { userId, email: user.email, tenantId: session.tenantId }, request.log, 'invite');
    return { user };
  });

  registerRoute(app, deps, userRoutes.changeAccess, async ({ session, params: { id }, body: access }) => {
    const user = await manage(session, id, async (manager, group, target) => ({
      type: 'ChangeUserAccess',
      userId: id,
      manager,
      facts: { ...(await loadGrantFacts(deps, group, access)), otherActiveGroupAdmins: await othersIfGroupAdmin(session, id, target) },
      ...access,
    }));
    return { user };
  });

  registerRoute(app, deps, userRoutes.deactivate, async ({ session, params: { id } }) => {
    const user = await manage(session, id, async (manager, _group, target) => ({
      type: 'DeactivateUser',
      userId: id,
      manager,
      otherActiveGroupAdmins: await othersIfGroupAdmin(session, id, target),
    }));
    return { user };
  });

  registerRoute(app, deps, userRoutes.reactivate, async ({ session, params: { id } }) => {
    return { user: await manage(session, id, async (manager) => ({ type: 'ReactivateUser', userId: id, manager })) };
  });
}
