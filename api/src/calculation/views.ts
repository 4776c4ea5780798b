import { z } from 'zod';
import { Labels } from '../core/args';

/** A fiscal year's calculation basis: the GWP set and the pinned version of each factor set. */
export const Basis = z.strictObject({
  fiscalYear: z.number(),
  gwpSet: z.string(),
  factorSets: z.record(z.string(), z.string()),
  /** -1 while the year has no basis (then these are the values its first save would fix). */
  version: z.number(),
  isDefault: z.boolean(),
});

export const BatchSummary = z.strictObject({
  lines: z.number(),
  succeeded: z.number(),
  failed: z.number(),
  co2eKg: z.number(),
  byScope: z.record(z.string(), z.number()),
});

const Stage = z.enum(['WTT', 'TTW', 'WTW']);
export const FactorValue = z.strictObject({ value: z.number(), unit: z.string(), stage: z.string().optional() });

/** A factor of the library, shipped or the company's own. */
export const Factor = z.strictObject({
  ref: z.string(),
  setId: z.string(),
  version: z.string(),
  key: z.string(),
  kind: z.enum(['emission', 'quantity', 'coefficients']),
  label: Labels,
  values: z.array(FactorValue),
  coefficients: z.record(z.string(), z.number()).optional(),
  equation: z.string().optional(),
  unit: z.string().nullable(),
  confirmed: z.boolean(),
  note: z.string().nullable(),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  origin: z.enum(['shipped', 'company']),
  year: z.number(),
  source: z.strictObject({ title: Labels, publisher: z.string(), citation: z.string(), licence: z.string() }),
  licenceNote: z.string().nullable(),
  /** Calculation scopes the factor is meant for ('1', '2', '31' … '315', 'water'). */
  categories: z.array(z.string()),
});

/** A factor as a calculation used it: set, version, key and the published values. */
export const FactorUse = z.strictObject({
  ref: z.string(),
  setId: z.string(),
  version: z.string(),
  key: z.string(),
  confirmed: z.boolean(),
  values: z.union([z.array(z.strictObject({ value: z.number(), unit: z.string(), stage: Stage.optional() })), z.record(z.string(), z.number())]),
  origin: z.enum(['library', 'line']),
});

export const CalculationSuccess = z.strictObject({
  index: z.number(),
  ok: z.literal(true),
  lineId: z.string(),
  formulaId: z.string(),
  scope: z.string(),
  fiscalYear: z.number(),
  co2eKg: z.number(),
  gasesKg: z.record(z.string(), z.number().optional()),
  stages: z.strictObject({ wttKg: z.number(), ttwKg: z.number(), wtwKg: z.number() }).optional(),
  basis: z.enum(['location', 'market']).optional(),
  factors: z.array(FactorUse),
  gwpSet: z.strictObject({ id: z.string(), version: z.string() }),
  warnings: z.array(z.strictObject({ code: z.string(), detail: z.string().optional() })),
  steps: z.array(z.strictObject({ label: z.string(), expression: z.string(), value: z.number(), unit: z.string() })).optional(),
});

export const CalculationFailure = z.strictObject({
  index: z.number(),
  ok: z.literal(false),
  lineId: z.string(),
  formulaId: z.string().nullable(),
  error: z.string(),
  field: z.string().nullable().optional(),
  detail: z.string().optional(),
});

export const LineError = z.strictObject({
  index: z.number(),
  lineId: z.string(),
  formulaId: z.string().nullable(),
  field: z.string().nullable(),
  code: z.string(),
  detail: z.string().optional(),
});

export const Provenance = z.strictObject({
  factorSets: z.array(z.strictObject({ id: z.string(), version: z.string(), title: z.string(), citation: z.string(), licence: z.string() })),
  gwpSet: z.strictObject({ id: z.string(), version: z.string(), citation: z.string() }),
});

/** One line's outcome under one basis. */
export const LineOutcome = z.union([
  z.strictObject({ ok: z.literal(true), co2eKg: z.number() }),
  z.strictObject({ ok: z.literal(false), error: z.string(), field: z.string().nullable().optional(), detail: z.string().optional() }),
]);

/** A basis as the preview calculated under it. */
export const BasisSide = z.strictObject({
  gwpSet: z.string(),
  factorSets: z.record(z.string(), z.string()),
  /** null when the basis itself is unusable (then `error` says why). */
  summary: BatchSummary.nullable(),
  error: z.string().optional(),
});
