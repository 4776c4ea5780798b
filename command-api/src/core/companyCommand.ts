import { z } from 'zod';
import type { Decider } from '@ghg/domain';
import type { CommandApiDeps } from '../core/deps';
import { executeCommand, type CommandOutcome } from '../core/executeCommand';
import { HttpError } from '../core/httpErrors';
import { metadataFor, type Session } from '../core/session';

/**
 * What the settings routes of issue 4 share: run a command on the caller's company and wait for
 * the read models, and the argument shapes they accept. (Candidates for command-api/src/core.)
 */

/** A number, or a numeric string from a form field; missing, null, blank or not a number is invalid args. */
export const numberArg = z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), z.number());
/** Required text: blank is missing. Numbers (a numeric serial) are taken as text. */
export const textArg = z.union([z.string(), z.number().transform(String)]).pipe(z.string().trim().min(1));
/** An optional id: null and '' mean "none" (a new entity). */
export const optionalId = z
  .string()
  .nullish()
  .transform((v) => (v ? v : undefined));
export const expectedVersionArg = z.number().int().min(-1).optional();
export const IdParam = z.object({ id: z.string().min(1) });
export const RemoveArgs = z.object({ expectedVersion: z.number().int().min(0).optional() });

/** Refusals that mean "this clashes with something already there": 409, as currency_rate_exists. */
const isConflict = (code: string) => code.endsWith('_exists') || code.endsWith('_overlap');

/** load → decide → append on one stream of the session's company, then wait for the projector. */
export async function runSettingsCommand<C, E extends { type: string; data: unknown }, S, Err extends string>(
  deps: CommandApiDeps,
  session: Session,
  streamId: string,
  decider: Decider<C, E, S, Err>,
  command: C,
): Promise<CommandOutcome<S>> {
  let outcome: CommandOutcome<S>;
  try {
    outcome = await executeCommand(
      deps.eventStore,
      streamId,
      decider,
      command,
      metadataFor(session, session.selectedCompanyId, deps.now?.() ?? new Date()),
    );
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 400 && isConflict(error.code)) throw new HttpError(409, error.code, error.message);
    throw error;
  }
  if (outcome.append) await deps.awaitProjection?.(outcome.append.lastPosition);
  return outcome;
}

/** The current state of a stream (for facts another decider needs, and for DELETE answers). */
export async function loadState<S>(deps: CommandApiDeps, streamId: string, decider: Pick<Decider<unknown, never, S, string>, 'initialState' | 'evolve'>): Promise<S> {
  const history = await deps.eventStore.readStream(streamId);
  return history.reduce((s, e) => decider.evolve(s, e as never, e.streamPosition), decider.initialState());
}
