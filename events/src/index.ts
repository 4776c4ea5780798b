export * from './core/types';
export * from './core/upcasting';
export * from './core/database';
export * from './core/changeNotice';
export * from './contracts/index';
