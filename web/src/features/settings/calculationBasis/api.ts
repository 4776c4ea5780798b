import { useMutation, useQuery } from '@tanstack/react-query';
import type { Labels } from '../factorLibrary/api';
import { api } from '../../../core/api/client';
import { useInvalidate } from '../../../core/api/mutations';
import { SAMPLE_LINES } from './sampleLines';

const TOPIC = 'calculation/basis';

export interface Basis {
  fiscalYear: number;
  gwpSet: string;
  factorSets: Record<string, string>;
  version: number;
  isDefault: boolean;
}

export interface GwpSet {
  id: string;
  version: string;
  title: Labels;
  year: number;
  citation: string;
}

export interface Summary {
  lines: number;
  succeeded: number;
  failed: number;
  co2eKg: number;
  byScope: Record<string, number>;
}

type LineResult = { ok: true; co2eKg: number } | { ok: false; error: string; field?: string; detail?: string };

export interface Preview {
  before: { gwpSet: string; factorSets: Record<string, string>; summary: Summary | null; error?: string };
  after: { gwpSet: string; factorSets: Record<string, string>; summary: Summary | null; error?: string };
  changed: boolean;
  lines: { index: number; lineId: string; before: LineResult; after: LineResult; deltaKg: number | null }[];
  totals: { beforeKg: number; afterKg: number; deltaKg: number };
}

export interface Proposal {
  fiscalYear: number;
  gwpSet: string;
  /** A patch: only the sets whose pin changes. */
  factorSets: Record<string, string>;
}

export function useBasis(companyId: string, fiscalYear: number) {
  return useQuery({
    queryKey: [TOPIC, companyId, fiscalYear],
    queryFn: async () => (await api.get<{ calculationBasis: Basis }>(`/api/calculation-basis?fiscalYear=${fiscalYear}`)).calculationBasis,
  });
}

/** Every year with a stored basis, newest first. */
export function useBases(companyId: string) {
  return useQuery({
    queryKey: [TOPIC, companyId, 'all'],
    queryFn: async () => (await api.get<{ calculationBases: Basis[] }>('/api/calculation-basis')).calculationBases,
  });
}

export function useGwpSets() {
  return useQuery({ queryKey: ['gwpSets'], queryFn: async () => (await api.get<{ gwpSets: GwpSet[] }>('/api/gwp-sets')).gwpSets, staleTime: Infinity });
}

/** Calculates the sample lines under the stored basis and under the proposal; appends nothing. */
export function usePreview() {
  return useMutation({
    mutationFn: (proposal: Proposal) => api.post<Preview>('/api/calculation-basis/preview', { ...proposal, lines: SAMPLE_LINES }),
  });
}

export function useSaveBasis() {
  const invalidate = useInvalidate(TOPIC);
  return useMutation({
    mutationFn: (args: Proposal & { reason?: string; expectedVersion: number }) => api.post<{ calculationBasis: Basis; changed: boolean }>('/api/calculation-basis', args),
    onSuccess: invalidate,
  });
}

/** What differs between the stored basis and the form: the patch a save or preview sends. */
export function patchOf(stored: Pick<Basis, 'factorSets'>, chosen: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(chosen).filter(([setId, version]) => stored.factorSets[setId] !== version));
}
