import type { z } from 'zod';
import type { EventContract } from './defineEvent';
import { settingsContracts } from './settings';
import { organizationContracts } from './organization';
import { calculationContracts } from './calculation';
import { claimContracts } from './claims';

export * from './defineEvent';
export * from './bounds';
export * from './settings';
export * from './organization';
export * from './calculation';
export * from './claims';

/** Every event type the product writes, by name: used to validate data before it is appended. */
export const eventContracts: ReadonlyMap<string, EventContract<string, z.ZodType>> = new Map(
  [...organizationContracts, ...settingsContracts, ...calculationContracts, ...claimContracts].map((c) => [c.type, c as EventContract<string, z.ZodType>]),
);
