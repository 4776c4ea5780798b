import type { EventMetadata, ExpectedVersion } from './types';

/**
 * Returns exactly the EventMetadata fields. Stores keep metadata as JSON next to other keys
 * (EventStoreDB adds schemaVersion), so reads must not leak those extras to callers.
 */
export function pickMetadata(raw: unknown): EventMetadata {
  const m = (raw ?? {}) as Record<string, unknown>;
  const text = (v: unknown): string | null => (v === undefined || v === null ? null : String(v));
  return {
    actorUserId: text(m.actorUserId),
    companyId: text(m.companyId),
    tenantId: text(m.tenantId),
    correlationId: String(m.correlationId ?? ''),
    causationId: text(m.causationId),
    occurredAt: String(m.occurredAt ?? ''),
    ...(typeof m.apiTokenId === 'string' ? { apiTokenId: m.apiTokenId } : {}),
  };
}

/** True when a stream whose last revision is `actual` (-1: none) satisfies `expected`. */
export function expectationHolds(expected: ExpectedVersion, actual: number): boolean {
  if (expected === 'any') return true;
  if (expected === 'no_stream') return actual === -1;
  if (expected === 'stream_exists') return actual >= 0;
  return expected === actual;
}
