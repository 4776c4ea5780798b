import { labels, type Labels } from '../i18n';
import type { GasId } from './gases';
import type { GwpSet } from './sets';

/** A refrigerant blend: components by mass fraction (summing to 1). */
export interface Blend {
  readonly id: string;
  readonly label: Labels;
  readonly components: readonly { readonly gas: GasId; readonly massFraction: number }[];
  readonly source: string;
}

/**
 * Only blends whose composition we can cite are shipped; users may pass any other blend as its
 * component list (GWP field `{ components: [...] }`). Compositions: ASHRAE Standard 34 designations.
 */
export const BLENDS: readonly Blend[] = [
  {
    id: 'R-404A',
    label: labels('R-404A', 'R-404A', 'R-404A'),
    components: [
      { gas: 'HFC-125', massFraction: 0.44 },
      { gas: 'HFC-143a', massFraction: 0.52 },
      { gas: 'HFC-134a', massFraction: 0.04 },
    ],
    source: 'ASHRAE Standard 34: R-404A = HFC-125/143a/134a 44/52/4 % by mass.',
  },
  {
    id: 'R-410A',
    label: labels('R-410A', 'R-410A', 'R-410A'),
    components: [
      { gas: 'HFC-32', massFraction: 0.5 },
      { gas: 'HFC-125', massFraction: 0.5 },
    ],
    source: 'ASHRAE Standard 34: R-410A = HFC-32/125 50/50 % by mass.',
  },
];

export const BLEND_BY_ID: ReadonlyMap<string, Blend> = new Map(BLENDS.map((b) => [b.id, b]));

export type GwpError = 'gwp_not_found' | 'invalid_blend';

/**
 * GWP of a blend = Σ massFraction × GWP(component), the mass-weighted sum (e.g. AR5 R-410A =
 * 0.5 × 677 + 0.5 × 3170 = 1923.5). Missing component → null (the caller reports gwp_not_found).
 */
export function blendGwp(set: GwpSet, components: Blend['components']): number | null {
  let total = 0;
  for (const c of components) {
    const g = set.values[c.gas];
    if (!g) return null;
    total += c.massFraction * g.value;
  }
  return total;
}

/** Mass fractions must be in (0, 1] and sum to 1 within rounding of the published percentages. */
export function validBlend(components: Blend['components']): boolean {
  if (components.length === 0) return false;
  let sum = 0;
  for (const c of components) {
    if (!(c.massFraction > 0 && c.massFraction <= 1)) return false;
    sum += c.massFraction;
  }
  return Math.abs(sum - 1) < 1e-9;
}
