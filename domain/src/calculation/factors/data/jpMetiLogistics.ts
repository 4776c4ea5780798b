import { labels } from '../../i18n';
import type { FactorSet } from '../types';

/**
 * Improved ton-km method (改良トンキロ法) for trucks: fuel per ton-km y (L/t·km) from the load rate
 * x (%) and the maximum payload z (kg): ln y = a − b·ln(x/100) − c·ln z. These are the classic
 * coefficients. METI revised the method for FY2022 (共同ガイドライン Ver.3.2, 2023); the revised
 * coefficients and the default load-rate table are not shipped (no source cleared for redistribution
 * yet) and would be a new version of this set, so a result always says which regression it used.
 */
export const JP_METI_LOGISTICS_CLASSIC: FactorSet = {
  id: 'jp-meti-logistics',
  version: 'classic',
  title: labels('物流分野のCO2排出量算定 改良トンキロ法(従来係数)', 'Japan logistics CO2 guideline, improved ton-km method (classic coefficients)', '日本物流CO2计算 改良吨公里法（传统系数）'),
  publisher: '経済産業省・国土交通省 (Ministry of Economy, Trade and Industry; Ministry of Land, Infrastructure, Transport and Tourism)',
  year: 2006,
  citation: '経済産業省・国土交通省「物流分野のCO2排出量に関する算定方法ガイドライン」; 省エネ法 荷主に係る告示 (改良トンキロ法の燃料使用原単位算定式).',
  licence: 'Notices (告示) are not copyrighted (著作権法 §13); guideline under 政府標準利用規約 2.0 / PDL1.0. Attribution: 経済産業省・国土交通省.',
  entries: [
    {
      kind: 'coefficients',
      key: 'improvedTonKm.diesel',
      label: labels('改良トンキロ法 軽油車', 'improved ton-km method, diesel truck', '改良吨公里法 柴油货车'),
      equation: 'ln y = a − b·ln(x/100) − c·ln z  (y: L/t·km, x: load rate %, z: maximum payload kg)',
      coefficients: { a: 2.71, b: 0.812, c: 0.654 },
      confirmed: true,
    },
    {
      kind: 'coefficients',
      key: 'improvedTonKm.gasoline',
      label: labels('改良トンキロ法 ガソリン車', 'improved ton-km method, gasoline truck', '改良吨公里法 汽油货车'),
      equation: 'ln y = a − b·ln(x/100) − c·ln z  (y: L/t·km, x: load rate %, z: maximum payload kg)',
      coefficients: { a: 2.67, b: 0.927, c: 0.648 },
      confirmed: true,
    },
  ],
};

/** 省エネ法: crude-oil equivalent of energy (原油換算), used for energy reporting next to emissions. */
export const JP_ENERGY_CONSERVATION_ACT: FactorSet = {
  id: 'jp-energy-conservation-act',
  version: 'current',
  title: labels('省エネ法 原油換算係数', 'Japan Energy Conservation Act crude-oil equivalent', '日本节能法 原油换算系数'),
  publisher: '経済産業省 資源エネルギー庁 (Agency for Natural Resources and Energy)',
  year: 2023,
  citation: 'エネルギーの使用の合理化及び非化石エネルギーへの転換等に関する法律 施行規則 (原油換算 0.0258 kL/GJ).',
  licence: 'Laws and ordinances are not copyrighted (著作権法 §13).',
  entries: [
    {
      kind: 'quantity',
      key: 'crudeOilEquivalent',
      label: labels('原油換算係数', 'crude-oil equivalent', '原油换算系数'),
      value: 0.0258,
      unit: 'kL/GJ',
      confirmed: true,
    },
  ],
};
