import { labels } from '../../i18n';
import { lineError } from '../../errors';
import { common, field } from '../fields';
import { defineFormula } from '../define';
import { addGas, amountOf, step, symbolOf, u, unitOf, used } from '../kit';
import { mul, parseRational, toNumber } from '../../units/rational';
import type { ResolvedQuantity } from '../../engine/env';

const GJ = u('GJ');
const C_TO_CO2 = parseRational('44/12');

/**
 * 単位発熱量 × 炭素排出係数 × 44/12: the SHK method behind the published fuel factors.
 * CO2 [kg] = amount [u] × heating value [GJ/u] × carbon coefficient [kg-C/GJ] × 44/12.
 * For diesel: 37.7 GJ/kL × 0.0187 t-C/GJ × 44/12 = 2.58496… t-CO2/kL, which SHK publishes rounded
 * as 2.58 kg/L; this formula keeps the unrounded product. The product of heating value, carbon
 * coefficient and 44/12 is computed exactly once per batch for each pair and activity unit.
 */
export const s1FuelHeat = defineFormula({
  id: 's1.fuel-heat',
  scope: '1',
  name: labels('発熱量 × 炭素排出係数 × 44/12', 'heating value × carbon coefficient × 44/12', '发热量 × 碳排放系数 × 44/12'),
  description: labels(
    'CO2排出量 = Σ 燃料使用量 × 単位発熱量 × 炭素排出係数 × 44/12',
    'CO2 emissions = Σ fuel used × unit heating value × carbon emission coefficient × 44/12',
    'CO2排放量 = Σ 燃料使用量 × 单位发热量 × 碳排放系数 × 44/12',
  ),
  expression: 'CO2 [kg] = Σ amount [u] × HV [GJ/u] × CC [kg-C/GJ] × 44/12',
  fields: [
    field('fuel', 'STRING', labels('燃料の種類', 'fuel', '燃料种类'), { dealMapping: 'item' }),
    common.activity(labels('燃料使用量', 'fuel used', '燃料使用量')),
    field('heatingValue', 'NUMBER', labels('単位発熱量', 'unit heating value', '单位发热量'), { unit: 'GJ/factor' }),
    common.intensity('carbonCoefficient', labels('炭素排出係数', 'carbon emission coefficient', '碳排放系数')),
    common.computed('energy', labels('熱量(計算値)', 'energy (calculated)', '热量（计算值）')),
  ],
  compile: (env) => {
    const products = new Map<ResolvedQuantity, Map<ResolvedQuantity, number>>();
    return (inputs, r) => {
      const unitText = unitOf(inputs, 'amount');
      const hv = env.quantity(inputs.heatingValue, 'heatingValue', GJ, unitText === undefined ? undefined : env.unit(unitText, 'amount'));
      const cc = env.quantity(inputs.carbonCoefficient, 'carbonCoefficient', u('kg'), GJ, 'C');
      let byCc = products.get(hv);
      if (!byCc) products.set(hv, (byCc = new Map()));
      let kgCo2PerUnit = byCc.get(cc);
      if (kgCo2PerUnit === undefined) byCc.set(cc, (kgCo2PerUnit = toNumber(mul(mul(hv.exact, cc.exact), C_TO_CO2))));
      const amount = amountOf(inputs, 'amount');
      if (!Number.isFinite(kgCo2PerUnit)) lineError('invalid_number', 'heatingValue');
      used(env, r, hv);
      used(env, r, cc);
      addGas(r, 'CO2', amount * kgCo2PerUnit, 1);
      if (r.steps) {
        const unitName = symbolOf(unitText) ?? hv.per.symbol;
        step(r, 'energy', `${amount} ${unitName} × ${hv.value} GJ/${unitName}`, amount * hv.value, 'GJ');
        step(r, 'carbon', `${amount * hv.value} GJ × ${cc.value} kg-C/GJ`, amount * hv.value * cc.value, 'kg-C');
        step(r, 'CO2', `${amount * hv.value * cc.value} kg-C × 44/12`, amount * kgCo2PerUnit, 'kg-CO2');
      }
    };
  },
});

