import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { companySectionsQuery } from '../../../core/api/queries';
import { useWorkspace } from '../../../core/workspace/WorkspaceProvider';
import { useRouteAsOf } from '../../../core/workspace/asOf';
import { useTotals, type TotalsQuery } from '../core/totals';
import { divisionTree } from '../division/divisionTree';
import { categoryFigures, kgBySection, notListedKg, sectionsCovered, type SectionNode } from './sectionFigures';
import type { FigureParams } from './viewParams';

/**
 * The section tree of a company of the group. The API lists the sections of the selected company
 * only (GET /api/company-section answers for the caller's selected company; no route names another
 * company's sections), so the tree is there when `companyId` is the selected company; for another
 * company the pages show its figure and offer to switch to it (the header's company switch), rather
 * than sections without names. The whole tree, not only the caller's own branch: the group's
 * figures are not limited to a section either.
 */
export function useCompanySections(companyId: string) {
  const workspace = useWorkspace();
  const selected = companyId === workspace.companyId;
  const sections = useQuery({ ...companySectionsQuery(workspace.companyId, useRouteAsOf()), enabled: selected });
  return { selected, sections };
}

/** The group's figures (`of=group`, weighted by the approach chosen) of the fiscal year, by company and section (and more when asked). */
export function useGroupSectionTotals(figures: FigureParams, more: NonNullable<TotalsQuery['groupBy']> = []) {
  const { companyId, fiscalYear } = useWorkspace();
  return useTotals(companyId, { fromYear: fiscalYear, of: 'group', basis: figures.basis, approach: figures.approach, groupBy: ['company', 'section', ...more], limit: 0 });
}

/**
 * A company's section tree with each section's consolidated figure (own, below, subtotal; shares
 * are left to the page), and what the rows hold for sections the tree does not list.
 */
export function useCompanySectionTree(figures: FigureParams, companyId: string) {
  const bySection = useGroupSectionTotals(figures);
  const { selected, sections } = useCompanySections(companyId);
  const tree = useMemo(() => {
    const kg = kgBySection(bySection.data?.rows ?? [], (r) => r.companyId === companyId);
    const list = sections.data ?? [];
    return { list, roots: divisionTree(list, kg, 0), remainderKg: notListedKg(kg, new Set(list.map((s) => s.id))) };
  }, [bySection.data, sections.data, companyId]);
  return { bySection, selected, sections, ...tree };
}

/** One section's (and its descendants') consolidated figures of a company by category and scope. */
export function useSectionCategories(figures: FigureParams, companyId: string, list: readonly SectionNode[], sectionId: string) {
  const byCategory = useGroupSectionTotals(figures, ['category']);
  const categories = useMemo(
    () => categoryFigures((byCategory.data?.rows ?? []).filter((r) => r.companyId === companyId), sectionsCovered(list, [sectionId])),
    [byCategory.data, list, companyId, sectionId],
  );
  return { byCategory, categories };
}
