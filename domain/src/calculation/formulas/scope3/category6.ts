import { labels } from '../../i18n';
import { common, field, TRAVEL_TYPES } from '../fields';
import { defineFormula } from '../define';
import { amountOf, emit, has, multiplyDecimals, option, quantityIn, step, u, unitOf } from '../kit';
import { activityFormula, spendFormula } from './shared';

const PERSON = u('person');
const DAY = u('day');
const KM = u('km');

/** Category 6, business travel. */
export const category6 = [
  spendFormula({ id: 's3.6.spend', scope: '36', item: labels('交通費・宿泊費', 'travel expense', '差旅费') }),
  defineFormula({
    id: 's3.6.passenger-km',
    scope: '36',
    name: labels('旅客人キロ', 'passenger-km', '旅客人公里'),
    description: labels(
      'CO2排出量 = Σ 旅客人キロ(人数 × 移動距離) × 交通手段別排出原単位',
      'CO2 emissions = Σ passenger-km (passengers × distance) × emission intensity by transport mode',
      'CO2排放量 = Σ 旅客人公里（人数 × 移动距离） × 交通方式排放原单位',
    ),
    expression: 'pkm = passengers × d [km] (or entered);  E [kg] = pkm × EF [kg/pkm]   (a factor per vehicle-km takes vehicle-km)',
    fields: [
      field('mode', 'STRING', labels('交通手段', 'transport mode', '交通方式'), { dealMapping: 'item' }),
      common.activity(labels('旅客人キロ', 'passenger-km', '旅客人公里')),
      field('passengers', 'NUMBER', labels('旅客数', 'passengers', '旅客人数'), { unit: 'person', required: false }),
      field('distance', 'NUMBER', labels('移動距離', 'travel distance', '移动距离'), { unit: 'km', required: false }),
      common.intensity(),
    ],
    compile: (env) => (inputs, r) => {
      const f = env.emission(inputs.emissionIntensity, 'emissionIntensity');
      if (has(inputs, 'amount')) return void emit(env, r, f, amountOf(inputs, 'amount'), unitOf(inputs, 'amount'), 'direct', 'amount');
      const pkm = multiplyDecimals(quantityIn(inputs, 'passengers', PERSON), quantityIn(inputs, 'distance', KM));
      step(r, 'passenger-km', 'passengers × distance', pkm, 'person·km');
      emit(env, r, f, pkm, 'pkm', 'direct', 'amount');
    },
  }),
  defineFormula({
    id: 's3.6.travel-days',
    scope: '36',
    name: labels('出張日数', 'travel days', '出差天数'),
    description: labels(
      'CO2排出量 = Σ 出張者数 × 出張日数 × 出張の種類別排出原単位(出張日数当たり)',
      'CO2 emissions = Σ travellers × travel days × emission intensity per travel-day by travel type',
      'CO2排放量 = Σ 出差人数 × 出差天数 × 出差类型单位出差日排放原单位',
    ),
    expression: 'person-days = travellers × days;  E [kg] = person-days × EF(travel type) [kg/person-day]',
    fields: [
      field('travelType', 'TRAVEL_TYPE', labels('出張の種類', 'travel type', '出差类型'), { options: TRAVEL_TYPES }),
      field('travellers', 'NUMBER', labels('出張者数', 'travellers', '出差人数'), { unit: 'person' }),
      field('days', 'NUMBER', labels('出張日数', 'travel days', '出差天数'), { unit: 'day' }),
      common.intensity('emissionIntensity', labels('出張日数当たり排出原単位', 'emission intensity per travel-day', '单位出差日排放原单位'), false),
    ],
    compile: (env) => (inputs, r) => {
      const type = option(inputs, 'travelType', TRAVEL_TYPES);
      // Without a factor on the line, the travel type picks the supply-chain DB value; the set must still be pinned.
      const f = env.emission(has(inputs, 'emissionIntensity') ? inputs.emissionIntensity : `jp-moe-scdb:businessTravel.${type}`, 'emissionIntensity');
      const days = quantityIn(inputs, 'days', DAY);
      const personDays = quantityIn(inputs, 'travellers', PERSON) * days;
      step(r, 'person-days', 'travellers × days', personDays, 'person·day');
      emit(env, r, f, personDays, 'person_day', 'direct', 'days');
    },
  }),
  activityFormula({
    id: 's3.6.accommodation',
    scope: '36',
    name: labels('宿泊数', 'hotel nights', '住宿晚数'),
    item: labels('宿泊国・地域', 'country or region of stay', '住宿国家・地区'),
    activity: labels('宿泊数(室泊)', 'room-nights', '住宿间夜数'),
    intensity: labels('宿泊当たり排出原単位', 'emission intensity per room-night', '单位间夜排放原单位'),
  }),
  activityFormula({
    id: 's3.6.fuel',
    scope: '36',
    name: labels('燃料法', 'fuel-based', '基于燃料'),
    item: labels('燃料の種類', 'fuel', '燃料种类'),
    activity: labels('燃料使用量(レンタカー等)', 'fuel used (rental cars etc.)', '燃料使用量（租车等）'),
  }),
];
