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
/** A commit position of the log, decimal digits of a bigint. */
const positionText = () => z.string().max(19).regex(/^\d{1,19}$/);
/** A SHA-256, lowercase hex. */
const sha256Text = () => z.string().length(64).regex(/^[0-9a-f]{64}$/);
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
    position: positionText(),
    /** SHA-256 of the report's canonical JSON, lowercase hex. */
    sha256: sha256Text(),
    /** The headline figures as filed (the whole content is reproduced from the log, not stored). */
    totals: z.object({ scope1Kg: kgText(), scope2LocationKg: kgText(), scope2MarketKg: kgText(), scope3Kg: kgText(), lines: z.number().int().min(0).max(LIMITS.maxVersion) }),
    note: longText(),
  }),
);

export type ReportEvent = DomainEventOf<typeof ReportFiled>;

/** The headline figures of a base-year inventory as recorded (exact kg text). */
const baseYearFigures = () =>
  z.object({ scope1Kg: kgText(), scope2LocationKg: kgText(), scope2MarketKg: kgText(), scope3Kg: kgText(), totalKg: kgText(), lines: z.number().int().min(0).max(LIMITS.maxVersion) });

/** Why a base year is recalculated (GHG Protocol Corporate Standard, ch. 5). */
export const baseYearRestatementReasons = ['structural', 'methodology', 'error', 'other'] as const;

/**
 * A company's base year (GHG Protocol Corporate Standard, ch. 5): the fiscal year later years are
 * compared with, its inventory as recorded at a log position, and the significance threshold above
 * which a change to it calls for recalculation. Stream `baseYear-<companyId>`, one per company.
 */
export const BaseYearSet = defineEvent(
  'BaseYearSet',
  1,
  z.object({
    companyId: idText(),
    baseYear: year(),
    /** A change of the base year's total by more than this share of it is significant. */
    thresholdPercent: z.number().min(0.1).max(100),
    position: positionText(),
    sha256: sha256Text(),
    figures: baseYearFigures(),
  }),
);

/** The base year recalculated: its inventory again at a later position, the change, why; the earlier records stay. */
export const BaseYearRestated = defineEvent(
  'BaseYearRestated',
  1,
  z.object({
    companyId: idText(),
    baseYear: year(),
    position: positionText(),
    sha256: sha256Text(),
    figures: baseYearFigures(),
    /** The position of the record it recalculates. */
    previousPosition: positionText(),
    reason: z.enum(baseYearRestatementReasons),
    note: longText(),
  }),
);

export type BaseYearEvent = DomainEventOf<typeof BaseYearSet> | DomainEventOf<typeof BaseYearRestated>;

/** Every report event contract, for the registry in ./index.ts. */
export const reportContracts = [ReportFiled, BaseYearSet, BaseYearRestated];
