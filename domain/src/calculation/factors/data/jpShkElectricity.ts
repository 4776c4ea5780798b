import { labels } from '../../i18n';
import type { FactorSet } from '../types';

const NOTE =
  'DATA-SOURCES.md gives this menu value without saying whether it is the 基礎 (basic) or 調整後 (adjusted) factor; shipped for market-based use as the adjusted factor and unconfirmed until checked against the ministry’s 電気事業者別排出係数 list.';

/**
 * Supplier-specific electricity factors (電気事業者別排出係数), one entry per supplier and menu.
 * Market-based Scope 2 uses the adjusted (調整後) factor; the list is published per fiscal year, so
 * each fiscal year's list is a version of this set.
 */
export const JP_SHK_ELECTRICITY_FY2023: FactorSet = {
  id: 'jp-shk-electricity-suppliers',
  version: 'FY2023',
  title: labels('電気事業者別排出係数(2023年度)', 'Japan supplier-specific electricity factors (FY2023)', '日本电力公司别排放系数（2023财年）'),
  publisher: '環境省・経済産業省 (Ministry of the Environment; Ministry of Economy, Trade and Industry)',
  year: 2024,
  citation: '環境省・経済産業省「電気事業者別排出係数(特定排出者の温室効果ガス排出量算定用)」2023年度実績.',
  licence: 'Ministry publication under 政府標準利用規約 2.0 / PDL1.0 (CC-BY 4.0 compatible). Attribution: 環境省・経済産業省.',
  entries: [
    {
      kind: 'emission',
      key: 'shikoku.menuA',
      label: labels('四国電力 メニューA', 'Shikoku Electric Power, menu A', '四国电力 菜单A'),
      components: [{ value: 0.0, unit: 'kg-CO2/kWh' }],
      confirmed: false,
      note: NOTE,
    },
    {
      kind: 'emission',
      key: 'shikoku.menuB',
      label: labels('四国電力 メニューB', 'Shikoku Electric Power, menu B', '四国电力 菜单B'),
      components: [{ value: 0.0, unit: 'kg-CO2/kWh' }],
      confirmed: false,
      note: NOTE,
    },
    {
      kind: 'emission',
      key: 'shikoku.menuC',
      label: labels('四国電力 メニューC(残差)', 'Shikoku Electric Power, menu C (residual)', '四国电力 菜单C（残差）'),
      components: [{ value: 0.464, unit: 'kg-CO2/kWh' }],
      confirmed: false,
      note: NOTE,
    },
  ],
};
