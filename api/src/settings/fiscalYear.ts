import { z } from 'zod';
import { idText } from '@ghg/events';
import type { fiscalYearDecider } from '@ghg/domain';
import { expectedVersionArg, numberArg } from '../core/args';
import { defineRoute, errorTable, noErrors, type DeciderError } from '../core/contract';

const FiscalYear = z.strictObject({ fiscalYearId: z.string(), startMonth: z.number(), version: z.number() });

/** The company's fiscal-year start (docs/api.md, "Settings"). */
export const fiscalYearRoutes = {
  get: defineRoute({
    method: 'GET',
    url: '/api/fiscal-year',
    permission: 'company.read',
    summary: "The month the selected company's fiscal year starts in (never set: 4, version -1)",
    response: z.strictObject({ fiscalYear: FiscalYear }),
    errors: noErrors,
  }),
  set: defineRoute({
    method: 'POST',
    url: '/api/fiscal-year',
    permission: 'company.configure',
    summary: 'Set the month the fiscal year starts in',
    body: z.object({ fiscalYearId: idText(), startMonth: numberArg, expectedVersion: expectedVersionArg }),
    response: z.strictObject({ fiscalYear: FiscalYear }),
    errors: errorTable<DeciderError<typeof fiscalYearDecider>>()({ invalid_start_month: 400, unknown_fiscal_year: 400 }),
  }),
};
