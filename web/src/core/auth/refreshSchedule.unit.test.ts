import { describe, expect, it, vi } from 'vitest';
import { memoryStorage } from './storageKeys';
import {
  RefreshScheduler,
  REFRESH_INTERVAL_MS,
  REFRESH_THRESHOLD_MS,
  defaultNextRefresh,
  isRefreshDue,
  isRefreshSkipped,
  nextRefreshFromExpiration,
} from './refreshSchedule';

const DAY = 86_400_000;

function setup(refresh = vi.fn(async () => ({ expiration: 1_209_600 }))) {
  let now = Date.UTC(2026, 0, 1);
  const storage = memoryStorage();
  const scheduler = new RefreshScheduler({ storage, key: 'next', now: () => now, refresh });
  return { scheduler, storage, refresh, advance: (ms: number) => (now += ms), now: () => now };
}

describe('refresh schedule', () => {
  it('uses a 14-day interval and a one-day threshold', () => {
    expect(REFRESH_INTERVAL_MS).toBe(14 * DAY);
    expect(REFRESH_THRESHOLD_MS).toBe(86_400_000);
    expect(defaultNextRefresh(0)).toBe(14 * DAY);
  });

  it('is due only when the next refresh is less than one day away', () => {
    expect(isRefreshDue(10 * DAY, 0)).toBe(false);
    expect(isRefreshDue(DAY, 0)).toBe(false);
    expect(isRefreshDue(DAY - 1, 0)).toBe(true);
    expect(isRefreshDue(-5, 0)).toBe(true);
  });

  it('converts the expiration from seconds to milliseconds', () => {
    expect(nextRefreshFromExpiration(1_209_600, 1000)).toBe(1000 + 1_209_600_000);
    expect(nextRefreshFromExpiration(Number.NaN, 0)).toBe(14 * DAY);
  });

  it('skips api/refresh, api/auth-user and api/auditlog', () => {
    expect(isRefreshSkipped('/api/refresh')).toBe(true);
    expect(isRefreshSkipped('/api/auth-user')).toBe(true);
    expect(isRefreshSkipped('/api/auditlog?limit=50')).toBe(true);
    expect(isRefreshSkipped('http://localhost:3000/api/auditlog')).toBe(true);
    expect(isRefreshSkipped('/api/health')).toBe(true);
    expect(isRefreshSkipped('/api/currency')).toBe(false);
    expect(isRefreshSkipped('/api/fiscal-year')).toBe(false);
  });

  it('defaults the next refresh to 14 days ahead at login', () => {
    const t = setup();
    t.scheduler.start();
    expect(t.scheduler.nextRefresh()).toBe(t.now() + 14 * DAY);
  });

  it('does nothing while more than a day remains', async () => {
    const t = setup();
    t.scheduler.start();
    t.advance(12 * DAY);
    t.scheduler.beforeRequest('/api/currency');
    expect(t.scheduler.isFlagged).toBe(false);
    expect(t.scheduler.afterResponse('/api/currency')).toBeNull();
    expect(t.refresh).not.toHaveBeenCalled();
  });

  it('flags inside the last day and refreshes on the next response, then reschedules', async () => {
    const t = setup();
    t.scheduler.start();
    t.advance(13 * DAY + 1);
    t.scheduler.beforeRequest('/api/currency');
    expect(t.scheduler.isFlagged).toBe(true);
    await t.scheduler.afterResponse('/api/currency');
    expect(t.refresh).toHaveBeenCalledTimes(1);
    expect(t.scheduler.isFlagged).toBe(false);
    expect(t.scheduler.nextRefresh()).toBe(t.now() + 1_209_600_000);
  });

  it('never refreshes because of a skipped call', () => {
    const t = setup();
    t.scheduler.start();
    t.advance(13.5 * DAY);
    t.scheduler.beforeRequest('/api/auth-user');
    expect(t.scheduler.isFlagged).toBe(false);
    t.scheduler.beforeRequest('/api/currency');
    expect(t.scheduler.afterResponse('/api/auditlog')).toBeNull();
    expect(t.refresh).not.toHaveBeenCalled();
  });

  it('ignores a failed refresh and keeps the old schedule', async () => {
    const t = setup(vi.fn(async () => Promise.reject(new Error('500'))));
    t.scheduler.start();
    const before = t.scheduler.nextRefresh();
    t.advance(13.9 * DAY);
    t.scheduler.beforeRequest('/api/currency');
    await expect(t.scheduler.afterResponse('/api/currency')).resolves.toBeUndefined();
    expect(t.scheduler.nextRefresh()).toBe(before);
    // Not retried on every call while the server keeps failing.
    t.scheduler.beforeRequest('/api/currency');
    expect(t.scheduler.afterResponse('/api/currency')).toBeNull();
    t.advance(61_000);
    t.scheduler.beforeRequest('/api/currency');
    expect(t.scheduler.afterResponse('/api/currency')).not.toBeNull();
  });

  it('starts only one refresh at a time', () => {
    const t = setup(vi.fn(() => new Promise<{ expiration: number }>(() => {})));
    t.scheduler.start();
    t.advance(14 * DAY);
    t.scheduler.beforeRequest('/api/a');
    expect(t.scheduler.afterResponse('/api/a')).not.toBeNull();
    t.scheduler.beforeRequest('/api/b');
    expect(t.scheduler.afterResponse('/api/b')).toBeNull();
    expect(t.refresh).toHaveBeenCalledTimes(1);
  });

  it('clears the schedule at logout', () => {
    const t = setup();
    t.scheduler.start();
    t.scheduler.stop();
    expect(t.storage.getItem('next')).toBeNull();
  });
});
