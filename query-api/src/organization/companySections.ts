import type { FastifyInstance } from 'fastify';
import { inheritedSectionTypes, UNSPECIFIED_SECTION } from '@ghg/domain';
import { companySectionRoutes } from '@ghg/api';
import type { QueryApiDeps } from '../core/deps';
import { registerRoute } from '../core/registerRoute';
import { asOfPosition } from '../reports/asOf';
import { sectionRowsAsOf } from '@ghg/projector';
import type { ReaderSession } from '../core/session';

interface SectionRow {
  id: string;
  name: string;
  display_name: string;
  parent_section_id: string | null;
  energy_conservation_act_report_section_type: string | null;
}

/** Sections in tree order (parents before children, siblings by name), 指定なし always last. */
export function orderSections(rows: readonly SectionRow[]) {
  const byParent = new Map<string | null, SectionRow[]>();
  for (const r of rows) byParent.set(r.parent_section_id, [...(byParent.get(r.parent_section_id) ?? []), r]);
  const tree = {
    sections: new Map(rows.map((r) => [r.id, { parentSectionId: r.parent_section_id, energyConservationActReportSectionType: r.energy_conservation_act_report_section_type }])),
  };
  const out: ReturnType<typeof toView>[] = [];
  const toView = (r: SectionRow, depth: number) => ({
    id: r.id,
    name: r.name,
    displayName: r.display_name,
    parentSection: r.parent_section_id,
    energyConservationActReportSectionType: r.energy_conservation_act_report_section_type,
    inheritedEnergyConservationActReportSectionTypes: inheritedSectionTypes(tree, r.id),
    depth,
  });
  const visit = (parent: string | null, depth: number) => {
    const children = [...(byParent.get(parent) ?? [])].sort((a, b) =>
      a.name === UNSPECIFIED_SECTION ? 1 : b.name === UNSPECIFIED_SECTION ? -1 : a.name.localeCompare(b.name, 'ja'),
    );
    for (const c of children) {
      out.push(toView(c, depth));
      visit(c.id, depth + 1);
    }
  };
  visit(null, 0);
  // Orphans (a parent deleted by an old event) still show, at the top level.
  for (const r of rows) if (!out.some((o) => o.id === r.id)) out.push(toView(r, 0));
  return out;
}

/** The sections a user may act on: all for whole-company roles, else their section and its descendants. */
export function authorizedSections<T extends { id: string; parentSection: string | null }>(sections: readonly T[], reader: Pick<ReaderSession, 'sectionId'>): T[] {
  if (reader.sectionId === null) return [...sections];
  const allowed = new Set([reader.sectionId]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const s of sections) {
      if (s.parentSection && allowed.has(s.parentSection) && !allowed.has(s.id)) {
        allowed.add(s.id);
        grew = true;
      }
    }
  }
  return sections.filter((s) => allowed.has(s.id));
}

export function registerCompanySectionQueries(app: FastifyInstance, deps: QueryApiDeps): void {
  const { knex } = deps.db;
  const load = async (companyId: string) => orderSections(await knex('company_sections').where({ company_id: companyId }));
  // As of a moment: the sections folded from the audit log up to its position.
  const loadAsOf = async (companyId: string, asOf: string | undefined) =>
    asOf === undefined ? load(companyId) : orderSections(await sectionRowsAsOf(knex, companyId, await asOfPosition(knex, companyId, asOf)));

  registerRoute(app, deps, companySectionRoutes.list, async ({ reader, query }) => {
    return { companySections: await loadAsOf(reader.selectedCompanyId, query.asOf) };
  });

  registerRoute(app, deps, companySectionRoutes.authorized, async ({ reader, query }) => {
    return { companySections: authorizedSections(await loadAsOf(reader.selectedCompanyId, query.asOf), reader) };
  });
}
