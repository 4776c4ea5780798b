/**
 * @ghg/eventstore: the EventStore adapters (PostgreSQL/PGlite, EventStoreDB), database opening,
 * the change bus and the event log's SQL. The contracts and the port they implement are in
 * @ghg/events; test helpers (fresh databases, the contract suite, a loopback gRPC server) are
 * in '@ghg/eventstore/testing', for test files only.
 */
export * from './core/database';
export { createEventStoreFromEnv } from './core/createEventStore';
export { createPostgresEventStore, type PostgresEventStoreOptions } from './postgres/postgresEventStore';
export { APPEND_LOCK_KEY } from './postgres/schema';
export { copyField, copyLines } from './postgres/copyText';
export { createEventStoreDbEventStore, type EventStoreDbOptions } from './eventstoredb/esdbEventStore';
export type { ChangeBus } from './changeBus/changeBus';
export { createInMemoryChangeBus } from './changeBus/inMemoryChangeBus';
export { createPostgresChangeBus, CHANGES_CHANNEL } from './changeBus/postgresChangeBus';
export { createChangeBus } from './changeBus/createChangeBus';
export { splitNotices } from './changeBus/splitNotices';
