import { createHash } from 'node:crypto';
import { WrongExpectedVersionError, type EventMetadata, type RecordedEvent } from '@ghg/events';
import { claimRegisterDecider, claimRegisterStreamId, clashingHolders, fold, foldRecorded, type Decider, type EntityClaim, type Holder } from '@ghg/domain';
import type { CommandApiDeps } from './deps';
import { toNewEvent, type CommandOutcome } from './executeCommand';
import { Refusal } from './httpErrors';
import { metadataFor, type Session } from './session';

/**
 * Commands on one entity (a currency rate, an offset, a flag…) in its own stream, so a command
 * reads that entity's history only, however much the company has recorded, and never collides
 * with a change to another entity. A rule that spans entities (one rate per fiscal year and
 * currency, one flag per name, serial ranges that do not overlap) is kept in a claim register
 * (domain/src/core/claims.ts): the entity claims what it is about to take before its event is
 * appended, and releases what it gave up afterwards.
 */

export interface EntityKind<C, E extends { type: string; data: unknown }, S, Err extends string> {
  decider: Decider<C, E, S, Err>;
  /** The values the entity in `state` holds in registers (none when it does not exist). */
  claimsOf?: (state: S) => EntityClaim[];
  /** The refusal when another live entity holds a value this one needs. */
  heldBy?: Err;
}

/** A claim younger than this is taken to be followed by its entity's event (a command in flight). */
const IN_FLIGHT_MS = 60_000;
/** Appends retried when another command changed the same stream in between. */
const ATTEMPTS = 5;

/** The register stream guarding `guard`: a hash, so any text (a name, a serial) makes a bounded id. */
export const registerStreamOf = (guard: readonly string[]) => claimRegisterStreamId(createHash('sha256').update(JSON.stringify(guard)).digest('hex').slice(0, 40));

const sameClaim = (a: EntityClaim, b: EntityClaim) => registerStreamOf(a.guard) === registerStreamOf(b.guard) && a.value.from === b.value.from && a.value.to === b.value.to;
const versionOf = (history: readonly RecordedEvent[]) => (history.length === 0 ? -1 : history[history.length - 1]!.streamPosition);

/** load → decide → claim → append → release, then wait for the read models (read-your-writes). */
export async function runEntityCommand<C, E extends { type: string; data: unknown }, S, Err extends string>(
  deps: CommandApiDeps,
  session: Session,
  streamId: string,
  kind: EntityKind<C, E, S, Err>,
  command: C,
): Promise<CommandOutcome<S>> {
  const metadata = metadataFor(session, session.selectedCompanyId, deps.now?.() ?? new Date());
  const outcome = await executeEntityCommand(deps, streamId, kind, command, metadata);
  if (outcome.append) await deps.awaitProjection?.(outcome.append.lastPosition);
  return outcome;
}

/** What the entity commands need: the log, and a clock for the age of claims. */
export type EntityDeps = Pick<CommandApiDeps, 'eventStore' | 'now'>;

/** load → decide → claim → append → release, without a session (also for seeding and migrations). */
export async function executeEntityCommand<C, E extends { type: string; data: unknown }, S, Err extends string>(
  deps: EntityDeps,
  streamId: string,
  kind: EntityKind<C, E, S, Err>,
  command: C,
  metadata: EventMetadata,
): Promise<CommandOutcome<S>> {
  const { decider } = kind;
  const claimsOf = kind.claimsOf ?? (() => []);
  for (let attempt = 1; ; attempt++) {
    const history = await deps.eventStore.readStream(streamId);
    const version = versionOf(history);
    const state = foldRecorded(decider, history);
    const decision = decider.decide(command, state);
    if (!decision.ok) throw new Refusal(decision.error);
    if (decision.events.length === 0) return { state, appended: 0, append: null };
    const after = fold(decider, decision.events, version + 1, state);
    const before = claimsOf(state);
    const next = claimsOf(after);
    // Every value the entity will hold, not only new ones: claiming what it already holds costs one
    // short read and appends nothing, and it repairs a claim that was lost or never made.
    for (const wanted of next) {
      if (!(await claim(deps, kind, streamId, wanted, metadata))) throw new Refusal(kind.heldBy ?? 'version_conflict');
    }
    let append;
    try {
      append = await deps.eventStore.appendToStream(streamId, decision.events.map((e) => toNewEvent(e, metadata)), {
        expectedVersion: version === -1 ? 'no_stream' : version,
      });
    } catch (error) {
      // Claims just made stay: the retry claims the same again (idempotent), or they lapse as unheld.
      if (error instanceof WrongExpectedVersionError && attempt < ATTEMPTS) continue;
      if (error instanceof WrongExpectedVersionError) throw new Refusal('version_conflict');
      throw error;
    }
    for (const lost of before.filter((b) => !next.some((c) => sameClaim(b, c)))) await release(deps, streamId, lost, metadata);
    return { state: after, appended: decision.events.length, append };
  }
}

/** The current state of an entity stream (for an answer that echoes it as it was). */
export async function loadEntity<E extends { type: string }, S>(
  deps: CommandApiDeps,
  streamId: string,
  decider: Pick<Decider<unknown, E, S, string>, 'initialState' | 'evolve' | 'eventTypes'>,
): Promise<S> {
  return foldRecorded(decider, await deps.eventStore.readStream(streamId));
}

/** Claims `wanted` for `owner`; false when another live entity holds a clashing value. */
export async function claim<C, E extends { type: string; data: unknown }, S, Err extends string>(
  deps: EntityDeps,
  kind: EntityKind<C, E, S, Err>,
  owner: string,
  wanted: EntityClaim,
  metadata: EventMetadata,
): Promise<boolean> {
  const register = registerStreamOf(wanted.guard);
  for (let attempt = 1; ; attempt++) {
    const history = await deps.eventStore.readStream(register);
    const state = foldRecorded(claimRegisterDecider, history);
    const deadOwners: string[] = [];
    for (const holder of clashingHolders(state, owner, wanted.value)) {
      if (!(await stillHolds(deps, kind, holder, wanted.guard))) deadOwners.push(holder.owner);
    }
    const decision = claimRegisterDecider.decide({ type: 'Claim', register, owner, value: wanted.value, claimedAt: metadata.occurredAt, deadOwners }, state);
    if (!decision.ok) return false;
    if (decision.events.length === 0) return true;
    try {
      const version = versionOf(history);
      await deps.eventStore.appendToStream(register, decision.events.map((e) => toNewEvent(e, metadata)), { expectedVersion: version === -1 ? 'no_stream' : version });
      return true;
    } catch (error) {
      if (error instanceof WrongExpectedVersionError && attempt < ATTEMPTS) continue;
      throw error instanceof WrongExpectedVersionError ? new Refusal('version_conflict') : error;
    }
  }
}

/**
 * Whether a holder still holds its value: a young claim is trusted (its entity's event may be
 * on its way); an older one only if the entity, as it is now, holds that value. A claim left by a
 * command that failed half-way thus lapses after IN_FLIGHT_MS instead of blocking the value.
 */
async function stillHolds<C, E extends { type: string; data: unknown }, S, Err extends string>(
  deps: EntityDeps,
  kind: EntityKind<C, E, S, Err>,
  holder: Holder,
  guard: readonly string[],
): Promise<boolean> {
  const now = (deps.now?.() ?? new Date()).getTime();
  if (now - Date.parse(holder.claimedAt) < IN_FLIGHT_MS) return true;
  const state = foldRecorded(kind.decider, await deps.eventStore.readStream(holder.owner));
  const held: EntityClaim = { guard, value: { from: holder.from, to: holder.to } };
  return (kind.claimsOf?.(state) ?? []).some((c) => sameClaim(c, held));
}

/** Gives up a value the entity no longer holds; a failure only leaves a claim that lapses. */
export async function release(deps: EntityDeps, owner: string, lost: EntityClaim, metadata: EventMetadata): Promise<void> {
  const register = registerStreamOf(lost.guard);
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const history = await deps.eventStore.readStream(register);
    const decision = claimRegisterDecider.decide({ type: 'Release', register, owner }, foldRecorded(claimRegisterDecider, history));
    if (!decision.ok || decision.events.length === 0) return;
    try {
      const version = versionOf(history);
      await deps.eventStore.appendToStream(register, decision.events.map((e) => toNewEvent(e, metadata)), { expectedVersion: version === -1 ? 'no_stream' : version });
      return;
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError)) throw error;
    }
  }
}
