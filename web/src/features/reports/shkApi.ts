import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { MessageId } from '@ghg/locales';
import { shkReportRoutes } from '@ghg/api';
import { call, type Answer } from '../../core/api/call';
import { REPORTS_TOPIC } from './api';

export type ShkReportAnswer = Answer<typeof shkReportRoutes.report>;
export type ShkContent = ShkReportAnswer['content'];
export type ShkGap = ShkReportAnswer['gaps'][number];
export type ShkGasClass = ShkContent['gases'][number]['gas'];
export type ShkAdjustmentKind = ShkContent['adjustments'][number]['kind'];
export type ShkRule = ShkContent['classification'][number]['rule'];

export const shkReportCodes: Record<string, MessageId> = { as_of_ahead: 'shkReport.error.asOfAhead' };

export const shkGasName: Record<ShkGasClass, MessageId> = {
  energyCo2: 'shkReport.gas.energyCo2',
  nonEnergyCo2: 'shkReport.gas.nonEnergyCo2',
  ch4: 'shkReport.gas.ch4',
  n2o: 'shkReport.gas.n2o',
  hfcs: 'shkReport.gas.hfcs',
  pfcs: 'shkReport.gas.pfcs',
  sf6: 'shkReport.gas.sf6',
  nf3: 'shkReport.gas.nf3',
};

export const shkAdjustmentName: Record<ShkAdjustmentKind, MessageId> = {
  nonFossilCertificates: 'shkReport.adjustment.nonFossilCertificates',
  domesticCredits: 'shkReport.adjustment.domesticCredits',
  jcmCredits: 'shkReport.adjustment.jcmCredits',
  greenEnergyCertificates: 'shkReport.adjustment.greenEnergyCertificates',
};

export const shkRuleName: Record<ShkRule, MessageId> = {
  fuelCombustion: 'shkReport.rule.fuelCombustion',
  purchasedEnergy: 'shkReport.rule.purchasedEnergy',
  processCo2: 'shkReport.rule.processCo2',
  gasByGroup: 'shkReport.rule.gasByGroup',
  outOfScope: 'shkReport.rule.outOfScope',
};

/** The 温対法 SHK report of a fiscal year as of now or `asOf`. */
export function useShkReport(companyId: string, fiscalYear: number, asOf: string | null) {
  return useQuery({
    queryKey: [REPORTS_TOPIC, companyId, 'shk', fiscalYear, asOf],
    queryFn: ({ signal }) => call(shkReportRoutes.report, { query: { fiscalYear, ...(asOf ? { asOf } : {}) }, signal }),
    placeholderData: keepPreviousData,
  });
}
