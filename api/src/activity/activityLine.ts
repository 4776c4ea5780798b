import { z } from 'zod';
import { idText, importSourceTypes, isIsoDate, LIMITS, scopeSettingCategories, shortText, year } from '@ghg/events';
import type { activityLinesDecider } from '@ghg/domain';
import { asOfErrors, expectedVersionArg, numberArg, numeric, optionalId, optionalTextArg, queryAsOf } from '../core/args';
import { defineRoute, errorTable, type DeciderError } from '../core/contract';
import { contextErrors } from '../calculation/calculate';
import { detailArg } from '../settings/scopeSetting';

const errors = errorTable<DeciderError<typeof activityLinesDecider>>()({
  ...contextErrors,
  scope_setting_not_found: 404,
  activity_line_not_found: 404,
  section_not_permitted: 403,
  unknown_detail_field: 400,
  invalid_detail_value: 400,
  calculation_basis_not_set: 400,
  factor_outside_validity: 400,
  result_out_of_range: 400,
});

const SLASHED = /^(\d{4})\/(\d{1,2})\/(\d{1,2})$/;
/** 'YYYY/M/D' (month and day with or without a leading zero) as 'YYYY-MM-DD'; other text as it is. */
const isoOfSlashed = (text: string) => {
  const m = SLASHED.exec(text.trim());
  return m ? `${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}` : text.trim();
};

/** A date as text, 'YYYY-MM-DD' or 'YYYY/M/D': a real calendar date, stored as ISO. */
const occurrenceDateArg = shortText()
  .transform(isoOfSlashed)
  .refine(isIsoDate, { message: 'invalid_date' })
  .meta({ description: "The deal's date, 'YYYY-MM-DD' or 'YYYY/M/D'; stored as 'YYYY-MM-DD'." });

/** An optional number: null and absent are none. */
const optionalNumber = numberArg.nullish().transform((v) => v ?? null);

const DealArgs = z.object({
  /** Absent: a new deal (a new id). */
  id: optionalId,
  count: optionalNumber,
  countUnit: optionalTextArg,
  amount: optionalNumber,
  currency: optionalTextArg,
  occurrenceDate: occurrenceDateArg,
  item: optionalTextArg,
  client: optionalTextArg,
});

/** The scope setting the line uses, named by its id (its other fields, if sent, are read from the setting itself). */
const ScopeSettingRef = z.object({ id: idText() });

const Deal = z.strictObject({
  id: z.string(),
  count: z.number().nullable(),
  countUnit: z.string().nullable(),
  amount: z.number().nullable(),
  currency: z.string().nullable(),
  occurrenceDate: z.string(),
  item: z.string().nullable(),
  client: z.string().nullable(),
});

const FactorUsed = z.strictObject({
  setId: z.string(),
  version: z.string(),
  key: z.string(),
  confirmed: z.boolean(),
  origin: z.enum(['library', 'line']),
  values: z.union([z.array(z.strictObject({ value: z.number(), unit: z.string(), stage: z.enum(['WTT', 'TTW', 'WTW']).optional() })), z.record(z.string(), z.number())]),
});

/** A scope-2 line's figure on one basis: by a formula of that basis, or the grid average standing in for the market one. */
const BasisFigure = z.strictObject({
  basis: z.enum(['location', 'market']),
  method: z.enum(['calculated', 'gridAverage']),
  formulaId: z.string(),
  co2eKg: z.number(),
  gasesKg: z.record(z.string(), z.number()),
  factors: z.array(FactorUsed),
});

/** What every answer tells of a line's results (as calculated when it was recorded). */
const results = {
  fiscalYear: z.number(),
  fiscalMonth: z.number(),
  quantity: z.number().nullable(),
  unit: z.string().nullable(),
  /** kg of each gas before GWP weighting. */
  gasesKg: z.record(z.string(), z.number()),
  co2eKg: z.number(),
  /** Scope 2: the line's CO2e on each basis (null where it has no figure on it). */
  co2eLocationKg: z.number().nullable(),
  co2eMarketKg: z.number().nullable(),
  /** Scope 2: the basis its formula calculates on; the other basis' figure is in `scope2`. */
  basis: z.enum(['location', 'market']).nullable(),
  /** Scope 2: the figure on each basis, with its factors (null for other scopes). */
  scope2: z.strictObject({ location: BasisFigure.nullable(), market: BasisFigure.nullable() }).nullable(),
  factors: z.array(FactorUsed),
  gwpSet: z.string(),
  source: z.enum(['manual', 'import']),
  /** An imported line: its import, the source system's key and row, the rule that classified it, and the record as read. */
  origin: z
    .strictObject({
      importId: z.string(),
      sourceType: z.enum(importSourceTypes),
      sourceKey: z.string(),
      row: z.number(),
      ruleId: z.string(),
      record: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
    })
    .nullable(),
  version: z.number(),
  /** When the line was last recorded (ISO instant). */
  updatedAt: z.string(),
};

/** A line as recorded: the deal, its setting, the line's own detail and the results stored with it. */
const Line = z.strictObject({
  dealId: z.string(),
  scopeSettingId: z.string(),
  deal: Deal,
  scopeSetting: z.strictObject({ id: z.string(), scopeCategory: z.enum(scopeSettingCategories), formulaId: z.string(), section: z.string() }),
  scopeSettingDetail: z.record(z.string(), z.unknown()),
  inputs: z.record(z.string(), z.unknown()),
  stages: z.strictObject({ wttKg: z.number(), ttwKg: z.number(), wtwKg: z.number() }).nullable(),
  /** The factor-set versions pinned by the fiscal year's basis, and that basis' version. */
  factorSets: z.record(z.string(), z.string()),
  basisVersion: z.number(),
  warnings: z.array(z.strictObject({ code: z.string(), detail: z.string().nullable() })),
  ...results,
});

/** A row of the emissions ledger, as the input tables list it. */
const LedgerLine = z.strictObject({
  dealId: z.string(),
  deal: Deal,
  scopeSettingId: z.string(),
  scopeCategory: z.enum(scopeSettingCategories),
  formulaId: z.string(),
  section: z.string(),
  sectionName: z.string().nullable(),
  occurrenceDate: z.string(),
  /** The line's own inputs, over its setting's detail (as sent). */
  scopeSettingDetail: z.record(z.string(), z.unknown()),
  ...results,
});

export const scope2Bases = ['location', 'market'] as const;

/** Activity lines (deals linked to scope settings) and the emissions ledger (docs/api.md, "Activity lines"). */
export const activityLineRoutes = {
  record: defineRoute({
    method: 'POST',
    url: '/api/user-input-emission',
    permission: 'activity.write',
    summary: 'Record an activity line (a deal and its scope setting), calculated now; inserts or replaces by deal id',
    description:
      'The line is calculated under the calculation basis of the fiscal year its date falls in and its results are stored with it; a calculation that fails refuses the line with the engine\'s code and the field, and nothing is recorded.',
    body: z.object({ deal: DealArgs, scopeSetting: ScopeSettingRef, scopeSettingDetail: detailArg, expectedVersion: expectedVersionArg }),
    response: z.strictObject({ line: Line }),
    errors,
  }),
  remove: defineRoute({
    method: 'DELETE',
    // The product's URL, trailing slash included (the app does not ignore trailing slashes).
    url: '/api/user-input-emission/',
    permission: 'activity.write',
    summary: 'Delete an activity line (named by its deal and scope setting); answers it as it was',
    body: z.object({
      deal: z.object({ id: idText() }),
      scopeSetting: ScopeSettingRef.nullish(),
      expectedVersion: z.number().int().min(0).max(LIMITS.maxVersion).optional(),
    }),
    response: z.strictObject({ line: Line }),
    errors,
  }),
  tableData: defineRoute({
    method: 'POST',
    url: '/api/user-input-table-data',
    permission: 'company.read',
    summary: "The selected company's activity lines of one category and fiscal year, with their stored results",
    description:
      'A read sent as POST (the product calls it so): command-api answers it from the emissions ledger read model, as it answers the preview calculation. With `asOf`, the lines as they stood at that moment: those the temporal ledger holds then, each folded from its own stream up to the position, with the section names of then (409 `as_of_ahead` for a position not reflected yet). Scope 2 lists the lines that have a figure on the chosen basis (`scope2EmissionIntensityType`, location by default), with `co2eKg`, `gasesKg` and `factors` of that basis; `withoutBasis` counts the category\'s lines of the year that have none (a market-based line that names no grid-average factor has no location-based figure).',
    body: z.object({
      fiscalYear: numeric(year()),
      scopeId: z.enum(scopeSettingCategories),
      scope2EmissionIntensityType: z.enum(scope2Bases).nullish().transform((v) => v ?? 'location'),
      /** A section: only its lines and its descendants'. */
      sectionId: idText().nullish(),
      /** The lines as they stood at that moment (a commit position or an ISO date-time), as the views show a past moment. */
      asOf: queryAsOf().optional(),
    }),
    response: z.strictObject({ lines: z.array(LedgerLine), withoutBasis: z.number() }),
    errors: asOfErrors,
  }),
};
