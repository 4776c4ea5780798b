/**
 * A decider is the pure heart of a feature: `decide` turns a command and the current state into
 * new events or a named error; `evolve` folds one event into the state. No I/O anywhere here,
 * so every rule is tested with given events / when command / then events or error.
 */
export type Decision<Event, ErrorCode extends string> =
  | { ok: true; events: Event[] }
  | { ok: false; error: ErrorCode };

export interface Decider<Command, Event, State, ErrorCode extends string> {
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

export function fold<Event, State>(
  decider: Pick<Decider<unknown, Event, State, string>, 'initialState' | 'evolve'>,
  events: readonly Event[],
  firstRevision = 0,
): State {
  return events.reduce((state, event, i) => decider.evolve(state, event, firstRevision + i), decider.initialState());
}

/** Given/when/then helper for decider unit tests. */
export function given<Command, Event, State, ErrorCode extends string>(
  decider: Decider<Command, Event, State, ErrorCode>,
  events: readonly Event[],
) {
  return {
    when: (command: Command) => decider.decide(command, fold(decider, events)),
  };
}
