import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { companySectionRoutes } from '@ghg/api';
import { companySectionsCodec, companySectionsDecider, companySectionsStreamId, type CompanySectionsState } from '@ghg/domain';
import type { CommandApiDeps } from '../core/deps';
import { loadState, runCompanyCommand } from '../core/companyCommand';
import { registerRoute } from '../core/registerRoute';
import type { Session } from '../core/session';

const view = (state: CompanySectionsState, id: string) => {
  const s = state.sections.get(id);
  return s && { id: s.id, name: s.name, displayName: s.displayName, parentSection: s.parentSectionId, energyConservationActReportSectionType: s.energyConservationActReportSectionType };
};

async function countIfTable(deps: CommandApiDeps, table: string, where: Record<string, string>): Promise<number> {
  // Group flags are another feature's read model; before it exists there is nothing to count.
  if (!(await deps.db.knex.schema.hasTable(table))) return 0;
  const row = await deps.db.knex(table).where(where).count<{ count: string }[]>({ count: '*' }).first();
  return Number(row?.count ?? 0);
}

export function registerCompanySectionRoutes(app: FastifyInstance, deps: CommandApiDeps): void {
  const run = (session: Session, command: Parameters<typeof companySectionsDecider.decide>[0]) =>
    runCompanyCommand(deps, session, companySectionsStreamId(session.selectedCompanyId), companySectionsDecider, command, companySectionsCodec);

  registerRoute(app, deps, companySectionRoutes.save, async ({ session, body: { section } }) => {
    const newId = randomUUID();
    const outcome = await run(session, {
      type: 'SaveCompanySection',
      companyId: session.selectedCompanyId,
      newId,
      name: section.name,
      displayName: section.displayName ?? null,
      parentSectionId: section.parentSection ?? null,
      ...(section.id ? { sectionId: section.id } : {}),
      ...(section.energyConservationActReportSectionType !== undefined
        ? { energyConservationActReportSectionType: section.energyConservationActReportSectionType }
        : {}),
    });
    return { companySection: view(outcome.state, section.id ?? newId) };
  });

  registerRoute(app, deps, companySectionRoutes.remove, async ({ session, params: { id } }) => {
    const companyId = session.selectedCompanyId;
    const before = view(await loadState(deps, companySectionsStreamId(companyId), companySectionsDecider, companySectionsCodec), id);
    // Facts from other features' read models: users holding a role in this section, flags registering it.
    const usersWithPermission = await countUsersInSection(deps, id);
    const registeredFlags = await countIfTable(deps, 'group_flag_sections', { company_id: companyId, section_id: id });
    const scopeSettings = await countIfTable(deps, 'scope_settings', { company_id: companyId, section_id: id });
    const activityLines = await countIfTable(deps, 'emission_ledger', { company_id: companyId, section_id: id });
    await run(session, { type: 'DeleteCompanySection', companyId, sectionId: id, usersWithPermission, registeredFlags, scopeSettings, activityLines });
    return { companySection: before ?? null };
  });
}

async function countUsersInSection(deps: CommandApiDeps, sectionId: string): Promise<number> {
  const row = await deps.db.knex('users').where({ section_id: sectionId, active: true }).count<{ count: string }[]>({ count: '*' }).first();
  return Number(row?.count ?? 0);
}
