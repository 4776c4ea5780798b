import type { MessageId } from '@ghg/locales';
import type { CategoryKey } from '../../../core/router/categories';

/** A scope detail page: the calculation methods (formula ids) it shows, and its heading. */
export interface DetailPage {
  title: MessageId;
  formulas: readonly string[];
}

/**
 * The pages /emission/view/scope/detail/{category}/{n} (n from 1), each a group of the category's
 * calculation methods as a user reads them. The product lists how many pages each category has;
 * where a category has more methods than pages, methods of one kind share a page (fuel
 * combustion by either fuel method; the ton-km methods; the use-phase methods by energy…). Every
 * method of the formula catalogue is on exactly one page (detailPages.unit.test.ts checks both).
 * docs/api.md, "Scope detail pages", lists the mapping.
 */
export const SCOPE_DETAIL_PAGES = {
  '1': [
    { title: 'views.detail.fuelCombustion', formulas: ['s1.fuel', 's1.fuel-heat'] },
    { title: 'views.detail.processCo2', formulas: ['s1.process-co2'] },
    { title: 'views.detail.otherGases', formulas: ['s1.gas'] },
    { title: 'views.detail.refrigerants', formulas: ['s1.refrigerant'] },
  ],
  '2': [
    { title: 'views.detail.locationBased', formulas: ['s2.location'] },
    { title: 'views.detail.marketBased', formulas: ['s2.market'] },
  ],
  '31': [
    { title: 'views.detail.databaseFactors', formulas: ['s3.1.spend', 's3.1.activity'] },
    { title: 'views.detail.supplierSpecific', formulas: ['s3.1.supplier'] },
  ],
  '32': [
    { title: 'views.detail.spendBased', formulas: ['s3.2.spend'] },
    { title: 'views.detail.activityBased', formulas: ['s3.2.activity'] },
  ],
  '33': [
    { title: 'views.detail.fuelUpstream', formulas: ['s3.3.fuel-upstream'] },
    { title: 'views.detail.electricityUpstream', formulas: ['s3.3.electricity-upstream'] },
    { title: 'views.detail.spendBased', formulas: ['s3.3.spend'] },
  ],
  '34': [
    { title: 'views.detail.tonKm', formulas: ['s3.4.tonkm', 's3.4.improved-tonkm'] },
    { title: 'views.detail.hubs', formulas: ['s3.4.hub'] },
    { title: 'views.detail.fuelMethods', formulas: ['s3.4.fuel', 's3.4.fuel-economy'] },
    { title: 'views.detail.spendBased', formulas: ['s3.4.spend'] },
  ],
  '35': [
    { title: 'views.detail.wasteByType', formulas: ['s3.5.waste'] },
    { title: 'views.detail.spendBased', formulas: ['s3.5.spend'] },
  ],
  '36': [
    { title: 'views.detail.spendBased', formulas: ['s3.6.spend'] },
    { title: 'views.detail.passengerKm', formulas: ['s3.6.passenger-km'] },
    { title: 'views.detail.travelDays', formulas: ['s3.6.travel-days'] },
    { title: 'views.detail.accommodation', formulas: ['s3.6.accommodation'] },
    { title: 'views.detail.fuelBased', formulas: ['s3.6.fuel'] },
  ],
  '37': [
    { title: 'views.detail.passengerKm', formulas: ['s3.7.passenger-km'] },
    { title: 'views.detail.distance', formulas: ['s3.7.distance'] },
    { title: 'views.detail.employees', formulas: ['s3.7.employees'] },
    { title: 'views.detail.fuelBased', formulas: ['s3.7.fuel'] },
    { title: 'views.detail.spendBased', formulas: ['s3.7.spend'] },
  ],
  '38': [
    { title: 'views.detail.energyUse', formulas: ['s3.8.energy'] },
    { title: 'views.detail.floorArea', formulas: ['s3.8.floor-area'] },
  ],
  '39': [
    { title: 'views.detail.tonKm', formulas: ['s3.9.tonkm', 's3.9.improved-tonkm'] },
    { title: 'views.detail.hubs', formulas: ['s3.9.hub'] },
    { title: 'views.detail.fuelBased', formulas: ['s3.9.fuel'] },
    { title: 'views.detail.fuelEconomy', formulas: ['s3.9.fuel-economy'] },
  ],
  '310': [
    { title: 'views.detail.activityBased', formulas: ['s3.10.activity'] },
    { title: 'views.detail.customerSpecific', formulas: ['s3.10.customer'] },
  ],
  '311': [
    { title: 'views.detail.directUse', formulas: ['s3.11.direct-use', 's3.11.vehicle', 's3.11.power'] },
    { title: 'views.detail.productMaster', formulas: ['s3.11.product-master'] },
    { title: 'views.detail.revenueBased', formulas: ['s3.11.revenue'] },
  ],
  '312': [
    { title: 'views.detail.byWeight', formulas: ['s3.12.waste', 's3.12.product-master', 's3.12.edible-weight'] },
    { title: 'views.detail.spendBased', formulas: ['s3.12.spend-weight', 's3.12.spend'] },
  ],
  '313': [
    { title: 'views.detail.energyUse', formulas: ['s3.13.energy'] },
    { title: 'views.detail.floorArea', formulas: ['s3.13.floor-area'] },
  ],
  '314': [{ title: 'views.detail.franchises', formulas: ['s3.14.reported', 's3.14.energy'] }],
  '315': [
    { title: 'views.detail.investees', formulas: ['s3.15.investment'] },
    { title: 'views.detail.spendBased', formulas: ['s3.15.spend'] },
  ],
  water: [{ title: 'views.detail.water', formulas: ['water.supply-treatment'] }],
} as const satisfies Record<Exclude<CategoryKey, '3'>, readonly DetailPage[]>;

export type DetailCategory = keyof typeof SCOPE_DETAIL_PAGES;

export const detailPagesOf = (category: string): readonly DetailPage[] | undefined => (SCOPE_DETAIL_PAGES as Record<string, readonly DetailPage[]>)[category];
