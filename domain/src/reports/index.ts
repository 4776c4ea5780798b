export * from './decimalKg';
export * from './canonicalJson';
export * from './ghgInventory';
export * from './reportDiff';
export * from './reportFiling';
export * from './baseYear';
export * from './energyReport';
