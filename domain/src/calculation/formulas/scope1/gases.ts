import { labels } from '../../i18n';
import { GHG_TYPES } from '../../gwp/gases';
import { common, field } from '../fields';
import { defineFormula } from '../define';
import { amountOf, fraction, has, KG, option, quantityIn, unitOf, used } from '../kit';
import { checkGhgType, emitGas, resolveGas } from '../gases';

/**
 * CH4, N2O, HFC, PFC, SF6, NF3 (and CO2 given as a gas mass): mass of gas × GWP. The mass is either
 * entered directly (kg of gas) or computed as activity × a kg-of-gas-per-unit intensity. Blends
 * split into their components, so the result reports each HFC separately.
 */
export const s1Gas = defineFormula({
  id: 's1.gas',
  scope: '1',
  name: labels('排出量 × 地球温暖化係数', 'gas emitted × GWP', '排放量 × 全球变暖潜能值'),
  description: labels(
    'CO2換算排出量 = Σ (活動量 × 排出原単位) × 地球温暖化係数',
    'CO2e emissions = Σ (activity amount × emission intensity) × global warming potential',
    'CO2当量排放量 = Σ (活动量 × 排放原单位) × 全球变暖潜能值',
  ),
  expression: 'm_gas [kg] = activity [u] × EF [kg/u]  (or m_gas entered);  CO2e = Σ_components m_gas × w_i × GWP_i',
  fields: [
    field('ghgType', 'GHGType', labels('温室効果ガスの種類', 'greenhouse gas type', '温室气体种类'), { options: GHG_TYPES }),
    field('gas', 'GWP', labels('ガス名・地球温暖化係数', 'gas and GWP', '气体名称・全球变暖潜能值')),
    common.activity(labels('活動量(原単位がない場合はガス排出量 kg)', 'activity amount (or kg of gas emitted when no intensity)', '活动量（无原单位时为气体排放量 kg）')),
    common.intensity('emissionIntensity', labels('排出原単位(kg/活動量)', 'emission intensity (kg of gas per unit)', '排放原单位（kg/活动量）'), false),
  ],
  compile: (env) => (inputs, r) => {
    const gas = resolveGas(env, inputs.gas, 'gas');
    checkGhgType(option(inputs, 'ghgType', GHG_TYPES), gas, 'ghgType');
    let kg: number;
    if (has(inputs, 'emissionIntensity')) {
      const unitText = unitOf(inputs, 'amount');
      const ef = env.quantity(inputs.emissionIntensity, 'emissionIntensity', KG, unitText === undefined ? undefined : env.unit(unitText, 'amount'));
      used(env, r, ef);
      kg = amountOf(inputs, 'amount') * ef.value;
    } else {
      kg = quantityIn(inputs, 'amount', KG);
    }
    emitGas(r, gas, kg);
  },
});

/**
 * Refrigerant leakage from equipment: leaked mass × GWP of the refrigerant (blends by component).
 * Leaked mass = the amount entered (refilled minus recovered, from service records), or charge ×
 * annual leak rate when only the charge is known (screening method).
 */
export const s1Refrigerant = defineFormula({
  id: 's1.refrigerant',
  scope: '1',
  name: labels('冷媒漏えい', 'refrigerant leakage', '制冷剂泄漏'),
  description: labels(
    'CO2換算排出量 = Σ 冷媒漏えい量(充填量 × 漏えい率) × 地球温暖化係数',
    'CO2e emissions = Σ refrigerant leaked (charge × leak rate) × global warming potential',
    'CO2当量排放量 = Σ 制冷剂泄漏量（充注量 × 泄漏率） × 全球变暖潜能值',
  ),
  expression: 'm [kg] = leaked, or charge [kg] × leak rate;  CO2e = Σ_components m × w_i × GWP_i',
  fields: [
    field('equipment', 'STRING', labels('機器名', 'equipment', '设备名称'), { dealMapping: 'item' }),
    field('refrigerant', 'GWP', labels('冷媒の種類', 'refrigerant', '制冷剂种类')),
    field('leaked', 'NUMBER', labels('漏えい量', 'amount leaked', '泄漏量'), { unit: 'kg', required: false }),
    field('charge', 'NUMBER', labels('冷媒充填量', 'refrigerant charge', '制冷剂充注量'), { unit: 'kg', required: false }),
    common.percentage('leakRate', labels('漏えい率(年)', 'annual leak rate', '年泄漏率'), { required: false }),
  ],
  compile: (env) => (inputs, r) => {
    const gas = resolveGas(env, inputs.refrigerant, 'refrigerant');
    const kg = has(inputs, 'leaked') ? quantityIn(inputs, 'leaked', KG) : quantityIn(inputs, 'charge', KG) * fraction(inputs, 'leakRate');
    emitGas(r, gas, kg);
  },
});

