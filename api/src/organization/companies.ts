import { z } from 'zod';
import { consolidationApproaches, controlApproaches, idText, shortText } from '@ghg/events';
import type { companyDecider, companySectionsDecider, tenantDecider } from '@ghg/domain';
import { expectedVersionArg, numberArg } from '../core/args';
import { defineRoute, errorTable, noErrors, type DeciderError } from '../core/contract';
import { companySectionErrors } from './companySections';

const companyErrors = errorTable<DeciderError<typeof companyDecider>>()({
  company_exists: 409,
  company_not_found: 404,
  invalid_name: 400,
  invalid_region: 400,
  invalid_equity_share: 400,
});

/** The group's own refusals: no such group, or a caller who does not hold every company of it. */
const groupErrors = errorTable<Extract<DeciderError<typeof tenantDecider>, 'tenant_not_found' | 'whole_group_required'>>()({
  tenant_not_found: 404,
  whole_group_required: 403,
});

/** The approach the group consolidates its companies by, and the version of that choice (-1: never chosen, operational). */
const GroupConsolidation = {
  consolidationApproach: z.enum(consolidationApproaches),
  consolidationApproachVersion: z.number().int(),
};

const CompanyView = z.strictObject({
  id: z.string(),
  region: z.string(),
  equitySharePercent: z.number(),
  controlApproach: z.enum(controlApproaches),
});

/** The companies of the group (docs/api.md, "Organization"). */
export const companyRoutes = {
  list: defineRoute({
    method: 'GET',
    url: '/api/companies',
    permission: 'company.read',
    summary: 'The companies the caller belongs to',
    response: z.strictObject({
      companies: z.array(
        z.strictObject({
          id: z.string(),
          name: z.string(),
          region: z.string(),
          equitySharePercent: z.number(),
          controlApproach: z.enum(controlApproaches),
          version: z.number(),
        }),
      ),
      /** Whether the caller belongs to every company of the group. */
      isAllCompany: z.boolean(),
      ...GroupConsolidation,
    }),
    errors: noErrors,
  }),
  regions: defineRoute({
    method: 'GET',
    url: '/api/regions',
    permission: 'company.read',
    summary: 'The regions a company may be in',
    response: z.strictObject({ regions: z.array(z.string()) }),
    errors: noErrors,
  }),
  setRegion: defineRoute({
    method: 'PUT',
    url: '/api/company/region',
    permission: 'company.configure',
    summary: "Change a company's region",
    body: z.object({ companyId: idText(), region: shortText().min(1) }),
    response: z.strictObject({ company: CompanyView }),
    errors: companyErrors,
  }),
  setConsolidation: defineRoute({
    method: 'PUT',
    url: '/api/company/consolidation',
    permission: 'company.configure',
    summary: "Change a company's equity share and control approach",
    body: z.object({ companyId: idText(), equitySharePercent: numberArg, controlApproach: z.enum(controlApproaches) }),
    response: z.strictObject({ company: CompanyView }),
    errors: companyErrors,
  }),
  chooseConsolidationApproach: defineRoute({
    method: 'POST',
    url: '/api/group/consolidation-approach',
    permission: 'company.configure',
    summary: "Choose the approach the group's totals are consolidated by (a user who holds every company of the group)",
    body: z.object({ approach: z.enum(consolidationApproaches), expectedVersion: expectedVersionArg }),
    response: z.strictObject(GroupConsolidation),
    errors: groupErrors,
  }),
  create: defineRoute({
    method: 'POST',
    url: '/api/company',
    permission: 'group.manage',
    summary: 'Add a company to the group (it starts with the sections 全社 and 指定なし)',
    body: z.object({
      name: shortText().trim().min(1),
      region: shortText().min(1),
      equitySharePercent: numberArg.optional(),
      controlApproach: z.enum(controlApproaches).optional(),
    }),
    response: z.strictObject({ company: CompanyView.extend({ name: z.string() }) }),
    errors: errorTable<DeciderError<typeof companyDecider> | DeciderError<typeof tenantDecider> | DeciderError<typeof companySectionsDecider>>()({
      ...companyErrors,
      ...companySectionErrors,
      ...groupErrors,
      tenant_exists: 409,
    }),
  }),
};
