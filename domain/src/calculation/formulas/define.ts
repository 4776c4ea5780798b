import type { Labels } from '../i18n';
import type { Env } from '../engine/env';
import type { ActivityLine, CalculationSuccess, InputValue, CalculationScope } from '../types';
import type { FieldDef } from './fields';

export type Inputs = Readonly<Record<string, InputValue>>;

/** A formula compiled for one batch: fills the result `r` from the line's inputs, or throws LineError. */
export type LineFn = (inputs: Inputs, r: CalculationSuccess, line: ActivityLine) => void;

export interface FormulaDefinition {
  /** Stable id stored in scope settings (`formulaId`). Never renamed; a changed method gets a new id. */
  readonly id: string;
  readonly scope: CalculationScope;
  /** Short method name (燃料法, spend-based…). */
  readonly name: Labels;
  /** The formula as the UI shows it. */
  readonly description: Labels;
  /** The formula in symbols, with units, as in docs/calculation.md. */
  readonly expression: string;
  readonly fields: readonly FieldDef[];
  /** Results carry WTT/TTW/WTW (ISO 14083). */
  readonly transport?: boolean;
  /** Scope 2 basis recorded on the result. */
  readonly basis?: 'location' | 'market';
  /** Called once per batch; everything that can be resolved ahead of the lines is resolved here. */
  readonly compile: (env: Env) => LineFn;
}

export const defineFormula = (f: FormulaDefinition): FormulaDefinition => f;
