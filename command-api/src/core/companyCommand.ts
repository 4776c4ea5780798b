import { z } from 'zod';
import type { Decider } from '@ghg/domain';
import type { CommandApiDeps } from './deps';
import { executeCommand, type CommandOutcome } from './executeCommand';
import { metadataFor, type Session } from './session';

/**
 * What the company-scoped command routes share: run a command on the caller's company and wait
 * for the read models, and the argument shapes they accept.
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

/** load → decide → append on one stream of the session's company, then wait for the projector. */
export async function runCompanyCommand<C, E extends { type: string; data: unknown }, S, Err extends string>(
  deps: CommandApiDeps,
  session: Session,
  streamId: string,
  decider: Decider<C, E, S, Err>,
  command: C,
): Promise<CommandOutcome<S>> {
  const outcome = await executeCommand(
    deps.eventStore,
    streamId,
    decider,
    command,
    metadataFor(session, session.selectedCompanyId, deps.now?.() ?? new Date()),
  );
  if (outcome.append) await deps.awaitProjection?.(outcome.append.lastPosition);
  return outcome;
}

/** The current state of a stream (for facts another decider needs, and for DELETE answers). */
export async function loadState<S>(deps: CommandApiDeps, streamId: string, decider: Pick<Decider<unknown, never, S, string>, 'initialState' | 'evolve'>): Promise<S> {
  const history = await deps.eventStore.readStream(streamId);
  return history.reduce((s, e) => decider.evolve(s, e as never, e.streamPosition), decider.initialState());
}
