import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../core/api/client';
import { queryKeys } from '../../../core/api/queryKeys';
import type { CurrencyRate } from '../../../core/api/types';
import type { CurrencyInput } from './validation';

/** Spec 000 §9: when no rate exists for a unit and year, the rate is 100 (yen per unit). */
export const DEFAULT_CURRENCY_RATE = 100;

export function useCurrencies(companyId: string, fiscalYear: number | 'all') {
  return useQuery({
    queryKey: queryKeys.currency(companyId, fiscalYear),
    queryFn: async () =>
      (await api.get<{ currencies: CurrencyRate[] }>('/api/currency', { query: fiscalYear === 'all' ? undefined : { fiscalYear } })).currencies,
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
      (await api.post<{ currency: CurrencyRate }>('/api/currency', args)).currency,
    onSuccess: invalidate,
  });
}

export function useDeleteCurrency() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (rate: CurrencyRate) =>
      (await api.delete<{ currency: CurrencyRate }>(`/api/currency/${encodeURIComponent(rate.id)}`, { expectedVersion: rate.version })).currency,
    onSuccess: invalidate,
  });
}
