import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../core/api/client';
import { queryKeys } from '../../../core/api/queryKeys';
import type { FiscalYearSetting } from '../../../core/api/types';

export interface SaveFiscalYear {
  fiscalYearId: string;
  startMonth: number;
  expectedVersion?: number;
}

/** POST /api/fiscal-year; the answer replaces the cached setting at once. */
export function useSaveFiscalYear(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (args: SaveFiscalYear) => (await api.post<{ fiscalYear: FiscalYearSetting }>('/api/fiscal-year', args)).fiscalYear,
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.fiscalYear(companyId), saved);
      void queryClient.invalidateQueries({ queryKey: ['auditlog'] });
    },
  });
}

export function validateStartMonth(value: number | null): 'validation.required' | 'settings.fiscalYear.invalidMonth' | undefined {
  if (value === null || Number.isNaN(value)) return 'validation.required';
  if (!Number.isInteger(value) || value < 1 || value > 12) return 'settings.fiscalYear.invalidMonth';
  return undefined;
}
