import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { ChangeNotice } from '@ghg/events';
import type { QueryApiDeps } from '../core/deps';
import { loadReader, type ReaderSession } from '../core/session';

/** Close codes the browser can tell apart: 4401 means log in again, no point retrying. */
const CLOSE_UNAUTHORIZED = 4401;

/**
 * Which notices one browser may see: its selected company's changes, and changes to its own user
 * (so another tab's language or company switch shows up). Another company's notices never leave.
 */
export function noticesFor(reader: ReaderSession, notices: readonly ChangeNotice[]): ChangeNotice[] {
  return notices.filter((n) =>
    n.companyId !== null
      ? n.companyId === reader.selectedCompanyId
      : n.topic === 'account/user' && n.ids.includes(reader.userId),
  );
}

export function registerLiveUpdates(app: FastifyInstance, deps: QueryApiDeps): void {
  const { knex } = deps.db;
  const pingMs = deps.livePingMs ?? 25_000;

  app.get('/api/live', { websocket: true }, async (socket: WebSocket, request) => {
    // Browsers cannot set headers on a WebSocket, so the token comes as a query parameter.
    const token = (request.query as { token?: string }).token ?? request.headers.authorization?.replace(/^Bearer /, '');
    let reader: ReaderSession | null = null;
    try {
      const claims = app.jwt.verify<{ sub: string }>(token ?? '');
      reader = await loadReader(knex, String(claims.sub));
    } catch {
      reader = null;
    }
    if (!reader) {
      socket.close(CLOSE_UNAUTHORIZED, 'unauthorized');
      return;
    }
    let current: ReaderSession = reader;
    let alive = true;
    socket.on('pong', () => (alive = true));
    const ping = setInterval(() => {
      if (!alive) return socket.terminate();
      alive = false;
      socket.ping();
    }, pingMs);

    const unsubscribe = deps.changeBus.subscribe((notices) => {
      void (async () => {
        // The user switched company in another tab: follow it, so this tab hears its new company.
        if (notices.some((n) => n.topic === 'account/user' && n.ids.includes(current.userId))) {
          current = (await loadReader(knex, current.userId)) ?? current;
        }
        const visible = noticesFor(current, notices);
        if (visible.length > 0 && socket.readyState === socket.OPEN) {
          socket.send(JSON.stringify({ type: 'notices', notices: visible }));
        }
      })().catch((err) => request.log.warn({ err }, 'live notice failed'));
    });
    socket.on('close', () => {
      clearInterval(ping);
      unsubscribe();
    });
    socket.send(JSON.stringify({ type: 'hello', companyId: current.selectedCompanyId }));
  });
}
