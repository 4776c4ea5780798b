import type { Database, EventStore, LogPosition } from '@ghg/events';

export interface CommandApiDeps {
  db: Database;
  eventStore: EventStore;
  jwtSecret: string;
  /**
   * Resolves once the read models reflect the log up to this position (or a short time-out
   * passed), so a client that re-reads right after a command sees its own change.
   */
  awaitProjection?: (position: LogPosition) => Promise<void>;
  /** Login attempts allowed per minute for one address and email. */
  loginRateLimit?: number;
  now?: () => Date;
}

/** Token lifetime; the spec's client refreshes 14 days ahead, within one day of expiry. */
export const TOKEN_LIFETIME_SECONDS = 14 * 24 * 60 * 60;
