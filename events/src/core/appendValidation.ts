import type { ExpectedVersion, NewEvent, StreamWrite } from './types';

/**
 * Input checks every adapter runs before it touches its backend, so a bad append is refused the
 * same way on every store and nothing of it is appended. The rules are pinned by the shared
 * contract suite (eventStoreContract.ts).
 */

/** An append refused for its input; nothing of it was written. */
abstract class RefusedAppendError extends Error {
  abstract readonly code: string;
  constructor(
    readonly streamId: string,
    message: string,
  ) {
    super(`Stream ${streamId}: ${message}`);
    this.name = new.target.name;
  }
}

/** An expected version that is neither symbolic nor a whole revision from -1 up. */
export class InvalidExpectedVersionError extends RefusedAppendError {
  readonly code = 'invalid_expected_version' as const;
  constructor(
    streamId: string,
    readonly expected: unknown,
  ) {
    super(
      streamId,
      `invalid expected version ${describe(expected)}; use 'any', 'no_stream', 'stream_exists', -1 (no stream) ` +
        `or the revision of the stream's last event (a whole number from 0 to ${Number.MAX_SAFE_INTEGER})`,
    );
  }
}

/** An event id that is not a UUID (8-4-4-4-12 hexadecimal digits, not all zero). */
export class InvalidEventIdError extends RefusedAppendError {
  readonly code = 'invalid_event_id' as const;
  constructor(
    streamId: string,
    readonly eventId: unknown,
  ) {
    super(streamId, `event id ${describe(eventId)} is not a UUID; nothing was appended`);
  }
}

/**
 * An event id used twice in one append, or (PostgreSQL) an id already in the log that is not an
 * exact retry of the append that wrote it.
 */
export class DuplicateEventIdError extends RefusedAppendError {
  readonly code = 'duplicate_event_id' as const;
  constructor(
    streamId: string,
    readonly eventId: string,
    detail = 'is already in the log',
  ) {
    super(streamId, `event id ${eventId} ${detail}; nothing was appended`);
  }
}

/** A stream named by more than one write of one appendToStreams call. */
export class DuplicateStreamError extends RefusedAppendError {
  readonly code = 'duplicate_stream' as const;
  constructor(streamId: string) {
    super(streamId, 'appears in more than one write of the call; nothing was appended');
  }
}

const SYMBOLIC = new Set<unknown>(['any', 'no_stream', 'stream_exists']);

/** The expectation to use ('any' when omitted); refuses anything else before BigInt or SQL sees it. */
export function checkExpectedVersion(streamId: string, expected: unknown): ExpectedVersion {
  if (expected === undefined) return 'any';
  if (SYMBOLIC.has(expected)) return expected as ExpectedVersion;
  if (typeof expected === 'number' && Number.isSafeInteger(expected) && expected >= -1) return expected;
  throw new InvalidExpectedVersionError(streamId, expected);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NIL = '00000000-0000-0000-0000-000000000000';

/**
 * The events with their final ids: a given id must be a UUID (any letter case; stored and read
 * back in lower case, as PostgreSQL's uuid type and EventStoreDB both do), a missing one is
 * generated, and no id may appear twice in one append.
 */
export function withEventIds(streamId: string, events: readonly NewEvent[]): NewEvent[] {
  const seen = new Set<string>();
  return events.map((event) => {
    let id: string;
    if (event.id === undefined) id = globalThis.crypto.randomUUID();
    else if (typeof event.id !== 'string' || !UUID.test(event.id) || event.id === NIL) throw new InvalidEventIdError(streamId, event.id);
    else id = event.id.toLowerCase();
    if (seen.has(id)) throw new DuplicateEventIdError(streamId, id, 'appears twice in the append');
    seen.add(id);
    return event.id === id ? event : { ...event, id };
  });
}

/** A write of appendToStreams after the input checks: final ids, expectation resolved. */
export interface CheckedStreamWrite {
  streamId: string;
  events: NewEvent[];
  expected: ExpectedVersion;
}

/**
 * The input checks of appendToStreams, in the order of `writes` (the first bad write is the one
 * reported): no stream twice (DuplicateStreamError), each expectation as checkExpectedVersion,
 * each write's ids as withEventIds, and no id in two writes of the call.
 */
export function checkStreamWrites(writes: readonly StreamWrite[]): CheckedStreamWrite[] {
  const streams = new Set<string>();
  const ids = new Set<string>();
  return writes.map(({ streamId, events, expectedVersion }) => {
    if (streams.has(streamId)) throw new DuplicateStreamError(streamId);
    streams.add(streamId);
    const expected = checkExpectedVersion(streamId, expectedVersion);
    const withIds = withEventIds(streamId, events);
    for (const event of withIds) {
      if (ids.has(event.id!)) throw new DuplicateEventIdError(streamId, event.id!, 'appears twice in the append');
      ids.add(event.id!);
    }
    return { streamId, events: withIds, expected };
  });
}

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value);
  if (typeof value === 'bigint') return `${value}n`;
  return String(value);
}
