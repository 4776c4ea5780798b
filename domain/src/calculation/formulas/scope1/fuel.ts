import { labels } from '../../i18n';
import { common, field } from '../fields';
import { defineFormula } from '../define';
import { amountOf, emit, unitOf } from '../kit';

/**
 * 燃料法 (fuel × factor): CO2 = Σ fuel used × emission factor. With SHK factors this uses the
 * published rounded kg-CO2 per unit (diesel 2.58 kg/L); with EPA factors the factor carries CO2,
 * CH4 and N2O, each kept apart in the result and weighted by the batch's GWP set.
 */
export const s1Fuel = defineFormula({
  id: 's1.fuel',
  scope: '1',
  name: labels('燃料使用量 × 排出係数', 'fuel × emission factor', '燃料使用量 × 排放系数'),
  description: labels(
    'CO2排出量 = Σ 燃料使用量 × 排出原単位',
    'CO2 emissions = Σ fuel used × emission intensity',
    'CO2排放量 = Σ 燃料使用量 × 排放原单位',
  ),
  expression: 'E_gas [kg] = Σ amount [u] × EF_gas [kg/u];  CO2e = Σ_gas E_gas × GWP_gas',
  fields: [
    field('fuel', 'STRING', labels('燃料の種類', 'fuel', '燃料种类'), { dealMapping: 'item' }),
    common.activity(labels('燃料使用量', 'fuel used', '燃料使用量')),
    common.intensity(),
  ],
  compile: (env) => (inputs, r) => {
    const f = env.emission(inputs.emissionIntensity, 'emissionIntensity');
    emit(env, r, f, amountOf(inputs, 'amount'), unitOf(inputs, 'amount'), 'direct', 'amount');
  },
});

/** Non-energy CO2 (industrial processes, e.g. limestone calcination): activity × CO2 factor. */
export const s1ProcessCo2 = defineFormula({
  id: 's1.process-co2',
  scope: '1',
  name: labels('非エネルギー起源CO2', 'non-energy CO2', '非能源CO2'),
  description: labels(
    '非エネルギー起源CO2排出量 = Σ 活動量 × 排出原単位',
    'Non-energy CO2 emissions = Σ activity amount × emission intensity',
    '非能源CO2排放量 = Σ 活动量 × 排放原单位',
  ),
  expression: 'CO2 [kg] = Σ activity [u] × EF [kg-CO2/u]',
  fields: [
    field('process', 'STRING', labels('工程・原料', 'process or raw material', '工序・原料'), { dealMapping: 'item' }),
    common.activity(labels('活動量', 'activity amount', '活动量')),
    common.intensity(),
  ],
  compile: (env) => (inputs, r) => {
    const f = env.emission(inputs.emissionIntensity, 'emissionIntensity');
    emit(env, r, f, amountOf(inputs, 'amount'), unitOf(inputs, 'amount'), 'direct', 'amount');
  },
});
