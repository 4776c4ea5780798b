import { labels, type Labels } from '../i18n';
import type { GasId } from './gases';

/** One GWP-100 value with the same provenance discipline as emission factors. */
export interface GwpValue {
  readonly value: number;
  /** false: seen only in a secondary source; see `note`. */
  readonly confirmed: boolean;
  readonly note?: string;
}

export interface GwpSet {
  /** Recorded with every result ('AR5', 'AR6', 'JP-SHK-2024'). */
  readonly id: string;
  readonly version: string;
  readonly title: Labels;
  readonly publisher: string;
  readonly year: number;
  readonly citation: string;
  readonly licence: string;
  readonly values: Readonly<Partial<Record<GasId, GwpValue>>>;
}

const v = (value: number, confirmed = true, note?: string): GwpValue => (note ? { value, confirmed, note } : { value, confirmed });

/** IPCC AR5 WG I, ch. 8, table 8.A.1, GWP-100 without climate-carbon feedback. */
export const GWP_AR5: GwpSet = {
  id: 'AR5',
  version: '2013',
  title: labels('IPCC第5次評価報告書 GWP-100', 'IPCC Fifth Assessment Report GWP-100', 'IPCC第五次评估报告 GWP-100'),
  publisher: 'Intergovernmental Panel on Climate Change',
  year: 2013,
  citation: 'Myhre, G. et al. (2013) Anthropogenic and Natural Radiative Forcing. In: Climate Change 2013: The Physical Science Basis. WG I contribution to AR5, ch. 8, table 8.A.1.',
  licence: 'Scientific facts; values are not subject to copyright.',
  values: {
    CO2: v(1),
    CH4: v(28),
    'CH4-fossil': v(30),
    N2O: v(265),
    SF6: v(23500),
    NF3: v(16100),
    'HFC-23': v(12400),
    'HFC-32': v(677),
    'HFC-125': v(3170),
    'HFC-134a': v(1300),
    'HFC-143a': v(4800),
    'HFC-152a': v(138),
    'HFC-227ea': v(3350),
    CF4: v(6630),
    C2F6: v(11100),
  },
};

/** IPCC AR6 WG I, ch. 7, table 7.SM.7, GWP-100. */
export const GWP_AR6: GwpSet = {
  id: 'AR6',
  version: '2021',
  title: labels('IPCC第6次評価報告書 GWP-100', 'IPCC Sixth Assessment Report GWP-100', 'IPCC第六次评估报告 GWP-100'),
  publisher: 'Intergovernmental Panel on Climate Change',
  year: 2021,
  citation: 'Forster, P. et al. (2021) The Earth’s Energy Budget, Climate Feedbacks, and Climate Sensitivity. In: Climate Change 2021: The Physical Science Basis. WG I contribution to AR6, ch. 7, table 7.SM.7.',
  licence: 'Scientific facts; values are not subject to copyright.',
  values: {
    CO2: v(1),
    CH4: v(27.9),
    'CH4-fossil': v(29.8),
    N2O: v(273),
    SF6: v(25200),
    NF3: v(17400),
    'HFC-23': v(14600),
    'HFC-32': v(771),
    'HFC-125': v(3740),
    'HFC-134a': v(1530),
    'HFC-143a': v(5810),
    'HFC-152a': v(164),
    'HFC-227ea': v(3600),
    CF4: v(7380),
    C2F6: v(12400),
  },
};

const SHK_NOTE =
  'SHK fixes its own GWP list by reporting year in the 施行令 of the 地球温暖化対策推進法. From the FY2024 report the list follows AR5; this set copies the AR5 values of DATA-SOURCES.md and is unconfirmed until checked against the 施行令 table. SHK has no separate fossil-CH4 value.';

/**
 * Japan's SHK list for reports from FY2024 (FY2023 data). Not confirmed against the ordinance; the
 * older SHK list (AR4-based, for earlier reports) is not shipped: no source for it is cleared for
 * redistribution yet.
 */
export const GWP_JP_SHK_2024: GwpSet = {
  id: 'JP-SHK-2024',
  version: '2024-report',
  title: labels('算定・報告・公表制度 地球温暖化係数(2024年度報告~)', 'Japan SHK GWP list (reports from FY2024)', '日本SHK制度全球变暖潜能值（2024年度报告起）'),
  publisher: '環境省・経済産業省 (Ministry of the Environment; Ministry of Economy, Trade and Industry)',
  year: 2024,
  citation: '地球温暖化対策の推進に関する法律施行令 第4条 (温室効果ガスの地球温暖化係数), as applied from the FY2024 report.',
  licence: 'Laws and ordinances are not copyrighted (著作権法 §13).',
  values: Object.fromEntries(
    Object.entries(GWP_AR5.values)
      .filter(([gas]) => gas !== 'CH4-fossil')
      .map(([gas, g]) => [gas, v(g!.value, false, SHK_NOTE)]),
  ),
};

export const GWP_SETS: readonly GwpSet[] = [GWP_AR5, GWP_AR6, GWP_JP_SHK_2024];
export const GWP_SET_BY_ID: ReadonlyMap<string, GwpSet> = new Map(GWP_SETS.map((s) => [s.id, s]));
