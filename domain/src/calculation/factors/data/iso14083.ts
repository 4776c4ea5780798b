import { labels } from '../../i18n';
import type { FactorSet } from '../types';

/**
 * ISO 14083 / GLEC method constants (no intensity tables: GLEC tables are not redistributable;
 * users upload licensed tables as their own factor sets). Distance adjustment when the actual
 * distance is unknown, and default masses for converting units of cargo into tonnes.
 */
export const ISO_14083_2023: FactorSet = {
  id: 'iso-14083',
  version: '2023',
  title: labels('ISO 14083 輸送チェーン算定 既定値', 'ISO 14083 transport-chain defaults', 'ISO 14083 运输链核算默认值'),
  publisher: 'International Organization for Standardization; Smart Freight Centre (GLEC Framework)',
  year: 2023,
  citation: 'ISO 14083:2023 Greenhouse gases — Quantification and reporting of greenhouse gas emissions arising from transport chain operations; GLEC Framework v3 (method rules only).',
  licence: 'Method constants (facts); no GLEC tables are included.',
  entries: [
    {
      kind: 'coefficients',
      key: 'distance.air',
      label: labels('距離補正 航空(大圏距離+95km)', 'distance adjustment, air (great-circle + 95 km)', '距离修正 航空（大圆距离+95公里）'),
      equation: 'd = great-circle distance × factor + addKm',
      coefficients: { factor: 1, addKm: 95 },
      confirmed: true,
    },
    {
      kind: 'coefficients',
      key: 'distance.road',
      label: labels('距離補正 道路(最短実行可能距離×1.05)', 'distance adjustment, road (shortest feasible × 1.05)', '距离修正 公路（最短可行距离×1.05）'),
      equation: 'd = shortest feasible distance × factor + addKm',
      coefficients: { factor: 1.05, addKm: 0 },
      confirmed: true,
    },
    {
      kind: 'coefficients',
      key: 'distance.sea',
      label: labels('距離補正 海上(最短実行可能距離×1.15)', 'distance adjustment, sea (shortest feasible × 1.15)', '距离修正 海运（最短可行距离×1.15）'),
      equation: 'd = shortest feasible distance × factor + addKm',
      coefficients: { factor: 1.15, addKm: 0 },
      confirmed: true,
    },
    { kind: 'quantity', key: 'mass.teu', label: labels('TEU当たり既定質量', 'default mass per TEU', '每TEU默认质量'), value: 10, unit: 't/pcs', confirmed: true },
    { kind: 'quantity', key: 'mass.teu.light', label: labels('TEU当たり既定質量(軽量)', 'default mass per TEU, light', '每TEU默认质量（轻）'), value: 6, unit: 't/pcs', confirmed: true },
    { kind: 'quantity', key: 'mass.teu.heavy', label: labels('TEU当たり既定質量(重量)', 'default mass per TEU, heavy', '每TEU默认质量（重）'), value: 14.5, unit: 't/pcs', confirmed: true },
    { kind: 'quantity', key: 'mass.pallet', label: labels('パレット当たり既定質量', 'default mass per pallet', '每托盘默认质量'), value: 300, unit: 'kg/pcs', confirmed: true },
    { kind: 'quantity', key: 'mass.passenger', label: labels('旅客1人(手荷物込み)既定質量', 'default mass per passenger with baggage', '每位旅客（含行李）默认质量'), value: 100, unit: 'kg/person', confirmed: true },
  ],
};
