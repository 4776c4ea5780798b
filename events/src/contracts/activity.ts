import { z } from 'zod';
import { defineEvent, type DomainEventOf } from './defineEvent';
import { boundedJsonObject, boundedList, boundedRecord, boundedText, idText, isoDate, LIMITS, longText, quantity, shortText, year } from './bounds';
import { scopeSettingCategories } from './settings';
import { lineOrigin } from './import';

// ---------------------------------------------------------------------------------------------
// Activity lines: a deal (one transaction: quantity, amount, date) linked to the scope setting
// that says how it is calculated. The line's results are calculated when it is recorded and
// stored in its event, so every read model copies them and none recalculates.

/** The deal as recorded: count and amount as entered (either may be absent), the date as ISO. */
const deal = z.object({
  id: idText(),
  count: quantity().nullable(),
  /** Normalised before it is stored: 人キロ is 人, トンキロ is t. */
  countUnit: shortText().nullable(),
  amount: quantity().nullable(),
  currency: shortText().nullable(),
  occurrenceDate: isoDate(),
  /** What was bought or used, and from whom: the fields a formula maps to 'item' and 'client'. */
  item: shortText().nullable(),
  client: shortText().nullable(),
});

/** A gas key of a result: a gas id, 'CO2e', or 'custom:<name>' (a gas outside the GWP tables, named on the line). */
const gasKey = () => boundedText(LIMITS.longTextLength, 1);

/** One factor a result used: the set and its pinned version, the key, and the values as published. */
const factorUse = z.object({
  setId: idText(),
  version: shortText(),
  /** The key in its set, or the label of a value entered on the line. */
  key: longText(),
  confirmed: z.boolean(),
  origin: z.enum(['library', 'line']),
  values: z.union([
    boundedList(z.object({ value: quantity(), unit: longText(), stage: z.enum(['WTT', 'TTW', 'WTW']).optional() })),
    boundedRecord(shortText(), quantity()),
  ]),
});

const scope2Basis = z.enum(['location', 'market']);

/**
 * Scope 2: the line's figure on the basis its formula does not calculate on. 'calculated': by the
 * formula of that basis, with the line's factor for it (a market line's grid-average factor).
 * 'gridAverage': a location line has no contractual factor, so its market figure is the grid
 * average (the last level of the market-based hierarchy, GHG Protocol Scope 2 Guidance §6.11).
 */
const otherBasis = z.object({
  basis: scope2Basis,
  method: z.enum(['calculated', 'gridAverage']),
  formulaId: idText(),
  co2eKg: quantity(),
  gasesKg: boundedRecord(gasKey(), quantity()),
  factors: boundedList(factorUse),
});

/** What the calculation engine answered for the line, under the fiscal year's calculation basis. */
const calculation = z.object({
  /** Formula ids are never reused for another method: the id is the formula's version. */
  formulaId: idText(),
  fiscalYear: year(),
  /** Fiscal month, 1 to 12, counted from the company's start month. */
  fiscalMonth: z.number().int().min(1).max(12),
  /** The activity quantity the formula was given (its field mapped from the deal's count or amount), if any. */
  quantity: quantity().nullable(),
  unit: longText().nullable(),
  co2eKg: quantity(),
  /** kg of each gas before GWP weighting (and of CO2e a source publishes unsplit). */
  gasesKg: boundedRecord(gasKey(), quantity()),
  /** Transport lines: well-to-tank, tank-to-wheel, well-to-wheel, kg CO2e. */
  stages: z.object({ wttKg: quantity(), ttwKg: quantity(), wtwKg: quantity() }).nullable(),
  /** Scope 2: the basis the formula calculates on. */
  basis: scope2Basis.nullable(),
  /** Scope 2: the other basis' figure; null (or absent, in lines recorded before it was kept) when there is none. */
  otherBasis: otherBasis.nullable().optional(),
  factors: boundedList(factorUse),
  gwpSet: z.object({ id: idText(), version: shortText() }),
  /** The basis the line was calculated under: pinned factor-set versions and the basis stream's version. */
  factorSets: boundedRecord(idText(), idText()),
  basisVersion: z.number().int().min(0).max(LIMITS.maxVersion),
  warnings: boundedList(z.object({ code: shortText(), detail: longText().nullable() })),
});

const activityLine = z.object({
  /** The deal's id: one line per deal (its stream: activityLine-<companyId>-<dealId>). */
  dealId: idText(),
  companyId: idText(),
  deal,
  scopeSettingId: idText(),
  scopeCategory: z.enum(scopeSettingCategories),
  /** The setting's section, which the line belongs to. */
  section: idText(),
  /** The line's own inputs, over the setting's detail (as sent). */
  scopeSettingDetail: boundedJsonObject(),
  /** The inputs the engine calculated with: the setting's detail, the deal's mapped fields, the line's own. */
  inputs: boundedJsonObject(),
  calculation,
  /** Where the line came from: entered by hand, or imported from a source system's file. */
  source: z.enum(['manual', 'import']),
  /** An imported line: its import, source key, row and record (absent for a line entered by hand). */
  origin: lineOrigin.optional(),
});

export const ActivityLineRecorded = defineEvent('ActivityLineRecorded', 1, activityLine);
export const ActivityLineChanged = defineEvent('ActivityLineChanged', 1, activityLine);
export const ActivityLineRemoved = defineEvent('ActivityLineRemoved', 1, z.object({ dealId: idText(), companyId: idText() }));
/**
 * The line's results again, under its fiscal year's restated calculation basis: the same deal and
 * inputs, new factors or GWP set (`calculation.basisVersion` says which basis).
 */
export const ActivityLineRecalculated = defineEvent('ActivityLineRecalculated', 1, activityLine);

/** Every activity event contract, for the registry in ./index.ts. */
export const activityContracts = [ActivityLineRecorded, ActivityLineChanged, ActivityLineRemoved, ActivityLineRecalculated];

export type ActivityLineEvent =
  | DomainEventOf<typeof ActivityLineRecorded>
  | DomainEventOf<typeof ActivityLineChanged>
  | DomainEventOf<typeof ActivityLineRemoved>
  | DomainEventOf<typeof ActivityLineRecalculated>;

type LineCalculationData = z.infer<typeof calculation>;

/** A line's figure on one scope-2 basis. */
export type BasisFigure = z.infer<typeof otherBasis>;

/**
 * A scope-2 line's figures on each basis (null where it has none); both null for other scopes.
 * The one reading of a stored calculation that the command answers, the ledger and its queries share.
 */
export function figuresByBasis(c: Pick<LineCalculationData, 'basis' | 'formulaId' | 'co2eKg' | 'gasesKg' | 'factors' | 'otherBasis'>): { location: BasisFigure | null; market: BasisFigure | null } {
  const figures: { location: BasisFigure | null; market: BasisFigure | null } = { location: null, market: null };
  if (c.basis !== null) figures[c.basis] = { basis: c.basis, method: 'calculated', formulaId: c.formulaId, co2eKg: c.co2eKg, gasesKg: c.gasesKg, factors: c.factors };
  if (c.otherBasis) figures[c.otherBasis.basis] = c.otherBasis;
  return figures;
}
