import { DEFAULT_START_MONTH, fiscalYearOf, ruleMatcher, type ImportRule, type LineBasis, type LinkedRecord, type SectionFacts } from '@ghg/domain';
import type { CommandApiDeps } from '../core/deps';
import { basisOf } from '../activity/activityLine';
import { sectionFacts } from '../settings/scopeSetting';
import type { Session } from '../core/session';

/** A rule as an import uses it, with the version it was at. */
export type LoadedRule = ImportRule & { id: string };

/**
 * What an import of one company needs besides its rows, loaded once per file: the rules (in the
 * order they are tried), the sections by name and code, the caller's section rights, the fiscal
 * year start, the currency rates, and each fiscal year's calculation basis (loaded when a row of
 * that year first needs it).
 */
export interface ImportContext {
  companyId: string;
  rules: readonly LoadedRule[];
  match: (record: LinkedRecord) => LoadedRule | null;
  /** Section id by its id, name or display name (NFKC, trimmed, case-insensitive). */
  sectionOf: (department: string) => string | null;
  sections: SectionFacts;
  startMonth: number;
  hasRate: (fiscalYear: number, currency: string) => boolean;
  basis: (isoDate: string) => Promise<LineBasis | null>;
  fiscalYearOf: (isoDate: string) => number;
}

const key = (text: string) => text.normalize('NFKC').trim().toLowerCase();

interface RuleRow {
  rule_id: string;
  name: string;
  priority: number;
  conditions: ImportRule['conditions'] | string;
  action: ImportRule['action'];
  scope_category: ImportRule['scopeCategory'];
  formula_id: string | null;
  detail: ImportRule['detail'] | string;
  section_id: string | null;
  count_from: ImportRule['countFrom'];
  version: number;
}

const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/** The company's rules as the rules read model holds them (a saved rule waits for it: read-your-writes). */
export async function loadRules(deps: CommandApiDeps, companyId: string): Promise<LoadedRule[]> {
  const rows: RuleRow[] = await deps.db.knex('import_rules').where({ company_id: companyId }).orderBy([{ column: 'priority' }, { column: 'name' }, { column: 'rule_id' }]);
  return rows.map((r) => ({
    id: r.rule_id,
    ruleId: r.rule_id,
    name: r.name,
    priority: Number(r.priority),
    conditions: json(r.conditions),
    action: r.action,
    scopeCategory: r.scope_category,
    formulaId: r.formula_id,
    detail: json(r.detail),
    sectionId: r.section_id,
    countFrom: r.count_from,
    version: Number(r.version),
  }));
}

export async function loadImportContext(deps: CommandApiDeps, session: Session): Promise<ImportContext> {
  const companyId = session.selectedCompanyId;
  const { knex } = deps.db;
  const [rules, sectionRows, fy, rates, sections] = await Promise.all([
    loadRules(deps, companyId),
    knex('company_sections').where({ company_id: companyId }).select('id', 'name', 'display_name'),
    knex('fiscal_year_settings').where({ company_id: companyId }).first(),
    knex('currency_rates').where({ company_id: companyId }).select('fiscal_year', 'currency_unit'),
    sectionFacts(deps, session),
  ]);
  const byName = new Map<string, string>();
  // Ids first, then names: a name that happens to equal another section's id does not hide it.
  for (const s of sectionRows as { id: string; name: string; display_name: string }[]) {
    byName.set(key(s.display_name), s.id);
    byName.set(key(s.name), s.id);
  }
  for (const s of sectionRows as { id: string }[]) byName.set(key(s.id), s.id);
  const rateKeys = new Set((rates as { fiscal_year: number; currency_unit: string }[]).map((r) => `${Number(r.fiscal_year)}|${r.currency_unit.trim().toUpperCase()}`));
  const startMonth: number = fy?.start_month ?? DEFAULT_START_MONTH;
  const bases = new Map<number, Promise<LineBasis | null>>();
  const fiscalYear = (isoDate: string) => fiscalYearOf(isoDate, startMonth);
  return {
    companyId,
    rules,
    match: ruleMatcher(rules),
    sectionOf: (department) => byName.get(key(department)) ?? null,
    sections,
    startMonth,
    hasRate: (year, currency) => currency === 'JPY' || rateKeys.has(`${year}|${currency}`),
    fiscalYearOf: fiscalYear,
    basis: (isoDate) => {
      const year = fiscalYear(isoDate);
      let known = bases.get(year);
      if (!known) bases.set(year, (known = basisOf(deps, companyId, isoDate).then((b) => b.basis)));
      return known;
    },
  };
}
