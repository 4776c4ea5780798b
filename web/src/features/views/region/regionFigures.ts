/**
 * The region view's arithmetic: the group's consolidated figure of each company (totals grouped by
 * company, `of=group`) summed by the company's region. Figures in kg, already weighted by the
 * consolidation approach (the API weighs each company before summing).
 */

/** The URL's `region` value for companies whose region is not set (no region of the product is spelled so). */
export const REGION_NOT_SET = '-';

/** A company as the totals answer lists it (its weight in the group's figures by the approach asked for). */
export interface CompanyLike {
  companyId: string;
  name: string;
  region: string | null;
  weight: number;
}

export interface CompanyFigure extends CompanyLike {
  /** The region's key: the region, or REGION_NOT_SET. */
  regionKey: string;
  kg: number;
  /** kg ÷ the total the shares are of (0 when that total is 0). */
  share: number;
}

export interface RegionFigure {
  regionKey: string;
  companies: CompanyFigure[];
  kg: number;
  share: number;
}

export const regionKeyOf = (region: string | null) => (region === null || region === '' ? REGION_NOT_SET : region);

const shareOf = (kg: number, of: number) => (of > 0 ? kg / of : 0);

/**
 * Every company of the answer with its figure from the rows grouped by company (a company without
 * a row, e.g. weighed 0 or with no lines, has 0), its share of `totalKg`, in the answer's order.
 */
export function companyFigures(companies: readonly CompanyLike[], rows: readonly { companyId?: string; co2eKg: number }[], totalKg: number): CompanyFigure[] {
  const kgOf = new Map<string, number>();
  for (const r of rows) if (r.companyId !== undefined) kgOf.set(r.companyId, (kgOf.get(r.companyId) ?? 0) + r.co2eKg);
  return companies.map((c) => {
    const kg = kgOf.get(c.companyId) ?? 0;
    return { ...c, regionKey: regionKeyOf(c.region), kg, share: shareOf(kg, totalKg) };
  });
}

/** The companies summed by region, in the order each region first appears; shares of `totalKg`. */
export function regionFigures(companies: readonly CompanyFigure[], totalKg: number): RegionFigure[] {
  const byKey = new Map<string, CompanyFigure[]>();
  for (const c of companies) byKey.set(c.regionKey, [...(byKey.get(c.regionKey) ?? []), c]);
  return [...byKey].map(([regionKey, list]) => {
    const kg = list.reduce((sum, c) => sum + c.kg, 0);
    return { regionKey, companies: list, kg, share: shareOf(kg, totalKg) };
  });
}
