import { z } from 'zod';
import { defineEvent, type DomainEventOf } from './defineEvent';
import { idText, LIMITS, longText, year } from './bounds';

/**
 * Reports filed for a fiscal year (issue 16). Filing records what was reported and where in the
 * log it was read: re-rendering the report from the log up to `position` reproduces `sha256`.
 * Stream: `report-<reportId>`, one per filed report.
 */

/**
 * The reporting regimes a report can be filed under: the GHG Protocol inventory summary, the 温対法
 * 算定・報告・公表制度 (SHK) report and the 省エネ法 定期報告 (Energy Conservation Act periodic
 * report). Old events stay valid as the list grows; a regime is only ever added.
 */
export const reportRegimes = ['ghgProtocol', 'shk', 'energyConservation'] as const;
export type ReportRegime = (typeof reportRegimes)[number];

/** The headline figures a filing records, by name: exact decimal text with six decimals. */
export const reportFigures = [
  // The GHG Protocol inventory's scopes, kg CO2e.
  'scope1Kg',
  'scope2LocationKg',
  'scope2MarketKg',
  'scope3Kg',
  // SHK 基礎排出量 and 調整後排出量, and their energy-origin CO2, kg CO2e.
  'basicKg',
  'adjustedKg',
  'energyCo2BasicKg',
  'energyCo2AdjustedKg',
  // Energy use of the fiscal year (省エネ法), GJ; its crude-oil equivalent (also SHK's 1,500 kL threshold figure), kL.
  'gj',
  'crudeOilKl',
] as const;
export type ReportFigure = (typeof reportFigures)[number];
export const reportFigureUnitNames = ['kg', 'GJ', 'kL'] as const;
export type ReportFigureUnit = (typeof reportFigureUnitNames)[number];
/** Each figure's unit: kg CO2e, GJ of energy, kL crude-oil equivalent. */
export const reportFigureUnits: Readonly<Record<ReportFigure, ReportFigureUnit>> = {
  scope1Kg: 'kg',
  scope2LocationKg: 'kg',
  scope2MarketKg: 'kg',
  scope3Kg: 'kg',
  basicKg: 'kg',
  adjustedKg: 'kg',
  energyCo2BasicKg: 'kg',
  energyCo2AdjustedKg: 'kg',
  gj: 'GJ',
  crudeOilKl: 'kL',
};

/**
 * Each regime's headline figures, in the order they are shown. A regime added to `reportRegimes`
 * is a type error here until its figures are named.
 */
export const regimeFigures = {
  ghgProtocol: ['scope1Kg', 'scope2LocationKg', 'scope2MarketKg', 'scope3Kg'],
  shk: ['basicKg', 'adjustedKg', 'energyCo2BasicKg', 'energyCo2AdjustedKg', 'crudeOilKl'],
  energyConservation: ['gj', 'crudeOilKl'],
} as const satisfies Record<ReportRegime, readonly ReportFigure[]>;
export type RegimeFigure<R extends ReportRegime> = (typeof regimeFigures)[R][number];

/** A commit position of the log, decimal digits of a bigint. */
const positionText = () => z.string().max(19).regex(/^\d{1,19}$/);
/** A SHA-256, lowercase hex. */
const sha256Text = () => z.string().length(64).regex(/^[0-9a-f]{64}$/);
/** kg CO2e (or GJ, kL) as exact decimal text with six decimals, as the report's content carries it. */
const kgText = () => z.string().max(32).regex(/^-?\d{1,24}\.\d{6}$/);
const lineCount = () => z.number().int().min(0).max(LIMITS.maxVersion);

/** The figures of a regime other than the GHG Protocol, by name (each regime records its own, `regimeFigures`). */
const otherFigures = Object.fromEntries(reportFigures.map((f) => [f, kgText().optional()])) as { [F in ReportFigure]: z.ZodOptional<ReturnType<typeof kgText>> };

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
    /**
     * The GHG Protocol inventory's headline figures as filed (every `ghgProtocol` filing has them;
     * the whole content is reproduced from the log, not stored). Absent for the other regimes.
     */
    totals: z.object({ scope1Kg: kgText(), scope2LocationKg: kgText(), scope2MarketKg: kgText(), scope3Kg: kgText(), lines: lineCount() }).optional(),
    /**
     * The headline figures of an SHK or 省エネ法 filing (`regimeFigures` of its regime) and the lines
     * it counted. Absent for `ghgProtocol` (its figures are `totals`, as before these regimes).
     */
    figures: z.strictObject({ lines: lineCount(), ...otherFigures }).optional(),
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
