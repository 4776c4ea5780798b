/**
 * GHG Ledger calculation engine: pure functions, no I/O.
 *
 *   const batch = calculateBatch(lines, { factorSets: { 'jp-shk': 'legacy' }, gwpSet: 'AR6', fiscalYear: 2022 });
 *
 * - `calculate(line, context)` / `calculateBatch(lines, context)`: results per line with CO2 and every
 *   other gas kept apart, CO2e, WTT/TTW/WTW for transport, and the factor set versions and GWP set used.
 * - `prepare(context)`: the same engine compiled once, for several batches.
 * - `FORMULAS`: the formula catalogue (ids, typed fields, descriptions in ja/en/zhHans).
 * - `SHIPPED_FACTOR_SETS`, `GWP_SETS`: the factor library and GWP tables, with provenance.
 * - units: `parseUnit`, `convert`, `add` — quantities carry units, conversions are exact.
 * See docs/calculation.md.
 */
export { calculate, calculateBatch, prepare, type PreparedEngine } from './engine/run';
export type { Env } from './engine/env';
export type {
  ActivityLine,
  BatchProvenance,
  BatchResult,
  BatchSummary,
  CalculationContext,
  CalculationFailure,
  CalculationResult,
  CalculationSuccess,
  CurrencyRateInput,
  FactorInput,
  GasKey,
  GwpInput,
  GwpSetRef,
  InputValue,
  QuantityInput,
  CalculationScope,
  StageBreakdown,
  Step,
} from './types';
export { CALCULATION_SCOPES } from './types';
export type { CalculationErrorCode, CalculationWarning, CalculationWarningCode } from './errors';
export { FORMULAS, FORMULA_BY_ID, formulasForScope } from './formulas/catalogue';
export type { FormulaDefinition } from './formulas/define';
export { FIELD_TYPES, TRAVEL_TYPES, WORKING_FORMS, CITY_GROUPS, INVESTMENT_TYPES, OPTION_LABELS, type FieldDef, type FieldType } from './formulas/fields';
export { PLANT_ENGINEERING } from './formulas/plantEngineering';
export { SHIPPED_FACTOR_SETS } from './factors/data';
export { SHIPPED_LIBRARY, createLibrary, newestPins, splitRef, type FactorLibrary } from './factors/library';
export type { FactorSet, FactorEntry, EmissionEntry, QuantityEntry, CoefficientsEntry, FactorComponent, FactorUse, Stage, Validity } from './factors/types';
export { parseFactorUnit, parseEmissionMass, type FactorUnit } from './factors/factorUnit';
export { GASES, GHG_TYPES, GAS_GROUP, GAS_LABELS, type GasId, type GhgType, type GasGroup, type Species } from './gwp/gases';
export { GWP_SETS, GWP_SET_BY_ID, GWP_AR5, GWP_AR6, GWP_JP_SHK_2024, type GwpSet, type GwpValue } from './gwp/sets';
export { BLENDS, BLEND_BY_ID, blendGwp, type Blend } from './gwp/blends';
export {
  UNITS,
  UNIT_BY_ID,
  CURRENCY_CODES,
  baseUnitOf,
  parseUnit,
  unitKey,
  conversionFactor,
  quantity,
  convert,
  add,
  subtract,
  scale,
  sumIn,
  convertNumber,
  type Quantity,
  type Unit,
  type UnitDef,
  type UnitId,
  type StaticUnitId,
  type Dimension,
  type UnitError,
  type UnitParseError,
} from './units';
export type { Labels, Language } from './i18n';
export type { Result } from './result';
