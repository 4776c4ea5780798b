import type { ChangeNotice } from '@ghg/events';

/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; keep a margin. */
export const MAX_PAYLOAD_BYTES = 7900;

const bytes = (s: string) => Buffer.byteLength(s, 'utf8');

/**
 * JSON-array payloads of at most `maxBytes` each, in order. A notice too large on its own (a
 * bulk import touching thousands of rows) is split into notices with the same topic, company and
 * position and a share of the ids each, which listeners treat exactly like the whole.
 */
export function splitNotices(notices: readonly ChangeNotice[], maxBytes = MAX_PAYLOAD_BYTES): string[] {
  const payloads: string[] = [];
  let parts: string[] = [];
  let size = 2; // the brackets
  for (const notice of notices) {
    for (const piece of fit(notice, maxBytes - 2)) {
      const added = bytes(piece) + (parts.length > 0 ? 1 : 0);
      if (parts.length > 0 && size + added > maxBytes) {
        payloads.push(`[${parts.join(',')}]`);
        parts = [];
        size = 2;
      }
      size += bytes(piece) + (parts.length > 0 ? 1 : 0);
      parts.push(piece);
    }
  }
  if (parts.length > 0) payloads.push(`[${parts.join(',')}]`);
  return payloads;
}

function fit(notice: ChangeNotice, maxBytes: number): string[] {
  const whole = JSON.stringify(notice);
  if (bytes(whole) <= maxBytes) return [whole];
  const base = bytes(JSON.stringify({ ...notice, ids: [] }));
  if (base >= maxBytes) throw new Error(`Change notice for ${notice.topic} cannot fit a payload even without ids`);
  const pieces: string[] = [];
  let ids: string[] = [];
  let size = base;
  for (const id of notice.ids) {
    const added = bytes(JSON.stringify(id)) + (ids.length > 0 ? 1 : 0);
    if (ids.length > 0 && size + added > maxBytes) {
      pieces.push(JSON.stringify({ ...notice, ids }));
      ids = [];
      size = base;
    }
    if (base + bytes(JSON.stringify(id)) > maxBytes) throw new Error(`Change notice id too long: ${id.slice(0, 40)}…`);
    size += bytes(JSON.stringify(id)) + (ids.length > 0 ? 1 : 0);
    ids.push(id);
  }
  if (ids.length > 0) pieces.push(JSON.stringify({ ...notice, ids }));
  return pieces;
}
