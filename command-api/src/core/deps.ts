import type { Database } from '@ghg/eventstore';
import type { EventStore, LogPosition } from '@ghg/events';

export interface CommandApiDeps {
  db: Database;
  eventStore: EventStore;
  jwtSecret: string;
  /**
   * Resolves once the read models reflect the log up to this position (or a short time-out
   * passed), so a client that re-reads right after a command sees its own change.
   */
  awaitProjection?: (position: LogPosition) => Promise<void>;
  /**
   * Where browsers open the app (PUBLIC_URL, or the embedded run's listening address): reset and
   * invitation links are built from it and never from request input. A function, because the
   * embedded run learns its port only after listening.
   */
  publicUrl: () => string;
  /** Failed logins allowed per minute for one client address and email (auth/loginThrottle.ts). */
  loginRateLimit?: number;
  now?: () => Date;
}

/** Token lifetime; the web client refreshes 14 days ahead, within one day of expiry. */
export const TOKEN_LIFETIME_SECONDS = 14 * 24 * 60 * 60;
