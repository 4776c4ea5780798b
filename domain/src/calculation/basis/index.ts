export * from './calculationBasis';
export * from './preview';
