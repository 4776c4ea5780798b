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
import { HttpError, httpErrorFor } from './httpErrors';
import { invalidArgs } from './validate';

export interface CommandOutcome<State> {
  /** State after the new events, for the HTTP answer. */
  state: State;
  appended: number;
  append: AppendResult | null;
}

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
  attempts = 3,
): Promise<CommandOutcome<S>> {
  for (let attempt = 1; ; attempt++) {
    const history = await eventStore.readStream(streamId);
    const version = history.length === 0 ? -1 : history[history.length - 1]!.streamPosition;
    const state = fold(decider, history as unknown as E[]);
    const decision = decider.decide(command, state);
    if (!decision.ok) throw httpErrorFor(decision.error);
    if (decision.events.length === 0) return { state, appended: 0, append: null };
    const newEvents: NewEvent[] = decision.events.map((e) => toNewEvent(e, metadata));
    try {
      const append = await eventStore.appendToStream(streamId, newEvents, {
        expectedVersion: version === -1 ? 'no_stream' : version,
      });
      const after = decision.events.reduce((s, e, i) => decider.evolve(s, e, version + 1 + i), state);
      return { state: after, appended: newEvents.length, append };
    } catch (error) {
      if (error instanceof WrongExpectedVersionError && attempt < attempts) continue;
      if (error instanceof WrongExpectedVersionError) throw httpErrorFor('version_conflict');
      throw error;
    }
  }
}

/**
 * Validates the data against its contract, so a malformed event can never enter the log. The
 * contracts hold the bounds the read models can store (events/src/contracts/bounds.ts); a value
 * that got past a route's own schema is still refused here, as invalid args naming the field.
 */
export function toNewEvent(event: { type: string; data: unknown }, metadata: EventMetadata): NewEvent {
  const contract = eventContracts.get(event.type);
  if (!contract) throw new Error(`No contract for event type ${event.type}`);
  const parsed = contract.schema.safeParse(event.data);
  if (!parsed.success) throw invalidArgs(parsed.error);
  if (Buffer.byteLength(JSON.stringify(parsed.data)) > LIMITS.maxEventBytes) throw new HttpError(413, 'event_too_large', 'event too large');
  return { id: randomUUID(), type: event.type, schemaVersion: contract.schemaVersion, data: parsed.data, metadata };
}
