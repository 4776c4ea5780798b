import { useIntl } from 'react-intl';
import { inUnit, unitDigits, unitSymbol, type EmissionUnit } from '../core/filters';

/** How the region and group-flag pages write a figure: kg in the unit shown, a share as a percentage. */
export function useFigureFormat(unit: EmissionUnit) {
  const intl = useIntl();
  return {
    symbol: unitSymbol[unit],
    /** A figure in kg, in the unit shown, without the symbol. */
    amount: (kg: number) => intl.formatNumber(inUnit(kg, unit), { maximumFractionDigits: unitDigits[unit] }),
    /** A share (0.25) as a percentage (25 %). */
    percent: (share: number) => intl.formatNumber(share, { style: 'percent', maximumFractionDigits: 1 }),
    /** A figure in kg as the downloads hold it: a number in the unit shown. */
    value: (kg: number) => inUnit(kg, unit),
    /** A share (0.25) as the downloads hold it: a percentage to 2 decimals (25). */
    sharePercent: (share: number) => Number((100 * share).toFixed(2)),
  };
}
