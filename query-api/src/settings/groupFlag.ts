import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import { groupFlagRoutes } from '@ghg/api';
import type { QueryApiDeps } from '../core/deps';
import { registerRoute } from '../core/registerRoute';
import { asOfPosition } from '../reports/asOf';
import { groupFlagsAsOf } from '@ghg/projector';

interface SectionRef {
  id: string;
  name: string | null;
  displayName: string | null;
}

/** Flags of one company with their registered organizations (names from the sections read model). */
async function flagsOf(knex: Knex, companyId: string, flagId?: string) {
  const flags: { id: string; name: string; version: number }[] = await knex('group_flags')
    .where({ company_id: companyId })
    .modify((q) => (flagId === undefined ? q : q.where({ id: flagId })))
    .orderBy('name');
  const sections: { flag_id: string; section_id: string; name: string | null; display_name: string | null }[] = await knex('group_flag_sections as f')
    .leftJoin('company_sections as s', function () {
      this.on('s.id', '=', 'f.section_id').andOn('s.company_id', '=', 'f.company_id');
    })
    .where('f.company_id', companyId)
    .modify((q) => (flagId === undefined ? q : q.where('f.flag_id', flagId)))
    .orderBy(['s.name', 'f.section_id'])
    .select('f.flag_id', 'f.section_id', 's.name', 's.display_name');
  const byFlag = new Map<string, SectionRef[]>();
  for (const row of sections) {
    const list = byFlag.get(row.flag_id) ?? [];
    list.push({ id: row.section_id, name: row.name ?? null, displayName: row.display_name ?? null });
    byFlag.set(row.flag_id, list);
  }
  return flags.map((f) => {
    const registered = byFlag.get(f.id) ?? [];
    return { id: f.id, name: f.name, sectionIds: registered.map((s) => s.id), sections: registered, version: f.version };
  });
}

export function registerGroupFlagQueries(app: FastifyInstance, deps: QueryApiDeps): void {
  const { knex } = deps.db;
  registerRoute(app, deps, groupFlagRoutes.list, async ({ reader: { selectedCompanyId }, query }) => {
    if (query.asOf !== undefined) return { groupFlags: await groupFlagsAsOf(knex, selectedCompanyId, await asOfPosition(knex, selectedCompanyId, query.asOf)) };
    return { groupFlags: await flagsOf(knex, selectedCompanyId) };
  });

  // The edit screen (/emission/setting/group-flag/edit) loads one flag.
  registerRoute(app, deps, groupFlagRoutes.get, async ({ reader: { selectedCompanyId }, params: { id }, refuse }) => {
    const [flag] = await flagsOf(knex, selectedCompanyId, id);
    if (!flag) throw refuse('group_flag_not_found');
    return { groupFlag: flag };
  });
}
