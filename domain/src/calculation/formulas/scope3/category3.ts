import { labels } from '../../i18n';
import { activityFormula, spendFormula } from './shared';

/**
 * Category 3, fuel- and energy-related activities not in Scope 1 or 2: the upstream (WTT) part of
 * purchased fuels and of purchased electricity and heat. These formulas count WTT values and
 * ignore TTW values (those are Scope 1), so a factor carrying both can be used safely.
 */
export const category3 = [
  activityFormula({
    id: 's3.3.fuel-upstream',
    scope: '33',
    policy: 'upstream',
    name: labels('燃料の上流(WTT)', 'upstream of purchased fuels (WTT)', '外购燃料上游（WTT）'),
    item: labels('燃料の種類', 'fuel', '燃料种类'),
    activity: labels('燃料使用量', 'fuel used', '燃料使用量'),
    intensity: labels('上流排出原単位(WTT)', 'upstream (WTT) emission intensity', '上游排放原单位（WTT）'),
  }),
  activityFormula({
    id: 's3.3.electricity-upstream',
    scope: '33',
    policy: 'upstream',
    name: labels('電気・熱の上流', 'upstream of purchased electricity and heat', '外购电力・热力上游'),
    item: labels('エネルギーの種類', 'energy type', '能源种类'),
    activity: labels('電気・熱の使用量', 'electricity or heat used', '电力・热力使用量'),
    intensity: labels('上流排出原単位', 'upstream emission intensity', '上游排放原单位'),
  }),
  spendFormula({ id: 's3.3.spend', scope: '33', item: labels('エネルギーの種類', 'energy type', '能源种类') }),
];
