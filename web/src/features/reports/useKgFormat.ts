import { useIntl } from 'react-intl';
import type { ReportFigureUnit } from '@ghg/events';
import { unitDigits, unitSymbol, type EmissionUnit } from '../views/core/filters';
import { figureIn, kgOf } from './figures';

/** Energy (GJ) and crude-oil equivalent (kL) figures are shown to three decimals. */
const ENERGY_DIGITS = 3;

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
    /** A headline figure of any regime: kg CO2e in the unit shown; GJ and kL as they are. */
    figure: (value: string, figureUnit: ReportFigureUnit) =>
      figureUnit === 'kg' ? intl.formatNumber(figureIn(value, unit) ?? 0, { maximumFractionDigits: digits }) : intl.formatNumber(kgOf(value) ?? 0, { maximumFractionDigits: ENERGY_DIGITS }),
    /** A headline figure's change, with its sign. */
    figureDifference: (value: string, figureUnit: ReportFigureUnit) =>
      intl.formatNumber(figureUnit === 'kg' ? (figureIn(value, unit) ?? 0) : (kgOf(value) ?? 0), { maximumFractionDigits: figureUnit === 'kg' ? digits : ENERGY_DIGITS, signDisplay: 'exceptZero' }),
    /** The symbol a headline figure is shown in. */
    figureSymbol: (figureUnit: ReportFigureUnit) => (figureUnit === 'kg' ? unitSymbol[unit] : figureUnit),
  };
}
