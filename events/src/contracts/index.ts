import type { z } from 'zod';
import type { DomainEventOf, EventContract } from './defineEvent';
import { settingsContracts } from './settings';
import { organizationContracts } from './organization';
import { calculationContracts } from './calculation';
import { claimContracts } from './claims';
import { activityContracts } from './activity';
import { importContracts } from './import';
import { reportContracts } from './reports';
import { apiTokenContracts } from './apiTokens';

export * from './defineEvent';
export * from './bounds';
export * from './settings';
export * from './organization';
export * from './calculation';
export * from './claims';
export * from './activity';
export * from './import';
export * from './audit';
export * from './reports';
export * from './apiTokens';

/** Every event contract the product writes, with its literal type: the union types below come from it. */
export const allEventContracts = [...organizationContracts, ...settingsContracts, ...calculationContracts, ...activityContracts, ...importContracts, ...claimContracts, ...reportContracts, ...apiTokenContracts];
/** Any one of the product's contracts. */
export type AnyEventContract = (typeof allEventContracts)[number];
/** The `{type, data}` of every event the product writes, as one discriminated union. */
export type DomainEvent = DomainEventOf<AnyEventContract>;
/** Every event type name. */
export type EventType = DomainEvent['type'];
/** The `{type, data}` of one event type. */
export type EventOf<T extends EventType> = Extract<DomainEvent, { type: T }>;

/** Every event type the product writes, by name: used to validate data before it is appended. */
export const eventContracts: ReadonlyMap<string, EventContract<string, z.ZodType>> = new Map(
  allEventContracts.map((c) => [c.type, c as EventContract<string, z.ZodType>]),
);
