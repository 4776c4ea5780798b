export * from './fiscalYear/fiscalYear';
export * from './currency/currencyRates';
export * from './reductionGoal/reductionGoals';
export * from './offset/offsets';
export * from './nonFossilCertificate/nonFossilCertificates';
export * from './groupFlag/groupFlags';
export * from './intensity/intensities';
export * from './managementIntensity/managementIntensities';
