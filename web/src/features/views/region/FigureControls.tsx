import { Callout, HTMLSelect } from '@blueprintjs/core';
import { useGroupApproach } from '../../../core/consolidation/approach';
import { approachName } from '../../../core/i18n/names';
import { useT } from '../../../core/i18n/I18nProvider';
import { BasisSwitch, UnitSwitch } from '../core/ViewControls';
import type { Consolidation, Totals } from '../core/totals';
import type { FigureParams } from './viewParams';
import { useFigureFormat } from './useFigureFormat';

interface Props {
  figures: FigureParams;
  set: <K extends keyof FigureParams>(key: K) => (value: FigureParams[K]) => void;
  /** The group's pages choose how the companies are consolidated; a company's own pages do not. */
  withApproach: boolean;
  testId: string;
}

/** The switches of a region or group-flag page: consolidation approach (group pages), Scope 2 basis, unit. */
export function FigureControls({ figures, set, withApproach, testId }: Props) {
  const t = useT();
  return (
    <div className="ghg-toolbar-start" data-testid={testId}>
      {withApproach && (
        <HTMLSelect aria-label={t('views.filter.approach')} value={figures.approach} onChange={(e) => set('approach')(e.currentTarget.value as Consolidation)} data-testid={`${testId}-approach`}>
          {Object.entries(approachName).map(([a, name]) => (
            <option key={a} value={a}>
              {t(name)}
            </option>
          ))}
        </HTMLSelect>
      )}
      <BasisSwitch value={figures.basis} onChange={set('basis')} testId={`${testId}-basis`} />
      <UnitSwitch value={figures.unit} onChange={set('unit')} testId={`${testId}-unit`} />
    </div>
  );
}

/** The approach the group's figures are consolidated by (marked when it is the one the group chose), with each company's weight in them. */
export function ConsolidationNote({ totals, testId }: { totals: Totals; testId: string }) {
  const t = useT();
  const groupApproach = useGroupApproach();
  const { percent } = useFigureFormat('t');
  if (totals.approach === null) return null;
  const name = t(approachName[totals.approach]);
  return (
    <Callout icon="diagram-tree" className="ghg-page-callout" data-testid={testId}>
      {t('views.consolidated', {
        approach: totals.approach === groupApproach ? t('views.approach.groupChosen', { approach: name }) : name,
        companies: totals.companies.map((c) => t('views.consolidated.company', { name: c.name, weight: percent(c.weight) })).join(', '),
      })}
    </Callout>
  );
}
