export * from './entry';
export * from './table';
export * from './companyFactorSets';
