import type { KeyValueStorage } from './storageKeys';

/** Refresh interval 14 days, threshold one day (86,400,000 ms). */
export const REFRESH_INTERVAL_MS = 14 * 24 * 60 * 60 * 1000;
export const REFRESH_THRESHOLD_MS = 86_400_000;
/** A failed refresh is ignored; try again at most this often, so a broken server is not hammered. */
export const RETRY_AFTER_FAILURE_MS = 60_000;

/**
 * The refresh logic is skipped for these calls; and for the health poll,
 * which runs every 30 s on its own and is no sign that the user is still there.
 */
const SKIPPED = ['api/refresh', 'api/auth-user', 'api/auditlog', 'api/health'];

export function isRefreshSkipped(url: string): boolean {
  const path = url.replace(/^[a-z]+:\/\/[^/]+/i, '').replace(/^\//, '').split(/[?#]/)[0] ?? '';
  return SKIPPED.some((s) => path === s || path.startsWith(`${s}/`));
}

export const defaultNextRefresh = (now: number) => now + REFRESH_INTERVAL_MS;
/** The refresh answer carries the token lifetime in seconds; the schedule is kept in milliseconds. */
export const nextRefreshFromExpiration = (expirationSeconds: number, now: number) =>
  now + (Number.isFinite(expirationSeconds) && expirationSeconds > 0 ? expirationSeconds * 1000 : REFRESH_INTERVAL_MS);
export const isRefreshDue = (nextRefresh: number, now: number) => nextRefresh - now < REFRESH_THRESHOLD_MS;

export interface RefreshDeps {
  storage: KeyValueStorage;
  key: string;
  now: () => number;
  /** Performs POST /api/refresh and stores the new token; returns the expiration in seconds. */
  refresh: () => Promise<{ expiration: number }>;
}

/**
 * Before a request the schedule is checked and a refresh is flagged when the next refresh is less
 * than a day away; the next response (of a call that is not skipped) then triggers the refresh.
 */
export class RefreshScheduler {
  private flagged = false;
  private inFlight: Promise<void> | null = null;
  private lastFailure = -Infinity;

  constructor(private readonly deps: RefreshDeps) {}

  /** At login: the next refresh defaults to 14 days ahead. */
  start(): void {
    this.deps.storage.setItem(this.deps.key, String(defaultNextRefresh(this.deps.now())));
    this.flagged = false;
  }

  stop(): void {
    this.deps.storage.removeItem(this.deps.key);
    this.flagged = false;
  }

  nextRefresh(): number {
    const stored = Number(this.deps.storage.getItem(this.deps.key));
    if (Number.isFinite(stored) && stored > 0) return stored;
    const next = defaultNextRefresh(this.deps.now());
    this.deps.storage.setItem(this.deps.key, String(next));
    return next;
  }

  get isFlagged(): boolean {
    return this.flagged;
  }

  beforeRequest(url: string): void {
    if (isRefreshSkipped(url)) return;
    if (isRefreshDue(this.nextRefresh(), this.deps.now())) this.flagged = true;
  }

  /** Returns the refresh promise when this response triggered one (tests await it). */
  afterResponse(url: string): Promise<void> | null {
    if (isRefreshSkipped(url) || !this.flagged || this.inFlight) return null;
    if (this.deps.now() - this.lastFailure < RETRY_AFTER_FAILURE_MS) return null;
    this.flagged = false;
    this.inFlight = this.deps
      .refresh()
      .then(({ expiration }) => {
        this.deps.storage.setItem(this.deps.key, String(nextRefreshFromExpiration(expiration, this.deps.now())));
      })
      .catch(() => {
        // A failed refresh is silently ignored.
        this.lastFailure = this.deps.now();
      })
      .finally(() => {
        this.inFlight = null;
      });
    return this.inFlight;
  }
}
