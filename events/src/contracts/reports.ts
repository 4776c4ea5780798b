import { z } from 'zod';
import { defineEvent, type DomainEventOf } from './defineEvent';
import { idText, LIMITS, longText, year } from './bounds';

/**
 * Reports filed for a fiscal year (issue 16). Filing records what was reported and where in the
 * log it was read: re-rendering the report from the log up to `position` reproduces `sha256`.
 * Stream: `report-<reportId>`, one per filed report.
 */

/** The reporting regimes a report can be filed under (the GHG Protocol inventory summary so far). */
export const reportRegimes = ['ghgProtocol'] as const;
export type ReportRegime = (typeof reportRegimes)[number];

/** kg CO2e as exact decimal text with six decimals, as the report's content carries it. */
const kgText = () => z.string().max(32).regex(/^-?\d{1,24}\.\d{6}$/);

export const ReportFiled = defineEvent(
  'ReportFiled',
  1,
  z.object({
    reportId: idText(),
    companyId: idText(),
    fiscalYear: year(),
    regime: z.enum(reportRegimes),
    /** The commit position of the log the report was rendered at (decimal digits of a bigint). */
    position: z.string().max(19).regex(/^\d{1,19}$/),
    /** SHA-256 of the report's canonical JSON, lowercase hex. */
    sha256: z.string().length(64).regex(/^[0-9a-f]{64}$/),
    /** The headline figures as filed (the whole content is reproduced from the log, not stored). */
    totals: z.object({ scope1Kg: kgText(), scope2LocationKg: kgText(), scope2MarketKg: kgText(), scope3Kg: kgText(), lines: z.number().int().min(0).max(LIMITS.maxVersion) }),
    note: longText(),
  }),
);

export type ReportEvent = DomainEventOf<typeof ReportFiled>;

/** Every report event contract, for the registry in ./index.ts. */
export const reportContracts = [ReportFiled];
