import { labels } from '../../i18n';
import { activityFormula, spendFormula } from './shared';

/** Category 2, capital goods: spend-based (the usual method: capex per year) and activity-based. */
export const category2 = [
  spendFormula({ id: 's3.2.spend', scope: '32', item: labels('資本財', 'capital good', '资本货物') }),
  activityFormula({ id: 's3.2.activity', scope: '32', item: labels('資本財', 'capital good', '资本货物'), activity: labels('購入量(物量)', 'quantity purchased', '采购量（实物量）') }),
];
