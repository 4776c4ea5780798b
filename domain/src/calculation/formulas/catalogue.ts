import type { FormulaDefinition } from './define';
import { s1Fuel, s1ProcessCo2 } from './scope1/fuel';
import { s1FuelHeat } from './scope1/heatingValue';
import { s1Gas, s1Refrigerant } from './scope1/gases';
import { s2Location, s2Market } from './scope2/electricity';
import { category1 } from './scope3/category1';
import { category2 } from './scope3/category2';
import { category3 } from './scope3/category3';
import { category4 } from './scope3/category4';
import { category5 } from './scope3/category5';
import { category6 } from './scope3/category6';
import { category7 } from './scope3/category7';
import { category8 } from './scope3/category8';
import { category9 } from './scope3/category9';
import { category10 } from './scope3/category10';
import { category11 } from './scope3/category11';
import { category12 } from './scope3/category12';
import { category13 } from './scope3/category13';
import { category14 } from './scope3/category14';
import { category15 } from './scope3/category15';
import { waterFormulas } from './water';
import { plantEngineeringFormulas } from './plantEngineering';

/** Every calculation method, in catalogue order (scope 1, 2, 3-1 … 3-15, water, plant engineering). */
export const FORMULAS: readonly FormulaDefinition[] = [
  s1Fuel,
  s1FuelHeat,
  s1ProcessCo2,
  s1Gas,
  s1Refrigerant,
  s2Location,
  s2Market,
  ...category1,
  ...category2,
  ...category3,
  ...category4,
  ...category5,
  ...category6,
  ...category7,
  ...category8,
  ...category9,
  ...category10,
  ...category11,
  ...category12,
  ...category13,
  ...category14,
  ...category15,
  ...waterFormulas,
  ...plantEngineeringFormulas,
];

export const FORMULA_BY_ID: ReadonlyMap<string, FormulaDefinition> = new Map(FORMULAS.map((f) => [f.id, f]));

export const formulasForScope = (scope: FormulaDefinition['scope']): FormulaDefinition[] => FORMULAS.filter((f) => f.scope === scope);
