import { useIntl } from 'react-intl';
import { Tooltip } from '@blueprintjs/core';
import { useT } from '../../../core/i18n/I18nProvider';
import { inUnit, unitSymbol, type EmissionUnit } from '../core/filters';

/** Where a year's value of an intensity is entered. */
export const VALUES_SETTINGS = '/emission/setting/management-intensity';

/** What a year without a value shows instead of a figure (a symbol, the same in every language). */
export const NO_VALUE = '—';

/** An intensity's unit as shown: "t-CO2e / 百万円" (symbols and the master's own unit, so no message). */
export const perUnitSymbol = (unit: EmissionUnit, denominatorUnit: string) => `${unitSymbol[unit]} / ${denominatorUnit}`;

/**
 * Figures of an intensity view in the unit chosen. Intensities span orders of magnitude (t per
 * 百万円 near 1, t per ton-km near 0.0001): four significant digits, or whole numbers when those
 * are more precise.
 */
export function useIntensityNumbers(unit: EmissionUnit) {
  const intl = useIntl();
  return {
    /** kg per unit of the denominator, in `unit` per unit. */
    perUnit: (kgPerUnit: number) => intl.formatNumber(inUnit(kgPerUnit, unit), { maximumSignificantDigits: 4, maximumFractionDigits: 0, roundingPriority: 'morePrecision' }),
    /** A denominator's value as entered. */
    value: (value: number) => intl.formatNumber(value, { maximumFractionDigits: 3 }),
  };
}

/** The dash of a year without a value, with the hint where to enter one (the page links there too). */
export function MissingValue({ year }: { year: number }) {
  const t = useT();
  const hint = t('views.intensity.missingHint', { year: t('fiscalYear.name', { year: String(year) }) });
  return (
    <>
      <Tooltip content={hint} placement="top">
        <span className="bp6-text-muted" data-testid="intensity-missing">
          {NO_VALUE}
        </span>
      </Tooltip>
      <span className="ghg-visually-hidden">{hint}</span>
    </>
  );
}
