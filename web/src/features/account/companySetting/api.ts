import { useMutation } from '@tanstack/react-query';
import type { MessageId } from '@ghg/locales';
import { companyRoutes } from '@ghg/api';
import { controlApproaches } from '@ghg/events';
import { call, type Answer } from '../../../core/api/call';
import { useInvalidate } from '../../../core/api/mutations';
import type { Company } from '../../../core/api/types';

export type ControlApproach = Company['controlApproach'];
export const CONTROL_APPROACHES: readonly ControlApproach[] = controlApproaches;
export const controlApproachLabel: Record<ControlApproach, MessageId> = {
  operational: 'account.company.control.operational',
  financial: 'account.company.control.financial',
  equity_share: 'account.company.control.equity_share',
};

export interface CompanyForm {
  name: string;
  region: string;
  equitySharePercent: number;
  controlApproach: ControlApproach;
}

/** A group administrator adds a company; it starts with the sections 全社 and 指定なし. */
export function useAddCompany() {
  const invalidate = useInvalidate('companies');
  return useMutation({
    mutationFn: async (body: CompanyForm) => (await call(companyRoutes.create, { body })).company,
    onSuccess: invalidate,
  });
}

/** Equity share and control approach of one company (used later for consolidation). */
export function useSetConsolidation() {
  const invalidate = useInvalidate('companies');
  return useMutation({
    mutationFn: async (body: { companyId: string; equitySharePercent: number; controlApproach: ControlApproach }) =>
      (await call(companyRoutes.setConsolidation, { body })).company,
    onSuccess: invalidate,
  });
}

export type ConsolidationApproach = Answer<typeof companyRoutes.list>['consolidationApproach'];

/**
 * The group's own consolidation approach (its totals are consolidated by it unless a view asks
 * for another), sent with the version the user saw: a change by someone else in between is a 409.
 */
export function useChooseGroupApproach() {
  const invalidate = useInvalidate('companies');
  return useMutation({
    mutationFn: async (body: { approach: ConsolidationApproach; expectedVersion: number }) => call(companyRoutes.chooseConsolidationApproach, { body }),
    onSuccess: invalidate,
  });
}

/** The group approach's refusals in words (version_conflict has the shared message). */
export const groupApproachCodes: Record<string, MessageId> = {
  whole_group_required: 'account.company.error.wholeGroup',
};

export const companyCodes: Record<string, MessageId> = {
  invalid_equity_share: 'account.company.error.equityShare',
  invalid_region: 'account.company.error.region',
  invalid_name: 'account.company.error.name',
  company_not_found: 'account.company.error.notFound',
};

/** Field checks before sending: a name when adding, a share from 0 to 100. */
export function validateCompany(form: CompanyForm, adding: boolean): Partial<Record<keyof CompanyForm, MessageId>> {
  const errors: Partial<Record<keyof CompanyForm, MessageId>> = {};
  if (adding && !form.name.trim()) errors.name = 'validation.required';
  if (!Number.isFinite(form.equitySharePercent) || form.equitySharePercent < 0 || form.equitySharePercent > 100) errors.equitySharePercent = 'account.company.error.equityShare';
  return errors;
}
