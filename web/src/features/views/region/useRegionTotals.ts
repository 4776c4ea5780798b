import { useMemo } from 'react';
import { useT } from '../../../core/i18n/I18nProvider';
import { useWorkspace } from '../../../core/workspace/WorkspaceProvider';
import { useTotals } from '../core/totals';
import { companyFigures, regionFigures } from './regionFigures';
import { useRegionName } from './regionName';
import type { ChainItem } from './ViewChain';
import type { FigureParams } from './viewParams';

export const REGION_PATH = '/emission/view/region';
export const FIRST_PATH = '/emission/view/region/detail/first';
export const SECOND_PATH = '/emission/view/region/detail/second';
export const THIRD_PATH = '/emission/view/region/detail/third';

/**
 * The group's figures of the fiscal year by company (`of=group`, weighted by the approach chosen),
 * each company's and each region's. The region page and its first level share this query.
 */
export function useRegionTotals(figures: FigureParams) {
  const { companyId, fiscalYear } = useWorkspace();
  const totals = useTotals(companyId, { fromYear: fiscalYear, of: 'group', basis: figures.basis, approach: figures.approach, groupBy: ['company'], limit: 0 });
  const data = totals.data;
  const companies = useMemo(() => (data ? companyFigures(data.companies, data.rows, data.total.co2eKg) : []), [data]);
  const regions = useMemo(() => regionFigures(companies, data?.total.co2eKg ?? 0), [companies, data]);
  return { totals, companies, regions };
}

/** The drill-down's levels down to the one shown: every region › the region › the company › the section's ancestors › the section. */
export function useRegionChain(href: (path: string, values?: Record<string, string | undefined>) => string, at: { regionKey: string; company?: { id: string; name: string }; sections?: readonly { id: string; name: string }[] }): ChainItem[] {
  const t = useT();
  const regionName = useRegionName();
  const { regionKey, company, sections = [] } = at;
  const items: ChainItem[] = [
    { label: t('viewsRegion.allRegions'), href: href(REGION_PATH), testId: 'region-chain-all' },
    { label: regionName(regionKey), href: href(FIRST_PATH, { region: regionKey }), testId: 'region-chain-region' },
  ];
  if (company) items.push({ label: company.name, href: href(SECOND_PATH, { region: regionKey, companyId: company.id }), testId: 'region-chain-company' });
  for (const section of sections) items.push({ label: section.name, href: href(THIRD_PATH, { region: regionKey, companyId: company?.id, sectionId: section.id }), testId: `region-chain-section-${section.id}` });
  // The level shown is no link.
  const last = items[items.length - 1]!;
  items[items.length - 1] = { label: last.label, testId: last.testId };
  return items;
}
