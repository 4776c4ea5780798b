import { useMutation, useQuery } from '@tanstack/react-query';
import type { MessageId } from '@ghg/locales';
import { companySectionRoutes } from '@ghg/api';
import { call } from '../../../core/api/call';
import { useInvalidate } from '../../../core/api/mutations';
import { companySectionsQuery } from '../../../core/api/queries';
import type { Section } from './tree';

/** The sections of the selected company, with the fields this screen edits. */
export function useSections(companyId: string) {
  return useQuery(companySectionsQuery(companyId));
}

export interface SectionForm {
  id?: string;
  name: string;
  displayName: string;
  parentSection: string | null;
  energyConservationActReportSectionType: string | null;
}

export function useSaveSection() {
  const invalidate = useInvalidate('companySections');
  return useMutation({
    mutationFn: async (section: SectionForm) => (await call(companySectionRoutes.save, { body: { section } })).companySection,
    onSuccess: invalidate,
  });
}

export function useDeleteSection() {
  const invalidate = useInvalidate('companySections');
  return useMutation({
    mutationFn: async (section: Section) => (await call(companySectionRoutes.remove, { params: { id: section.id } })).companySection,
    onSettled: invalidate,
  });
}

/** The decider's refusals (domain/src/organization/companySections.ts), translated. */
export const sectionCodes: Record<string, MessageId> = {
  invalid_name: 'companySection.error.invalidName',
  section_exists: 'companySection.error.exists',
  section_not_found: 'companySection.error.notFound',
  parent_not_found: 'companySection.error.parentNotFound',
  cyclic_parent: 'companySection.error.cycle',
  reserved_section: 'companySection.error.reserved',
  section_has_children: 'companySection.error.hasChildren',
  section_has_users: 'companySection.error.hasUsers',
  section_has_flag: 'companySection.error.hasFlag',
  section_has_activity: 'companySection.error.hasActivity',
};

/** Section types of the Energy Conservation Act report (the wire value is the code). */
export const ENERGY_SECTION_TYPES = ['designatedFactory1', 'designatedFactory2', 'otherSite'] as const;
export const energyTypeLabel: Record<(typeof ENERGY_SECTION_TYPES)[number], MessageId> = {
  designatedFactory1: 'companySection.energyType.designatedFactory1',
  designatedFactory2: 'companySection.energyType.designatedFactory2',
  otherSite: 'companySection.energyType.otherSite',
};
