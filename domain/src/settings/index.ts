export * from './fiscalYear/fiscalYear';
export * from './currency/currencyRates';
