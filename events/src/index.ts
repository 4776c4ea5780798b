export * from './core/types';
export * from './core/upcasting';
export * from './core/database';
export * from './core/changeNotice';
export * from './contracts/index';
export { pickMetadata, expectationHolds } from './core/metadata';
export { createPostgresEventStore, type PostgresEventStoreOptions } from './postgres/postgresEventStore';
