import { labels } from '../../i18n';
import { common, field } from '../fields';
import { defineFormula } from '../define';
import { addGas, emit, fraction, has, quantityIn, step, u } from '../kit';
import { spendFormula } from './shared';

const PCS = u('pcs');
const KG = u('kg');
const JPY = u('JPY');
const KG_PER_JPY = u('kg/JPY');
const C_TO_CO2 = 44 / 12;

const unitsSold = () => field('unitsSold', 'NUMBER', labels('期間内の販売台数', 'units sold in the period', '期间内销售数量'), { unit: 'pcs', dealMapping: 'count' });

/** Category 12, end-of-life treatment of sold products. */
export const category12 = [
  defineFormula({
    id: 's3.12.waste',
    scope: '312',
    name: labels('製品重量 × 処理方法別原単位(販売実績)', 'product weight × treatment factor (sales data)', '产品重量 × 处理方式排放原单位（销售数据）'),
    description: labels(
      'CO2排出量 = Σ 期間内の販売台数 × 製品重量 × 廃棄処理方法別排出原単位',
      'CO2 emissions = Σ units sold × product weight × emission intensity of the waste treatment',
      'CO2排放量 = Σ 期间内销售数量 × 产品重量 × 废弃处理方式排放原单位',
    ),
    expression: 'm [kg] = units × weight [kg];  E = m × EF [kg/t → kg/kg]',
    fields: [
      field('product', 'STRING', labels('製品名', 'product', '产品名称'), { dealMapping: 'item' }),
      field('treatment', 'STRING', labels('処理方法', 'treatment', '处理方式')),
      unitsSold(),
      field('productWeight', 'NUMBER', labels('製品重量', 'product weight', '产品重量'), { unit: 'kg' }),
      common.intensity('emissionIntensity', labels('廃棄処理の排出原単位', 'waste-treatment emission intensity', '废弃处理排放原单位')),
    ],
    compile: (env) => (inputs, r) => {
      const kg = quantityIn(inputs, 'unitsSold', PCS) * quantityIn(inputs, 'productWeight', KG);
      step(r, 'mass disposed', 'units × product weight', kg, 'kg');
      emit(env, r, env.emission(inputs.emissionIntensity, 'emissionIntensity'), kg, 'kg', 'direct', 'productWeight');
    },
  }),
  defineFormula({
    id: 's3.12.product-master',
    scope: '312',
    name: labels('製品重量・ゴムクローラ重量(製品マスタ)', 'product and rubber-crawler weight (product master)', '产品重量・橡胶履带重量（产品主数据）'),
    description: labels(
      'CO2排出量 = Σ 期間内の販売台数 × (製品重量 × 排出原単位 + ゴムクローラ重量 × 排出原単位)',
      'CO2 emissions = Σ units sold × (product weight × emission factor + rubber crawler weight × emission factor)',
      'CO2排放量 = Σ 期间内销售数量 × (产品重量 × 排放原单位 + 橡胶履带重量 × 排放原单位)',
    ),
    expression: 'E = units × (w_body [kg] × EF_body + w_crawler [kg] × EF_crawler)',
    fields: [
      field('product', 'STRING', labels('製品名', 'product', '产品名称'), { dealMapping: 'item' }),
      unitsSold(),
      field('productWeight', 'NUMBER', labels('製品重量', 'product weight', '产品重量'), { unit: 'kg' }),
      common.intensity('emissionIntensity', labels('製品本体の廃棄原単位', 'end-of-life factor, product body', '产品本体报废排放原单位')),
      field('crawlerWeight', 'NUMBER', labels('ゴムクローラ重量', 'rubber crawler weight', '橡胶履带重量'), { unit: 'kg', required: false }),
      common.intensity('crawlerIntensity', labels('ゴムクローラの廃棄原単位', 'end-of-life factor, rubber crawler', '橡胶履带报废排放原单位'), false),
    ],
    compile: (env) => (inputs, r) => {
      const units = quantityIn(inputs, 'unitsSold', PCS);
      emit(env, r, env.emission(inputs.emissionIntensity, 'emissionIntensity'), units * quantityIn(inputs, 'productWeight', KG), 'kg', 'direct', 'productWeight');
      if (has(inputs, 'crawlerWeight')) {
        emit(env, r, env.emission(inputs.crawlerIntensity, 'crawlerIntensity'), units * quantityIn(inputs, 'crawlerWeight', KG), 'kg', 'direct', 'crawlerWeight');
      }
    },
  }),
  defineFormula({
    id: 's3.12.edible-weight',
    scope: '312',
    name: labels('可食部重量 × 炭素比率 × 44/12', 'edible weight × carbon ratio × 44/12', '可食部分重量 × 碳比率 × 44/12'),
    description: labels(
      'CO2排出量 = Σ 可食部重量 × 比率(炭素含有率) × 係数(焼却割合) × 44/12',
      'CO2 emissions = Σ edible weight × ratio (carbon content) × coefficient (share incinerated) × 44/12',
      'CO2排放量 = Σ 可食部分重量 × 比率（碳含量） × 系数（焚烧比例） × 44/12',
    ),
    expression: 'CO2 [kg] = m [kg] × carbon ratio × share incinerated × 44/12',
    fields: [
      field('product', 'STRING', labels('製品名', 'product', '产品名称'), { dealMapping: 'item' }),
      field('edibleWeight', 'NUMBER', labels('可食部重量', 'edible weight', '可食部分重量'), { unit: 'kg' }),
      common.percentage('ratio', labels('比率(炭素含有率)', 'ratio (carbon content)', '比率（碳含量）')),
      common.percentage('coefficient', labels('係数(焼却割合)', 'coefficient (share incinerated)', '系数（焚烧比例）'), { required: false, default: 100 }),
    ],
    compile: () => (inputs, r) => {
      const kg = quantityIn(inputs, 'edibleWeight', KG);
      const carbon = kg * fraction(inputs, 'ratio') * fraction(inputs, 'coefficient', false, 1);
      step(r, 'carbon', 'edible weight × ratio × coefficient', carbon, 'kg-C');
      addGas(r, 'CO2', carbon * C_TO_CO2, 1);
      step(r, 'CO2', `${carbon} kg-C × 44/12`, carbon * C_TO_CO2, 'kg-CO2');
    },
  }),
  defineFormula({
    id: 's3.12.spend-weight',
    scope: '312',
    name: labels('売上高 × 金額当たり重量', 'revenue × weight per yen', '销售额 × 单位金额重量'),
    description: labels(
      'CO2排出量 = Σ 売上高 × 金額当たり重量 × 廃棄処理方法別排出原単位',
      'CO2 emissions = Σ sales revenue × weight per yen × emission intensity of the waste treatment',
      'CO2排放量 = Σ 销售额 × 单位金额重量 × 废弃处理方式排放原单位',
    ),
    expression: 'm [kg] = revenue [JPY] × w [kg/JPY];  E = m × EF',
    fields: [
      field('product', 'STRING', labels('製品名', 'product', '产品名称'), { dealMapping: 'item' }),
      field('revenue', 'NUMBER', labels('売上高', 'sales revenue', '销售额'), { unit: 'JPY', dealMapping: 'amount' }),
      field('weightPerYen', 'NUMBER', labels('金額当たり重量', 'weight per yen', '单位金额重量'), { unit: 'kg/JPY' }),
      common.intensity('emissionIntensity', labels('廃棄処理の排出原単位', 'waste-treatment emission intensity', '废弃处理排放原单位')),
    ],
    compile: (env) => (inputs, r) => {
      const kg = quantityIn(inputs, 'revenue', JPY) * quantityIn(inputs, 'weightPerYen', KG_PER_JPY);
      step(r, 'mass disposed', 'revenue × kg/JPY', kg, 'kg');
      emit(env, r, env.emission(inputs.emissionIntensity, 'emissionIntensity'), kg, 'kg', 'direct', 'weightPerYen');
    },
  }),
  spendFormula({ id: 's3.12.spend', scope: '312', item: labels('処理費用', 'treatment cost', '处理费用') }),
];
