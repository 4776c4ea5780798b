import { boundedJsonObject, LIMITS, type ActivityLineEvent, type EventOf, type JsonValue, type ScopeSettingCategory } from '@ghg/events';
import { accept, reject, type Decider } from '../core/decider';
import { calculate } from '../calculation/engine/run';
import { FORMULA_BY_ID } from '../calculation/formulas/catalogue';
import type { FormulaDefinition } from '../calculation/formulas/define';
import type { CalculationErrorCode } from '../calculation/errors';
import type { ActivityLine as EngineLine, CalculationContext, CalculationSuccess, InputValue } from '../calculation/types';
import { detailProblem, type ScopeSettingDetail, type SectionFacts } from '../settings/scopeSetting/scopeSettings';
import { fiscalYearOf } from '../settings/fiscalYear/fiscalYear';
import { dealValue, lineInputs } from './lineInputs';
import { gasesOf, otherBasisOf, storedFactorUses } from './otherBasis';

/** Built once: a schema per line checked cost more than the rest of the decision. */
const BOUNDED_INPUTS = boundedJsonObject();

/**
 * Activity lines: one deal (a transaction: count, amount, date) linked to the scope setting that
 * says how it is calculated. The line is calculated when it is recorded, under the calculation
 * basis of the fiscal year its date falls in, and the results are stored in its event. One stream
 * per line, keyed by the deal: `activityLine-<companyId>-<dealId>`.
 */
export const ACTIVITY_LINE_STREAM_PREFIX = 'activityLine-';
export const activityLineStreamId = (companyId: string, dealId: string) => `${ACTIVITY_LINE_STREAM_PREFIX}${companyId}-${dealId}`;

type LineData = EventOf<'ActivityLineRecorded'>['data'];
export type LineOrigin = NonNullable<LineData['origin']>;

/** What makes two lines differ: not which import last carried an imported line, nor its row there. */
const comparable = (line: LineData) => (line.origin ? { ...line, origin: { ...line.origin, importId: '', row: 0 } } : line);
export type Deal = LineData['deal'];
export type LineCalculation = LineData['calculation'];

/** Count units written in a per-distance form count the persons or tonnes themselves. */
const COUNT_UNIT_ALIASES: Readonly<Record<string, string>> = { 人キロ: '人', トンキロ: 't' };
export const normaliseCountUnit = (unit: string | null): string | null => (unit === null ? null : (COUNT_UNIT_ALIASES[unit] ?? unit));

/** The scope setting a line uses, as its own stream holds it. */
export interface LineScopeSetting {
  id: string;
  scopeCategory: ScopeSettingCategory;
  formulaId: string;
  section: string;
  detail: ScopeSettingDetail;
}

/** The calculation basis of the line's fiscal year: the engine context it pins, and the basis stream's version. */
export interface LineBasis {
  fiscalYear: number;
  version: number;
  context: CalculationContext;
}

export interface ActivityLineView extends LineData {
  version: number;
}

export interface ActivityLineState {
  line: ActivityLineView | null;
}

export type ActivityLineCommand =
  | {
      type: 'RecordActivityLine';
      companyId: string;
      deal: Deal;
      /** The setting read from its stream; null when the company has none of that id. */
      scopeSetting: LineScopeSetting | null;
      scopeSettingDetail: ScopeSettingDetail;
      /** The company's fiscal-year start month (1–12). */
      startMonth: number;
      /** The basis of the fiscal year the deal's date falls in; null when that year has none. */
      basis: LineBasis | null;
      expectedVersion?: number;
      sections: SectionFacts;
      /** An imported line: where it came from (absent: entered by hand). */
      origin?: LineOrigin;
    }
  | { type: 'RemoveActivityLine'; companyId: string; dealId: string; scopeSettingId: string | null; expectedVersion?: number; sections: SectionFacts }
  /** The line's stored inputs calculated again under its fiscal year's restated basis (nothing when it is already on it). */
  | { type: 'RecalculateActivityLine'; companyId: string; dealId: string; startMonth: number; basis: LineBasis };

export type ActivityLineError =
  | 'scope_setting_not_found'
  | 'activity_line_not_found'
  | 'section_not_permitted'
  | 'version_conflict'
  | 'unknown_detail_field'
  | 'invalid_detail_value'
  | 'calculation_basis_not_set'
  | 'factor_outside_validity'
  | 'result_out_of_range'
  | CalculationErrorCode;

/** A refusal and the request field it is about (`deal.count`, `scopeSettingDetail.emissionIntensity` …). */
export interface ActivityLineProblem {
  error: ActivityLineError;
  field: string;
}

const DEAL_ATTRIBUTE = { count: 'count', amount: 'amount', item: 'item', client: 'client' } as const;

export { lineInputs, type DealAttributes, type DealMapping } from './lineInputs';

/** The request field a formula field's value came from: the line's detail, the deal, or the setting's detail. */
function fieldOf(formula: FormulaDefinition, key: string | undefined, deal: Deal, lineDetail: ScopeSettingDetail, settingDetail: ScopeSettingDetail): string {
  if (key === undefined) return 'scopeSettingDetail';
  if (Object.hasOwn(lineDetail, key)) return `scopeSettingDetail.${key}`;
  const mapping = formula.fields.find((f) => f.key === key)?.dealMapping;
  if (mapping && dealValue(mapping, deal) !== undefined) return `deal.${DEAL_ATTRIBUTE[mapping]}`;
  if (Object.hasOwn(settingDetail, key)) return `scopeSetting.detail.${key}`;
  // Not given anywhere: the line's own detail is where it can be supplied.
  return `scopeSettingDetail.${key}`;
}

const isJsonObject = (v: JsonValue | undefined): v is { readonly [key: string]: JsonValue } => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The denominator of a published factor unit: kg-CO2/L → L. */
const denominatorOf = (unit: string) => (unit.includes('/') ? unit.slice(unit.lastIndexOf('/') + 1) : null);

/**
 * The activity quantity of a line: the formula's field filled from the deal's count (else its
 * amount), with its unit — the one given, the field's own, or, for a field measured in the
 * factor's unit, the denominator of the first factor used.
 */
export function activityQuantity(formula: FormulaDefinition, inputs: Readonly<Record<string, JsonValue>>, result: Pick<CalculationSuccess, 'factors'>): { quantity: number | null; unit: string | null } {
  const field = formula.fields.find((f) => f.dealMapping === 'count' && inputs[f.key] != null) ?? formula.fields.find((f) => f.dealMapping === 'amount' && inputs[f.key] != null);
  const value = field ? inputs[field.key] : undefined;
  if (!field || value === undefined || value === null) return { quantity: null, unit: null };
  if (typeof value === 'number') {
    if (field.unit !== 'factor') return { quantity: value, unit: field.unit ?? null };
    const values = result.factors[0]?.values;
    const first = Array.isArray(values) ? (values[0] as { unit?: string } | undefined) : undefined;
    return { quantity: value, unit: first?.unit ? denominatorOf(first.unit) : null };
  }
  if (isJsonObject(value) && typeof value.value === 'number' && typeof value.unit === 'string') return { quantity: value.value, unit: value.unit };
  return { quantity: null, unit: null };
}

/** The fiscal month of a date (1 for the start month … 12). */
export const fiscalMonthOf = (isoDate: string, startMonth: number) => ((Number(isoDate.slice(5, 7)) - startMonth + 12) % 12) + 1;

const inBounds = (x: number) => Number.isFinite(x) && Math.abs(x) <= LIMITS.maxQuantity;

const permits = (sections: SectionFacts, sectionId: string) => sections.permittedSectionIds === null || sections.permittedSectionIds.includes(sectionId);

/** Key order does not make two lines differ. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );

type Outcome = { ok: true; data: LineData } | { ok: false; problem: ActivityLineProblem };
const refused = (error: ActivityLineError, field: string): { ok: false; problem: ActivityLineProblem } => ({ ok: false, problem: { error, field } });

type Calculated = { ok: true; calculation: LineCalculation } | { ok: false; problem: ActivityLineProblem };

/**
 * A line's results under `basis`, from the inputs the engine is given, or why they cannot be
 * stored: a calculation that fails, or uses a factor whose validity does not reach the fiscal
 * year, refuses with the engine's code and the field `at` names for the input.
 */
function calculationOf(formula: FormulaDefinition, inputs: Readonly<Record<string, JsonValue>>, deal: Deal, startMonth: number, basis: LineBasis, at: (key: string | undefined) => string): Calculated {
  const fiscalYear = basis.fiscalYear;
  const line: EngineLine = { id: deal.id, formulaId: formula.id, inputs: inputs as Readonly<Record<string, InputValue>>, fiscalYear };
  const result = calculate(line, basis.context);
  if (!result.ok) return refused(result.error, at(result.field));
  const outside = result.warnings.find((w) => w.code === 'factor_outside_validity');
  if (outside) {
    const ref = outside.detail?.split(' ')[0];
    const key = Object.entries(inputs).find(([, v]) => v === ref || (isJsonObject(v) && v.factor === ref))?.[0];
    return refused('factor_outside_validity', at(key));
  }
  const other = otherBasisOf(formula, inputs, result, basis.context, { id: deal.id, fiscalYear });
  if (!other.ok) return refused(other.error, at(other.field));
  const otherBasis = other.otherBasis;
  const gases = gasesOf(result);
  const numbers = [
    result.co2eKg,
    ...gases.map(([, v]) => v),
    ...(result.stages ? [result.stages.wttKg, result.stages.ttwKg, result.stages.wtwKg] : []),
    ...(otherBasis ? [otherBasis.co2eKg, ...Object.values(otherBasis.gasesKg)] : []),
  ];
  if (!numbers.every(inBounds)) return refused('result_out_of_range', at(undefined));
  // A gas outside the GWP tables is keyed by its name: the name must leave room for the key's prefix.
  if (gases.some(([gas]) => [...gas].length > LIMITS.longTextLength)) return refused('invalid_detail_value', at(undefined));
  // A market line without a grid factor has no location figure: said on the line, not guessed.
  const missingLocation = formula.basis === 'market' && otherBasis === null ? [{ code: 'location_basis_factor_missing', detail: 'gridEmissionIntensity' }] : [];

  const { quantity, unit } = activityQuantity(formula, inputs, result);
  const calculation: LineCalculation = {
    formulaId: formula.id,
    fiscalYear,
    fiscalMonth: fiscalMonthOf(deal.occurrenceDate, startMonth),
    quantity,
    unit,
    co2eKg: result.co2eKg,
    gasesKg: Object.fromEntries(gases),
    stages: result.stages ? { wttKg: result.stages.wttKg, ttwKg: result.stages.ttwKg, wtwKg: result.stages.wtwKg } : null,
    basis: result.basis ?? null,
    ...(formula.basis ? { otherBasis } : {}),
    factors: storedFactorUses(result.factors),
    gwpSet: { id: result.gwpSet.id, version: result.gwpSet.version },
    factorSets: { ...basis.context.factorSets },
    basisVersion: basis.version,
    warnings: [...result.warnings.map((w) => ({ code: w.code, detail: w.detail ?? null })), ...missingLocation],
  };
  return { ok: true, calculation };
}

/**
 * The line a record command would store, with its results, or why it is refused. A calculation
 * that fails, or uses a factor whose validity does not reach the line's fiscal year, refuses the
 * line with the engine's code and the field it is about.
 */
function evaluate(c: Extract<ActivityLineCommand, { type: 'RecordActivityLine' }>, s: ActivityLineState): Outcome {
  const existing = s.line;
  if (c.expectedVersion !== undefined && c.expectedVersion !== (existing?.version ?? -1)) return refused('version_conflict', 'expectedVersion');
  // A section-scoped user touches only the lines of their sections, before and after.
  if (existing && !permits(c.sections, existing.section)) return refused('section_not_permitted', 'deal.id');
  const setting = c.scopeSetting;
  if (!setting) return refused('scope_setting_not_found', 'scopeSetting.id');
  if (!permits(c.sections, setting.section)) return refused('section_not_permitted', 'scopeSetting.id');
  const formula = FORMULA_BY_ID.get(setting.formulaId);
  if (!formula) return refused('unknown_formula', 'scopeSetting.formulaId');
  // The line's detail is checked like a setting's: keys of the formula's fields, values by field type.
  const detail = detailProblem(setting.formulaId, c.scopeSettingDetail);
  if (detail) return refused(detail.error === 'unknown_detail_field' ? 'unknown_detail_field' : 'invalid_detail_value', `scopeSettingDetail${detail.field?.slice('detail'.length) ?? ''}`);

  const fiscalYear = fiscalYearOf(c.deal.occurrenceDate, c.startMonth);
  if (!c.basis || c.basis.fiscalYear !== fiscalYear) return refused('calculation_basis_not_set', 'deal.occurrenceDate');
  const inputs = lineInputs(formula, setting.detail, c.deal, c.scopeSettingDetail);
  if (!BOUNDED_INPUTS.safeParse(inputs).success) return refused('invalid_detail_value', 'scopeSettingDetail');
  const at = (key: string | undefined) => fieldOf(formula, key, c.deal, c.scopeSettingDetail, setting.detail);
  const calculated = calculationOf(formula, inputs, c.deal, c.startMonth, c.basis, at);
  if (!calculated.ok) return calculated;
  const calculation = calculated.calculation;
  return {
    ok: true,
    data: {
      dealId: c.deal.id,
      companyId: c.companyId,
      deal: c.deal,
      scopeSettingId: setting.id,
      scopeCategory: setting.scopeCategory,
      section: setting.section,
      scopeSettingDetail: c.scopeSettingDetail,
      inputs,
      calculation,
      ...(c.origin ? { source: 'import' as const, origin: c.origin } : { source: 'manual' as const }),
    },
  };
}

type Recalculated = { ok: true; data: LineData | null } | { ok: false; problem: ActivityLineProblem };

/**
 * A restatement: the line's own inputs (its deal, its setting's detail and its fields as they were
 * when recorded) under the new basis of its fiscal year. Null data: already calculated on it.
 */
function recalculate(c: Extract<ActivityLineCommand, { type: 'RecalculateActivityLine' }>, s: ActivityLineState): Recalculated {
  const line = s.line;
  if (!line) return refused('activity_line_not_found', 'deal.id');
  if (line.calculation.fiscalYear !== c.basis.fiscalYear) return refused('calculation_basis_not_set', 'deal.occurrenceDate');
  if (line.calculation.basisVersion === c.basis.version) return { ok: true, data: null };
  const formula = FORMULA_BY_ID.get(line.calculation.formulaId);
  if (!formula) return refused('unknown_formula', 'inputs');
  const calculated = calculationOf(formula, line.inputs, line.deal, c.startMonth, c.basis, (key) => (key === undefined ? 'inputs' : `inputs.${key}`));
  if (!calculated.ok) return calculated;
  const { version: _version, ...stored } = line;
  return { ok: true, data: { ...stored, calculation: calculated.calculation } };
}

/** Why `command` is refused on `state`, naming the request field; null when it is accepted. */
export function activityLineProblem(c: ActivityLineCommand, s: ActivityLineState): ActivityLineProblem | null {
  if (c.type === 'RecordActivityLine') {
    const outcome = evaluate(c, s);
    return outcome.ok ? null : outcome.problem;
  }
  if (c.type === 'RecalculateActivityLine') {
    const outcome = recalculate(c, s);
    return outcome.ok ? null : outcome.problem;
  }
  const line = s.line;
  if (!line) return { error: 'activity_line_not_found', field: 'deal.id' };
  // The line is named by its deal and its setting: another setting's line of that deal is not it.
  if (c.scopeSettingId !== null && c.scopeSettingId !== line.scopeSettingId) return { error: 'activity_line_not_found', field: 'scopeSetting.id' };
  if (c.expectedVersion !== undefined && c.expectedVersion !== line.version) return { error: 'version_conflict', field: 'expectedVersion' };
  if (!permits(c.sections, line.section)) return { error: 'section_not_permitted', field: 'deal.id' };
  return null;
}

export const activityLinesDecider: Decider<ActivityLineCommand, ActivityLineEvent, ActivityLineState, ActivityLineError> = {
  eventTypes: { ActivityLineRecorded: true, ActivityLineChanged: true, ActivityLineRemoved: true, ActivityLineRecalculated: true },
  initialState: () => ({ line: null }),
  evolve: (_state, event, revision) => (event.type === 'ActivityLineRemoved' ? { line: null } : { line: { ...event.data, version: revision } }),
  decide: (c, s) => {
    if (c.type === 'RemoveActivityLine') {
      const problem = activityLineProblem(c, s);
      return problem ? reject(problem.error) : accept({ type: 'ActivityLineRemoved', data: { dealId: c.dealId, companyId: c.companyId } });
    }
    if (c.type === 'RecalculateActivityLine') {
      const outcome = recalculate(c, s);
      if (!outcome.ok) return reject(outcome.problem.error);
      return outcome.data ? accept({ type: 'ActivityLineRecalculated', data: outcome.data }) : accept();
    }
    const outcome = evaluate(c, s);
    if (!outcome.ok) return reject(outcome.problem.error);
    if (!s.line) return accept({ type: 'ActivityLineRecorded', data: outcome.data });
    const { version: _version, ...stored } = s.line;
    return canonical(comparable(stored)) === canonical(comparable(outcome.data)) ? accept() : accept({ type: 'ActivityLineChanged', data: outcome.data });
  },
};
