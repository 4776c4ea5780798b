import { z } from 'zod';
import {
  baseYearRestatementReasons,
  idText,
  longText,
  nonFossilCertificateTypes,
  nonFossilPowerSources,
  reportFigures,
  reportFigureUnitNames,
  reportRegimes,
  scopeCategories,
  scopeSettingCategories,
} from '@ghg/events';
import { differenceCauses, KYOTO_GAS_GROUPS } from '@ghg/domain';
import { XLSX_MEDIA_TYPE } from '../views/export';
import { IdParam, queryAsOf, queryPosition, queryYear } from '../core/args';
import { defineRoute, errorTable, noErrors } from '../core/contract';
import { EnergyReport } from './energy';
import { kg, position, sha256 } from './reportArgs';
import { ShkReport } from './shk';

/**
 * Reports of a fiscal year, as of any moment of the log, and filed (docs/api.md, "Reports").
 * Figures are kg CO2e as exact decimal text with six decimals ("1234.500000"): the content of a
 * report is hashed (SHA-256 of its canonical JSON), so it carries no binary floating point.
 */

export { kg, position, sha256 };

/** The GHG Protocol inventory summary of one company and fiscal year (domain/src/reports/ghgInventory.ts). */
export const GhgInventory = z.strictObject({
  regime: z.literal('ghgProtocol'),
  companyId: z.string(),
  fiscalYear: z.number().int(),
  /** The last commit position the content reflects. */
  position,
  lines: z.number().int(),
  scope1Kg: kg,
  scope2LocationKg: kg,
  scope2MarketKg: kg,
  scope3Kg: kg,
  waterKg: kg,
  /** Scope-2 lines with no figure on each basis (left out of that basis' total). */
  scope2WithoutLocation: z.number().int(),
  scope2WithoutMarket: z.number().int(),
  categories: z.array(z.strictObject({ scopeCategory: z.enum(scopeSettingCategories), lines: z.number().int(), co2eKg: kg, locationKg: kg, marketKg: kg })),
  /** kg of each gas before GWP weighting, summed over the lines. */
  gases: z.array(z.strictObject({ gas: z.string(), kg })),
  methods: z.array(z.strictObject({ scopeCategory: z.enum(scopeSettingCategories), formulaId: z.string(), lines: z.number().int(), co2eKg: kg })),
  /** The factor sets and versions the lines' results used, and the GWP sets. */
  factorSets: z.array(z.strictObject({ setId: z.string(), version: z.string(), lines: z.number().int() })),
  gwpSets: z.array(z.strictObject({ id: z.string(), version: z.string(), lines: z.number().int() })),
});

/**
 * Any regime's report, told apart by its `regime`: the GHG Protocol inventory summary, the 温対法
 * SHK report (api/src/reports/shk.ts), the 省エネ法 periodic report (api/src/reports/energy.ts).
 */
export const ReportContent = z.discriminatedUnion('regime', [GhgInventory, ShkReport, EnergyReport]);

/** One headline figure of a report (`regimeFigures` in @ghg/events names each regime's): kg CO2e, GJ or kL, exact. */
export const HeadlineFigure = z.strictObject({ figure: z.enum(reportFigures), unit: z.enum(reportFigureUnitNames), value: kg });

/** What a filing records of a report: its headline figures and the lines it counted (a report of none cannot be filed). */
export const Headline = z.strictObject({ lines: z.number().int(), figures: z.array(HeadlineFigure) });

/** A filed report as listed. */
export const FiledReport = z.strictObject({
  reportId: z.string(),
  regime: z.enum(reportRegimes),
  fiscalYear: z.number().int(),
  position,
  sha256,
  filedAt: z.string(),
  filedBy: z.string().nullable(),
  filedByName: z.string().nullable(),
  note: z.string(),
  /** The regime's headline figures as filed, in its order. */
  figures: z.array(HeadlineFigure),
  /** The GHG Protocol's figures (also in `figures`); null for a filing of another regime. */
  scope1Kg: kg.nullable(),
  scope2LocationKg: kg.nullable(),
  scope2MarketKg: kg.nullable(),
  scope3Kg: kg.nullable(),
});

/** One event that changed a line between the filing and now, with its cause (null: it changed nothing the report shows) and the kg it changed. */
const LineEvent = z.strictObject({
  type: z.enum(['ActivityLineRecorded', 'ActivityLineChanged', 'ActivityLineRecalculated', 'ActivityLineRemoved']),
  position,
  occurredAt: z.string(),
  actorUserId: z.string().nullable(),
  actorName: z.string().nullable(),
  correlationId: z.string(),
  cause: z.enum(differenceCauses).nullable(),
  differenceKg: kg,
});

/**
 * The difference between a recorded report and now by cause (domain/src/reports/differenceCauses.ts),
 * over every differing line: late entries, corrections, removals, restatements (a new calculation
 * basis: another factor version or GWP set), organisation changes (lines in a section created since).
 */
export const CauseSummary = z.array(z.strictObject({ cause: z.enum(differenceCauses), lines: z.number().int(), differenceKg: kg }));

/**
 * Beside the inventory, read at the report's position and outside its hash
 * (domain/src/reports/inventorySupplement.ts): base year, targets, offsets and certificates, exclusions.
 */
export const InventorySupplement = z.strictObject({
  position,
  baseYear: z
    .strictObject({
      baseYear: z.number().int(),
      thresholdPercent: z.number(),
      records: z.array(
        z.strictObject({
          kind: z.enum(['set', 'restated']),
          baseYear: z.number().int(),
          thresholdPercent: z.number(),
          position,
          totalKg: kg,
          reason: z.enum(baseYearRestatementReasons).nullable(),
          note: z.string().nullable(),
          recordedAt: z.string(),
        }),
      ),
      baseYearKg: kg,
      reportKg: kg,
      changeKg: kg,
      changePercent: z.number().nullable(),
    })
    .nullable(),
  targets: z.array(
    z.strictObject({
      id: z.string(),
      scopeCategory: z.enum(scopeCategories),
      goalYear: z.number().int(),
      baseYear: z.number().int().nullable(),
      baseYearKg: kg,
      goalKg: kg,
      goalPercent: z.number(),
      reportKg: kg,
      reductionKg: kg,
      reductionPercent: z.number().nullable(),
      progressPercent: z.number().nullable(),
    }),
  ),
  offsets: z.array(
    z.strictObject({
      id: z.string(),
      type: z.string(),
      particularNumberFrom: z.string(),
      particularNumberTo: z.string(),
      invalidOrRelocationQuantity: z.number(),
      invalidOrRelocationDate: z.string(),
      authType: z.string(),
    }),
  ),
  /** t-CO2, six decimals. */
  offsetsTonnes: kg,
  certificates: z.array(
    z.strictObject({
      id: z.string(),
      certificateType: z.enum(nonFossilCertificateTypes),
      quantityKwh: z.number(),
      periodFrom: z.string(),
      periodTo: z.string(),
      fiscalYear: z.number().int(),
      tracking: z.boolean(),
      powerSource: z.enum(nonFossilPowerSources).nullable(),
      generatorName: z.string().nullable(),
      generatorLocation: z.string().nullable(),
    }),
  ),
  /** kWh, six decimals. */
  certificatesKwh: kg,
  exclusions: z.strictObject({
    categories: z.array(z.strictObject({ scopeCategory: z.enum(scopeSettingCategories), scopeSettings: z.number().int() })),
    gases: z.array(z.enum(KYOTO_GAS_GROUPS)),
    unsplitKg: kg,
  }),
});

/** A line that differs between a recorded report and now (`filedKg`: as recorded), with the events that changed it since. */
export const ChangedLine = z.strictObject({
  dealId: z.string(),
  scopeCategory: z.enum(scopeSettingCategories),
  sectionId: z.string().nullable(),
  filedKg: kg.nullable(),
  nowKg: kg.nullable(),
  differenceKg: kg,
  events: z.array(LineEvent),
});

const asOfQuery = queryAsOf();

const reportErrors = errorTable<'report_not_found' | 'as_of_ahead'>()({ report_not_found: 404, as_of_ahead: 409 });

export const reportRoutes = {
  xlsx: defineRoute({
    method: 'POST',
    url: '/api/reports/xlsx',
    permission: 'company.read',
    summary: 'A report as an XLSX workbook: a filed report as filed (`reportId`), or the draft of a fiscal year as of now or `asOf`',
    description:
      "Sheets: the summary (the filing or the moment, the log position, the SHA-256 of the content, scope 1, scope 2 on both bases, scope 3, water), the categories, the gases, the methods, and the factor and GWP sets; then the supplement as of the same position (base year and recalculations, targets and progress, offsets and certificates, exclusions), each of its sheets saying it is not part of the hashed content. Headings in the caller's language, figures as numbers (kg CO2e). A filed report is rendered again at its position, so the workbook shows exactly what was filed.",
    body: z
      .object({ reportId: idText().optional(), fiscalYear: z.number().int().min(1900).max(2200).optional(), asOf: asOfQuery.optional() })
      .refine((b) => b.reportId !== undefined || b.fiscalYear !== undefined, { path: ['fiscalYear'], message: 'required' }),
    produces: [XLSX_MEDIA_TYPE],
    response: z.string().meta({ description: 'The workbook itself (Content-Disposition: attachment).' }),
    errors: reportErrors,
  }),
  list: defineRoute({
    method: 'GET',
    url: '/api/reports',
    permission: 'company.read',
    summary: "The selected company's filed reports, newest first (of one fiscal year when given)",
    query: z.object({ fiscalYear: queryYear().optional() }),
    response: z.strictObject({ reports: z.array(FiledReport) }),
    errors: noErrors,
  }),
  draft: defineRoute({
    method: 'GET',
    url: '/api/reports/draft',
    permission: 'company.read',
    summary: "A report of the selected company's fiscal year, of any regime (`regime`, default the GHG Protocol inventory), as of now or as of a past moment (`asOf`)",
    description:
      'Computed from the temporal ledger (every version of every line with the commit positions it was valid between), so the answer is what the product would have shown at that moment. Without `asOf`: the newest position every read model the regime reads reflects. `content` is the regime’s report (`regime` tells which: the same content as `GET /api/reports/shk` and `/api/reports/energy` give for theirs); `sha256` is the hash filing would record; `headline` the figures and line count it would record with it.',
    query: z.object({ fiscalYear: queryYear(), regime: z.enum(reportRegimes).default('ghgProtocol'), asOf: asOfQuery.optional() }),
    response: z.strictObject({ content: ReportContent, sha256, headline: Headline }),
    errors: reportErrors,
  }),
  detail: defineRoute({
    method: 'GET',
    url: '/api/reports/:id',
    permission: 'company.read',
    summary: 'A filed report: as filed (re-rendered from the log, with its hash checked), as it would be now, and the differences with the events that caused them, by cause',
    description:
      'The report of the filing’s regime is rendered again at the filed position (`asFiled`, `reproduced`: its SHA-256 is the filed one) and now. `figures`: each headline figure as filed and now, and the difference. Each changed line lists the events that made a new version of it since the filing, each with its cause (`lateEntry`, `correction`, `removal`, `restatement`, `organisation`; null when it changed nothing the report shows) and the kg it changed; `causes` adds them up by cause over every differing line. Lines are compared for the GHG Protocol (every line of the year) and SHK (the scope-1 and scope-2 lines it counts) but not for the 省エネ法 report, whose figures come from quantities over five years (`linesCompared` false, `lines` and `causes` empty). `categories` and `supplement` are the GHG Protocol’s (empty and null for the other regimes): `supplement` is read at the filed position from the base-year records and the settings folded from the audit log: base year and recalculations, targets and progress, offsets and certificates (never subtracted from a scope), exclusions. It is not part of the filed content or its SHA-256.',
    params: IdParam,
    response: z.strictObject({
      report: FiledReport,
      asFiled: z.strictObject({ content: ReportContent, sha256, reproduced: z.boolean() }),
      now: z.strictObject({ content: ReportContent, sha256 }),
      /** Each headline figure as filed (recorded with the filing) and now, and now − filed. */
      figures: z.array(z.strictObject({ figure: z.enum(reportFigures), unit: z.enum(reportFigureUnitNames), filed: kg, now: kg, difference: kg })),
      /** By category; scope 2 twice, on each basis (`basis`), other categories once (`basis` null). The GHG Protocol's only. */
      categories: z.array(z.strictObject({ scopeCategory: z.enum(scopeSettingCategories), basis: z.enum(['location', 'market']).nullable(), filedKg: kg, nowKg: kg, differenceKg: kg })),
      /** Whether the regime's report is compared line by line (`lines`, `causes`). */
      linesCompared: z.boolean(),
      lines: z.array(ChangedLine),
      /** More lines differ than are listed (the largest differences come first). */
      moreLines: z.number().int(),
      /** The difference by cause, over every differing line (listed or not). */
      causes: CauseSummary,
      /** The GHG Protocol report's supplement as of its filed position (not part of the filed content or its hash); null for other regimes. */
      supplement: InventorySupplement.nullable(),
    }),
    errors: reportErrors,
  }),
  file: defineRoute({
    method: 'POST',
    url: '/api/reports/file',
    permission: 'company.configure',
    summary: 'File the report of a fiscal year under a regime as the draft shown at `position` (whose hash must be `sha256`)',
    description:
      'The server renders the regime’s report again at `position` (the GHG Protocol inventory, the SHK report or the 省エネ法 report, as `GET /api/reports/draft`, `/api/reports/shk` and `/api/reports/energy` show it) and files it only if its SHA-256 is `sha256`: otherwise 409 `report_changed`. A position not yet reflected by every read model the report reads is 409 `as_of_ahead`; a report that counts no line, 400 `report_empty`. The filing records the position, the hash and the regime’s headline figures.',
    body: z.object({
      fiscalYear: z.number().int().min(1900).max(2200),
      regime: z.enum(reportRegimes),
      position: queryPosition(),
      sha256,
      note: longText().optional(),
    }),
    response: z.strictObject({ report: FiledReport }),
    errors: errorTable<'report_empty' | 'report_exists' | 'report_changed' | 'as_of_ahead'>()({ report_empty: 400, report_exists: 409, report_changed: 409, as_of_ahead: 409 }),
  }),
};
