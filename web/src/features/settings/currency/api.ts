import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { currencyRoutes } from '@ghg/api';
import { call, savedRecord } from '../../../core/api/call';
import { queryKeys } from '../../../core/api/queryKeys';
import type { CurrencyRate } from '../../../core/api/types';
import type { CurrencyInput } from './validation';

export function useCurrencies(companyId: string, fiscalYear: number | 'all') {
  return useQuery({
    queryKey: queryKeys.currency(companyId, fiscalYear),
    queryFn: async () =>
      (await call(currencyRoutes.list, { query: fiscalYear === 'all' ? {} : { fiscalYear } })).currencies,
  });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ['currency'] });
    void queryClient.invalidateQueries({ queryKey: ['auditlog'] });
  };
}

export function useSaveCurrency() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (args: CurrencyInput & { id?: string; expectedVersion?: number }) =>
      savedRecord((await call(currencyRoutes.save, { body: args })).currency, currencyRoutes.save),
    onSuccess: invalidate,
  });
}

export function useDeleteCurrency() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (rate: CurrencyRate) =>
      (await call(currencyRoutes.remove, { params: { id: rate.id }, body: { expectedVersion: rate.version } })).currency,
    onSuccess: invalidate,
  });
}
