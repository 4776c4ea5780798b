import {
  ANY,
  ErrorType,
  NO_STREAM,
  STREAM_EXISTS,
  jsonEvent,
  type AllStreamResolvedEvent,
  type AppendExpectedRevision,
  type EventData,
  type JSONType,
  type ResolvedEvent,
} from '@eventstore/db-client';
import { pickMetadata } from '@ghg/events';
import { WrongExpectedVersionError, type ExpectedVersion, type LogPosition, type NewEvent, type RecordedEvent } from '@ghg/events';

/**
 * Pure translations between the port and @eventstore/db-client, kept apart from the network code
 * so they can be unit-tested without a server.
 */

/** ESDB has no schemaVersion field: it travels in the event's metadata JSON beside ours. */
export function toEventData(event: NewEvent): EventData {
  return jsonEvent({
    ...(event.id ? { id: event.id } : {}),
    type: event.type,
    data: jsonData(event.data),
    metadata: { ...event.metadata, schemaVersion: event.schemaVersion },
  });
}

/**
 * Event data as the client's JSON type. An event's data is a JSON object (its contract's data, an
 * object in every contract and in the store contract suite); an array or a string is JSON too. A
 * bare number, boolean or null is no JSON event the client can write, so it is refused here.
 */
function jsonData(data: unknown): JSONType {
  if (typeof data === 'string' || Array.isArray(data) || isJsonObject(data)) return data;
  throw new TypeError(`event data must be a JSON object, not ${data === null ? 'null' : typeof data}`);
}

const isJsonObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * -1 means "no stream" in the port, as in the PostgreSQL adapter; ESDB wants the constant. The
 * value must have passed checkExpectedVersion (core/appendValidation.ts): BigInt throws a
 * RangeError on a fraction.
 */
export function toExpectedRevision(expected: ExpectedVersion): AppendExpectedRevision {
  if (expected === 'any') return ANY;
  if (expected === 'no_stream' || expected === -1) return NO_STREAM;
  if (expected === 'stream_exists') return STREAM_EXISTS;
  return BigInt(expected);
}

/** Our error for the client's wrong-expected-version error; any other error unchanged. */
export function mapAppendError(error: unknown, streamId: string, expected: ExpectedVersion): unknown {
  const e = error as { type?: string; actualVersion?: bigint | string };
  if (e?.type !== ErrorType.WRONG_EXPECTED_VERSION) return error;
  const actual = typeof e.actualVersion === 'bigint' ? Number(e.actualVersion) : -1;
  return new WrongExpectedVersionError(streamId, expected, actual);
}

export function isStreamNotFound(error: unknown): boolean {
  return (error as { type?: string })?.type === ErrorType.STREAM_NOT_FOUND;
}

/** Where an event of $all lies, system events included (they are skipped, not their positions). */
export function rawPosition(resolved: ResolvedEvent | AllStreamResolvedEvent): LogPosition | null {
  const p = resolved.event?.position;
  if (p) return { commit: p.commit, prepare: p.prepare };
  return resolved.commitPosition === undefined ? null : { commit: resolved.commitPosition, prepare: resolved.commitPosition };
}

/**
 * Errors after which a new call can succeed: the connection dropped (UNAVAILABLE), the node
 * stepped down (NOT_LEADER; the client reconnects to the leader it names) or the server
 * cancelled the call. The client itself reconnects its channel on these; a subscription must
 * then be opened again.
 */
export function isReconnectable(error: unknown): boolean {
  const type = (error as { type?: string })?.type;
  return type === ErrorType.UNAVAILABLE || type === ErrorType.NOT_LEADER || type === ErrorType.CANCELLED;
}

/** Server versions before 22.6 omit positions on stream reads; -1 marks "unknown". */
const UNKNOWN_POSITION: LogPosition = { commit: -1n, prepare: -1n };

/** Our event for an ESDB one; null for system events ($-types, $-streams) and for links. */
export function fromResolved(resolved: ResolvedEvent | AllStreamResolvedEvent): RecordedEvent | null {
  const e = resolved.event;
  if (!e || e.type.startsWith('$') || e.streamId.startsWith('$')) return null;
  const meta = parseJson(e.metadata) as Record<string, unknown> | null;
  return {
    id: e.id,
    type: e.type,
    schemaVersion: Number(meta?.schemaVersion ?? 1),
    data: e.isJson ? e.data : parseJson(e.data),
    metadata: pickMetadata(meta),
    streamId: e.streamId,
    streamPosition: Number(e.revision),
    globalPosition: e.position ? { commit: e.position.commit, prepare: e.position.prepare } : UNKNOWN_POSITION,
    recordedAt: e.created.toISOString(),
  };
}

/** The client parses JSON metadata itself but hands back bytes when it could not. */
function parseJson(value: unknown): unknown {
  if (!(value instanceof Uint8Array)) return value ?? null;
  if (value.length === 0) return null;
  try {
    return JSON.parse(Buffer.from(value).toString('utf8'));
  } catch {
    return null;
  }
}
