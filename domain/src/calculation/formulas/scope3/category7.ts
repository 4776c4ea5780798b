import { labels } from '../../i18n';
import { CITY_GROUPS, common, field, WORKING_FORMS } from '../fields';
import { defineFormula } from '../define';
import { amountOf, emit, has, option, quantityIn, step, u, unitOf } from '../kit';
import { activityFormula, spendFormula } from './shared';

const PERSON = u('person');
const DAY = u('day');
const KM = u('km');

/** Supply-chain DB commuting modes shipped (Ver.2.5, unconfirmed). */
export const COMMUTING_MODES = ['rail', 'bus', 'car'] as const;
const MODE_FACTOR = { rail: 'jp-moe-scdb:commuting.rail', bus: 'jp-moe-scdb:commuting.bus', car: 'jp-moe-scdb:commuting.car' } as const;

/** Category 7, employee commuting. */
export const category7 = [
  defineFormula({
    id: 's3.7.passenger-km',
    scope: '37',
    name: labels('旅客人キロ', 'passenger-km', '旅客人公里'),
    description: labels(
      'CO2排出量 = Σ 交通手段別の通勤人キロ × 交通手段別排出原単位',
      'CO2 emissions = Σ commuting passenger-km by mode × emission intensity of the mode',
      'CO2排放量 = Σ 各交通方式通勤人公里 × 交通方式排放原单位',
    ),
    expression: 'E [kg] = Σ pkm × EF_mode [kg/pkm]',
    fields: [
      field('mode', 'STRING', labels('交通手段', 'transport mode', '交通方式'), { options: COMMUTING_MODES, required: false }),
      common.activity(labels('通勤人キロ', 'commuting passenger-km', '通勤人公里')),
      common.intensity('emissionIntensity', labels('交通手段別排出原単位', 'emission intensity of the mode', '交通方式排放原单位'), false),
    ],
    compile: (env) => (inputs, r) => {
      const ref = has(inputs, 'emissionIntensity') ? inputs.emissionIntensity : MODE_FACTOR[option(inputs, 'mode', COMMUTING_MODES)];
      emit(env, r, env.emission(ref, 'emissionIntensity'), amountOf(inputs, 'amount'), unitOf(inputs, 'amount'), 'direct', 'amount');
    },
  }),
  defineFormula({
    id: 's3.7.distance',
    scope: '37',
    name: labels('通勤距離', 'commuting distance', '通勤距离'),
    description: labels(
      'CO2排出量 = Σ 従業員数 × 片道通勤距離 × 2 × 営業日数 × 交通手段別排出原単位',
      'CO2 emissions = Σ employees × one-way distance × 2 × business days × emission intensity of the mode',
      'CO2排放量 = Σ 员工人数 × 单程通勤距离 × 2 × 工作天数 × 交通方式排放原单位',
    ),
    expression: 'pkm = employees × d_one-way [km] × 2 × days;  E [kg] = pkm × EF_mode [kg/pkm]',
    fields: [
      field('mode', 'STRING', labels('交通手段', 'transport mode', '交通方式'), { options: COMMUTING_MODES, required: false }),
      field('employees', 'NUMBER', labels('従業員数', 'employees', '员工人数'), { unit: 'person' }),
      field('distance', 'NUMBER', labels('片道通勤距離', 'one-way commuting distance', '单程通勤距离'), { unit: 'km' }),
      field('businessDays', 'NUMBER', labels('営業日数', 'business days', '工作天数'), { unit: 'day' }),
      common.intensity('emissionIntensity', labels('交通手段別排出原単位', 'emission intensity of the mode', '交通方式排放原单位'), false),
    ],
    compile: (env) => (inputs, r) => {
      const ref = has(inputs, 'emissionIntensity') ? inputs.emissionIntensity : MODE_FACTOR[option(inputs, 'mode', COMMUTING_MODES)];
      const f = env.emission(ref, 'emissionIntensity');
      const pkm = quantityIn(inputs, 'employees', PERSON) * quantityIn(inputs, 'distance', KM) * 2 * quantityIn(inputs, 'businessDays', DAY);
      step(r, 'passenger-km', 'employees × distance × 2 × days', pkm, 'person·km');
      emit(env, r, f, pkm, 'pkm', 'direct', 'distance');
    },
  }),
  defineFormula({
    id: 's3.7.employees',
    scope: '37',
    name: labels('従業員数・営業日数', 'employees and working days', '员工人数・工作天数'),
    description: labels(
      'CO2排出量 = Σ 勤務形態・都市区分別の従業員数 × 営業日数 × 排出原単位(従業員・日当たり)',
      'CO2 emissions = Σ employees by working form and city group × business days × emission intensity per employee-day',
      'CO2排放量 = Σ 按工作形态・城市分类的员工人数 × 工作天数 × 单位员工日排放原单位',
    ),
    expression: 'person-days = employees × days;  E [kg] = person-days × EF(working form, city group) [kg/person-day]',
    fields: [
      field('workingForm', 'WORKING_FORM', labels('勤務形態', 'working form', '工作形态'), { options: WORKING_FORMS }),
      field('cityGroup', 'CITY_GROUP', labels('都市区分', 'city group', '城市分类'), { options: CITY_GROUPS }),
      field('employees', 'NUMBER', labels('従業員数', 'employees', '员工人数'), { unit: 'person' }),
      field('businessDays', 'NUMBER', labels('営業日数', 'business days', '工作天数'), { unit: 'day' }),
      common.intensity('emissionIntensity', labels('従業員・日当たり排出原単位', 'emission intensity per employee-day', '单位员工日排放原单位'), false),
    ],
    compile: (env) => (inputs, r) => {
      const form = option(inputs, 'workingForm', WORKING_FORMS);
      const city = option(inputs, 'cityGroup', CITY_GROUPS);
      // Per-employee-day factors are not shipped (Ver.3.x tables missing): a line gives its factor,
      // or a pinned user-uploaded set provides 'commuting.perEmployeeDay.<form>.<city>'.
      const ref = has(inputs, 'emissionIntensity') ? inputs.emissionIntensity : `jp-moe-scdb:commuting.perEmployeeDay.${form}.${city}`;
      const f = env.emission(ref, 'emissionIntensity');
      const personDays = quantityIn(inputs, 'employees', PERSON) * quantityIn(inputs, 'businessDays', DAY);
      step(r, 'person-days', 'employees × business days', personDays, 'person·day');
      emit(env, r, f, personDays, 'person_day', 'direct', 'employees');
    },
  }),
  activityFormula({
    id: 's3.7.fuel',
    scope: '37',
    name: labels('燃料法', 'fuel-based', '基于燃料'),
    item: labels('燃料の種類', 'fuel', '燃料种类'),
    activity: labels('通勤に使った燃料', 'fuel used for commuting', '通勤燃料使用量'),
  }),
  spendFormula({ id: 's3.7.spend', scope: '37', item: labels('通勤手当', 'commuting allowance', '通勤补贴') }),
];
