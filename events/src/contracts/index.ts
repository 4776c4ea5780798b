import type { z } from 'zod';
import type { EventContract } from './defineEvent';
import { settingsContracts } from './settings';
import { organizationContracts } from './organization';

export * from './defineEvent';
export * from './settings';
export * from './organization';

/** Every event type the product writes, by name: used to validate data before it is appended. */
export const eventContracts: ReadonlyMap<string, EventContract<string, z.ZodType>> = new Map(
  [...organizationContracts, ...settingsContracts].map((c) => [c.type, c as EventContract<string, z.ZodType>]),
);
