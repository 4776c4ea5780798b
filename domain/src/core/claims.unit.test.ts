import { describe, expect, it } from 'vitest';
import type { ClaimEvent } from '@ghg/events';
import { given } from './decider';
import { clash, claimRegisterDecider, KEY } from './claims';

const register = 'claims-r';
const at = '2026-11-24T00:00:00.000Z';
const registered = (owner: string, from = '', to = ''): ClaimEvent => ({ type: 'ClaimRegistered', data: { register, owner, from, to, claimedAt: at } });
const claim = (owner: string, value = KEY, deadOwners: string[] = []) => ({ type: 'Claim' as const, register, owner, value, claimedAt: at, deadOwners });

describe('claim register', () => {
  it('given an empty key register, when an entity claims it, then it is registered', () => {
    expect(given(claimRegisterDecider, []).when(claim('a'))).toEqual({ ok: true, events: [registered('a')] });
  });

  it('given a key held by one entity, when another claims it, then it is refused; the holder claiming again changes nothing', () => {
    expect(given(claimRegisterDecider, [registered('a')]).when(claim('b'))).toEqual({ ok: false, error: 'claim_held' });
    expect(given(claimRegisterDecider, [registered('a')]).when(claim('a'))).toEqual({ ok: true, events: [] });
  });

  it('given a holder checked and found dead, when another claims, then the dead claim is released and the new one registered', () => {
    expect(given(claimRegisterDecider, [registered('a')]).when(claim('b', KEY, ['a']))).toEqual({
      ok: true,
      events: [{ type: 'ClaimReleased', data: { register, owner: 'a' } }, registered('b')],
    });
  });

  it('given a released key, when another entity claims it, then it is registered', () => {
    const released: ClaimEvent = { type: 'ClaimReleased', data: { register, owner: 'a' } };
    expect(given(claimRegisterDecider, [registered('a'), released]).when(claim('b'))).toEqual({ ok: true, events: [registered('b')] });
    expect(given(claimRegisterDecider, [registered('a'), released]).when({ type: 'Release', register, owner: 'a' })).toEqual({ ok: true, events: [] });
  });

  it('serial ranges clash when they share a number: 1–100 and 100–200 do, 1–100 and 101–200 do not', () => {
    expect(clash({ from: '1', to: '100' }, { from: '100', to: '200' })).toBe(true);
    expect(clash({ from: '1', to: '100' }, { from: '101', to: '200' })).toBe(false);
    // Serial numbers longer than a double holds compare exactly.
    expect(clash({ from: '100000000000000000001', to: '100000000000000000002' }, { from: '100000000000000000003', to: '100000000000000000009' })).toBe(false);
    const held = [registered('a', '1', '100')];
    expect(given(claimRegisterDecider, held).when(claim('b', { from: '101', to: '200' })).ok).toBe(true);
    expect(given(claimRegisterDecider, held).when(claim('b', { from: '50', to: '150' }))).toEqual({ ok: false, error: 'claim_held' });
  });
});
