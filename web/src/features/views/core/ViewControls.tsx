import { SegmentedControl } from '@blueprintjs/core';
import { useT } from '../../../core/i18n/I18nProvider';
import { unitSymbol, type EmissionUnit } from './filters';
import type { Scope2Basis } from './totals';

/** The Scope 2 basis every view offers: location- or market-based. */
export function BasisSwitch({ value, onChange, testId }: { value: Scope2Basis; onChange: (basis: Scope2Basis) => void; testId?: string }) {
  const t = useT();
  return (
    <SegmentedControl
      aria-label={t('views.filter.basis')}
      value={value}
      onValueChange={(v) => onChange(v as Scope2Basis)}
      options={[
        { value: 'location', label: t('views.basis.location') },
        { value: 'market', label: t('views.basis.market') },
      ]}
      data-testid={testId}
    />
  );
}

/** The unit every view offers: t-CO2e or kg-CO2e. */
export function UnitSwitch({ value, onChange, testId }: { value: EmissionUnit; onChange: (unit: EmissionUnit) => void; testId?: string }) {
  const t = useT();
  return (
    <SegmentedControl
      aria-label={t('views.filter.unit')}
      value={value}
      onValueChange={(v) => onChange(v as EmissionUnit)}
      options={[
        { value: 't', label: unitSymbol.t },
        { value: 'kg', label: unitSymbol.kg },
      ]}
      data-testid={testId}
    />
  );
}
