import type { MessageId } from '@ghg/locales';

/** Refusals of the basis calls (docs/api.md, calculation basis). */
export const basisCodes: Record<string, MessageId> = {
  invalid_fiscal_year: 'calculationBasis.error.fiscalYear',
  unknown_gwp_set: 'calculationBasis.error.gwpSet',
  unknown_factor_set: 'calculationBasis.error.factorSet',
  unknown_factor_set_version: 'calculationBasis.error.factorSetVersion',
  invalid_reason: 'calculationBasis.error.reason',
};

/** The engine's line errors most often met when factor versions move (domain/src/calculation/errors.ts). */
export const lineCodes: Record<string, MessageId> = {
  unit_mismatch: 'calculationBasis.line.unit_mismatch',
  factor_not_found: 'calculationBasis.line.factor_not_found',
  factor_set_not_pinned: 'calculationBasis.line.factor_set_not_pinned',
  factor_outside_validity: 'calculationBasis.line.factor_outside_validity',
  gwp_not_found: 'calculationBasis.line.gwp_not_found',
};
