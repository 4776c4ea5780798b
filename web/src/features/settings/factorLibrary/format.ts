import type { Factor } from './api';

/** A factor's values as published: "2.58 kg-CO2/L", stages named ("0.61 kg-CO2e/L (WTT)"), several joined. */
export function valueText(factor: Pick<Factor, 'values' | 'unit'>): string {
  if (factor.values.length === 0) return '—';
  return factor.values.map((v) => `${v.value.toLocaleString(undefined, { maximumFractionDigits: 10 })} ${v.unit}${v.stage ? ` (${v.stage})` : ''}`).join(' / ');
}
