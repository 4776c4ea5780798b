import { SegmentedControl } from '@blueprintjs/core';
import { useT } from '../../../core/i18n/I18nProvider';
import { unitSymbol, type EmissionUnit, type Figures } from './filters';
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

/** Gross figures, or net of the offsets used in the fiscal year (a total only; see `Figures`). */
export function FiguresSwitch({ value, onChange, disabled, testId }: { value: Figures; onChange: (figures: Figures) => void; disabled?: boolean; testId?: string }) {
  const t = useT();
  return (
    <SegmentedControl
      aria-label={t('views.filter.figures')}
      value={value}
      disabled={disabled}
      onValueChange={(v) => onChange(v as Figures)}
      options={[
        { value: 'gross', label: t('views.figures.gross') },
        { value: 'net', label: t('views.figures.net') },
      ]}
      data-testid={testId}
    />
  );
}
