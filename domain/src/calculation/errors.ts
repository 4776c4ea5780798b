/** Why a line could not be calculated. The UI translates the code and names `field`. */
export type CalculationErrorCode =
  | 'unknown_formula'
  | 'missing_input'
  | 'invalid_input'
  | 'invalid_number'
  | 'invalid_option'
  | 'unknown_unit'
  | 'ambiguous_unit'
  | 'unit_mismatch'
  | 'invalid_factor_unit'
  | 'factor_not_found'
  | 'factor_set_not_pinned'
  | 'factor_kind_mismatch'
  | 'factor_stage_not_allowed'
  | 'gwp_not_found'
  | 'invalid_blend'
  | 'gas_type_mismatch'
  | 'percentage_out_of_range'
  | 'out_of_domain'
  // context errors: the whole batch is refused
  | 'factor_set_not_found'
  | 'gwp_set_not_found'
  | 'invalid_context';

/** Something worth a look on a successful line. */
export type CalculationWarningCode =
  | 'factor_outside_validity'
  | 'default_currency_rate'
  | 'certificate_exceeds_consumption'
  | 'stage_split_incomplete'
  | 'custom_gwp';

export interface CalculationWarning {
  readonly code: CalculationWarningCode;
  readonly detail?: string;
}

/**
 * Thrown inside formula code and caught per line by the engine, which turns it into a failure
 * result. Formulas stay straight-line arithmetic; the error path costs only when it is taken.
 */
export class LineError extends Error {
  constructor(
    readonly code: CalculationErrorCode,
    readonly field?: string,
    readonly detail?: string,
  ) {
    super(detail ? `${code}: ${detail}` : code);
  }
}

export const lineError = (code: CalculationErrorCode, field?: string, detail?: string): never => {
  throw new LineError(code, field, detail);
};
