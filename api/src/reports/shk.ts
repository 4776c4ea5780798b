import { z } from 'zod';
import { asOfErrors, queryAsOf, queryYear } from '../core/args';
import { defineRoute } from '../core/contract';
import { position, sha256 } from './reportArgs';
import { workbookRoute } from './workbookRoute';

/**
 * The 温対法 算定・報告・公表制度 (SHK) report of the selected company as a 特定排出者
 * (domain/src/reports/shkReport.ts, docs/shk-report.md): energy-origin CO2 and the other gases,
 * 基礎排出量 and 調整後排出量 with each adjustment apart, and the 特定排出者 thresholds. kg figures
 * are exact decimal text with 6 decimals; t figures whole t-CO2, the fraction truncated.
 */

const decimal = z.string().regex(/^-?\d+\.\d{6}$/);
const tonnes = z.string().regex(/^-?\d+$/);
const figure = { kg: decimal, t: tonnes };
const ids = z.array(z.string());

export const shkGasClasses = ['energyCo2', 'nonEnergyCo2', 'ch4', 'n2o', 'hfcs', 'pfcs', 'sf6', 'nf3'] as const;
export const shkRules = ['fuelCombustion', 'purchasedEnergy', 'processCo2', 'gasByGroup', 'outOfScope'] as const;
export const shkAdjustmentKinds = ['nonFossilCertificates', 'domesticCredits', 'jcmCredits', 'greenEnergyCertificates'] as const;
export const shkUnclassifiedReasons = ['co2OriginUnknown', 'unsplitCo2e', 'customGas', 'gwpUnknown'] as const;
const otherGasClasses = ['nonEnergyCo2', 'ch4', 'n2o', 'hfcs', 'pfcs', 'sf6', 'nf3'] as const;
const creditKinds = ['domesticCredits', 'jcmCredits', 'greenEnergyCertificates'] as const;

export const ShkReport = z.strictObject({
  regime: z.literal('shk'),
  companyId: z.string(),
  fiscalYear: z.number().int(),
  position,
  rounding: z.literal('truncateToTonne'),
  energyCo2: z.strictObject({
    fuel: z.strictObject({ lines: z.number().int(), ...figure }),
    purchasedBasic: z.strictObject({ lines: z.number().int(), ...figure }),
    purchasedAdjusted: z.strictObject({ lines: z.number().int(), ...figure }),
    basic: z.strictObject(figure),
    adjusted: z.strictObject(figure),
  }),
  gases: z.array(z.strictObject({ gas: z.enum(shkGasClasses), lines: z.number().int(), ...figure })),
  basic: z.strictObject({ ...figure, complete: z.boolean() }),
  certificateFactor: z.strictObject({ kgPerKwh: decimal, lines: z.number().int(), kwh: decimal }).nullable(),
  adjustments: z.array(
    z.strictObject({ kind: z.enum(shkAdjustmentKinds), records: z.number().int(), quantity: decimal, unit: z.enum(['kWh', 't-CO2']), ...figure, uncappedKg: decimal, capped: z.boolean() }),
  ),
  adjusted: z.strictObject({ beforeAdjustmentsKg: decimal, ...figure, complete: z.boolean() }),
  thresholds: z.strictObject({
    energy: z.strictObject({ crudeOilKl: decimal, thresholdKl: z.string(), met: z.boolean(), complete: z.boolean() }),
    gases: z.array(z.strictObject({ gas: z.enum(otherGasClasses), t: tonnes, thresholdT: z.string(), met: z.boolean() })),
  }),
  certificates: z.array(z.strictObject({ id: z.string(), certificateType: z.string(), quantityKwh: decimal })),
  offsets: z.array(
    z.strictObject({
      id: z.string(),
      type: z.string(),
      quantityT: decimal,
      date: z.string(),
      authType: z.string(),
      counted: z.enum(creditKinds).nullable(),
      reason: z.enum(['typeNotAccepted', 'useNotAccepted']).nullable(),
    }),
  ),
  classification: z.array(z.strictObject({ rule: z.enum(shkRules), scopeCategory: z.string(), formulaId: z.string(), lines: z.number().int() })),
  gwpSets: z.array(z.strictObject({ id: z.string(), version: z.string(), lines: z.number().int() })),
});

/** What keeps a figure from being complete or certain; the report is still answered. */
export const ShkGap = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('yearWithoutLines') }),
  z.strictObject({ kind: z.literal('monthsWithoutElectricity'), months: z.array(z.number().int()) }),
  z.strictObject({ kind: z.literal('electricityWithoutBasic'), dealIds: ids }),
  z.strictObject({ kind: z.literal('electricityWithoutAdjusted'), dealIds: ids }),
  z.strictObject({ kind: z.literal('adjustedAtGridAverage'), dealIds: ids }),
  z.strictObject({ kind: z.literal('unclassified'), reason: z.enum(shkUnclassifiedReasons), dealIds: ids }),
  z.strictObject({ kind: z.literal('fuelCo2eUnsplit'), dealIds: ids }),
  z.strictObject({ kind: z.literal('energyIncomplete'), reason: z.enum(['fuelWithoutHeatingValue', 'unitNotConvertible', 'lineWithoutQuantity']), dealIds: ids }),
  z.strictObject({ kind: z.literal('certificatesWithoutFactor'), quantityKwh: decimal }),
  z.strictObject({ kind: z.literal('gwpSetNotShk'), sets: z.array(z.strictObject({ id: z.string(), version: z.string(), lines: z.number().int() })) }),
]);

export const shkReportRoutes = {
  report: defineRoute({
    method: 'GET',
    url: '/api/reports/shk',
    permission: 'company.read',
    summary: "The 温対法 SHK report of the selected company's fiscal year, as of now or a past moment (`asOf`)",
    description:
      'Energy-origin CO2 (scope-1 fuel combustion, scope-2 purchased electricity and heat) and the other gases (non-energy CO2, CH4, N2O, HFCs, PFCs, SF6, NF3), each line classified by its formula and recorded gases (`classification`; lines that cannot be classified are named in `gaps`). 基礎排出量 takes scope 2 on its location-based figure, 調整後排出量 on its market-based figure (the supplier’s adjusted factor), less the fiscal year’s non-fossil certificates (kWh × the grid-average factor of the year’s electricity lines) and the credits SHK accepts (J-クレジット, JCM, green energy certificates, cancelled: 無効化), each a line of `adjustments`. The settings are read as of the same position (folded from the audit log). t figures are whole t-CO2 with the fraction truncated. `thresholds`: energy use ≥ 1,500 kL crude-oil equivalent (the 省エネ法 report’s kL) and each other gas ≥ 3,000 t-CO2e. `sha256` is the SHA-256 of the content’s canonical JSON.',
    query: z.object({ fiscalYear: queryYear(), asOf: queryAsOf().optional() }),
    response: z.strictObject({ content: ShkReport, sha256, gaps: z.array(ShkGap) }),
    errors: asOfErrors,
  }),
  xlsx: workbookRoute(
    '/api/reports/shk/xlsx',
    "The 温対法 SHK report of the selected company as an XLSX workbook, as of now or a past moment (`asOf`)",
    "The figures of `GET /api/reports/shk` at the same position, for preparing the filing (not the official electronic submission, EEGS). Sheets: about (company, fiscal year, the moment asked for, the log position, the content's SHA-256, notes and the report's gaps); 様式第1 第2表 style emissions (energy-origin CO2 and each other gas, 基礎排出量 and 調整後排出量 in t-CO2 truncated and exact kg, then the adjustment lines down to 調整後排出量); energy-origin CO2 by source; the 特定排出者 thresholds; credits and certificates; how the lines were classified. Headings in the caller's language; figures as numbers, equal to the JSON report's.",
  ),
};
