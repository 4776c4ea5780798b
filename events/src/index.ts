/**
 * @ghg/events: the event contracts and the event-store port, with no database or network
 * dependency (zod only), so the domain and the browser bundle can import it. The adapters, the
 * change bus and database opening live in @ghg/eventstore.
 */
export * from './core/types';
export * from './core/upcasting';
export * from './core/changeNotice';
export * from './contracts/index';
export { pickMetadata, expectationHolds } from './core/metadata';
// The append rules every store shares (checked before its backend is called).
export {
  DuplicateEventIdError,
  InvalidEventIdError,
  InvalidExpectedVersionError,
  checkExpectedVersion,
  withEventIds,
} from './core/appendValidation';
