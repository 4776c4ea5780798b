import { useMutation, useQuery } from '@tanstack/react-query';
import { basisRoutes, catalogueRoutes } from '@ghg/api';
import { call, type Answer } from '../../../core/api/call';
import { useInvalidate } from '../../../core/api/mutations';
import { SAMPLE_LINES } from './sampleLines';

const TOPIC = 'calculation/basis';

/** A fiscal year's basis: one year's answer of GET /api/calculation-basis. */
export type Basis = Extract<Answer<typeof basisRoutes.get>, { calculationBasis: unknown }>['calculationBasis'];
export type GwpSet = Answer<typeof catalogueRoutes.gwpSets>['gwpSets'][number];
export type Preview = Answer<typeof basisRoutes.preview>;

export interface Proposal {
  fiscalYear: number;
  gwpSet: string;
  /** A patch: only the sets whose pin changes. */
  factorSets: Record<string, string>;
}

export function useBasis(companyId: string, fiscalYear: number) {
  return useQuery({
    queryKey: [TOPIC, companyId, fiscalYear],
    queryFn: async () => {
      const answer = await call(basisRoutes.get, { query: { fiscalYear } });
      if (!('calculationBasis' in answer)) throw new Error('GET /api/calculation-basis answered the list for one year');
      return answer.calculationBasis;
    },
  });
}

/** Every year with a stored basis, newest first. */
export function useBases(companyId: string) {
  return useQuery({
    queryKey: [TOPIC, companyId, 'all'],
    queryFn: async () => {
      const answer = await call(basisRoutes.get);
      if (!('calculationBases' in answer)) throw new Error('GET /api/calculation-basis answered one year for the list');
      return answer.calculationBases;
    },
  });
}

export function useGwpSets() {
  return useQuery({ queryKey: ['gwpSets'], queryFn: async () => (await call(catalogueRoutes.gwpSets)).gwpSets, staleTime: Infinity });
}

/** Calculates the sample lines under the stored basis and under the proposal; appends nothing. */
export function usePreview() {
  return useMutation({
    mutationFn: (proposal: Proposal) => call(basisRoutes.preview, { body: { ...proposal, lines: [...SAMPLE_LINES] } }),
  });
}

export function useSaveBasis() {
  const invalidate = useInvalidate(TOPIC);
  return useMutation({
    mutationFn: (body: Proposal & { reason?: string; expectedVersion: number }) => call(basisRoutes.set, { body }),
    onSuccess: invalidate,
  });
}

/** What differs between the stored basis and the form: the patch a save or preview sends. */
export function patchOf(stored: Pick<Basis, 'factorSets'>, chosen: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(chosen).filter(([setId, version]) => stored.factorSets[setId] !== version));
}
