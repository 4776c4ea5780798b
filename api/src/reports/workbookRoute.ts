import { z } from 'zod';
import { year } from '@ghg/events';
import { asOfErrors, queryAsOf } from '../core/args';
import { defineRoute } from '../core/contract';
import { XLSX_MEDIA_TYPE } from '../views/export';

/**
 * The contract of a report's workbook (POST, command-api, `company.read`): the report of
 * `fiscalYear` as of now or `asOf`, answered as an XLSX file; 409 `as_of_ahead` for a moment not
 * reflected yet. The 省エネ法 and SHK reports' (`energy.ts`, `shk.ts`).
 */
export const workbookRoute = <U extends string>(url: U, summary: string, description: string) =>
  defineRoute({
    method: 'POST',
    url,
    permission: 'company.read',
    summary,
    description,
    body: z.object({ fiscalYear: year(), asOf: queryAsOf().optional() }),
    produces: [XLSX_MEDIA_TYPE],
    response: z.string().meta({ description: 'The workbook itself (Content-Disposition: attachment).' }),
    errors: asOfErrors,
  });
