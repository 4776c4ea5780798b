import { labels } from '../../i18n';
import { activityFormula, spendFormula } from './shared';

/** Category 5, waste generated in operations: waste mass by treatment × factor; spend on disposal. */
export const category5 = [
  activityFormula({
    id: 's3.5.waste',
    scope: '35',
    name: labels('廃棄物の種類・処理方法別', 'by waste type and treatment', '按废弃物种类・处理方式'),
    item: labels('廃棄物の種類・処理方法', 'waste type and treatment', '废弃物种类・处理方式'),
    activity: labels('廃棄物処理・リサイクル量', 'waste treated or recycled', '废弃物处理・回收量'),
  }),
  spendFormula({ id: 's3.5.spend', scope: '35', item: labels('処理委託', 'disposal service', '委托处理') }),
];
