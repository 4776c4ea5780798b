import { useMutation, useQuery } from '@tanstack/react-query';
import { nonFossilCertificateRoutes, offsetRoutes } from '@ghg/api';
import { call, savedRecord, type Answer, type CallArgs } from '../../../core/api/call';
import { useInvalidate } from '../../../core/api/mutations';

/** Query-key prefixes = live topics, so another tab's change refreshes these tables. */
const OFFSET_TOPIC = 'settings/offset';
const CERTIFICATE_TOPIC = 'settings/nonFossilCertificate';

export type Offset = Answer<typeof offsetRoutes.list>['offsets'][number];
export type OffsetSave = CallArgs<typeof offsetRoutes.save>['body'];

/** A certificate as listed (it also says whether its power source is renewable). */
export type Certificate = Answer<typeof nonFossilCertificateRoutes.list>['nonFossilCertificates'][number];
export type CertificateSave = CallArgs<typeof nonFossilCertificateRoutes.save>['body'];

export function useOffsets(companyId: string) {
  return useQuery({
    queryKey: [OFFSET_TOPIC, companyId],
    queryFn: async () => (await call(offsetRoutes.list)).offsets,
  });
}

export function useSaveOffset() {
  const invalidate = useInvalidate(OFFSET_TOPIC);
  return useMutation({
    mutationFn: async (body: OffsetSave) => savedRecord((await call(offsetRoutes.save, { body })).offset, offsetRoutes.save),
    onSuccess: invalidate,
  });
}

export function useDeleteOffset() {
  const invalidate = useInvalidate(OFFSET_TOPIC);
  return useMutation({
    mutationFn: async (offset: Offset) =>
      (await call(offsetRoutes.remove, { params: { id: offset.id }, body: { expectedVersion: offset.version } })).offset,
    onSettled: invalidate,
  });
}

export function useCertificates(companyId: string) {
  return useQuery({
    queryKey: [CERTIFICATE_TOPIC, companyId],
    queryFn: async () => (await call(nonFossilCertificateRoutes.list)).nonFossilCertificates,
  });
}

export function useSaveCertificate() {
  const invalidate = useInvalidate(CERTIFICATE_TOPIC);
  return useMutation({
    mutationFn: async (body: CertificateSave) =>
      savedRecord((await call(nonFossilCertificateRoutes.save, { body })).nonFossilCertificate, nonFossilCertificateRoutes.save),
    onSuccess: invalidate,
  });
}

export function useDeleteCertificate() {
  const invalidate = useInvalidate(CERTIFICATE_TOPIC);
  return useMutation({
    mutationFn: async (certificate: Certificate) =>
      (await call(nonFossilCertificateRoutes.remove, { params: { id: certificate.id }, body: { expectedVersion: certificate.version } })).nonFossilCertificate,
    onSettled: invalidate,
  });
}
