import { labels } from '../i18n';
import { common, field } from './fields';
import { defineFormula } from './define';
import { emit, fraction, has, quantityIn, quantityOr, step, u } from './kit';
import { spendFormula, activityFormula } from './scope3/shared';

const PCS = u('pcs');
const H = u('h');
const L_PER_H = u('L/h');
const M2 = u('m2');
const DAY = u('day');
const PERSON = u('person');
const PERSON_DAY = u('person_day');
const KM = u('km');
const JPY = u('JPY');

/** The product's fixed constants of plant-engineering projects. */
export const PLANT_ENGINEERING = {
  /** Temporary house estimate: kWh per m² per day (the product's figure 0.5, read as an electricity use intensity). */
  temporaryHouseKwhPerM2Day: 0.5,
  /** One-way km for workers from outside the area (railway in domestic mode, car overseas). */
  outsideOneWayKm: 500,
  /** One-way km for workers from inside the area (passenger car). */
  insideOneWayKm: 10,
} as const;

/**
 * Plant-engineering (contracted construction) project emissions, estimate and actual, from fuel,
 * procurement, commuting and accommodation.
 */
export const plantEngineeringFormulas = [
  defineFormula({
    id: 'pe.machinery-fuel',
    scope: 'pe',
    name: labels('建設機械の燃料', 'machinery fuel', '施工机械燃料'),
    description: labels(
      'CO2排出量 = Σ 台数 × 稼働時間 × 燃費(L/h) × 排出係数',
      'CO2 emissions = Σ number of units × operating hours × fuel efficiency (L/h) × emission factor',
      'CO2排放量 = Σ 台数 × 运行时间 × 燃油效率（L/h） × 排放系数',
    ),
    expression: 'fuel [L] = units × t [h] × q [L/h] (L/day and days convert exactly to L/h and h);  E = fuel × EF [kg/L]',
    fields: [
      field('machine', 'STRING', labels('機械の種類', 'machinery type', '机械种类'), { dealMapping: 'item' }),
      field('units', 'NUMBER', labels('台数', 'number of units', '台数'), { unit: 'pcs' }),
      field('operatingTime', 'NUMBER', labels('稼働時間', 'operating hours', '运行时间'), { unit: 'h' }),
      field('fuelRate', 'NUMBER', labels('燃費', 'fuel efficiency', '燃油效率'), { unit: 'L/h' }),
      common.intensity(),
    ],
    compile: (env) => (inputs, r) => {
      const litres = quantityIn(inputs, 'units', PCS) * quantityIn(inputs, 'operatingTime', H) * quantityIn(inputs, 'fuelRate', L_PER_H);
      step(r, 'fuel', 'units × hours × L/h', litres, 'L');
      emit(env, r, env.emission(inputs.emissionIntensity, 'emissionIntensity'), litres, 'L', 'direct', 'fuelRate');
    },
  }),
  defineFormula({
    id: 'pe.temporary-house',
    scope: 'pe',
    name: labels('仮設ハウス(見積)', 'temporary house (estimate)', '临时板房（估算）'),
    description: labels(
      'CO2排出量 = 使用面積 × 使用日数 × 0.5 × 排出係数',
      'CO2 emissions = usage area × usage days × 0.5 × emission factor',
      'CO2排放量 = 使用面积 × 使用天数 × 0.5 × 排放系数',
    ),
    expression: 'kWh = area [m²] × days × 0.5 [kWh/(m²·day)];  E = kWh × EF [kg/kWh]',
    fields: [
      field('used', 'STRING', labels('使用有無', 'used', '是否使用'), { options: ['yes', 'no'], default: 'yes', required: false }),
      field('area', 'NUMBER', labels('使用面積', 'usage area', '使用面积'), { unit: 'm2' }),
      field('days', 'NUMBER', labels('使用日数', 'usage days', '使用天数'), { unit: 'day' }),
      common.intensity('emissionIntensity', labels('換算係数(電気の排出係数)', 'conversion factor (electricity emission factor)', '换算系数（电力排放系数）')),
    ],
    compile: (env) => (inputs, r) => {
      if (inputs.used === 'no') return;
      const kwh = quantityIn(inputs, 'area', M2) * quantityIn(inputs, 'days', DAY) * PLANT_ENGINEERING.temporaryHouseKwhPerM2Day;
      step(r, 'electricity', 'area × days × 0.5', kwh, 'kWh');
      emit(env, r, env.emission(inputs.emissionIntensity, 'emissionIntensity'), kwh, 'kWh', 'direct', 'area');
    },
  }),
  defineFormula({
    id: 'pe.commuting-estimate',
    scope: 'pe',
    name: labels('通勤(見積)', 'commuting (estimate)', '通勤（估算）'),
    description: labels(
      'CO2排出量 = 工数 ÷ 工期 × 域外比率 × 500km × 2 × 排出係数(鉄道|乗用車) + 工数 × (1 − 域外比率) × 10km × 2 × 排出係数(乗用車)',
      'CO2 emissions = manhours ÷ construction period × outside-area ratio × 500 km × 2 × factor (rail | car) + manhours × (1 − outside-area ratio) × 10 km × 2 × factor (car)',
      'CO2排放量 = 工时 ÷ 工期 × 区域外比例 × 500公里 × 2 × 排放系数（铁路|轿车） + 工时 × (1 − 区域外比例) × 10公里 × 2 × 排放系数（轿车）',
    ),
    expression: 'n_out = manhours [person-day] ÷ period [day] × r;  pkm_out = n_out × 500 × 2;  pkm_in = manhours × (1 − r) × 10 × 2',
    fields: [
      field('manhours', 'NUMBER', labels('工数', 'manhours', '工时'), { unit: 'person_day' }),
      field('period', 'NUMBER', labels('工期', 'construction period', '工期'), { unit: 'day' }),
      common.percentage('outsideRatio', labels('域外比率', 'outside-area ratio', '区域外比例')),
      common.intensity('outsideIntensity', labels('域外通勤の排出係数(国内: 鉄道, 海外: 乗用車)', 'outside-area factor (domestic: rail, overseas: car)', '区域外通勤排放系数（国内：铁路，海外：轿车）')),
      common.intensity('insideIntensity', labels('域内通勤の排出係数(乗用車)', 'inside-area factor (car)', '区域内通勤排放系数（轿车）'), false),
      field('outsideOneWayKm', 'NUMBER', labels('域外片道距離', 'outside one-way distance', '区域外单程距离'), { unit: 'km', required: false, default: 500 }),
      field('insideOneWayKm', 'NUMBER', labels('域内片道距離', 'inside one-way distance', '区域内单程距离'), { unit: 'km', required: false, default: 10 }),
    ],
    compile: (env) => (inputs, r) => {
      const manhours = quantityIn(inputs, 'manhours', PERSON_DAY);
      const period = quantityIn(inputs, 'period', DAY);
      const ratio = fraction(inputs, 'outsideRatio');
      const outsidePersons = period > 0 ? (manhours / period) * ratio : 0;
      const outPkm = outsidePersons * quantityOr(inputs, 'outsideOneWayKm', KM, PLANT_ENGINEERING.outsideOneWayKm) * 2;
      step(r, 'outside-area workers', 'manhours ÷ period × ratio', outsidePersons, 'persons');
      emit(env, r, env.emission(inputs.outsideIntensity, 'outsideIntensity'), outPkm, 'pkm', 'direct', 'outsideIntensity', 'outside-area commuting');
      if (has(inputs, 'insideIntensity')) {
        const inPkm = manhours * (1 - ratio) * quantityOr(inputs, 'insideOneWayKm', KM, PLANT_ENGINEERING.insideOneWayKm) * 2;
        emit(env, r, env.emission(inputs.insideIntensity, 'insideIntensity'), inPkm, 'pkm', 'direct', 'insideIntensity', 'inside-area commuting');
      }
    },
  }),
  defineFormula({
    id: 'pe.commuting-actual',
    scope: 'pe',
    name: labels('通勤(実績)', 'commuting (actual)', '通勤（实际）'),
    description: labels(
      'CO2排出量 = Σ 都道府県別の域外人員 × 都道府県から現場までの距離 × 2 × 排出係数',
      'CO2 emissions = Σ personnel from outside the area by prefecture × prefecture-to-site distance × 2 × emission factor',
      'CO2排放量 = Σ 按都道府县的区域外人员 × 都道府县至现场距离 × 2 × 排放系数',
    ),
    expression: 'pkm = persons × d [km] × 2 (d = 500 km when no prefecture, overseas mode);  E = pkm × EF [kg/pkm]',
    fields: [
      field('prefecture', 'STRING', labels('域外の都道府県', 'outside-area prefecture', '区域外都道府县'), { required: false }),
      field('personnel', 'NUMBER', labels('域外からの人員', 'personnel from outside the area', '区域外人员'), { unit: 'person' }),
      field('distance', 'NUMBER', labels('現場までの距離(片道)', 'distance to site (one way)', '至现场距离（单程）'), { unit: 'km', required: false, default: 500 }),
      common.intensity(),
    ],
    compile: (env) => (inputs, r) => {
      const pkm = quantityIn(inputs, 'personnel', PERSON) * quantityOr(inputs, 'distance', KM, PLANT_ENGINEERING.outsideOneWayKm) * 2;
      step(r, 'passenger-km', 'personnel × distance × 2', pkm, 'person·km');
      emit(env, r, env.emission(inputs.emissionIntensity, 'emissionIntensity'), pkm, 'pkm', 'direct', 'personnel');
    },
  }),
  defineFormula({
    id: 'pe.accommodation-estimate',
    scope: 'pe',
    name: labels('宿泊(見積)', 'accommodation (estimate)', '住宿（估算）'),
    description: labels(
      'CO2排出量 = 工数 × 域外比率 × 排出係数',
      'CO2 emissions = manhours × outside-area ratio × emission factor',
      'CO2排放量 = 工时 × 区域外比例 × 排放系数',
    ),
    expression: 'nights = manhours [person-day] × r;  E = nights × EF [kg/night]',
    fields: [
      field('manhours', 'NUMBER', labels('工数', 'manhours', '工时'), { unit: 'person_day' }),
      common.percentage('outsideRatio', labels('域外比率', 'outside-area ratio', '区域外比例')),
      common.intensity('emissionIntensity', labels('宿泊の排出係数', 'accommodation factor', '住宿排放系数')),
    ],
    compile: (env) => (inputs, r) => {
      const nights = quantityIn(inputs, 'manhours', PERSON_DAY) * fraction(inputs, 'outsideRatio');
      step(r, 'nights', 'manhours × outside-area ratio', nights, 'nights');
      emit(env, r, env.emission(inputs.emissionIntensity, 'emissionIntensity'), nights, 'night', 'direct', 'manhours');
    },
  }),
  activityFormula({
    id: 'pe.accommodation-actual',
    scope: 'pe',
    name: labels('宿泊(実績)', 'accommodation (actual)', '住宿（实际）'),
    item: labels('宿泊先', 'accommodation', '住宿地点'),
    activity: labels('延べ宿泊数', 'total nights', '总住宿晚数'),
  }),
  defineFormula({
    id: 'pe.procurement-estimate',
    scope: 'pe',
    name: labels('調達(見積)', 'procurement (estimate)', '采购（估算）'),
    description: labels(
      'CO2排出量 = 契約金額 × 調達費比率 × 排出係数',
      'CO2 emissions = contract amount × procurement cost ratio × emission factor',
      'CO2排放量 = 合同金额 × 采购成本比例 × 排放系数',
    ),
    expression: 'spend [JPY] = contract [JPY] × r;  E = spend × EF [kg/JPY]',
    fields: [
      field('contractAmount', 'NUMBER', labels('契約金額', 'contract amount', '合同金额'), { unit: 'JPY' }),
      common.percentage('costRatio', labels('調達費比率', 'procurement cost ratio', '采购成本比例')),
      common.intensity('emissionIntensity', labels('金額当たり排出係数', 'emission factor per yen', '单位金额排放系数')),
    ],
    compile: (env) => (inputs, r) => {
      const yen = quantityIn(inputs, 'contractAmount', JPY) * fraction(inputs, 'costRatio');
      step(r, 'procurement spend', 'contract × cost ratio', yen, 'JPY');
      emit(env, r, env.emission(inputs.emissionIntensity, 'emissionIntensity'), yen, 'JPY', 'direct', 'contractAmount');
    },
  }),
  spendFormula({ id: 'pe.procurement-actual', scope: 'pe', item: labels('調達の種類', 'procurement type', '采购类型') }),
];
