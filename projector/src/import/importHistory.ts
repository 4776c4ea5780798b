import { defineProjection, type ProjectionContext, type RecordedOf } from '../core/projection';
import { upsertRows } from '../core/batchUpsert';
import { notifyPerCompany } from '../core/notices';
import { DataImported, ImportRulesReapplied, ImportUndone } from '@ghg/events';

type HistoryEvent = RecordedOf<typeof DataImported | typeof ImportUndone | typeof ImportRulesReapplied>;
type Row = Record<string, unknown>;

/** One import's key as text (NUL cannot occur in a bounded id). */
const keyOf = (event: HistoryEvent) => `${event.data.companyId}\u0000${event.data.importId}`;

/** The row a DataImported writes: the file, who imported it, and its totals. */
function importedRow(event: RecordedOf<typeof DataImported>): Row {
  const d = event.data;
  return {
    company_id: d.companyId,
    import_id: d.importId,
    imported_at: event.metadata.occurredAt,
    user_id: event.metadata.actorUserId,
    source_type: d.sourceType,
    file_name: d.fileName,
    encoding: d.encoding,
    sha256: d.sha256,
    rows: d.rows,
    created: d.created,
    updated: d.updated,
    unchanged: d.unchanged,
    excluded: d.excluded,
    co2e_kg: d.totals.co2eKg,
    by_category: d.totals.byCategory,
    fiscal_years: d.fiscalYears,
    status: 'success',
    reapplied_at: null,
    undone_at: null,
    undone_by: null,
    version: event.streamPosition,
  };
}

/** What an undo or a re-application changes on the import's row. */
function patchOf(event: RecordedOf<typeof ImportUndone | typeof ImportRulesReapplied>): Row {
  if (event.type === ImportUndone.type) {
    return { status: 'undone', undone_at: event.metadata.occurredAt, undone_by: event.metadata.actorUserId, version: event.streamPosition };
  }
  const { after } = event.data;
  return { co2e_kg: after.co2eKg, by_category: after.byCategory, reapplied_at: event.metadata.occurredAt, version: event.streamPosition };
}

/**
 * The imports of a company (stream `import-<companyId>-<importId>`), newest first on the history
 * screen: each file with who imported it and when, its counts, its totals as they are now (a
 * re-application of the rules replaces them with its `after`), and whether it was undone. The
 * lists of the lines an import wrote (ImportedLinesListed) are not kept here: the ledger names
 * each line's import.
 *
 * An import's events come in the same batch as its lines (up to a million of them), so a batch
 * costs one multi-row upsert of the imports it inserts, plus one update per existing import it
 * changes (an undo or re-application, one statement whatever the number of its events).
 */
export const importHistoryProjection = defineProjection({
  name: 'import/history',
  tables: ['import_history'],
  handles: [DataImported, ImportUndone, ImportRulesReapplied],
  async applyBatch(events, ctx) {
    const inserted = new Map<string, Row>();
    const patched = new Map<string, { companyId: string; importId: string; patch: Row }>();
    for (const e of events) {
      const key = keyOf(e);
      if (e.type === DataImported.type) {
        // An import's stream starts with it, once: nothing of this import can be patched before.
        inserted.set(key, importedRow(e));
        patched.delete(key);
        continue;
      }
      const row = inserted.get(key);
      if (row) Object.assign(row, patchOf(e));
      else {
        const entry = patched.get(key) ?? { companyId: e.data.companyId, importId: e.data.importId, patch: {} };
        Object.assign(entry.patch, patchOf(e));
        patched.set(key, entry);
      }
    }
    const table = ctx.table('import_history');
    await upsertRows(ctx.trx, table, ['company_id', 'import_id'], [...inserted.values()]);
    for (const { companyId, importId, patch } of patched.values()) await update(ctx, table, companyId, importId, patch);
    notifyPerCompany(ctx, 'import/history', events, (e) => e.data.importId);
  },
});

async function update(ctx: ProjectionContext, table: string, companyId: string, importId: string, patch: Row): Promise<void> {
  const values = { ...patch, ...(patch.by_category === undefined ? {} : { by_category: JSON.stringify(patch.by_category) }) };
  await ctx.trx(table).where({ company_id: companyId, import_id: importId }).update(values);
}
