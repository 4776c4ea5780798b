/**
 * Event contracts shared by every adapter. Stream versions are zero-based revisions:
 * the first event of a stream has streamPosition 0, exactly as in EventStoreDB, so
 * an expected version means the same thing whichever adapter stores the log.
 */

/** Who caused an event, for which company, and why: the audit trail of every change. */
export interface EventMetadata {
  /** User that issued the command; null for system actions such as seeding. */
  actorUserId: string | null;
  /** Company whose data the event changes; null for tenant-wide or user events. */
  companyId: string | null;
  /** Corporate group (tenant) the company belongs to. */
  tenantId: string | null;
  correlationId: string;
  causationId: string | null;
  /** ISO-8601 instant when the command was accepted. */
  occurredAt: string;
  /** The personal API token the command came through (its creator is the actor); absent otherwise. */
  apiTokenId?: string;
}

/** An event about to be appended. `id` is generated when omitted. */
export interface NewEvent<Type extends string = string, Data = unknown> {
  id?: string;
  type: Type;
  schemaVersion: number;
  data: Data;
  metadata: EventMetadata;
}

/**
 * Position in the global log. PostgreSQL has one number (commit = prepare = global_position);
 * EventStoreDB has a commit and a prepare position. Compare with comparePositions.
 */
export interface LogPosition {
  commit: bigint;
  prepare: bigint;
}

export interface RecordedEvent<Type extends string = string, Data = unknown> {
  id: string;
  type: Type;
  schemaVersion: number;
  data: Data;
  metadata: EventMetadata;
  streamId: string;
  /** Zero-based revision of this event inside its stream. */
  streamPosition: number;
  globalPosition: LogPosition;
  /** When the store wrote it (ISO-8601). */
  recordedAt: string;
}

/**
 * 'no_stream': the stream must not exist yet; 'stream_exists': it must exist;
 * 'any': no check; a number: the revision of the stream's last event.
 */
export type ExpectedVersion = 'no_stream' | 'stream_exists' | 'any' | number;

/** One stream's part of an appendToStreams call. */
export interface StreamWrite {
  streamId: string;
  events: readonly NewEvent[];
  /** As appendToStream's option: 'any' when omitted. */
  expectedVersion?: ExpectedVersion;
}

export interface AppendResult {
  /** Revision of the last appended event: pass it as the next expected version. */
  nextExpectedVersion: number;
  /** Global position of the last appended event. */
  lastPosition: LogPosition;
}

export interface ReadStreamOptions {
  /** First revision to return (inclusive). Default 0. */
  fromVersion?: number;
  maxCount?: number;
}

export interface ReadAllOptions {
  /** Return events strictly after this position; null or omitted means from the start. */
  after?: LogPosition | null;
  maxCount?: number;
}

export interface SubscribeOptions {
  /** Deliver events strictly after this position; null or omitted means from the start. */
  after?: LogPosition | null;
  /** Called once per event, in global order; the next event waits for the promise. */
  onEvent: (event: RecordedEvent) => void | Promise<void>;
  /** Called once all events that existed at subscription time have been delivered. */
  onCaughtUp?: () => void;
  onError?: (error: unknown) => void;
}

export interface Subscription {
  /** Stops delivery; resolves when no onEvent call is running any more. */
  stop(): Promise<void>;
}

/** The port every event store adapter implements (PostgreSQL/PGlite, EventStoreDB). */
export interface EventStore {
  readonly kind: 'postgres' | 'pglite' | 'eventstoredb';
  /**
   * appendStreamed stages the chunks as they come, without holding the log, and checks and
   * appends them only when the last one is in (PostgreSQL, PGlite): the chunks may then be produced while
   * this store is read, and a producer that throws leaves nothing written.
   */
  readonly stagesStreamedAppends: boolean;
  appendToStream(
    streamId: string,
    events: readonly NewEvent[],
    options?: { expectedVersion?: ExpectedVersion },
  ): Promise<AppendResult>;
  /**
   * Appends to several streams as one unit: every write's expectation is checked first and, if any
   * fails, nothing is written (WrongExpectedVersionError for the first failing stream;
   * DuplicateEventIdError likewise). Results in the order of `writes`. A stream may appear only
   * once per call (else DuplicateStreamError, an Error thrown before the store is touched).
   *
   * Each write follows appendToStream's rules: ids are fixed before the store is called, a write
   * of zero events returns the stream's current version and still checks its expectation, and a
   * write whose events already are its stream's events where its expectation put them (an exact
   * retry after a lost answer) is answered with its first result and writes nothing; an id
   * already in the log otherwise is refused. So an exact retry of a whole call writes nothing and
   * returns the first results. The events of a call get consecutive global positions in the
   * order of `writes` (PostgreSQL/PGlite: one transaction). EventStoreDB has no multi-stream
   * transaction: there all expectations are checked up front, then the streams are appended one
   * after another, so a concurrent writer between the check and the last append can leave the
   * call half done (see docs/architecture.md).
   */
  appendToStreams(writes: readonly StreamWrite[]): Promise<AppendResult[]>;
  /**
   * One long append in chunks (an import of up to a million lines), all or nothing on
   * PostgreSQL/PGlite, memory bounded by a chunk. Each chunk is checked like
   * appendToStreams' writes; a stream may go on in a later chunk (expecting the version the earlier
   * chunks left it at). Where the store `stagesStreamedAppends`, the chunks may be produced while
   * the store is read; elsewhere (EventStoreDB, which appends chunk by chunk and is not atomic
   * there) produce and check them beforehand, e.g. into a spill file.
   */
  appendStreamed(chunks: AsyncIterable<readonly StreamWrite[]>): Promise<{ written: number; lastPosition: LogPosition | null }>;
  /** Events of one stream in order; an empty array when the stream does not exist. */
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /**
   * Events of many streams (an import's lines, a chunk at a time), each in order, by stream id;
   * a stream that does not exist maps to an empty array. One query on PostgreSQL/PGlite.
   */
  readStreams(streamIds: readonly string[]): Promise<Map<string, RecordedEvent[]>>;
  /** Events of the global log in order (system events excluded). */
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  /** Catch-up subscription on the global log: history first, then live events. */
  subscribeToAll(options: SubscribeOptions): Subscription;
  /** Position of the newest event, or null when the log is empty. */
  headPosition(): Promise<LogPosition | null>;
  close(): Promise<void>;
}

export class WrongExpectedVersionError extends Error {
  readonly code = 'wrong_expected_version' as const;
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedVersion,
    /** Revision of the stream's last event, or -1 when it does not exist. */
    readonly actual: number,
  ) {
    super(`Stream ${streamId}: expected version ${String(expected)}, actual ${actual}`);
    this.name = 'WrongExpectedVersionError';
  }
}

export function comparePositions(a: LogPosition, b: LogPosition): number {
  if (a.commit !== b.commit) return a.commit < b.commit ? -1 : 1;
  if (a.prepare !== b.prepare) return a.prepare < b.prepare ? -1 : 1;
  return 0;
}

/** Text form used in checkpoints, notices and JSON: "commit/prepare". */
export function positionToString(p: LogPosition): string {
  return `${p.commit}/${p.prepare}`;
}

export function positionFromString(s: string): LogPosition {
  const [commit, prepare] = s.split('/');
  if (commit === undefined || prepare === undefined) throw new Error(`Bad log position: ${s}`);
  return { commit: BigInt(commit), prepare: BigInt(prepare) };
}

// The input rules of appendToStreams live with appendToStream's (appendValidation.ts); they are
// re-exported here so that the package entry's `export * from './core/types'` carries them.
export { DuplicateStreamError, checkStreamWrites, type CheckedStreamWrite } from './appendValidation';
