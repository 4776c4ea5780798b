import { pickMetadata } from '@ghg/events';
import type { LogPosition, RecordedEvent } from '@ghg/events';

/**
 * int8 columns are cast to text so pg and PGlite answer alike whatever parsers are set. The
 * aliases shadow the columns in ORDER BY: order by `es_events.<column>`, or the sort is textual.
 */
export const EVENT_COLUMNS = `global_position::text as global_position, event_id::text as event_id,
  stream_id, stream_position::text as stream_position, type, schema_version, data, metadata, recorded_at`;

export interface EventRow {
  global_position: string;
  event_id: string;
  stream_id: string;
  stream_position: string;
  type: string;
  schema_version: number;
  data: unknown;
  metadata: unknown;
  recorded_at: Date | string;
}

/** PostgreSQL has a single global number; both halves of the position carry it. */
export function pgPosition(globalPosition: bigint | string): LogPosition {
  const n = BigInt(globalPosition);
  return { commit: n, prepare: n };
}

export function rowToEvent(row: EventRow): RecordedEvent {
  return {
    id: row.event_id,
    type: row.type,
    schemaVersion: Number(row.schema_version),
    data: row.data,
    metadata: pickMetadata(row.metadata),
    streamId: row.stream_id,
    streamPosition: Number(row.stream_position),
    globalPosition: pgPosition(row.global_position),
    recordedAt: new Date(row.recorded_at).toISOString(),
  };
}
