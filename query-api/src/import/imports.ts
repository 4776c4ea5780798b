import type { FastifyInstance } from 'fastify';
import { importRoutes } from '@ghg/api';
import type { EventOf, ImportSourceTypeName, ScopeSettingCategory } from '@ghg/events';
import type { QueryApiDeps } from '../core/deps';
import { registerRoute } from '../core/registerRoute';

/** A row of import_history with its user's name (the projection wrote only what the event contract accepted). */
interface HistoryRow {
  import_id: string;
  imported_at: Date | string;
  user_id: string | null;
  user_name: string | null;
  source_type: ImportSourceTypeName;
  file_name: string;
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
  excluded: number;
  co2e_kg: string | number;
  by_category: Record<string, number> | string;
  fiscal_years: number[] | string;
  status: 'success' | 'undone';
  reapplied_at: Date | string | null;
  undone_at: Date | string | null;
  version: number;
}

/** Where an imported ledger line came from (the ledger's `origin`, events/src/contracts/import.ts lineOrigin). */
interface Origin {
  importId: string;
  sourceKey: string;
  row: number;
  ruleId: string;
  record: Record<string, string | number | null>;
}

interface RecordRow {
  deal_id: string;
  import_id: string;
  origin: Origin | string | null;
  occurrence_day: string;
  scope_category: ScopeSettingCategory;
  formula_id: string;
  section_id: string;
  section_name: string | null;
  co2e_kg: string | number;
}

type Rule = EventOf<'ImportRuleDefined'>['data'];

interface RuleRow {
  rule_id: string;
  name: string;
  priority: number;
  conditions: Rule['conditions'] | string;
  action: Rule['action'];
  scope_category: Rule['scopeCategory'];
  formula_id: string | null;
  detail: Rule['detail'] | string;
  section_id: string | null;
  count_from: Rule['countFrom'];
  version: number;
  updated_at: Date | string;
}

/** A jsonb column as its value (pg and PGlite answer it parsed; a string only if a driver did not). */
const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);
/** A timestamp column as an ISO instant (PGlite and pg both answer a Date). */
const isoOf = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : isoOf(value));

/** Linked data from source systems: the selected company's imports, the records they imported, and its import rules. */
export function registerImportQueries(app: FastifyInstance, deps: QueryApiDeps): void {
  const { knex } = deps.db;

  registerRoute(app, deps, importRoutes.history, async ({ reader: { selectedCompanyId }, query: { fiscalYear } }) => {
    const rows: HistoryRow[] = await knex('import_history as h')
      .leftJoin('users as u', 'u.id', 'h.user_id')
      .where('h.company_id', selectedCompanyId)
      .modify((q) => {
        // Imports whose lines fall in the year (the jsonb array of years contains it).
        if (fiscalYear !== undefined) q.whereRaw('h.fiscal_years @> ?::jsonb', [JSON.stringify([fiscalYear])]);
      })
      .orderBy([{ column: 'h.imported_at', order: 'desc' }, { column: 'h.import_id' }])
      .select('h.*', 'u.name as user_name');
    return {
      imports: rows.map((r) => ({
        importId: r.import_id,
        importedAt: isoOf(r.imported_at),
        sourceType: r.source_type,
        fileName: r.file_name,
        // An import no user made (a seed) has no actor.
        userId: r.user_id ?? '',
        userName: r.user_name ?? null,
        rows: r.rows,
        created: r.created,
        updated: r.updated,
        unchanged: r.unchanged,
        excluded: r.excluded,
        status: r.status,
        co2eKg: Number(r.co2e_kg),
        byCategory: json(r.by_category),
        fiscalYears: json(r.fiscal_years),
        reappliedAt: isoOrNull(r.reapplied_at),
        undoneAt: isoOrNull(r.undone_at),
        version: r.version,
      })),
    };
  });

  registerRoute(app, deps, importRoutes.records, async ({ reader: { selectedCompanyId }, query: { fiscalYear, importId, offset, limit } }) => {
    // The year's imported lines (the ledger's index on company, fiscal year and category; or on
    // company and import when one import is asked for).
    const imported = () =>
      knex('emission_ledger as l')
        .where({ 'l.company_id': selectedCompanyId, 'l.fiscal_year': fiscalYear, 'l.source': 'import' })
        .modify((q) => {
          if (importId !== undefined) q.where('l.import_id', importId);
        });
    const counted: { total: string | number } | undefined = await imported().first(knex.raw('count(*) as total'));
    const rows: RecordRow[] = await imported()
      .leftJoin('import_history as h', function joinImport() {
        this.on('h.company_id', '=', 'l.company_id').andOn('h.import_id', '=', 'l.import_id');
      })
      .leftJoin('company_sections as c', function joinSection() {
        this.on('c.id', '=', 'l.section_id').andOn('c.company_id', '=', 'l.company_id');
      })
      // Newest import first, then each import's lines in the order of its file's rows; of one
      // import, its rows in order (the ledger's index on company, import and row serves a page).
      .orderByRaw(importId === undefined ? "h.imported_at desc nulls last, l.import_id, (l.origin->>'row')::integer, l.deal_id" : "(l.origin->>'row')::integer, l.deal_id")
      .offset(offset)
      .limit(limit)
      .select(
        'l.deal_id',
        'l.import_id',
        'l.origin',
        'l.scope_category',
        'l.formula_id',
        'l.section_id',
        'l.co2e_kg',
        'c.name as section_name',
        knex.raw("to_char(l.occurrence_date, 'YYYY-MM-DD') as occurrence_day"),
      );
    return {
      total: Number(counted?.total ?? 0),
      records: rows.map((r) => {
        const origin = r.origin === null ? null : json(r.origin);
        return {
          dealId: r.deal_id,
          importId: r.import_id,
          row: origin?.row ?? 0,
          sourceKey: origin?.sourceKey ?? '',
          occurrenceDate: r.occurrence_day,
          scopeCategory: r.scope_category,
          formulaId: r.formula_id,
          section: r.section_id,
          sectionName: r.section_name ?? null,
          ruleId: origin?.ruleId ?? '',
          co2eKg: Number(r.co2e_kg),
          record: origin?.record ?? {},
        };
      }),
    };
  });

  registerRoute(app, deps, importRoutes.rules, async ({ reader: { selectedCompanyId } }) => {
    const rows: RuleRow[] = await knex('import_rules')
      .where({ company_id: selectedCompanyId })
      .orderBy([{ column: 'priority' }, { column: 'name' }, { column: 'rule_id' }]);
    return {
      rules: rows.map((r) => ({
        ruleId: r.rule_id,
        name: r.name,
        priority: r.priority,
        conditions: json(r.conditions),
        action: r.action,
        scopeCategory: r.scope_category,
        formulaId: r.formula_id,
        detail: json(r.detail),
        sectionId: r.section_id,
        countFrom: r.count_from,
        version: r.version,
        updatedAt: isoOf(r.updated_at),
      })),
    };
  });
}
