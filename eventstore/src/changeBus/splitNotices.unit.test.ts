import { describe, expect, it } from 'vitest';
import type { ChangeNotice } from '@ghg/events';
import { MAX_PAYLOAD_BYTES, splitNotices } from './splitNotices';

const notice = (topic: string, ids: string[]): ChangeNotice => ({ topic, companyId: '会社-1', tenantId: 't', ids, position: '12/12' });
const parse = (payloads: string[]) => payloads.flatMap((p) => JSON.parse(p) as ChangeNotice[]);

describe('splitNotices', () => {
  it('keeps small publications in one payload', () => {
    const notices = [notice('a', ['1']), notice('b', ['2', '3'])];
    const payloads = splitNotices(notices);
    expect(payloads).toHaveLength(1);
    expect(parse(payloads)).toEqual(notices);
  });

  it('packs many notices into payloads under the limit, keeping their order', () => {
    const notices = Array.from({ length: 300 }, (_, i) => notice(`topic/${i}`, [`id-${i}`]));
    const payloads = splitNotices(notices);
    expect(payloads.length).toBeGreaterThan(1);
    for (const p of payloads) expect(Buffer.byteLength(p)).toBeLessThanOrEqual(MAX_PAYLOAD_BYTES);
    expect(parse(payloads)).toEqual(notices);
  });

  it('splits the ids of a notice too large on its own, counting bytes not characters', () => {
    const ids = Array.from({ length: 2000 }, (_, i) => `行-${String(i).padStart(5, '0')}`);
    const payloads = splitNotices([notice('imports/rows', ids)], 1000);
    const pieces = parse(payloads);
    expect(pieces.length).toBeGreaterThan(10);
    for (const p of payloads) expect(Buffer.byteLength(p)).toBeLessThanOrEqual(1000);
    for (const p of pieces) expect({ ...p, ids: [] }).toEqual(notice('imports/rows', []));
    expect(pieces.flatMap((p) => p.ids)).toEqual(ids);
  });
});
