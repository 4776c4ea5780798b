import { labels } from '../../i18n';
import { activityFormula, reportedEmissionsFormula } from './shared';

/** Category 10, processing of sold intermediate products by customers. */
export const category10 = [
  activityFormula({
    id: 's3.10.activity',
    scope: '310',
    item: labels('販売した中間製品', 'intermediate product sold', '售出的中间产品'),
    activity: labels('販売量', 'quantity sold', '销售量'),
    intensity: labels('加工に伴う排出原単位', 'processing emission intensity', '加工排放原单位'),
  }),
  reportedEmissionsFormula({
    id: 's3.10.customer',
    scope: '310',
    name: labels('加工事業者固有', 'processor-specific', '加工方特定'),
    description: labels(
      'CO2排出量 = Σ 加工事業者の排出量 × 当社製品の割合',
      'CO2 emissions = Σ processor’s reported emissions × share of the company’s products',
      'CO2排放量 = Σ 加工方排放量 × 本公司产品占比',
    ),
    emissions: labels('加工事業者の排出量', 'processor’s reported emissions', '加工方排放量'),
    share: labels('当社製品の割合', 'share of the company’s products', '本公司产品占比'),
  }),
];
