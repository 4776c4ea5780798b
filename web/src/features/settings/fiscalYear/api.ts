import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fiscalYearRoutes } from '@ghg/api';
import { call } from '../../../core/api/call';
import { queryKeys } from '../../../core/api/queryKeys';

export interface SaveFiscalYear {
  fiscalYearId: string;
  startMonth: number;
  expectedVersion?: number;
}

/** POST /api/fiscal-year; the answer replaces the cached setting at once. */
export function useSaveFiscalYear(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SaveFiscalYear) => (await call(fiscalYearRoutes.set, { body })).fiscalYear,
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
