import type { ChangeBus, Database } from '@ghg/eventstore';

export interface QueryApiDeps {
  db: Database;
  changeBus: ChangeBus;
  jwtSecret: string;
  /** Deployment setting exposed to the app; 't2' removes Simplified Chinese. */
  individualType: 't1' | 't2';
  /** WebSocket keep-alive interval; a client that misses two pings is dropped. */
  livePingMs?: number;
  /**
   * PUBLIC_URL, where browsers open the app: /api/live accepts pages of this origin only. Unset:
   * pages served by this same host (the Origin's host equals the request's Host).
   */
  publicUrl?: string;
}
