import { useIntl } from 'react-intl';
import { unitDigits, type EmissionUnit } from '../views/core/filters';
import { figureIn } from './figures';

/** How the report pages write their figures (exact kg text) in the unit shown, and their times. */
export function useKgFormat(unit: EmissionUnit) {
  const intl = useIntl();
  const digits = unitDigits[unit];
  return {
    /** A figure, or a dash where there is none. */
    amount: (kg: string | null) => {
      const value = figureIn(kg, unit);
      return value === null ? '—' : intl.formatNumber(value, { maximumFractionDigits: digits });
    },
    /** A change, with its sign (none for zero). */
    difference: (kg: string) => intl.formatNumber(figureIn(kg, unit) ?? 0, { maximumFractionDigits: digits, signDisplay: 'exceptZero' }),
    dateTime: (at: string) => intl.formatDate(at, { dateStyle: 'medium', timeStyle: 'short' }),
  };
}
