import { describe, expect, it } from 'vitest';
import { given } from '../../core/decider';
import type { OffsetEvent } from '@ghg/events';
import { offsetsDecider, serialRange, splitSerial, type OffsetCommand } from './offsets';

const companyId = 'c1';
type Save = Extract<OffsetCommand, { type: 'SaveOffset' }>;
const save = (p: Partial<Save> = {}): OffsetCommand => ({
  type: 'SaveOffset',
  companyId,
  newId: 'new',
  offsetType: 'J-クレジット',
  particularNumberFrom: 'JP-101-0001-000001',
  particularNumberTo: 'JP-101-0001-000100',
  invalidOrRelocationQuantity: 100,
  invalidOrRelocationDate: '2025-06-30',
  authType: '無効化',
  ...p,
});
const added = (id: string, from: string, to: string, type = 'J-クレジット'): OffsetEvent => ({
  type: 'OffsetAdded',
  data: { id, companyId, type, particularNumberFrom: from, particularNumberTo: to, invalidOrRelocationQuantity: 100, invalidOrRelocationDate: '2025-06-30', authType: '無効化' },
});

describe('offset decider', () => {
  it('given no offsets, when one is saved, then OffsetAdded with trimmed text and the new id', () => {
    expect(given(offsetsDecider, []).when(save({ offsetType: ' J-クレジット ', authType: ' 無効化' }))).toEqual({
      ok: true,
      events: [added('new', 'JP-101-0001-000001', 'JP-101-0001-000100')],
    });
  });

  it('accepts a kind of credit outside the suggested list and serials that are not numbered', () => {
    const result = given(offsetsDecider, []).when(save({ offsetType: 'Puro.earth', particularNumberFrom: 'ABC', particularNumberTo: 'XYZ' }));
    expect(result.ok).toBe(true);
  });

  it('given an offset, when changed by id, then OffsetChanged keeps the id; saving it unchanged appends nothing', () => {
    const history = [added('a', 'JP-101-0001-000001', 'JP-101-0001-000100')];
    const result = given(offsetsDecider, history).when(save({ id: 'a', invalidOrRelocationQuantity: 90, expectedVersion: 0 }));
    expect(result).toEqual({
      ok: true,
      events: [{ type: 'OffsetChanged', data: expect.objectContaining({ id: 'a', invalidOrRelocationQuantity: 90 }) }],
    });
    expect(given(offsetsDecider, history).when(save({ id: 'a' }))).toEqual({ ok: true, events: [] });
  });

  it('given an offset changed after the client read it, when saved with the old version, then version_conflict', () => {
    const history = [added('a', 'A-1', 'A-5'), added('b', 'B-1', 'B-5'), added('a', 'A-1', 'A-6')];
    expect(given(offsetsDecider, history).when(save({ id: 'a', particularNumberFrom: 'A-1', particularNumberTo: 'A-7', expectedVersion: 0 }))).toEqual({ ok: false, error: 'version_conflict' });
    expect(given(offsetsDecider, history).when(save({ id: 'a', particularNumberFrom: 'A-1', particularNumberTo: 'A-7', expectedVersion: 2 })).ok).toBe(true);
  });

  it.each([
    [{ offsetType: '  ' }, 'invalid_offset_type'],
    [{ offsetType: 'x'.repeat(101) }, 'invalid_offset_type'],
    [{ authType: '' }, 'invalid_auth_type'],
    [{ particularNumberFrom: ' ' }, 'invalid_serial_number'],
    [{ particularNumberTo: '' }, 'invalid_serial_number'],
    [{ particularNumberFrom: 'JP-101-0001-000200' }, 'invalid_serial_range'],
    [{ particularNumberFrom: 'JP-102-0001-000001' }, 'invalid_serial_range'],
    [{ invalidOrRelocationQuantity: 0 }, 'invalid_quantity'],
    [{ invalidOrRelocationQuantity: -5 }, 'invalid_quantity'],
    [{ invalidOrRelocationQuantity: Number.NaN }, 'invalid_quantity'],
    [{ invalidOrRelocationDate: '2025/06/30' }, 'invalid_date'],
    [{ invalidOrRelocationDate: '2025-02-30' }, 'invalid_date'],
    [{ invalidOrRelocationDate: 'soon' }, 'invalid_date'],
    [{ id: 'missing' }, 'offset_not_found'],
  ] as const)('when saved with %o, then %s', (patch, error) => {
    expect(given(offsetsDecider, []).when(save(patch))).toEqual({ ok: false, error });
  });

  it('given credits 1–100 of a block, when 50–150 of the same block and kind are saved, then offset_serial_overlap', () => {
    const history = [added('a', 'JP-101-0001-000001', 'JP-101-0001-000100')];
    const overlapping = save({ particularNumberFrom: 'JP-101-0001-000050', particularNumberTo: 'JP-101-0001-000150' });
    expect(given(offsetsDecider, history).when(overlapping)).toEqual({ ok: false, error: 'offset_serial_overlap' });
    // The next block, another kind of credit, or the offset itself (on update) do not clash.
    expect(given(offsetsDecider, history).when(save({ particularNumberFrom: 'JP-101-0001-000101', particularNumberTo: 'JP-101-0001-000150' })).ok).toBe(true);
    expect(given(offsetsDecider, history).when({ ...overlapping, offsetType: 'JCM' } as OffsetCommand).ok).toBe(true);
    expect(given(offsetsDecider, history).when({ ...overlapping, id: 'a' } as OffsetCommand).ok).toBe(true);
  });

  it('given unnumbered serials, when the same serials of the same kind are saved again, then offset_serial_overlap', () => {
    const history = [added('a', 'ABC', 'XYZ', 'グリーン電力証書')];
    expect(given(offsetsDecider, history).when(save({ offsetType: 'グリーン電力証書', particularNumberFrom: 'ABC', particularNumberTo: 'XYZ' }))).toEqual({
      ok: false,
      error: 'offset_serial_overlap',
    });
  });

  it('splits serials into prefix and trailing number', () => {
    expect(splitSerial('JP-101-000120')).toEqual({ prefix: 'JP-101-', number: 120n });
    expect(splitSerial('ABC')).toBeNull();
    expect(serialRange('X-99', 'X-100')).toEqual({ prefix: 'X-', from: 99n, to: 100n });
    expect(serialRange('X-1', 'Y-2')).toBeNull();
  });

  it('given an offset, when removed, then OffsetRemoved; a missing one is offset_not_found; a stale version is version_conflict', () => {
    const history = [added('a', 'A-1', 'A-5')];
    expect(given(offsetsDecider, history).when({ type: 'RemoveOffset', companyId, id: 'a' })).toEqual({
      ok: true,
      events: [{ type: 'OffsetRemoved', data: { id: 'a', companyId } }],
    });
    expect(given(offsetsDecider, []).when({ type: 'RemoveOffset', companyId, id: 'a' })).toEqual({ ok: false, error: 'offset_not_found' });
    expect(given(offsetsDecider, history).when({ type: 'RemoveOffset', companyId, id: 'a', expectedVersion: 3 })).toEqual({ ok: false, error: 'version_conflict' });
  });
});
