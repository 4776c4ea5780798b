import { labels } from '../../i18n';
import { activityFormula, reportedEmissionsFormula } from './shared';

/** Category 14, franchises: franchisees' reported Scope 1+2, or their energy use × factor. */
export const category14 = [
  reportedEmissionsFormula({
    id: 's3.14.reported',
    scope: '314',
    name: labels('加盟店の排出量', 'franchisee emissions', '加盟店排放量'),
    description: labels(
      'CO2排出量 = Σ 加盟店のScope1,2排出量 × 按分比率',
      'CO2 emissions = Σ franchisee Scope 1 and 2 emissions × allocation share',
      'CO2排放量 = Σ 加盟店范围1、2排放量 × 分摊比例',
    ),
    emissions: labels('加盟店のScope1,2排出量', 'franchisee Scope 1 and 2 emissions', '加盟店范围1、2排放量'),
    share: labels('按分比率', 'allocation share', '分摊比例'),
  }),
  activityFormula({
    id: 's3.14.energy',
    scope: '314',
    name: labels('加盟店のエネルギー使用量', 'franchisee energy use', '加盟店能源使用量'),
    item: labels('エネルギーの種類', 'energy type', '能源种类'),
    activity: labels('加盟店のエネルギー使用量', 'franchisee energy use', '加盟店能源使用量'),
  }),
];
