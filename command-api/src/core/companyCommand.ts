import { z } from 'zod';
import { idText, LIMITS, quantity, shortText } from '@ghg/events';
import type { Decider } from '@ghg/domain';
import type { CommandApiDeps } from './deps';
import { executeCommand, type CommandOutcome } from './executeCommand';
import { loadStream, type SnapshotCodec } from './snapshots';
import { metadataFor, type Session } from './session';

/**
 * What the company-scoped command routes share: run a command on the caller's company and wait
 * for the read models, and the argument shapes they accept.
 */

/** A decimal numeral as a form field sends it: sign, digits, fraction; no blanks, hex or exponent. */
const NUMERAL = /^-?\d+(\.\d+)?$/;
/**
 * A JSON number, or a numeral string from a form field, checked by `schema` (which bounds it).
 * Nothing else becomes a number: true, null, '' or '0x10' are invalid args, never 1, 0 or 16.
 */
export const numeric = <S extends z.ZodType<number>>(schema: S) =>
  z.preprocess((v) => (typeof v === 'string' && NUMERAL.test(v) ? Number(v) : v), schema);
/** A quantity within the bounds every read model holds (±LIMITS.maxQuantity). */
export const numberArg = numeric(quantity());
/** Required short text: blank is missing. Numbers (a numeric serial) are taken as text. */
export const textArg = z.union([z.string(), z.number().transform(String)]).pipe(shortText().trim().min(1));
/** Optional short text: null, absent and blank are "none". */
export const optionalTextArg = shortText()
  .nullish()
  .transform((v) => (v?.trim() ? v.trim() : null));
/** An optional id: null and '' mean "none" (a new entity). */
export const optionalId = z
  .union([idText(), z.literal('')])
  .nullish()
  .transform((v) => (v ? v : undefined));
/** A stream version a client last saw (-1: "must not exist yet"). */
export const expectedVersionArg = z.number().int().min(-1).max(LIMITS.maxVersion).optional();
export const IdParam = z.object({ id: idText() });
export const RemoveArgs = z.object({ expectedVersion: z.number().int().min(0).max(LIMITS.maxVersion).optional() });

/** load → decide → append on one stream of the session's company, then wait for the projector. */
export async function runCompanyCommand<C, E extends { type: string; data: unknown }, S, Err extends string>(
  deps: CommandApiDeps,
  session: Session,
  streamId: string,
  decider: Decider<C, E, S, Err>,
  command: C,
  codec?: SnapshotCodec<S>,
): Promise<CommandOutcome<S>> {
  const outcome = await executeCommand(deps.eventStore, streamId, decider, command, metadataFor(session, session.selectedCompanyId, deps.now?.() ?? new Date()), {
    ...(codec ? { snapshotting: { knex: deps.db.knex, codec } } : {}),
  });
  if (outcome.append) await deps.awaitProjection?.(outcome.append.lastPosition);
  return outcome;
}

/** The current state of a stream (for facts another decider needs, and for DELETE answers). */
export async function loadState<E extends { type: string }, S>(
  deps: CommandApiDeps,
  streamId: string,
  decider: Pick<Decider<unknown, E, S, string>, 'initialState' | 'evolve' | 'eventTypes'>,
  codec?: SnapshotCodec<S>,
): Promise<S> {
  return (await loadStream(deps.eventStore, streamId, decider, codec ? { knex: deps.db.knex, codec } : undefined)).state;
}
