import { Button, Callout } from '@blueprintjs/core';
import { useT } from '../../../core/i18n/I18nProvider';
import { useWorkspace } from '../../../core/workspace/WorkspaceProvider';
import type { EmissionUnit } from '../core/filters';
import { useFigureFormat } from './useFigureFormat';

/**
 * A company other than the selected one: its consolidated figure, and why its sections are not
 * listed (only the selected company's section tree can be read), with the switch to it; the page
 * then shows its sections (the URL stays, so does the drill-down).
 */
export function OtherCompanyNote({ company, kg, unit }: { company: { id: string; name: string }; kg: number; unit: EmissionUnit }) {
  const t = useT();
  const { switchCompany, switchingCompany } = useWorkspace();
  const { symbol, amount } = useFigureFormat(unit);
  return (
    <Callout icon="swap-horizontal" className="ghg-page-callout" data-testid="region-other-company" data-kg={kg}>
      <p>{t('viewsRegion.otherCompany', { company: company.name, value: `${amount(kg)} ${symbol}` })}</p>
      <Button icon="swap-horizontal" loading={switchingCompany} onClick={() => void switchCompany(company.id)} data-testid="region-switch-company">
        {t('viewsRegion.switchCompany', { company: company.name })}
      </Button>
    </Callout>
  );
}
