/**
 * A decider is the pure heart of a feature: `decide` turns a command and the current state into
 * new events or a named error; `evolve` folds one event into the state. No I/O anywhere here,
 * so every rule is tested with given events / when command / then events or error.
 */
export type Decision<Event, ErrorCode extends string> =
  | { ok: true; events: Event[] }
  | { ok: false; error: ErrorCode };

/**
 * Every event type a decider's `evolve` knows, as the keys of an object: a type of the union left
 * out, or one that is not in it, is a type error. Folding a stream narrows its recorded events to
 * these types (`foldRecorded`) instead of casting them.
 */
export type KnownEventTypes<Event extends { type: string }> = { readonly [T in Event['type']]: true };

export interface Decider<Command, Event extends { type: string }, State, ErrorCode extends string> {
  eventTypes: KnownEventTypes<Event>;
  initialState: () => State;
  /** `revision` is the zero-based stream position of the event, for per-entity versions. */
  evolve: (state: State, event: Event, revision: number) => State;
  decide: (command: Command, state: State) => Decision<Event, ErrorCode>;
}

export const accept = <Event>(...events: Event[]): { ok: true; events: Event[] } => ({ ok: true, events });
export const reject = <ErrorCode extends string>(error: ErrorCode): { ok: false; error: ErrorCode } => ({
  ok: false,
  error,
});

/**
 * Folds events the decider emitted (already typed), numbered from `firstRevision`, onto `from`
 * (the initial state unless given: e.g. the state a command was decided on).
 */
export function fold<Event extends { type: string }, State>(
  decider: Pick<Decider<unknown, Event, State, string>, 'initialState' | 'evolve'>,
  events: readonly Event[],
  firstRevision = 0,
  from: State = decider.initialState(),
): State {
  return events.reduce((state, event, i) => decider.evolve(state, event, firstRevision + i), from);
}

/** What a fold needs of a recorded event (the store's RecordedEvent has it). */
export interface RecordedForFold {
  type: string;
  data: unknown;
  /** Zero-based revision of the event in its stream. */
  streamPosition: number;
}

/**
 * Whether a recorded event is of a type the decider knows; narrows it to the decider's event
 * union. The data is trusted as that type's: it was validated against its contract before it was
 * appended and upcast to the current schema version when read.
 */
export function isKnownEvent<Event extends { type: string }, R extends { type: string }>(
  decider: Pick<Decider<unknown, Event, unknown, string>, 'eventTypes'>,
  event: R,
): event is R & Event {
  return Object.hasOwn(decider.eventTypes, event.type);
}

/**
 * A stream's state from its recorded events (all of them, or those after `from`'s snapshot): each
 * event is narrowed to the decider's event union and folded at its own revision. An event of a
 * type the decider does not know is passed over, as `evolve` would have left the state alone.
 */
export function foldRecorded<Event extends { type: string }, State>(
  decider: Pick<Decider<unknown, Event, State, string>, 'initialState' | 'evolve' | 'eventTypes'>,
  events: readonly RecordedForFold[],
  from: State = decider.initialState(),
): State {
  let state = from;
  for (const event of events) if (isKnownEvent(decider, event)) state = decider.evolve(state, event, event.streamPosition);
  return state;
}

/** Given/when/then helper for decider unit tests. */
export function given<Command, Event extends { type: string }, State, ErrorCode extends string>(
  decider: Decider<Command, Event, State, ErrorCode>,
  events: readonly Event[],
) {
  return {
    when: (command: Command) => decider.decide(command, fold(decider, events)),
  };
}
