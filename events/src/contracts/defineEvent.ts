import { z } from 'zod';

/**
 * One event contract: its type name, the schema version new events are written with, and the
 * zod schema of its data. Older versions are turned into this shape by upcasters on read.
 */
export interface EventContract<Type extends string, Schema extends z.ZodType> {
  type: Type;
  schemaVersion: number;
  schema: Schema;
}

export function defineEvent<Type extends string, Schema extends z.ZodType>(
  type: Type,
  schemaVersion: number,
  schema: Schema,
): EventContract<Type, Schema> {
  return { type, schemaVersion, schema };
}

/** The `{type, data}` pair a decider emits for a contract. */
export type DomainEventOf<C> = C extends EventContract<infer T, infer S> ? { type: T; data: z.infer<S> } : never;
