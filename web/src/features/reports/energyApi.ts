import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { MessageId } from '@ghg/locales';
import { energyReportRoutes } from '@ghg/api';
import { call, type Answer } from '../../core/api/call';
import { REPORTS_TOPIC } from './api';

export type EnergyReportAnswer = Answer<typeof energyReportRoutes.report>;
export type EnergyGap = EnergyReportAnswer['gaps'][number];
export type EnergyType = EnergyReportAnswer['content']['years'][number]['byType'][number]['energyType'];

export const energyReportCodes: Record<string, MessageId> = { as_of_ahead: 'energyReport.error.asOfAhead' };

export const energyTypeName: Record<EnergyType, MessageId> = {
  gasoline: 'energyReport.type.gasoline',
  kerosene: 'energyReport.type.kerosene',
  diesel: 'energyReport.type.diesel',
  heavyOilA: 'energyReport.type.heavyOilA',
  lpg: 'energyReport.type.lpg',
  cityGas: 'energyReport.type.cityGas',
  electricity: 'energyReport.type.electricity',
  other: 'energyReport.type.other',
};

/** The 省エネ法 report of a fiscal year (and the four before it) as of now or `asOf`. */
export function useEnergyReport(companyId: string, fiscalYear: number, asOf: string | null) {
  return useQuery({
    queryKey: [REPORTS_TOPIC, companyId, 'energy', fiscalYear, asOf],
    queryFn: ({ signal }) => call(energyReportRoutes.report, { query: { fiscalYear, ...(asOf ? { asOf } : {}) }, signal }),
    placeholderData: keepPreviousData,
  });
}
