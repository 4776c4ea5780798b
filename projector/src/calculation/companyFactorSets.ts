import { defineProjection, type ProjectionContext } from '../core/projection';
import {
  CompanyFactorRemoved,
  CompanyFactorSaved,
  CompanyFactorSetCreated,
  CompanyFactorSetUploaded,
  type CompanyFactorEntry,
  type RecordedEvent,
} from '@ghg/events';

const entryColumns = (e: CompanyFactorEntry) => ({
  label_ja: e.label.ja,
  label_en: e.label.en,
  label_zh_hans: e.label.zhHans,
  value: e.value,
  unit: e.unit,
  stage: e.stage,
  valid_from: e.validFrom,
  valid_to: e.validTo,
  source: e.source,
  licence_note: e.licenceNote,
  category: e.category,
});
type EntryColumns = ReturnType<typeof entryColumns>;
const sameColumns = (row: Record<string, unknown>, cols: EntryColumns) =>
  (Object.keys(cols) as (keyof EntryColumns)[]).every((k) => (k === 'value' ? Number(row[k]) === cols[k] : (row[k] ?? null) === cols[k]));

/**
 * Company factor sets with every version of every factor: a row holds a factor's value from the
 * version that set it until the version that changed or removed it (`to_version`, exclusive), so
 * any version is `from_version <= v and (to_version is null or to_version > v)`, and a factor's
 * history is its rows.
 */
export const companyFactorSetsProjection = defineProjection({
  name: 'calculation/companyFactorSets',
  tables: ['company_factor_sets', 'company_factor_set_versions', 'company_factor_entries'],
  handles: [CompanyFactorSetCreated, CompanyFactorSaved, CompanyFactorRemoved, CompanyFactorSetUploaded],
  async apply(event, ctx) {
    const { companyId, setId } = event.data;
    const at = event.metadata.occurredAt;
    const sets = ctx.table('company_factor_sets');
    if (event.type === 'CompanyFactorSetCreated') {
      const d = event.data;
      await ctx
        .trx(sets)
        .insert({
          company_id: companyId,
          set_id: setId,
          id: d.id,
          title_ja: d.title.ja,
          title_en: d.title.en,
          title_zh_hans: d.title.zhHans,
          publisher: d.publisher,
          citation: d.citation,
          licence: d.licence,
          latest_version: 0,
          entry_count: 0,
          created_at: at,
          updated_at: at,
        })
        .onConflict(['company_id', 'set_id'])
        .merge();
    } else {
      const version = event.data.version;
      const entries = ctx.table('company_factor_entries');
      const open = () => ctx.trx(entries).where({ company_id: companyId, set_id: setId }).whereNull('to_version');
      const close = (keys: string[]) => (keys.length ? open().whereIn('key', keys).update({ to_version: version }) : Promise.resolve());
      const insert = (list: CompanyFactorEntry[]) =>
        list.length
          ? ctx.trx(entries).insert(list.map((e) => ({ company_id: companyId, set_id: setId, key: e.key, from_version: version, to_version: null, ...entryColumns(e) })))
          : Promise.resolve();
      if (event.type === 'CompanyFactorRemoved') await close([event.data.key]);
      else {
        const incoming = event.type === 'CompanyFactorSaved' ? [event.data.entry] : event.data.entries;
        const current = new Map<string, Record<string, unknown>>((await open().select('*')).map((r: Record<string, unknown>) => [String(r.key), r]));
        const changed = incoming.filter((e) => {
          const row = current.get(e.key);
          return !row || !sameColumns(row, entryColumns(e));
        });
        const toClose = changed.filter((e) => current.has(e.key)).map((e) => e.key);
        if (event.type === 'CompanyFactorSetUploaded' && event.data.mode === 'replace') {
          const keep = new Set(incoming.map((e) => e.key));
          for (const k of current.keys()) if (!keep.has(k)) toClose.push(k);
        }
        for (let i = 0; i < toClose.length; i += 5_000) await close(toClose.slice(i, i + 5_000));
        for (let i = 0; i < changed.length; i += 1_000) await insert(changed.slice(i, i + 1_000));
      }
      const count = Number((await open().count({ n: '*' }).first())?.n ?? 0);
      await ctx.trx(sets).where({ company_id: companyId, set_id: setId }).update({ latest_version: version, entry_count: count, updated_at: at });
      await ctx
        .trx(ctx.table('company_factor_set_versions'))
        .insert({
          company_id: companyId,
          set_id: setId,
          version,
          change: event.type === 'CompanyFactorSaved' ? 'manual' : event.type === 'CompanyFactorRemoved' ? 'removal' : 'upload',
          mode: event.type === 'CompanyFactorSetUploaded' ? event.data.mode : null,
          file_name: event.type === 'CompanyFactorSetUploaded' ? event.data.fileName : null,
          format: event.type === 'CompanyFactorSetUploaded' ? event.data.format : null,
          entry_count: count,
          actor_user_id: event.metadata.actorUserId,
          published_at: at,
        })
        .onConflict(['company_id', 'set_id', 'version'])
        .merge();
    }
    notify(ctx, event, companyId, event.data.id);
  },
});

function notify(ctx: ProjectionContext, recorded: RecordedEvent, companyId: string, id: string) {
  ctx.notify({ topic: 'calculation/companyFactorSets', companyId, tenantId: recorded.metadata.tenantId, ids: [id] });
}
