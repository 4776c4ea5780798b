import type { ReactNode } from 'react';
import { NonIdealState } from '@blueprintjs/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useT } from '../../../core/i18n/I18nProvider';
import { QueryState } from '../../../core/ui/TableParts';
import type { Totals } from '../core/totals';
import { ConsolidationNote, FigureControls } from './FigureControls';
import { OtherCompanyNote } from './OtherCompanyNote';
import type { CompanyFigure } from './regionFigures';
import { ViewChain, type ChainItem } from './ViewChain';
import type { FigureParams } from './viewParams';

/** Under a region detail page's header: the way back up, the switches and the consolidation used. */
export function RegionFrame({ chain, figures, set, totals }: { chain: readonly ChainItem[]; figures: FigureParams; set: <K extends keyof FigureParams>(key: K) => (value: FigureParams[K]) => void; totals: Totals | undefined }) {
  const t = useT();
  return (
    <>
      <ViewChain items={chain} label={t('viewsRegion.chain')} />
      <FigureControls figures={figures} set={set} withApproach testId="region-filters" />
      {totals && <ConsolidationNote totals={totals} testId="region-consolidation" />}
    </>
  );
}

/**
 * A company's level of the drill-down: the company's sections once they are loaded; a company not
 * in the group's answer is "not found"; another company than the selected one shows its figure and
 * the switch to it (its sections cannot be listed, see useCompanySections).
 */
export function CompanyGate(props: { company: CompanyFigure | undefined; selected: boolean; sections: UseQueryResult<readonly unknown[]>; unit: FigureParams['unit']; children: (company: CompanyFigure) => ReactNode }) {
  const t = useT();
  const { company, selected, sections, unit, children } = props;
  if (!company) return <NonIdealState icon="office" title={t('viewsRegion.noCompany')} description={t('viewsRegion.noCompanyHint')} />;
  if (!selected) return <OtherCompanyNote company={{ id: company.companyId, name: company.name }} kg={company.kg} unit={unit} />;
  return <QueryState query={sections}>{children(company)}</QueryState>;
}
