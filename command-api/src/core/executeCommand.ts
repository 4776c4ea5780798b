import { randomUUID } from 'node:crypto';
import {
  eventContracts,
  LIMITS,
  WrongExpectedVersionError,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type NewEvent,
} from '@ghg/events';
import { fold, type Decider } from '@ghg/domain';
import { loadStream, snapshotIfDue, type Snapshotting } from './snapshots';
import { fieldsOf, HttpError, invalidArgs, Refusal } from './httpErrors';

export interface CommandOutcome<State> {
  /** State after the new events, for the HTTP answer. */
  state: State;
  appended: number;
  append: AppendResult | null;
}

/** Appends retried when another command changed the same stream in between. */
const ATTEMPTS = 8;

/**
 * Load the stream, fold it, decide, append with the version that was read. A concurrent writer
 * between read and append makes the store refuse the append; the command is then decided again
 * on the fresh state (a client-supplied expected version inside the command still protects the
 * client's own view, as a 409). Nothing is appended when the decider refuses.
 */
export async function executeCommand<C, E extends { type: string; data: unknown }, S, Err extends string>(
  eventStore: EventStore,
  streamId: string,
  decider: Decider<C, E, S, Err>,
  command: C,
  metadata: EventMetadata,
  options: { attempts?: number; snapshotting?: Snapshotting<S> } = {},
): Promise<CommandOutcome<S>> {
  const attempts = options.attempts ?? ATTEMPTS;
  for (let attempt = 1; ; attempt++) {
    const loaded = await loadStream(eventStore, streamId, decider, options.snapshotting);
    const { state, version } = loaded;
    const decision = decider.decide(command, state);
    if (!decision.ok) throw new Refusal(decision.error);
    if (decision.events.length === 0) return { state, appended: 0, append: null };
    const newEvents = decision.events.map((e) => toNewEvent(e, metadata));
    try {
      const append = await eventStore.appendToStream(streamId, newEvents, {
        expectedVersion: version === -1 ? 'no_stream' : version,
      });
      const after = fold(decider, decision.events, version + 1, state);
      await snapshotIfDue(options.snapshotting, streamId, loaded, { version: append.nextExpectedVersion, lastEventId: newEvents.at(-1)!.id }, after);
      return { state: after, appended: newEvents.length, append };
    } catch (error) {
      // Another command changed the stream in between: decide again on the new state, after a
      // short random pause so that commands racing for one stream do not collide again in step.
      if (error instanceof WrongExpectedVersionError && attempt < attempts) {
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
        continue;
      }
      if (error instanceof WrongExpectedVersionError) throw new Refusal('version_conflict');
      throw error;
    }
  }
}

/**
 * Validates the data against its contract, so a malformed event can never enter the log. The
 * contracts hold the bounds the read models can store (events/src/contracts/bounds.ts); a value
 * that got past a route's own schema is still refused here, as invalid args naming the field.
 */
export function toNewEvent(event: { type: string; data: unknown }, metadata: EventMetadata): NewEvent & { id: string } {
  const contract = eventContracts.get(event.type);
  if (!contract) throw new Error(`No contract for event type ${event.type}`);
  const parsed = contract.schema.safeParse(event.data);
  if (!parsed.success) throw invalidArgs(fieldsOf(parsed.error));
  if (Buffer.byteLength(JSON.stringify(parsed.data)) > LIMITS.maxEventBytes) throw new HttpError(413, 'event_too_large', 'event too large');
  return { id: randomUUID(), type: event.type, schemaVersion: contract.schemaVersion, data: parsed.data, metadata };
}
