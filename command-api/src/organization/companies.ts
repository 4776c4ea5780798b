import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idText, shortText } from '@ghg/events';
import { numberArg } from '../core/companyCommand';
import { controlApproaches } from '@ghg/events';
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
import { HttpError } from '../core/httpErrors';
import { authenticate, metadataFor, requireSession, type Session } from '../core/session';
import { parseArgs } from '../core/validate';

const RegionArgs = z.object({ companyId: idText(), region: shortText().min(1) });
const ConsolidationArgs = z.object({
  companyId: idText(),
  equitySharePercent: numberArg,
  controlApproach: z.enum(controlApproaches),
});
const NewCompanyArgs = z.object({
  name: shortText().trim().min(1),
  region: shortText().min(1),
  equitySharePercent: numberArg.optional(),
  controlApproach: z.enum(controlApproaches).optional(),
});

const view = (id: string, s: CompanyState) => ({
  id,
  region: s.region,
  equitySharePercent: s.equitySharePercent,
  controlApproach: s.controlApproach,
});

/** A company the caller may not reach answers like one that does not exist: nothing leaks. */
function reachable(session: Session, companyId: string): string {
  if (!session.companyIds.includes(companyId)) throw new HttpError(404, 'company_not_found', 'company not found');
  return companyId;
}

export function registerCompanyRoutes(app: FastifyInstance, deps: CommandApiDeps): void {
  const now = () => deps.now?.() ?? new Date();
  const run = async (session: Session, companyId: string, command: Parameters<typeof companyDecider.decide>[0]) => {
    const outcome = await executeCommand(deps.eventStore, companyStreamId(companyId), companyDecider, command, metadataFor(session, companyId, now()));
    if (outcome.append) await deps.awaitProjection?.(outcome.append.lastPosition);
    return view(companyId, outcome.state);
  };

  app.put('/api/company/region', { preHandler: authenticate(deps.eventStore) }, async (request) => {
    const session = requireSession(request, 'company.configure');
    const args = parseArgs(RegionArgs, request.body);
    const companyId = reachable(session, args.companyId);
    return { company: await run(session, companyId, { type: 'ChangeCompanyRegion', companyId, region: args.region }) };
  });

  app.put('/api/company/consolidation', { preHandler: authenticate(deps.eventStore) }, async (request) => {
    const session = requireSession(request, 'company.configure');
    const args = parseArgs(ConsolidationArgs, request.body);
    const companyId = reachable(session, args.companyId);
    return { company: await run(session, companyId, { type: 'SetCompanyConsolidation', ...args, companyId }) };
  });

  app.post('/api/company', { preHandler: authenticate(deps.eventStore) }, async (request) => {
    const session = requireSession(request, 'group.manage');
    const args = parseArgs(NewCompanyArgs, request.body);
    const companyId = randomUUID();
    const company = await run(session, companyId, { type: 'RegisterCompany', companyId, tenantId: session.tenantId, ...args });
    const outcome = await executeCommand(
      deps.eventStore,
      tenantStreamId(session.tenantId),
      tenantDecider,
      { type: 'AddCompanyToTenant', tenantId: session.tenantId, companyId },
      metadataFor(session, companyId, now()),
    );
    // Every company starts with the two reserved sections (spec §3).
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
