import { defineFeature } from '../../../core/features/manifest';

/** The calculation basis of a fiscal year: GWP set and pinned factor-set versions (not in the spec's route list: issue 5 §6). */
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
