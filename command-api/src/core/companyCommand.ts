import type { Decider } from '@ghg/domain';
import type { CommandApiDeps } from './deps';
import { executeCommand, type CommandOutcome } from './executeCommand';
import { loadStream, type SnapshotCodec } from './snapshots';
import { metadataFor, type Session } from './session';

/**
 * What the company-scoped command routes share: run a command on the caller's company and wait
 * for the read models. (The argument shapes they accept are in their contracts, @ghg/api.)
 */

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
