import { labels } from '../../i18n';
import { common, field } from '../fields';
import { defineFormula } from '../define';
import { amountOf, emit, has, quantityIn, step, symbolOf, unitOf, warn } from '../kit';

/**
 * Scope 2, location-based: purchased electricity, heat or steam × the average factor of the grid
 * where it is consumed (national or regional average). Certificates never apply here.
 */
export const s2Location = defineFormula({
  id: 's2.location',
  scope: '2',
  basis: 'location',
  name: labels('ロケーション基準', 'location-based', '基于位置'),
  description: labels(
    'CO2排出量 = Σ 電気・熱の使用量 × 地域(全国)平均排出係数',
    'CO2 emissions = Σ electricity or heat used × grid-average emission factor',
    'CO2排放量 = Σ 电力・热力使用量 × 电网平均排放系数',
  ),
  expression: 'E [kg] = Σ energy [kWh|GJ|…] × EF_grid [kg/unit]',
  fields: [
    field('energyType', 'STRING', labels('エネルギーの種類', 'energy type', '能源种类'), { dealMapping: 'item' }),
    common.client(),
    common.activity(labels('使用量', 'energy used', '使用量')),
    common.intensity('emissionIntensity', labels('地域平均排出係数', 'grid-average emission factor', '电网平均排放系数')),
  ],
  compile: (env) => (inputs, r) => {
    const f = env.emission(inputs.emissionIntensity, 'emissionIntensity');
    emit(env, r, f, amountOf(inputs, 'amount'), unitOf(inputs, 'amount'), 'direct', 'amount');
  },
});

/**
 * Scope 2, market-based: energy not covered by certificates × the supplier-specific factor of the
 * contract (調整後排出係数 of the supplier's menu, or its residual menu). Non-fossil certificates
 * the company holds for this consumption count as zero-emission energy: covered = min(certificates,
 * use). More certificates than use is accepted with a warning; the excess is not carried over.
 */
export const s2Market = defineFormula({
  id: 's2.market',
  scope: '2',
  basis: 'market',
  name: labels('マーケット基準', 'market-based', '基于市场'),
  description: labels(
    'CO2排出量 = Σ (電気の使用量 − 非化石証書の量) × 電気事業者別排出係数(調整後)',
    'CO2 emissions = Σ (electricity used − non-fossil certificates) × supplier-specific (adjusted) emission factor',
    'CO2排放量 = Σ (电力使用量 − 非化石证书量) × 电力公司别排放系数（调整后）',
  ),
  expression: 'E [kg] = Σ max(0, energy − certificates) [kWh] × EF_supplier [kg/kWh]',
  fields: [
    field('energyType', 'STRING', labels('エネルギーの種類', 'energy type', '能源种类'), { dealMapping: 'item' }),
    field('supplier', 'STRING', labels('電気事業者・メニュー', 'supplier and menu', '电力公司・菜单'), { dealMapping: 'client' }),
    common.activity(labels('使用量', 'energy used', '使用量')),
    field('certificates', 'NUMBER', labels('非化石証書の量', 'non-fossil certificates', '非化石证书量'), { unit: 'factor', required: false }),
    common.intensity('emissionIntensity', labels('電気事業者別排出係数', 'supplier-specific emission factor', '电力公司别排放系数')),
    // Not used by this basis: a recorded line also calculates its location-based figure with it.
    common.intensity('gridEmissionIntensity', labels('地域平均排出係数(ロケーション基準)', 'grid-average emission factor (location-based)', '电网平均排放系数（基于位置）'), false),
  ],
  compile: (env) => (inputs, r) => {
    const f = env.emission(inputs.emissionIntensity, 'emissionIntensity');
    const unitText = unitOf(inputs, 'amount');
    const amount = amountOf(inputs, 'amount');
    let covered = 0;
    if (has(inputs, 'certificates')) {
      const certificates = quantityIn(inputs, 'certificates', unitText === undefined ? f.denominator : env.unit(unitText, 'amount'));
      covered = Math.min(Math.max(0, certificates), Math.max(0, amount));
      if (certificates > amount) warn(r, [{ code: 'certificate_exceeds_consumption', detail: `${certificates} > ${amount}` }]);
      step(r, 'certificates', `min(${certificates}, ${amount})`, covered, symbolOf(unitText) ?? f.denominator.symbol);
    }
    emit(env, r, f, amount - covered, unitText, 'direct', 'amount', 'energy not covered by certificates');
  },
});
