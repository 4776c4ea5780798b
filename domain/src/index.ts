export * from './core/decider';
export * from './settings/fiscalYear/fiscalYear';
export * from './settings/currency/currencyRates';
export * from './organization/user';
export * from './organization/tenant';
export * from './organization/companySections';
export * from './core/permissions';
