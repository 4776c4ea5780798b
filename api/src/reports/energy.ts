import { z } from 'zod';
import { asOfErrors, queryAsOf, queryYear } from '../core/args';
import { defineRoute } from '../core/contract';
import { position, sha256 } from './reportArgs';
import { workbookRoute } from './workbookRoute';

/**
 * The 省エネ法 定期報告 (Energy Conservation Act periodic report) of the selected company
 * (domain/src/reports/energyReport.ts, docs/energy-report.md): energy use in GJ and crude-oil
 * equivalent kL, by energy type and by report section type, over five fiscal years, and energy
 * intensity against the intensity denominators. Figures are exact decimal text with 6 decimals.
 */

const decimal = z.string().regex(/^-?\d+\.\d{6}$/);
export const energyTypes = ['gasoline', 'kerosene', 'diesel', 'heavyOilA', 'lpg', 'cityGas', 'electricity', 'other'] as const;

export const EnergyYear = z.strictObject({
  fiscalYear: z.number().int(),
  lines: z.number().int(),
  electricityFactor: z.strictObject({ gjPerThousandKwh: z.string(), basis: z.enum(['thermalAverage', 'allSourceAverage']) }),
  gj: decimal,
  crudeOilKl: decimal,
  byType: z.array(z.strictObject({ energyType: z.enum(energyTypes), lines: z.number().int(), gj: decimal, crudeOilKl: decimal })),
  bySectionType: z.array(z.strictObject({ sectionType: z.string().nullable(), lines: z.number().int(), gj: decimal, crudeOilKl: decimal })),
  intensities: z.array(z.strictObject({ intensityId: z.string(), name: z.string(), unit: z.string(), value: decimal, klPerUnit: decimal })),
});

export const EnergyReport = z.strictObject({
  regime: z.literal('energyConservation'),
  companyId: z.string(),
  fiscalYear: z.number().int(),
  position,
  crudeOilKlPerGj: z.string(),
  /** The fiscal year and the four before it, oldest first. */
  years: z.array(EnergyYear),
});

/** What keeps a figure from being complete; the report is still answered. */
export const EnergyGap = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('yearWithoutLines'), fiscalYear: z.number().int() }),
  z.strictObject({ kind: z.literal('monthsWithoutElectricity'), fiscalYear: z.number().int(), months: z.array(z.number().int()) }),
  z.strictObject({ kind: z.literal('fuelWithoutHeatingValue'), fiscalYear: z.number().int(), dealIds: z.array(z.string()) }),
  z.strictObject({ kind: z.literal('unitNotConvertible'), fiscalYear: z.number().int(), dealIds: z.array(z.string()) }),
  z.strictObject({ kind: z.literal('lineWithoutQuantity'), fiscalYear: z.number().int(), dealIds: z.array(z.string()) }),
]);

export const energyReportRoutes = {
  report: defineRoute({
    method: 'GET',
    url: '/api/reports/energy',
    permission: 'company.read',
    summary: "The 省エネ法 periodic report of the selected company's fiscal year and the four before it, as of now or a past moment (`asOf`)",
    description:
      'Energy in GJ from each line’s quantity and the heating value it used (fuel) or the Energy Conservation Act’s primary-energy factor of the fiscal year (purchased electricity: 9.76 GJ/千kWh before FY2023, 8.64 from FY2023), crude-oil equivalent kL = GJ × 0.0258, by energy type and by report section type (inherited), and kL ÷ each intensity denominator. `sha256` is the SHA-256 of the content’s canonical JSON; `gaps` name what is missing.',
    query: z.object({ fiscalYear: queryYear(), asOf: queryAsOf().optional() }),
    response: z.strictObject({ content: EnergyReport, sha256, gaps: z.array(EnergyGap) }),
    errors: asOfErrors,
  }),
  xlsx: workbookRoute(
    '/api/reports/energy/xlsx',
    "The 省エネ法 periodic report of the selected company as an XLSX workbook, as of now or a past moment (`asOf`)",
    "The figures of `GET /api/reports/energy` at the same position, for preparing the filing (not the official electronic submission, EEGS). Sheets: about (company, fiscal year, the moment asked for, the log position, the content's SHA-256, notes and the report's gaps); 特定-第2表 (energy use of the fiscal year by energy type: unit, heat in GJ, crude-oil equivalent kL, total); five years by energy type; by report section type; 特定-第4表 style energy intensity over five years (kL, the denominator, kL per unit, year-on-year % and the five-year average change). Headings in the caller's language; figures as numbers (GJ, kL), equal to the JSON report's decimal text.",
  ),
};
