import { labels, type Labels } from '../../i18n';
import type { FactorComponent, FactorEntry, FactorSet } from '../types';

const CHECK =
  'Selected value as listed in DATA-SOURCES.md ("check against the official flat file"); unconfirmed until compared with the DESNZ 2025 flat file.';

const e = (key: string, label: Labels, components: FactorComponent[], note?: string): FactorEntry => ({
  kind: 'emission',
  key,
  label,
  components,
  confirmed: false,
  note: note ? `${CHECK} ${note}` : CHECK,
});
const ttw = (value: number, unit: string): FactorComponent => ({ value, unit, stage: 'TTW' });
const wtt = (value: number, unit: string): FactorComponent => ({ value, unit, stage: 'WTT' });
const plain = (value: number, unit: string): FactorComponent => ({ value, unit });

/**
 * UK DESNZ/DEFRA greenhouse-gas conversion factors 2025, a selection. DESNZ publishes kg CO2e
 * (and per-gas columns this selection does not carry), so results from these factors report CO2e
 * only, not split by gas. Freight and travel values are direct (TTW); WTT values are the separate
 * well-to-tank table and are tagged as such.
 */
export const UK_DESNZ_2025: FactorSet = {
  id: 'uk-desnz',
  version: '2025',
  title: labels('英国DESNZ/DEFRA 温室効果ガス換算係数 2025(抜粋)', 'UK DESNZ/DEFRA greenhouse gas conversion factors 2025 (selection)', '英国DESNZ/DEFRA 温室气体换算系数 2025（节选）'),
  publisher: 'Department for Energy Security and Net Zero (DESNZ), UK',
  year: 2025,
  citation: 'DESNZ (2025) UK Government GHG Conversion Factors for Company Reporting, 2025, full set (flat file).',
  licence: 'Open Government Licence v3.0. Attribution: “Contains public sector information licensed under the Open Government Licence v3.0.” (DESNZ).',
  valid: { from: '2025-01-01', to: '2025-12-31' },
  entries: [
    e('freight.hgv.allDiesel.averageLaden', labels('大型貨物車 全ディーゼル 平均積載', 'HGV, all diesel, all HGVs, average laden', '重型货车 全柴油 平均载重'), [ttw(0.10163, 'kg-CO2e/tkm'), wtt(0.02359, 'kg-CO2e/tkm')]),
    e('freight.hgv.allArtics', labels('大型貨物車 トレーラー(全)', 'HGV, all artics', '重型货车 铰接式（全部）'), [ttw(0.078, 'kg-CO2e/tkm')]),
    e('freight.hgv.allRigids', labels('大型貨物車 単車(全)', 'HGV, all rigids', '重型货车 刚性（全部）'), [ttw(0.19748, 'kg-CO2e/tkm')]),
    e('freight.rail', labels('貨物鉄道', 'freight train', '铁路货运'), [ttw(0.02779, 'kg-CO2e/tkm'), wtt(0.00691, 'kg-CO2e/tkm')]),
    e('freight.containerShip.average', labels('コンテナ船 平均', 'container ship, average', '集装箱船 平均'), [ttw(0.01612, 'kg-CO2e/tkm')]),
    e('freight.bulkCarrier.average', labels('バルクキャリア 平均', 'bulk carrier, average', '散货船 平均'), [ttw(0.00353, 'kg-CO2e/tkm')]),
    e('freight.air.longHaul.withoutRF', labels('航空貨物 長距離(RFなし)', 'freight flight, long-haul, without RF', '航空货运 长途（不含RF）'), [ttw(0.5313, 'kg-CO2e/tkm')]),
    e('freight.air.longHaul.withRF', labels('航空貨物 長距離(RF込み)', 'freight flight, long-haul, with RF', '航空货运 长途（含RF）'), [ttw(0.89939, 'kg-CO2e/tkm')], 'Includes the radiative-forcing uplift for non-CO2 effects at altitude.'),
    e('freight.air.shortHaul.withoutRF', labels('航空貨物 短距離(RFなし)', 'freight flight, short-haul, without RF', '航空货运 短途（不含RF）'), [ttw(0.75539, 'kg-CO2e/tkm')]),
    e('freight.air.shortHaul.withRF', labels('航空貨物 短距離(RF込み)', 'freight flight, short-haul, with RF', '航空货运 短途（含RF）'), [ttw(1.27835, 'kg-CO2e/tkm')], 'Includes the radiative-forcing uplift.'),
    e('travel.flight.longHaul.economy.withoutRF', labels('航空 長距離 エコノミー(RFなし)', 'flight, long-haul, economy, without RF', '航班 长途 经济舱（不含RF）'), [ttw(0.06926, 'kg-CO2e/pkm')]),
    e('travel.flight.longHaul.economy.withRF', labels('航空 長距離 エコノミー(RF込み)', 'flight, long-haul, economy, with RF', '航班 长途 经济舱（含RF）'), [ttw(0.11704, 'kg-CO2e/pkm')], 'Includes the radiative-forcing uplift.'),
    e('travel.flight.shortHaul.economy.withoutRF', labels('航空 短距離 エコノミー(RFなし)', 'flight, short-haul, economy, without RF', '航班 短途 经济舱（不含RF）'), [ttw(0.07435, 'kg-CO2e/pkm')]),
    e('travel.flight.shortHaul.economy.withRF', labels('航空 短距離 エコノミー(RF込み)', 'flight, short-haul, economy, with RF', '航班 短途 经济舱（含RF）'), [ttw(0.12576, 'kg-CO2e/pkm')], 'Includes the radiative-forcing uplift.'),
    e('travel.rail.national', labels('鉄道(英国国内)', 'national rail', '国家铁路'), [ttw(0.03546, 'kg-CO2e/pkm')]),
    e('travel.bus.localAverage', labels('路線バス 平均', 'average local bus', '本地公交 平均'), [ttw(0.10385, 'kg-CO2e/pkm')]),
    e('travel.car.average.unknownFuel', labels('乗用車 平均(燃料不明)', 'average car, unknown fuel', '轿车 平均（燃料未知）'), [ttw(0.16725, 'kg-CO2e/km')], 'Per vehicle-km, not per passenger-km.'),
    e('hotel.JP', labels('ホテル宿泊 日本', 'hotel stay, Japan', '酒店住宿 日本'), [plain(39.0, 'kg-CO2e/night')], 'Per room per night.'),
    e('hotel.UK', labels('ホテル宿泊 英国', 'hotel stay, UK', '酒店住宿 英国'), [plain(10.4, 'kg-CO2e/night')], 'Per room per night.'),
    e('hotel.US', labels('ホテル宿泊 米国', 'hotel stay, United States', '酒店住宿 美国'), [plain(16.1, 'kg-CO2e/night')], 'Per room per night.'),
    e('hotel.CN', labels('ホテル宿泊 中国', 'hotel stay, China', '酒店住宿 中国'), [plain(53.5, 'kg-CO2e/night')], 'Per room per night.'),
    e('waste.commercialIndustrial.landfill', labels('事業系・産業廃棄物 埋立', 'commercial and industrial waste, landfill', '商业及工业废弃物 填埋'), [plain(520.5327, 'kg-CO2e/t')]),
    e('waste.commercialIndustrial.incinerationEnergyRecovery', labels('事業系・産業廃棄物 焼却(熱回収あり)', 'commercial and industrial waste, combustion with energy recovery', '商业及工业废弃物 焚烧（能源回收）'), [plain(4.68568, 'kg-CO2e/t')]),
    e('water.supply', labels('上水供給', 'water supply', '供水'), [plain(0.1913, 'kg-CO2e/m3')]),
    e('water.treatment', labels('排水処理', 'water treatment', '污水处理'), [plain(0.17088, 'kg-CO2e/m3')]),
    e('wtt.diesel', labels('軽油 WTT(上流)', 'diesel, well-to-tank', '柴油 WTT（上游）'), [wtt(0.61101, 'kg-CO2e/L')], 'Average biofuel blend diesel as sold in the UK.'),
    e('wtt.naturalGas', labels('天然ガス WTT(上流, 総発熱量基準)', 'natural gas, well-to-tank (gross CV)', '天然气 WTT（上游，高位发热量）'), [wtt(0.03021, 'kg-CO2e/kWh')], 'Per kWh on a gross calorific value basis.'),
  ],
};
