import { defineFeature, type FeatureRoute, type IndividualType } from '../../core/features/manifest';

/** The individual-project routes of one deployment type: t2 has its own prefix and no plant engineering. */
function individualRoutes(individualType: IndividualType): FeatureRoute[] {
  const base = individualType === 't2' ? '/emission/individual/t2' : '/emission/individual';
  const route = (path: string, title: FeatureRoute['title'], nav?: { label: FeatureRoute['title']; order: number }): FeatureRoute => ({
    path: `${base}${path}`,
    title,
    group: 'individual',
    ...(nav ? { nav: { ...nav, individualType } } : {}),
  });
  return [
    route('/emissions', 'route.individual.emissions', { label: 'nav.item.individualEmissions', order: 30 }),
    route('/import', 'route.individual.import', { label: 'nav.item.individualImport', order: 50 }),
    route('/import/import-history', 'route.individual.import.importHistory'),
    route('/input', 'route.individual.input', { label: 'nav.item.individualInput', order: 10 }),
    route('/intensity', 'route.individual.intensity', { label: 'nav.item.individualIntensity', order: 40 }),
    route('/list', 'route.individual.list', { label: 'nav.item.individualList', order: 20 }),
    route('/list/logistics', 'route.individual.list.logistics'),
    route('/list/logistics/:id/detail', 'route.individual.list.logistics.detail'),
    route('/input/logistics/:id?/create', 'route.individual.input.logistics.create'),
    route('/input/logistics/:id?/distance', 'route.individual.input.logistics.distance'),
    route('/input/logistics/:id?/location', 'route.individual.input.logistics.location'),
    ...(individualType === 't1'
      ? [
          route('/list/pe', 'route.individual.list.pe'),
          route('/list/pe/:id/detail', 'route.individual.list.pe.detail'),
          route('/input/pe/:id?/create', 'route.individual.input.pe.create'),
          route('/input/pe/:id?/location', 'route.individual.input.pe.location'),
          route('/googlemaptest', 'route.individual.googlemaptest'),
          route('/googlemaptest/search-route', 'route.individual.googlemaptest.searchRoute'),
        ]
      : []),
  ];
}

/** Individual emissions: logistics and plant engineering, and the t2 variants. Coming soon. */
export const individualFeature = defineFeature({
  name: 'individual',
  routes: [...individualRoutes('t1'), ...individualRoutes('t2')],
});
