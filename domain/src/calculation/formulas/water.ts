import { labels } from '../i18n';
import { lineError } from '../errors';
import { common, field } from './fields';
import { defineFormula } from './define';
import { amountOf, emit, has, unitOf } from './kit';

/** Water: supply and treatment volumes × their factors (DESNZ: per m³). */
export const waterFormulas = [
  defineFormula({
    id: 'water.supply-treatment',
    scope: 'water',
    name: labels('上水・排水', 'water supply and treatment', '供水・污水处理'),
    description: labels(
      'CO2排出量 = Σ 上水使用量 × 上水の排出原単位 + Σ 排水量 × 排水処理の排出原単位',
      'CO2 emissions = Σ water supplied × supply emission intensity + Σ water treated × treatment emission intensity',
      'CO2排放量 = Σ 供水量 × 供水排放原单位 + Σ 排水量 × 污水处理排放原单位',
    ),
    expression: 'E [kg] = V_supply [m³] × EF_supply + V_treatment [m³] × EF_treatment',
    fields: [
      field('site', 'STRING', labels('拠点', 'site', '据点'), { dealMapping: 'item' }),
      field('supplyVolume', 'NUMBER', labels('上水使用量', 'water supplied', '供水量'), { unit: 'factor', required: false }),
      common.intensity('supplyIntensity', labels('上水の排出原単位', 'water supply emission intensity', '供水排放原单位'), false),
      field('treatmentVolume', 'NUMBER', labels('排水量', 'water treated', '排水量'), { unit: 'factor', required: false }),
      common.intensity('treatmentIntensity', labels('排水処理の排出原単位', 'water treatment emission intensity', '污水处理排放原单位'), false),
    ],
    compile: (env) => (inputs, r) => {
      const supply = has(inputs, 'supplyVolume');
      const treatment = has(inputs, 'treatmentVolume');
      if (!supply && !treatment) lineError('missing_input', 'supplyVolume', 'give a supply or a treatment volume');
      if (supply) emit(env, r, env.emission(inputs.supplyIntensity, 'supplyIntensity'), amountOf(inputs, 'supplyVolume'), unitOf(inputs, 'supplyVolume'), 'direct', 'supplyVolume');
      if (treatment) emit(env, r, env.emission(inputs.treatmentIntensity, 'treatmentIntensity'), amountOf(inputs, 'treatmentVolume'), unitOf(inputs, 'treatmentVolume'), 'direct', 'treatmentVolume');
    },
  }),
];
