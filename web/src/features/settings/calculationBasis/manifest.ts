import { defineFeature } from '../../../core/features/manifest';

/** The calculation basis of a fiscal year: GWP set and pinned factor-set versions (an addition to the product's route list, see routeTable.unit.test.ts). */
export const calculationBasisFeature = defineFeature({
  name: 'settings/calculationBasis',
  routes: [
    {
      path: '/emission/setting/calculation-basis',
      title: 'route.emission.setting.calculationBasis',
      group: 'settings',
      screen: () => import('./CalculationBasisPage'),
      nav: { label: 'nav.item.calculationBasis', order: 130 },
      settingsIndex: { section: 'calculation', order: 30, icon: 'calculator', description: 'settings.index.calculationBasis' },
    },
  ],
  live: { 'calculation/basis': [['calculation/basis']] },
});
