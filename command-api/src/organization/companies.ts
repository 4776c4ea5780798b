import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { companyRoutes, type ErrorCodeOf, type Refusal } from '@ghg/api';
import {
  companyDecider,
  companySectionsDecider,
  companySectionsStreamId,
  companyStreamId,
  tenantDecider,
  tenantStreamId,
  UNSPECIFIED_SECTION,
  WHOLE_COMPANY_SECTION,
  type CompanyState,
} from '@ghg/domain';
import type { CommandApiDeps } from '../core/deps';
import { executeCommand } from '../core/executeCommand';
import { registerRoute } from '../core/registerRoute';
import { metadataFor, type Session } from '../core/session';

const view = (id: string, s: CompanyState) => ({
  id,
  region: s.region,
  equitySharePercent: s.equitySharePercent,
  controlApproach: s.controlApproach,
});

/** A company the caller may not reach answers like one that does not exist: nothing leaks. */
function reachable(session: Session, companyId: string, refuse: (code: ErrorCodeOf<typeof companyRoutes.setRegion>) => Refusal): string {
  if (!session.companyIds.includes(companyId)) throw refuse('company_not_found');
  return companyId;
}

export function registerCompanyRoutes(app: FastifyInstance, deps: CommandApiDeps): void {
  const now = () => deps.now?.() ?? new Date();
  const run = async (session: Session, companyId: string, command: Parameters<typeof companyDecider.decide>[0]) => {
    const outcome = await executeCommand(deps.eventStore, companyStreamId(companyId), companyDecider, command, metadataFor(session, companyId, now()));
    if (outcome.append) await deps.awaitProjection?.(outcome.append.lastPosition);
    return view(companyId, outcome.state);
  };

  registerRoute(app, deps, companyRoutes.setRegion, async ({ session, body: args, refuse }) => {
    const companyId = reachable(session, args.companyId, refuse);
    return { company: await run(session, companyId, { type: 'ChangeCompanyRegion', companyId, region: args.region }) };
  });

  registerRoute(app, deps, companyRoutes.setConsolidation, async ({ session, body: args, refuse }) => {
    const companyId = reachable(session, args.companyId, refuse);
    return { company: await run(session, companyId, { type: 'SetCompanyConsolidation', ...args, companyId }) };
  });

  // A group-level setting on the group's own stream; filed under the company the caller works in (its audit log shows it).
  registerRoute(app, deps, companyRoutes.chooseConsolidationApproach, async ({ session, body: args }) => {
    const outcome = await executeCommand(
      deps.eventStore,
      tenantStreamId(session.tenantId),
      tenantDecider,
      {
        type: 'ChooseGroupConsolidationApproach',
        tenantId: session.tenantId,
        approach: args.approach,
        actor: { allCompanies: session.allCompanies, companyIds: session.companyIds },
        expectedVersion: args.expectedVersion,
      },
      metadataFor(session, session.selectedCompanyId, now()),
    );
    if (outcome.append) await deps.awaitProjection?.(outcome.append.lastPosition);
    return { consolidationApproach: outcome.state.consolidationApproach, consolidationApproachVersion: outcome.state.consolidationApproachVersion };
  });

  registerRoute(app, deps, companyRoutes.create, async ({ session, body: args }) => {
    const companyId = randomUUID();
    const company = await run(session, companyId, { type: 'RegisterCompany', companyId, tenantId: session.tenantId, ...args });
    const outcome = await executeCommand(
      deps.eventStore,
      tenantStreamId(session.tenantId),
      tenantDecider,
      { type: 'AddCompanyToTenant', tenantId: session.tenantId, companyId },
      metadataFor(session, companyId, now()),
    );
    // Every company starts with the two reserved sections.
    for (const name of [WHOLE_COMPANY_SECTION, UNSPECIFIED_SECTION]) {
      await executeCommand(
        deps.eventStore,
        companySectionsStreamId(companyId),
        companySectionsDecider,
        { type: 'SaveCompanySection', companyId, newId: randomUUID(), name, parentSectionId: null },
        metadataFor(session, companyId, now()),
      );
    }
    if (outcome.append) await deps.awaitProjection?.(outcome.append.lastPosition);
    return { company: { ...company, name: args.name.trim() } };
  });
}
