import type { MessageId } from '@ghg/locales';
import { energyReportRoutes, shkReportRoutes } from '@ghg/api';
import type { ReportRegime } from '@ghg/events';
import { energyReportCodes } from './energyApi';
import { shkReportCodes } from './shkApi';

/**
 * The two regulatory report pages (省エネ法, 温対法 SHK), one record each: the regime a filing of
 * it records, its page's texts, its workbook route, the names of its refusals, its file's name and
 * its print button's label. The page frame (RegulatoryReportFrame) and the buttons read them here.
 */
export const regulatoryReports = {
  energy: {
    regime: 'energyConservation',
    subtitle: 'energyReport.subtitle',
    intro: 'energyReport.intro',
    route: energyReportRoutes.xlsx,
    codes: energyReportCodes,
    fallbackName: 'energy-report.xlsx',
    print: 'energyReport.print',
  },
  shk: {
    regime: 'shk',
    subtitle: 'shkReport.subtitle',
    intro: 'shkReport.intro',
    route: shkReportRoutes.xlsx,
    codes: shkReportCodes,
    fallbackName: 'shk-report.xlsx',
    print: 'shkReport.print',
  },
} as const satisfies Record<string, { regime: ReportRegime; subtitle: MessageId; intro: MessageId; route: unknown; codes: Readonly<Record<string, MessageId>>; fallbackName: string; print: MessageId }>;

export type RegulatoryReport = keyof typeof regulatoryReports;
