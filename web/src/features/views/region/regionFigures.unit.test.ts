import { describe, expect, it } from 'vitest';
import { companyFigures, REGION_NOT_SET, regionFigures, type CompanyLike } from './regionFigures';

const company = (companyId: string, region: string | null, weight = 1): CompanyLike => ({ companyId, name: companyId, region, weight });

describe('region figures', () => {
  it('given companies in two regions and one without a region, when summed by region, then each region holds its companies’ figures and its share of the total', () => {
    const companies = [company('jp-a', 'Japan'), company('us', 'US', 0.6), company('jp-b', 'Japan', 0.8), company('x', null)];
    // Rows as the API answers groupBy=company, already weighted; x has no lines, so no row.
    const rows = [
      { companyId: 'jp-a', co2eKg: 500 },
      { companyId: 'jp-b', co2eKg: 300 },
      { companyId: 'us', co2eKg: 200 },
    ];
    const total = 500 + 300 + 200;
    const regions = regionFigures(companyFigures(companies, rows, total), total);
    expect(regions.map((r) => r.regionKey)).toEqual(['Japan', 'US', REGION_NOT_SET]);
    const [japan, us, none] = regions;
    expect(japan).toMatchObject({ kg: 500 + 300, share: 800 / 1000 });
    expect(japan!.companies.map((c) => [c.companyId, c.kg, c.share])).toEqual([
      ['jp-a', 500, 0.5],
      ['jp-b', 300, 0.3],
    ]);
    expect(us).toMatchObject({ kg: 200, share: 0.2 });
    expect(us!.companies[0]!.weight).toBe(0.6);
    expect(none).toMatchObject({ kg: 0, share: 0 });
    expect(regions.reduce((kg, r) => kg + r.kg, 0)).toBe(total);
  });

  it('given an empty region string, then the company counts as region not set', () => {
    expect(companyFigures([company('a', '')], [], 0)[0]!.regionKey).toBe(REGION_NOT_SET);
  });

  it('given a total of 0, then every share is 0 rather than NaN', () => {
    const regions = regionFigures(companyFigures([company('a', 'Japan')], [], 0), 0);
    expect(regions[0]).toMatchObject({ kg: 0, share: 0 });
  });
});
