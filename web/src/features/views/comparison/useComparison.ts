import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { consolidationApproaches } from '@ghg/events';
import { useGroupApproach } from '../../../core/consolidation/approach';
import { useT } from '../../../core/i18n/I18nProvider';
import { useWorkspace } from '../../../core/workspace/WorkspaceProvider';
import { useTotals, type Consolidation, type Scope2Basis, type Totals, type TotalsQuery, type TotalsRow } from '../core/totals';
import { CATEGORY_ORDER, COMPARISON_MODES, contributorKeyText, defaultSectionPair, diffByKey, scopeSubtotals, sumBy, topContributors, change, type ComparisonMode } from './comparison';

/** How many fiscal years back the year pickers offer (the totals answer any year; ten is a page's worth). */
const PICKABLE_YEARS = 10;

/** A side of the comparison: what the picker holds (a year, a section id, a company id) and its name. */
export interface Side {
  value: string;
  name: string;
}

/**
 * The comparison the URL asks for (?mode=years|sections|companies&a=…&b=…&approach=…), with
 * defaults where it names none: last year against this one, the first two sections, the selected
 * company against the next. Changing a picker writes the URL, so a comparison can be linked to.
 */
export function useComparisonParams() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const { companyId, companies, sections, fiscalYear, currentFiscalYear } = useWorkspace();
  const modeParam = params.get('mode');
  const mode: ComparisonMode = (COMPARISON_MODES as readonly string[]).includes(modeParam ?? '') ? (modeParam as ComparisonMode) : 'years';
  const approachParam = params.get('approach');
  const groupApproach = useGroupApproach();
  // Not named in the URL: the approach the group chose.
  const approach: Consolidation = (consolidationApproaches as readonly string[]).includes(approachParam ?? '') ? (approachParam as Consolidation) : groupApproach;

  const lastYear = Math.max(fiscalYear, currentFiscalYear);
  const options: Side[] = useMemo(() => {
    if (mode === 'years') return Array.from({ length: PICKABLE_YEARS }, (_, i) => String(lastYear - i)).map((y) => ({ value: y, name: t('fiscalYear.name', { year: y }) }));
    if (mode === 'sections') return sections.map((s) => ({ value: s.id, name: s.displayName }));
    return companies.map((c) => ({ value: c.id, name: c.name }));
  }, [mode, lastYear, sections, companies, t]);
  const defaults: [string | undefined, string | undefined] =
    mode === 'years' ? [String(fiscalYear - 1), String(fiscalYear)] : mode === 'sections' ? (defaultSectionPair(sections).map((s) => s?.id) as [string | undefined, string | undefined]) : [companyId, companies.find((c) => c.id !== companyId)?.id];
  const pick = (name: 'a' | 'b', fallback: string | undefined): Side | null => {
    const wanted = params.get(name) ?? fallback;
    return options.find((o) => o.value === wanted) ?? null;
  };

  const update = (changes: Record<string, string | null>) =>
    setParams(
      (old) => {
        const next = new URLSearchParams(old);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );
  return {
    mode,
    approach,
    options,
    a: pick('a', defaults[0]),
    b: pick('b', defaults[1]),
    // Another mode: its own defaults (a year is no section).
    setMode: (m: ComparisonMode) => update({ mode: m, a: null, b: null }),
    setSide: (side: 'a' | 'b', value: string) => update({ [side]: value }),
    setApproach: (a: Consolidation) => update({ approach: a }),
  };
}

/** The totals query of one side: a fiscal year of the company (of the header's section), a section's subtree, or the group by company. */
function sideQuery(mode: ComparisonMode, side: Side | null, fiscalYear: number, headerSection: string | null, basis: Scope2Basis, approach: Consolidation): Omit<TotalsQuery, 'groupBy'> {
  const base = { of: 'company', basis, approach, limit: 0 } as const;
  if (mode === 'years') return { ...base, fromYear: Number(side?.value ?? fiscalYear), ...(headerSection ? { sectionId: headerSection } : {}) };
  if (mode === 'sections') return { ...base, fromYear: fiscalYear, ...(side ? { sectionId: side.value } : {}) };
  return { ...base, of: 'group', fromYear: fiscalYear };
}

/**
 * Both sides' totals by category and by (category, method, section), diffed: the table by
 * category with scope subtotals and the grand total, and the ten contributors that moved most.
 * Companies are compared within one group query (by company); their sections differ, so their
 * contributors are by category and method only.
 */
export function useComparison(mode: ComparisonMode, a: Side | null, b: Side | null, basis: Scope2Basis, approach: Consolidation) {
  const { companyId, fiscalYear, companySectionId } = useWorkspace();
  const byCompany = mode === 'companies';
  const qa = sideQuery(mode, a, fiscalYear, companySectionId, basis, approach);
  const qb = sideQuery(mode, b, fiscalYear, companySectionId, basis, approach);
  // In companies mode both sides ask the same query (react-query fetches it once).
  const catA = useTotals(companyId, { ...qa, groupBy: byCompany ? ['company', 'category'] : ['category'] });
  const catB = useTotals(companyId, { ...qb, groupBy: byCompany ? ['company', 'category'] : ['category'] });
  const conA = useTotals(companyId, { ...qa, groupBy: byCompany ? ['company', 'category', 'formula'] : ['category', 'formula', 'section'] });
  const conB = useTotals(companyId, { ...qb, groupBy: byCompany ? ['company', 'category', 'formula'] : ['category', 'formula', 'section'] });
  const queries = [catA, catB, conA, conB];

  const result = useMemo(() => {
    const own = (rows: readonly TotalsRow[] | undefined, side: Side | null) => (rows ?? []).filter((r) => !byCompany || r.companyId === side?.value);
    const byCategory = (rows: readonly TotalsRow[]) => sumBy(rows, (r) => r.scopeCategory!, (r) => r.co2eKg);
    const byContributor = (rows: readonly TotalsRow[]) => sumBy(rows, (r) => contributorKeyText({ category: r.scopeCategory!, formulaId: r.formulaId!, sectionId: r.sectionId ?? null }), (r) => r.co2eKg);
    const rowsA = own(catA.data?.rows, a);
    const rowsB = own(catB.data?.rows, b);
    const categories = diffByKey(byCategory(rowsA), byCategory(rowsB)).sort((x, y) => CATEGORY_ORDER.indexOf(x.key as never) - CATEGORY_ORDER.indexOf(y.key as never));
    // The grand total: the ledger's own sum of a side; a company's is its categories added up.
    const totalOf = (data: Totals | undefined, rows: readonly TotalsRow[]) => (byCompany ? rows.reduce((kg, r) => kg + r.co2eKg, 0) : (data?.total.co2eKg ?? 0));
    return {
      categories,
      scopes: scopeSubtotals(categories),
      total: change(totalOf(catA.data, rowsA), totalOf(catB.data, rowsB)),
      contributors: topContributors(byContributor(own(conA.data?.rows, a)), byContributor(own(conB.data?.rows, b))),
      weights: catA.data?.companies.filter((c) => byCompany && (c.companyId === a?.value || c.companyId === b?.value)) ?? [],
    };
  }, [catA.data, catB.data, conA.data, conB.data, a, b, byCompany]);

  return {
    ...result,
    status: { isPending: queries.some((q) => q.isPending), isError: queries.some((q) => q.isError), error: queries.find((q) => q.isError)?.error },
  };
}
