import { labels } from '../../i18n';
import type { FactorSet } from '../types';

const CHECK =
  'Quoted from Ver.2.5 in a secondary source ("(check)" in DATA-SOURCES.md); confirm against the ministry’s 排出原単位データベース before relying on it. Ver.3.x tables should replace it when found.';

/**
 * Ministry of the Environment supply-chain emission-unit database (サプライチェーンを通じた組織の温室効果
 * ガス排出等の算定のための排出原単位データベース). Only the values quoted in a secondary source are
 * shipped, all unconfirmed. Per-yen (産業連関) factors, accommodation per night and per-employee
 * commuting factors by working form and city group are NOT shipped: formulas that need them take a
 * factor on the line or from a user-uploaded set.
 */
export const JP_MOE_SCDB_2_5: FactorSet = {
  id: 'jp-moe-scdb',
  version: '2.5',
  title: labels('排出原単位データベース Ver.2.5(抜粋)', 'Japan MOE supply-chain emission-unit database Ver.2.5 (selection)', '日本环境省供应链排放原单位数据库 Ver.2.5（节选）'),
  publisher: '環境省 (Ministry of the Environment, Japan)',
  year: 2015,
  citation: '環境省「サプライチェーンを通じた組織の温室効果ガス排出等の算定のための排出原単位データベース」Ver.2.5.',
  licence: 'Ministry publication under 政府標準利用規約 2.0 / PDL1.0 (CC-BY 4.0 compatible). Attribution: 環境省.',
  entries: [
    {
      kind: 'emission',
      key: 'commuting.rail',
      label: labels('通勤 鉄道', 'commuting, rail', '通勤 铁路'),
      components: [{ value: 0.0236, unit: 'kg-CO2/pkm', stage: 'TTW' }],
      confirmed: false,
      note: CHECK,
    },
    {
      kind: 'emission',
      key: 'commuting.bus',
      label: labels('通勤 バス', 'commuting, bus', '通勤 公交车'),
      components: [{ value: 0.0836, unit: 'kg-CO2/pkm', stage: 'TTW' }],
      confirmed: false,
      note: CHECK,
    },
    {
      kind: 'emission',
      key: 'commuting.car',
      label: labels('通勤 自家用車', 'commuting, private car', '通勤 私家车'),
      components: [{ value: 0.198, unit: 'kg-CO2/pkm', stage: 'TTW' }],
      confirmed: false,
      note: CHECK,
    },
    {
      kind: 'emission',
      key: 'businessTravel.domesticDayTrip',
      label: labels('出張 国内日帰り(出張日数当たり)', 'business travel, domestic day trip (per travel-day)', '出差 国内当日往返（每出差日）'),
      components: [{ value: 0.03, unit: 't-CO2e/person_day' }],
      confirmed: false,
      note: CHECK,
    },
    {
      kind: 'emission',
      key: 'businessTravel.domesticStay',
      label: labels('出張 国内宿泊(出張日数当たり)', 'business travel, domestic with stay (per travel-day)', '出差 国内住宿（每出差日）'),
      components: [{ value: 0.027, unit: 't-CO2e/person_day' }],
      confirmed: false,
      note: CHECK,
    },
    {
      kind: 'emission',
      key: 'businessTravel.overseas',
      label: labels('出張 海外(出張日数当たり)', 'business travel, overseas (per travel-day)', '出差 海外（每出差日）'),
      components: [{ value: 0.045, unit: 't-CO2e/person_day' }],
      confirmed: false,
      note: CHECK,
    },
  ],
};
