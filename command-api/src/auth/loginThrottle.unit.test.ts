import { describe, expect, it } from 'vitest';
import { LOGIN_LIMITS, LoginThrottle } from './loginThrottle';

/** A throttle on a clock the test moves. */
function throttleAt(start = 1_000_000) {
  let now = start;
  const throttle = new LoginThrottle(() => now);
  const fail = (address: string, account: string) => {
    const attempt = throttle.begin(address, account);
    if (attempt.allowed) attempt.finish(false);
    return attempt.allowed;
  };
  const succeed = (address: string, account: string) => {
    const attempt = throttle.begin(address, account);
    if (attempt.allowed) attempt.finish(true);
    return attempt;
  };
  return { throttle, fail, succeed, advance: (ms: number) => (now += ms) };
}

describe('LoginThrottle', () => {
  it('stops one address spraying many accounts at the per-address limit, and only that address', () => {
    const { fail, succeed } = throttleAt();
    const allowed = Array.from({ length: LOGIN_LIMITS.perAddress.failures + 5 }, (_, i) => fail('6.6.6.6', `user${i}@example.com`));
    expect(allowed.filter(Boolean)).toHaveLength(LOGIN_LIMITS.perAddress.failures);
    expect(allowed.at(-1)).toBe(false);
    // The accounts' owners, elsewhere, are not affected.
    expect(succeed('10.0.0.1', 'user1@example.com').allowed).toBe(true);
  });

  it('limits one address guessing one account to perAddressAndAccount a minute, then lets it try again', () => {
    const { fail, advance } = throttleAt();
    const allowed = Array.from({ length: LOGIN_LIMITS.perAddressAndAccount.failures + 1 }, () => fail('6.6.6.6', 'owner@example.com'));
    expect(allowed.slice(0, -1).every(Boolean)).toBe(true);
    expect(allowed.at(-1)).toBe(false);
    advance(LOGIN_LIMITS.perAddressAndAccount.windowMs);
    expect(fail('6.6.6.6', 'owner@example.com')).toBe(true);
  });

  it('a successful login is not counted: many colleagues behind one address keep logging in', () => {
    const { succeed } = throttleAt();
    for (let i = 0; i < LOGIN_LIMITS.perAddress.failures * 2; i++) expect(succeed('192.168.0.1', `colleague${i}@example.com`).allowed).toBe(true);
  });

  it('slows an account attacked from many addresses, but never the address its owner logs in from', () => {
    const { fail, succeed, advance } = throttleAt();
    expect(succeed('10.0.0.1', 'owner@example.com').allowed).toBe(true);
    // Many attacker addresses, each far below its own limits.
    for (let i = 0; i < LOGIN_LIMITS.perAccount.failures; i++) expect(fail(`6.6.${i}.1`, 'owner@example.com')).toBe(true);
    // From now on, addresses the owner never used get one try per growing interval.
    expect(fail('7.7.7.1', 'owner@example.com')).toBe(true);
    const next = succeed('7.7.7.2', 'owner@example.com');
    expect(next.allowed).toBe(false);
    if (!next.allowed) expect(next.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    // The owner's own address is not held back, however long the attack goes on.
    for (let i = 0; i < 5; i++) expect(succeed('10.0.0.1', 'owner@example.com').allowed).toBe(true);
    // The interval doubles with every failure and is capped.
    advance(1000);
    expect(fail('7.7.7.3', 'owner@example.com')).toBe(true);
    advance(1000);
    expect(fail('7.7.7.4', 'owner@example.com')).toBe(false);
    advance(LOGIN_LIMITS.perAccount.maxIntervalMs);
    expect(fail('7.7.7.5', 'owner@example.com')).toBe(true);
  });

  it('counts an attempt while it runs, so parallel guesses cannot pass the limit', () => {
    const { throttle } = throttleAt();
    const inFlight = Array.from({ length: LOGIN_LIMITS.perAddressAndAccount.failures + 3 }, () => throttle.begin('6.6.6.6', 'owner@example.com'));
    expect(inFlight.filter((a) => a.allowed)).toHaveLength(LOGIN_LIMITS.perAddressAndAccount.failures);
  });
});
