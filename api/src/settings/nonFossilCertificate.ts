import { z } from 'zod';
import { nonFossilCertificateTypes, nonFossilPowerSources, shortText } from '@ghg/events';
import type { nonFossilCertificatesDecider } from '@ghg/domain';
import { expectedVersionArg, IdParam, numberArg, optionalId, queryYear, RemoveArgs, textArg } from '../core/args';
import { defineRoute, errorTable, noErrors, type DeciderError } from '../core/contract';

const errors = errorTable<DeciderError<typeof nonFossilCertificatesDecider>>()({
  invalid_certificate_type: 400,
  invalid_quantity: 400,
  invalid_date: 400,
  invalid_period: 400,
  invalid_fiscal_year: 400,
  invalid_power_source: 400,
  power_source_not_renewable: 400,
  attributes_need_tracking: 400,
  invalid_generator: 400,
  non_fossil_certificate_not_found: 404,
});

const Certificate = z.strictObject({
  id: z.string(),
  certificateType: z.enum(nonFossilCertificateTypes),
  /** Derived: true for the FIT and renewable non-FIT types. */
  renewable: z.boolean(),
  quantityKwh: z.number(),
  periodFrom: z.string(),
  periodTo: z.string(),
  fiscalYear: z.number(),
  tracking: z.boolean(),
  powerSource: z.enum(nonFossilPowerSources).nullable(),
  generatorName: z.string().nullable(),
  generatorLocation: z.string().nullable(),
  version: z.number(),
});

/** Non-fossil certificates (docs/api.md, "Non-fossil certificates"). */
export const nonFossilCertificateRoutes = {
  list: defineRoute({
    method: 'GET',
    url: '/api/non-fossil-certificate',
    permission: 'company.read',
    summary: "The selected company's certificates, of one fiscal year or all",
    query: z.object({ fiscalYear: queryYear().optional() }),
    response: z.strictObject({ nonFossilCertificates: z.array(Certificate) }),
    errors: noErrors,
  }),
  save: defineRoute({
    method: 'POST',
    url: '/api/non-fossil-certificate',
    permission: 'targets.write',
    summary: 'Add a certificate (no id) or change one',
    body: z.object({
      id: optionalId,
      certificateType: textArg,
      quantityKwh: numberArg,
      periodFrom: textArg,
      periodTo: textArg,
      fiscalYear: numberArg,
      tracking: z.boolean(),
      powerSource: shortText().nullish(),
      generatorName: shortText().nullish(),
      generatorLocation: shortText().nullish(),
      expectedVersion: expectedVersionArg,
    }),
    response: z.strictObject({ nonFossilCertificate: Certificate.nullable() }),
    errors,
  }),
  remove: defineRoute({
    method: 'DELETE',
    url: '/api/non-fossil-certificate/:id',
    permission: 'targets.write',
    summary: 'Delete a certificate; answers it as it was',
    params: IdParam,
    body: RemoveArgs,
    response: z.strictObject({ nonFossilCertificate: Certificate.nullable() }),
    errors,
  }),
};
