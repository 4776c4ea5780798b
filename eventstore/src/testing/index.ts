// Test-only helpers of @ghg/eventstore (import '@ghg/eventstore/testing' from test files only).
export { freshPglite, freshPostgres, keepAsTemplate } from './freshDatabase';
export { describeEventStoreContract, testEvent, type ContractFactory, type ContractTarget } from '../core/eventStoreContract';
export { startLoopbackEsdbServer, type LoopbackEsdbServer, type LoopbackOptions, type SubscriptionFailure } from '../eventstoredb/loopbackEsdbServer';
