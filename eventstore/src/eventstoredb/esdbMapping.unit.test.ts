import {
  CancelledError,
  WrongExpectedVersionError as EsdbWrongExpectedVersionError,
  StreamNotFoundError,
  UnavailableError,
  UnknownError,
} from '@eventstore/db-client';
import { describe, expect, it } from 'vitest';
import { WrongExpectedVersionError, type EventMetadata } from '@ghg/events';
import { fromResolved, isReconnectable, isStreamNotFound, mapAppendError, rawPosition, toEventData, toExpectedRevision } from './esdbMapping';

const metadata: EventMetadata = {
  actorUserId: 'u',
  companyId: null,
  tenantId: 't',
  correlationId: 'c',
  causationId: null,
  occurredAt: '2025-04-01T00:00:00.000Z',
};

/** What the client hands back for a JSON event read from $all. */
function recorded(over: Partial<{ type: string; streamId: string; metadata: unknown }> = {}) {
  return {
    event: {
      streamId: 'company-1',
      id: '0b1c3a9e-1a2b-4c3d-8e9f-0a1b2c3d4e5f',
      isJson: true as const,
      revision: 4n,
      type: 'CompanyRenamed',
      created: new Date('2025-04-01T00:00:01.000Z'),
      data: { name: 'ACME' },
      metadata: { ...metadata, schemaVersion: 2 },
      position: { commit: 1200n, prepare: 1100n },
      ...over,
    },
  };
}

describe('EventStoreDB mapping', () => {
  it('puts schemaVersion into the ESDB metadata and keeps the given id', () => {
    const data = toEventData({ id: '0b1c3a9e-1a2b-4c3d-8e9f-0a1b2c3d4e5f', type: 'X', schemaVersion: 3, data: { a: 1 }, metadata });
    expect(data).toMatchObject({ id: '0b1c3a9e-1a2b-4c3d-8e9f-0a1b2c3d4e5f', type: 'X', contentType: 'application/json', data: { a: 1 } });
    expect(data.metadata).toEqual({ ...metadata, schemaVersion: 3 });
    expect(toEventData({ type: 'X', schemaVersion: 1, data: {}, metadata }).id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('restores schemaVersion, exactly the metadata fields, revision and both positions', () => {
    expect(fromResolved(recorded() as never)).toStrictEqual({
      id: '0b1c3a9e-1a2b-4c3d-8e9f-0a1b2c3d4e5f',
      type: 'CompanyRenamed',
      schemaVersion: 2,
      data: { name: 'ACME' },
      metadata,
      streamId: 'company-1',
      streamPosition: 4,
      globalPosition: { commit: 1200n, prepare: 1100n },
      recordedAt: '2025-04-01T00:00:01.000Z',
    });
  });

  it('reads metadata the client left as bytes', () => {
    const bytes = new TextEncoder().encode(JSON.stringify({ ...metadata, schemaVersion: 5 }));
    const event = fromResolved(recorded({ metadata: bytes }) as never)!;
    expect(event.schemaVersion).toBe(5);
    expect(event.metadata).toStrictEqual(metadata);
  });

  it('skips system events, system streams and unresolved links', () => {
    expect(fromResolved(recorded({ type: '$metadata' }) as never)).toBeNull();
    expect(fromResolved(recorded({ streamId: '$stats-127.0.0.1:2113' }) as never)).toBeNull();
    expect(fromResolved({} as never)).toBeNull();
  });

  it('maps expected versions, with -1 meaning no stream', () => {
    expect(toExpectedRevision('any')).toBe('any');
    expect(toExpectedRevision('no_stream')).toBe('no_stream');
    expect(toExpectedRevision(-1)).toBe('no_stream');
    expect(toExpectedRevision('stream_exists')).toBe('stream_exists');
    expect(toExpectedRevision(7)).toBe(7n);
  });

  it("turns the client's wrong-expected-version error into ours", () => {
    const existing = new EsdbWrongExpectedVersionError(undefined, { streamName: 's', expected: 1n, current: 3n });
    const missing = new EsdbWrongExpectedVersionError(undefined, { streamName: 's', expected: 'stream_exists', current: 'no_stream' });
    const a = mapAppendError(existing, 's', 1) as WrongExpectedVersionError;
    expect(a).toBeInstanceOf(WrongExpectedVersionError);
    expect([a.streamId, a.expected, a.actual]).toEqual(['s', 1, 3]);
    expect((mapAppendError(missing, 's', 'stream_exists') as WrongExpectedVersionError).actual).toBe(-1);
    const other = new Error('unavailable');
    expect(mapAppendError(other, 's', 1)).toBe(other);
  });

  it('gives the position of system events too, from the commit position when the record has none', () => {
    expect(rawPosition(recorded({ type: '$statsCollected' }) as never)).toEqual({ commit: 1200n, prepare: 1100n });
    expect(rawPosition({ commitPosition: 77n } as never)).toEqual({ commit: 77n, prepare: 77n });
    expect(rawPosition({} as never)).toBeNull();
  });

  it('resubscribes after a lost connection, a leader change or a server-side cancel only', () => {
    expect(isReconnectable(new UnavailableError())).toBe(true);
    expect(isReconnectable(new CancelledError())).toBe(true);
    expect(isReconnectable({ type: 'not-leader' })).toBe(true);
    expect(isReconnectable(new UnknownError())).toBe(false);
    expect(isReconnectable(new StreamNotFoundError(undefined, 's'))).toBe(false);
    expect(isReconnectable(new Error('x'))).toBe(false);
  });

  it('recognises a missing stream', () => {
    expect(isStreamNotFound(new StreamNotFoundError(undefined, 's'))).toBe(true);
    expect(isStreamNotFound(new Error('x'))).toBe(false);
  });
});
