import { defineFeature } from '../../core/features/manifest';

/** Products: their list, parameters and comparison. Coming soon. */
export const productsFeature = defineFeature({
  name: 'products',
  routes: [
    { path: '/products/comparison', title: 'route.products.comparison', group: 'products', nav: { label: 'nav.item.productComparison', order: 20 } },
    { path: '/products/comparison/detail', title: 'route.products.comparison.detail', group: 'products' },
    { path: '/products/comparison/registration', title: 'route.products.comparison.registration', group: 'products' },
    { path: '/products/list', title: 'route.products.list', group: 'products', nav: { label: 'nav.item.productList', order: 10 } },
    { path: '/products/list/detail', title: 'route.products.list.detail', group: 'products' },
    { path: '/products/list/edit-parameter', title: 'route.products.list.editParameter', group: 'products' },
    { path: '/products/list/parameter', title: 'route.products.list.parameter', group: 'products' },
  ],
});
