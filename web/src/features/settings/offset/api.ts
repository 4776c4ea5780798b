import { useMutation, useQuery } from '@tanstack/react-query';
import type { NonFossilPowerSource } from '@ghg/events';
import type { NonFossilCertificate, Offset as DomainOffset } from '@ghg/domain';
import { api } from '../../../core/api/client';
import { useInvalidate } from '../../../core/api/mutations';

/** Query-key prefixes = live topics, so another tab's change refreshes these tables. */
const OFFSET_TOPIC = 'settings/offset';
const CERTIFICATE_TOPIC = 'settings/nonFossilCertificate';

/** As the server answers it: the domain's shapes (a certificate also says whether it is renewable). */
export type Offset = DomainOffset;
export type OffsetSave = Omit<Offset, 'id' | 'version'> & { id?: string; expectedVersion?: number };

export type Certificate = NonFossilCertificate & { renewable: boolean };
export type CertificateSave = Omit<Certificate, 'id' | 'version' | 'renewable' | 'powerSource' | 'generatorName' | 'generatorLocation'> & {
  powerSource?: NonFossilPowerSource;
  generatorName?: string;
  generatorLocation?: string;
  id?: string;
  expectedVersion?: number;
};

export function useOffsets(companyId: string) {
  return useQuery({
    queryKey: [OFFSET_TOPIC, companyId],
    queryFn: async () => (await api.get<{ offsets: Offset[] }>('/api/offset')).offsets,
  });
}

export function useSaveOffset() {
  const invalidate = useInvalidate(OFFSET_TOPIC);
  return useMutation({
    mutationFn: async (args: OffsetSave) => (await api.post<{ offset: Offset }>('/api/offset', args)).offset,
    onSuccess: invalidate,
  });
}

export function useDeleteOffset() {
  const invalidate = useInvalidate(OFFSET_TOPIC);
  return useMutation({
    mutationFn: async (offset: Offset) =>
      (await api.delete<{ offset: Offset }>(`/api/offset/${encodeURIComponent(offset.id)}`, { expectedVersion: offset.version })).offset,
    onSettled: invalidate,
  });
}

export function useCertificates(companyId: string) {
  return useQuery({
    queryKey: [CERTIFICATE_TOPIC, companyId],
    queryFn: async () => (await api.get<{ nonFossilCertificates: Certificate[] }>('/api/non-fossil-certificate')).nonFossilCertificates,
  });
}

export function useSaveCertificate() {
  const invalidate = useInvalidate(CERTIFICATE_TOPIC);
  return useMutation({
    mutationFn: async (args: CertificateSave) =>
      (await api.post<{ nonFossilCertificate: Certificate }>('/api/non-fossil-certificate', args)).nonFossilCertificate,
    onSuccess: invalidate,
  });
}

export function useDeleteCertificate() {
  const invalidate = useInvalidate(CERTIFICATE_TOPIC);
  return useMutation({
    mutationFn: async (certificate: Certificate) =>
      (
        await api.delete<{ nonFossilCertificate: Certificate }>(`/api/non-fossil-certificate/${encodeURIComponent(certificate.id)}`, {
          expectedVersion: certificate.version,
        })
      ).nonFossilCertificate,
    onSettled: invalidate,
  });
}
