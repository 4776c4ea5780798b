import { z } from 'zod';
import { idText } from '@ghg/events';
import { defineRoute, errorTable } from '../core/contract';

/** The media type of the audit pack. */
export const ZIP_MEDIA_TYPE = 'application/zip';

/**
 * The auditor's audit pack of a filed report (docs/audit-pack.md): one ZIP with the report as
 * filed, its lines, their events, factors and formulas, and the lines as input files of the
 * calculation CLI, so a third party can check the hashes and recompute the totals.
 */
export const auditPackRoutes = {
  download: defineRoute({
    method: 'POST',
    url: '/api/reports/audit-pack',
    permission: 'company.read',
    summary: "A filed report of the selected company as an audit pack (ZIP): the report as filed, its lines, their events, factors, formulas and calculation input files, with a manifest of SHA-256 hashes",
    description:
      "Everything is as of the report's position (the temporal ledger and the log up to it): `report.json` (the canonical JSON whose SHA-256 is the filed hash), `report-filed.json`, `lines.csv`, `events.csv`, `factors.csv`, `formulas.csv` (CSV: UTF-8 with a byte-order mark, CRLF), `calc/*.json` (one input file of `npm run calc` per calculation context), `README.txt` and `manifest.json` (bytes and SHA-256 of every other file). Written as it is read, a batch of lines at a time. Another company's report, or an id that is no filed report: 404 `report_not_found`.",
    body: z.object({ reportId: idText() }),
    produces: [ZIP_MEDIA_TYPE],
    response: z.string().meta({ description: 'The ZIP file itself (Content-Disposition: attachment).' }),
    errors: errorTable<'report_not_found'>()({ report_not_found: 404 }),
  }),
};
