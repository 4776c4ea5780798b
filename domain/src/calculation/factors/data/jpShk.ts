import { labels, type Labels } from '../../i18n';
import type { FactorEntry, FactorSet } from '../types';

/**
 * SHK (温室効果ガス排出量算定・報告・公表制度) fuel factors. CO2 = amount × heating value × carbon
 * coefficient × 44/12. Each fuel ships three entries: the heating value, the carbon coefficient, and
 * the published rounded kg-CO2 per unit (what the ministry's tools print). The formula `s1.fuel-heat`
 * recomputes from the first two; `s1.fuel` uses the third. Both are kept because reports differ in
 * which they use, and the difference (2.585 vs 2.58 kg/L for diesel) must stay visible.
 */

const CITATION_LEGACY =
  '環境省・経済産業省「温室効果ガス排出量算定・報告マニュアル」および「算定方法・排出係数一覧」(地球温暖化対策の推進に関する法律施行令 別表), factors applicable to activity data up to FY2022.';
const CITATION_2024 =
  '環境省・経済産業省「算定方法・排出係数一覧」, revised factors applicable from the FY2024 report (FY2023 activity data). City gas at 25 °C, 1 bar.';
const LICENCE =
  'Laws, ordinances and notices are not copyrighted (著作権法 §13); ministry pages under 政府標準利用規約 2.0 / PDL1.0 (CC-BY 4.0 compatible). Attribution: 環境省・経済産業省.';

function fuel(
  key: string,
  name: Labels,
  heating: { value: number; unit: string },
  carbon: number,
  published: { value: number; unit: string },
  note?: string,
): FactorEntry[] {
  const derived = `published rounding of ${heating.value} × ${carbon} × 44/12`;
  return [
    {
      kind: 'emission',
      key: `fuel.${key}`,
      label: labels(`${name.ja} CO2排出係数`, `${name.en}, CO2 emission factor`, `${name.zhHans} CO2排放系数`),
      components: [{ value: published.value, unit: published.unit, stage: 'TTW' }],
      confirmed: true,
      note: note ? `${derived}. ${note}` : derived,
    },
    {
      kind: 'quantity',
      key: `heatingValue.${key}`,
      label: labels(`${name.ja} 単位発熱量`, `${name.en}, heating value`, `${name.zhHans} 单位发热量`),
      value: heating.value,
      unit: heating.unit,
      confirmed: true,
    },
    {
      kind: 'quantity',
      key: `carbonCoefficient.${key}`,
      label: labels(`${name.ja} 炭素排出係数`, `${name.en}, carbon emission coefficient`, `${name.zhHans} 碳排放系数`),
      value: carbon,
      unit: 't-C/GJ',
      confirmed: true,
    },
  ];
}

export const JP_SHK_LEGACY: FactorSet = {
  id: 'jp-shk',
  version: 'legacy',
  title: labels('算定・報告・公表制度 排出係数(2022年度実績まで)', 'Japan SHK emission factors (activity up to FY2022)', '日本SHK制度排放系数（至2022财年实绩）'),
  publisher: '環境省・経済産業省 (Ministry of the Environment; Ministry of Economy, Trade and Industry)',
  year: 2006,
  citation: CITATION_LEGACY,
  licence: LICENCE,
  valid: { to: '2023-03-31' },
  entries: [
    ...fuel('gasoline', labels('ガソリン', 'gasoline', '汽油'), { value: 34.6, unit: 'GJ/kL' }, 0.0183, { value: 2.32, unit: 'kg-CO2/L' }),
    ...fuel('kerosene', labels('灯油', 'kerosene', '煤油'), { value: 36.7, unit: 'GJ/kL' }, 0.0185, { value: 2.49, unit: 'kg-CO2/L' }),
    ...fuel('diesel', labels('軽油', 'diesel (gas oil)', '柴油'), { value: 37.7, unit: 'GJ/kL' }, 0.0187, { value: 2.58, unit: 'kg-CO2/L' }),
    ...fuel('heavyOilA', labels('A重油', 'heavy fuel oil A', 'A重油'), { value: 39.1, unit: 'GJ/kL' }, 0.0189, { value: 2.71, unit: 'kg-CO2/L' }),
    ...fuel('lpg', labels('液化石油ガス(LPG)', 'liquefied petroleum gas (LPG)', '液化石油气(LPG)'), { value: 50.8, unit: 'GJ/t' }, 0.0161, { value: 3.0, unit: 'kg-CO2/kg' }),
    ...fuel(
      'cityGas',
      labels('都市ガス', 'city gas', '城市燃气'),
      { value: 44.8, unit: 'GJ/thousand_Nm3' },
      0.0136,
      { value: 2.23, unit: 'kg-CO2/Nm3' },
      'Volume at normal conditions (0 °C, 1 atm): Nm³, which the engine keeps apart from metered m³.',
    ),
  ],
};

export const JP_SHK_2024: FactorSet = {
  id: 'jp-shk',
  version: '2024',
  title: labels('算定・報告・公表制度 排出係数(2024年度報告~)', 'Japan SHK emission factors (reports from FY2024)', '日本SHK制度排放系数（2024年度报告起）'),
  publisher: '環境省・経済産業省 (Ministry of the Environment; Ministry of Economy, Trade and Industry)',
  year: 2024,
  citation: CITATION_2024,
  licence: LICENCE,
  valid: { from: '2023-04-01' },
  // Only city gas is shipped: the revised liquid-fuel and LPG values and the national-average electricity
  // factor have no source cleared for redistribution yet, and we do not fall back to legacy values.
  entries: fuel(
    'cityGas',
    labels('都市ガス', 'city gas', '城市燃气'),
    { value: 40.0, unit: 'GJ/thousand_m3' },
    0.014,
    { value: 2.05, unit: 't-CO2/thousand_m3' },
    'Gas volume at 25 °C, 1 bar (千m³), not Nm³.',
  ),
};
