import { labels, type Labels } from '../../i18n';
import type { FactorEntry, FactorSet } from '../types';

const fuel = (key: string, label: Labels, per: string, co2Kg: number, ch4G: number, n2oG: number, note?: string): FactorEntry => ({
  kind: 'emission',
  key,
  label,
  components: [
    { value: co2Kg, unit: `kg-CO2/${per}`, stage: 'TTW' },
    { value: ch4G, unit: `g-CH4/${per}`, stage: 'TTW' },
    { value: n2oG, unit: `g-N2O/${per}`, stage: 'TTW' },
  ],
  confirmed: true,
  ...(note ? { note } : {}),
});

/**
 * US EPA GHG Emission Factors Hub 2024, stationary combustion and steam. Each fuel carries CO2, CH4
 * and N2O separately, so the GWP set chosen for the calculation (AR5 or AR6) decides the CO2e.
 */
export const US_EPA_HUB_2024: FactorSet = {
  id: 'us-epa-hub',
  version: '2024',
  title: labels('米国EPA 排出係数ハブ 2024(定置燃焼)', 'US EPA GHG Emission Factors Hub 2024 (stationary combustion)', '美国EPA温室气体排放因子中心 2024（固定燃烧）'),
  publisher: 'United States Environmental Protection Agency',
  year: 2024,
  citation: 'US EPA (2024) GHG Emission Factors Hub, tables 1 (stationary combustion) and 7 (steam and heat).',
  licence: 'US federal government work: public domain.',
  entries: [
    fuel('stationary.naturalGas', labels('天然ガス', 'natural gas', '天然气'), 'mmBtu', 53.06, 1, 0.1),
    {
      kind: 'emission',
      key: 'stationary.naturalGas.perScf',
      label: labels('天然ガス(体積当たり, CO2のみ)', 'natural gas per standard cubic foot (CO2 only)', '天然气（按体积，仅CO2）'),
      components: [{ value: 0.05444, unit: 'kg-CO2/scf', stage: 'TTW' }],
      confirmed: true,
      note: 'CO2 only; the CH4 and N2O per scf are not in DATA-SOURCES.md. Use the per-mmBtu factor for all three gases.',
    },
    fuel('stationary.distillateNo2', labels('留出油 No.2', 'distillate fuel oil No. 2', '馏分燃料油 2号'), 'gal', 10.21, 0.41, 0.08),
    fuel('stationary.residualNo6', labels('残渣油 No.6', 'residual fuel oil No. 6', '残渣燃料油 6号'), 'gal', 11.27, 0.45, 0.09),
    fuel('stationary.propane', labels('プロパン', 'propane', '丙烷'), 'gal', 5.72, 0.27, 0.05),
    {
      kind: 'emission',
      key: 'steam',
      label: labels('購入蒸気・熱', 'purchased steam and heat', '外购蒸汽和热力'),
      components: [
        { value: 66.33, unit: 'kg-CO2/mmBtu' },
        { value: 1.25, unit: 'g-CH4/mmBtu' },
        { value: 0.125, unit: 'g-N2O/mmBtu' },
      ],
      confirmed: true,
    },
  ],
};
