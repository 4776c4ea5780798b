import { labels } from '../../i18n';
import { activityFormula, reportedEmissionsFormula, spendFormula } from './shared';

/** Category 1, purchased goods and services: spend-based, activity-based, supplier-specific. */
export const category1 = [
  spendFormula({ id: 's3.1.spend', scope: '31', item: labels('購入品目', 'purchased item', '采购品目') }),
  activityFormula({ id: 's3.1.activity', scope: '31', item: labels('購入品目', 'purchased item', '采购品目'), activity: labels('購入量(物量)', 'quantity purchased', '采购量（实物量）') }),
  reportedEmissionsFormula({ id: 's3.1.supplier', scope: '31' }),
];
