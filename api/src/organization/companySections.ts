import { z } from 'zod';
import { idText, shortText } from '@ghg/events';
import type { companySectionsDecider } from '@ghg/domain';
import { asOfErrors, IdParam, listAsOfQuery } from '../core/args';
import { defineRoute, errorTable, type DeciderError } from '../core/contract';

export const companySectionErrors = errorTable<DeciderError<typeof companySectionsDecider>>()({
  invalid_name: 400,
  section_exists: 409,
  section_not_found: 404,
  parent_not_found: 404,
  cyclic_parent: 400,
  reserved_section: 400,
  section_has_children: 400,
  section_has_users: 400,
  section_has_flag: 400,
  section_has_activity: 400,
});

const SectionSaved = z.strictObject({
  id: z.string(),
  name: z.string(),
  displayName: z.string(),
  parentSection: z.string().nullable(),
  energyConservationActReportSectionType: z.string().nullable(),
});

const SectionListed = SectionSaved.extend({
  /** The types of its ancestors, nearest first. */
  inheritedEnergyConservationActReportSectionTypes: z.array(z.string()),
  depth: z.number(),
});

/** The company's section tree (docs/api.md, "Organization"). */
export const companySectionRoutes = {
  list: defineRoute({
    method: 'GET',
    url: '/api/company-section',
    permission: 'company.read',
    summary: "The selected company's sections in tree order, 指定なし last (as of a moment with `asOf`)",
    query: z.object(listAsOfQuery),
    response: z.strictObject({ companySections: z.array(SectionListed) }),
    errors: asOfErrors,
  }),
  authorized: defineRoute({
    method: 'GET',
    url: '/api/authorized-company-section',
    permission: 'company.read',
    summary: "The sections the caller may act on: their own section and those below it (as of a moment with `asOf`)",
    query: z.object(listAsOfQuery),
    response: z.strictObject({ companySections: z.array(SectionListed) }),
    errors: asOfErrors,
  }),
  save: defineRoute({
    method: 'POST',
    url: '/api/company-section',
    permission: 'company.configure',
    summary: 'Add a section (no id) or change one',
    body: z.object({
      section: z.object({
        id: idText().optional(),
        name: shortText().min(1),
        displayName: shortText().nullable().optional(),
        parentSection: idText().nullable().optional(),
        energyConservationActReportSectionType: shortText().nullable().optional(),
      }),
    }),
    response: z.strictObject({ companySection: SectionSaved.optional() }),
    errors: companySectionErrors,
  }),
  remove: defineRoute({
    method: 'DELETE',
    url: '/api/company-section/:id',
    permission: 'company.configure',
    summary: 'Delete a section (not while it has children, users or flags); answers it as it was',
    params: IdParam,
    response: z.strictObject({ companySection: SectionSaved.nullable() }),
    errors: companySectionErrors,
  }),
};
