import { labels } from '../../i18n';
import { lineError } from '../../errors';
import { GHG_TYPES } from '../../gwp/gases';
import { common, field } from '../fields';
import { defineFormula, type Inputs } from '../define';
import { amountOf, emit, has, option, quantityIn, step, u, unitOf } from '../kit';
import { checkGhgType, emitGas, resolveGas } from '../gases';
import type { Env } from '../../engine/env';
import type { CalculationSuccess } from '../../types';

const PCS = u('pcs');
const KG = u('kg');
const KM = u('km');
const KM_PER_L = u('km/L');
const KW = u('kW');
const H = u('h');
const YEAR = u('year');
const JPY = u('JPY');
const KL_PER_H = u('kL/h');
const KWH_PER_JPY = u('kWh/JPY');

const unitsSold = () => field('unitsSold', 'NUMBER', labels('期間内の販売台数', 'units sold in the period', '期间内销售数量'), { unit: 'pcs', dealMapping: 'count' });
const product = () => field('product', 'STRING', labels('製品名', 'product', '产品名称'), { dealMapping: 'item' });
const serviceLife = () => field('serviceLife', 'NUMBER', labels('使用年数(耐用年数)', 'service life', '使用年限'), { unit: 'year' });

/** The gas-group term of the use phase: units sold × GHG content per product × GWP (e.g. refrigerant released). */
function gasTerm(env: Env, inputs: Inputs, r: CalculationSuccess, units: number): boolean {
  if (!has(inputs, 'gas')) return false;
  const gas = resolveGas(env, inputs.gas, 'gas');
  if (has(inputs, 'ghgType')) checkGhgType(option(inputs, 'ghgType', GHG_TYPES), gas, 'ghgType');
  emitGas(r, gas, units * quantityIn(inputs, 'ghgContent', KG));
  return true;
}

const gasFields = () => [
  field('ghgType', 'GHGType', labels('ガス群', 'gas group', '气体类别'), { options: GHG_TYPES, required: false }),
  field('gas', 'GWP', labels('地球温暖化係数', 'global warming potential', '全球变暖潜能值'), { required: false }),
  field('ghgContent', 'NUMBER', labels('製品当たりGHG含有量', 'GHG content per product', '单位产品温室气体含量'), { unit: 'kg', required: false }),
];

/**
 * Category 11, use of sold products (direct use-phase emissions over the products' lifetime).
 * Variants by data source: sales data (販売実績) or product master (製品マスタ).
 */
export const category11 = [
  defineFormula({
    id: 's3.11.direct-use',
    scope: '311',
    name: labels('使用回数ベース(販売実績)', 'per use (sales data)', '按使用次数（销售数据）'),
    description: labels(
      'CO2排出量 = Σ 生涯使用回数 × 期間内の販売台数 × (1回当たり燃料使用量 × 排出原単位 + 1回当たり電気使用量 × 排出原単位) + Σ 期間内の販売台数 × 製品当たりGHG含有量 × 地球温暖化係数',
      'CO2 emissions = Σ lifetime uses × units sold × (fuel per use × emission factor + electricity per use × emission factor) + Σ units sold × GHG content per product × GWP',
      'CO2排放量 = Σ 生命周期使用次数 × 期间内销售数量 × (每次燃料消耗量 × 排放原单位 + 每次耗电量 × 排放原单位) + Σ 期间内销售数量 × 单位产品温室气体含量 × 全球变暖潜能值',
    ),
    expression: 'uses = units × lifetime uses;  E = uses × (fuel/use × EF_fuel + kWh/use × EF_el) + units × m_gas × GWP',
    fields: [
      product(),
      unitsSold(),
      field('lifetimeUses', 'NUMBER', labels('生涯使用回数', 'lifetime usage count', '生命周期使用次数'), { unit: 'pcs' }),
      field('fuelPerUse', 'NUMBER', labels('1回当たり燃料使用量', 'fuel per use', '每次燃料消耗量'), { unit: 'factor', required: false }),
      common.intensity('fuelIntensity', labels('燃料の排出原単位', 'fuel emission factor', '燃料排放原单位'), false),
      field('electricityPerUse', 'NUMBER', labels('1回当たり電気使用量', 'electricity per use', '每次耗电量'), { unit: 'factor', required: false }),
      common.intensity('electricityIntensity', labels('電気の排出原単位', 'electricity emission factor', '电力排放原单位'), false),
      ...gasFields(),
    ],
    compile: (env) => (inputs, r) => {
      const units = quantityIn(inputs, 'unitsSold', PCS);
      const uses = units * quantityIn(inputs, 'lifetimeUses', PCS);
      step(r, 'uses', 'units sold × lifetime uses', uses, 'uses');
      let terms = 0;
      if (has(inputs, 'fuelPerUse')) {
        emit(env, r, env.emission(inputs.fuelIntensity, 'fuelIntensity'), uses * amountOf(inputs, 'fuelPerUse'), unitOf(inputs, 'fuelPerUse'), 'direct', 'fuelPerUse');
        terms++;
      }
      if (has(inputs, 'electricityPerUse')) {
        emit(env, r, env.emission(inputs.electricityIntensity, 'electricityIntensity'), uses * amountOf(inputs, 'electricityPerUse'), unitOf(inputs, 'electricityPerUse'), 'direct', 'electricityPerUse');
        terms++;
      }
      if (gasTerm(env, inputs, r, units)) terms++;
      if (terms === 0) lineError('missing_input', 'fuelPerUse', 'give fuel or electricity per use, or a GHG content');
    },
  }),
  defineFormula({
    id: 's3.11.vehicle',
    scope: '311',
    name: labels('走行距離ベース', 'mileage-based (vehicles)', '按行驶里程（车辆）'),
    description: labels(
      'CO2排出量 = Σ 期間内の販売台数 × 年間走行距離 ÷ 燃費 × 使用年数 × 排出原単位',
      'CO2 emissions = Σ units sold × annual mileage ÷ fuel efficiency × service life × emission factor',
      'CO2排放量 = Σ 期间内销售数量 × 年行驶里程 ÷ 燃油效率 × 使用年限 × 排放原单位',
    ),
    expression: 'fuel [L] = units × mileage [km/yr] ÷ FE [km/L] × life [yr];  E = fuel × EF [kg/L]',
    fields: [
      product(),
      unitsSold(),
      field('annualMileage', 'NUMBER', labels('年間走行距離', 'annual mileage', '年行驶里程'), { unit: 'km' }),
      field('fuelEconomy', 'NUMBER', labels('燃費', 'fuel efficiency', '燃油效率'), { unit: 'km/L' }),
      serviceLife(),
      common.intensity('fuelIntensity', labels('燃料の排出原単位', 'fuel emission factor', '燃料排放原单位')),
      ...gasFields(),
    ],
    compile: (env) => (inputs, r) => {
      const units = quantityIn(inputs, 'unitsSold', PCS);
      const fe = quantityIn(inputs, 'fuelEconomy', KM_PER_L);
      if (!(fe > 0)) lineError('out_of_domain', 'fuelEconomy', 'fuel efficiency must be > 0');
      const litres = (units * quantityIn(inputs, 'annualMileage', KM) * quantityIn(inputs, 'serviceLife', YEAR)) / fe;
      step(r, 'lifetime fuel', 'units × annual km × years ÷ km/L', litres, 'L');
      emit(env, r, env.emission(inputs.fuelIntensity, 'fuelIntensity'), litres, 'L', 'direct', 'fuelIntensity');
      gasTerm(env, inputs, r, units);
    },
  }),
  defineFormula({
    id: 's3.11.power',
    scope: '311',
    name: labels('消費電力ベース', 'power-consumption-based', '按耗电功率'),
    description: labels(
      'CO2排出量 = Σ 期間内の販売台数 × 消費電力 × 年間稼働時間 × 使用年数 × 排出原単位',
      'CO2 emissions = Σ units sold × power consumption × annual operating hours × service life × emission factor',
      'CO2排放量 = Σ 期间内销售数量 × 耗电功率 × 年运行时间 × 使用年限 × 排放原单位',
    ),
    expression: 'kWh = units × P [kW] × hours [h/yr] × life [yr];  E = kWh × EF [kg/kWh]',
    fields: [
      product(),
      unitsSold(),
      field('power', 'NUMBER', labels('消費電力', 'power consumption', '耗电功率'), { unit: 'kW' }),
      field('operatingHours', 'NUMBER', labels('年間稼働時間', 'annual operating hours', '年运行时间'), { unit: 'h' }),
      serviceLife(),
      common.intensity('electricityIntensity', labels('電気の排出原単位', 'electricity emission factor', '电力排放原单位')),
    ],
    compile: (env) => (inputs, r) => {
      const kwh = quantityIn(inputs, 'unitsSold', PCS) * quantityIn(inputs, 'power', KW) * quantityIn(inputs, 'operatingHours', H) * quantityIn(inputs, 'serviceLife', YEAR);
      step(r, 'lifetime electricity', 'units × kW × h/yr × years', kwh, 'kWh');
      emit(env, r, env.emission(inputs.electricityIntensity, 'electricityIntensity'), kwh, 'kWh', 'direct', 'electricityIntensity');
    },
  }),
  defineFormula({
    id: 's3.11.revenue',
    scope: '311',
    name: labels('売上高ベース', 'revenue-based', '按销售额'),
    description: labels(
      'CO2排出量 = Σ 売上高 × 売上高当たり年間電気使用量 × 使用年数 × 排出原単位',
      'CO2 emissions = Σ sales revenue × annual electricity use per yen × service life × emission factor',
      'CO2排放量 = Σ 销售额 × 单位销售额年耗电量 × 使用年限 × 排放原单位',
    ),
    expression: 'kWh = revenue [JPY] × e [kWh/JPY/yr] × life [yr];  E = kWh × EF [kg/kWh]',
    fields: [
      product(),
      field('revenue', 'NUMBER', labels('売上高', 'sales revenue', '销售额'), { unit: 'JPY', dealMapping: 'amount' }),
      field('electricityPerYen', 'NUMBER', labels('売上高当たり年間電気使用量', 'annual electricity use per yen', '单位销售额年耗电量'), { unit: 'kWh/JPY' }),
      serviceLife(),
      common.intensity('electricityIntensity', labels('電気の排出原単位', 'electricity emission factor', '电力排放原单位')),
    ],
    compile: (env) => (inputs, r) => {
      const kwh = quantityIn(inputs, 'revenue', JPY) * quantityIn(inputs, 'electricityPerYen', KWH_PER_JPY) * quantityIn(inputs, 'serviceLife', YEAR);
      step(r, 'lifetime electricity', 'revenue × kWh/JPY/yr × years', kwh, 'kWh');
      emit(env, r, env.emission(inputs.electricityIntensity, 'electricityIntensity'), kwh, 'kWh', 'direct', 'electricityIntensity');
    },
  }),
  defineFormula({
    id: 's3.11.product-master',
    scope: '311',
    name: labels('燃料消費量ベース(製品マスタ)', 'fuel consumption (product master)', '按燃料消耗（产品主数据）'),
    description: labels(
      'CO2排出量 = Σ 期間内の販売台数 × 燃料消費量(製品マスタ) × 年間稼働時間 × 耐用年数 × 排出原単位',
      'CO2 emissions = Σ units sold × fuel consumption (product master) × annual operating hours × durable life × emission factor',
      'CO2排放量 = Σ 期间内销售数量 × 燃料消耗量（产品主数据） × 年运行时间 × 耐用年限 × 排放原单位',
    ),
    expression: 'fuel [L] = units × q [kL/h → L/h] × hours [h/yr] × life [yr];  E = fuel × EF [kg/L]',
    fields: [
      product(),
      unitsSold(),
      field('fuelConsumption', 'NUMBER', labels('燃料消費量', 'fuel consumption', '燃料消耗量'), { unit: 'kL/h' }),
      field('operatingHours', 'NUMBER', labels('年間稼働時間', 'annual operating hours', '年运行时间'), { unit: 'h' }),
      field('serviceLife', 'NUMBER', labels('耐用年数', 'durable life', '耐用年限'), { unit: 'year' }),
      common.intensity('fuelIntensity', labels('燃料の排出原単位', 'fuel emission factor', '燃料排放原单位')),
      ...gasFields(),
    ],
    compile: (env) => (inputs, r) => {
      const units = quantityIn(inputs, 'unitsSold', PCS);
      const kl = units * quantityIn(inputs, 'fuelConsumption', KL_PER_H) * quantityIn(inputs, 'operatingHours', H) * quantityIn(inputs, 'serviceLife', YEAR);
      step(r, 'lifetime fuel', 'units × kL/h × h/yr × years', kl, 'kL');
      emit(env, r, env.emission(inputs.fuelIntensity, 'fuelIntensity'), kl, 'kL', 'direct', 'fuelIntensity');
      gasTerm(env, inputs, r, units);
    },
  }),
];
