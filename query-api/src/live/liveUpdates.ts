import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { liveRoutes } from '@ghg/api';
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

/**
 * Browsers send any site's cookies-free WebSocket with that site's Origin, so a hostile page could
 * otherwise open /api/live with a token it got hold of. Allowed: no Origin (not a browser), the
 * public URL's origin, or (no public URL configured) a page served by the host the request names.
 */
export function originAllowed(origin: string | undefined, host: string | undefined, publicUrl: string | undefined): boolean {
  if (origin === undefined) return true;
  let page: URL;
  try {
    page = new URL(origin);
  } catch {
    return false;
  }
  if (publicUrl) return page.origin === new URL(publicUrl).origin;
  if (host === undefined) return false;
  try {
    // Through URL, so that "example.org:443" and "EXAMPLE.org" compare as the page's host would.
    return page.host === new URL(`${page.protocol}//${host}`).host;
  } catch {
    return false;
  }
}

export function registerLiveUpdates(app: FastifyInstance, deps: QueryApiDeps): void {
  const { knex } = deps.db;
  const pingMs = deps.livePingMs ?? 25_000;

  const checkOrigin = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!originAllowed(request.headers.origin, request.headers.host, deps.publicUrl)) {
      // Refused before the upgrade: the browser sees an HTTP 403, not an open socket.
      return reply.code(403).send({ code: 'origin_not_allowed', message: 'origin not allowed' });
    }
  };

  // Registered by its contract's URL (and with it, for the route checks); the socket authenticates
  // itself with the token on upgrade and closes with 4401, so there is no schema or permission hook.
  const { live } = liveRoutes;
  app.get(live.url, { websocket: true, preValidation: checkOrigin, config: { contract: live } }, async (socket: WebSocket, request) => {
    // Browsers cannot set headers on a WebSocket, so the token comes as a query parameter.
    const token = (request.query as { token?: string }).token ?? request.headers.authorization?.replace(/^Bearer /, '');
    let reader: ReaderSession | null;
    try {
      const claims = app.jwt.verify<{ sub: string }>(token ?? '');
      reader = await loadReader(knex, String(claims.sub));
    } catch {
      reader = null;
    }
    if (!reader?.active) {
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

    /**
     * Batches are handled one after the other: a batch that follows a change of this user's
     * access must be filtered by the new access, not by whatever was loaded before it.
     */
    let handled = Promise.resolve();
    const unsubscribe = deps.changeBus.subscribe((notices) => {
      handled = handled
        .then(async () => {
          // This user changed (deactivated, other role or companies, company switched in another
          // tab): read them again, so the very next notice follows their access as it is now.
          if (notices.some((n) => n.topic === 'account/user' && n.ids.includes(current.userId))) {
            const fresh = await loadReader(knex, current.userId);
            if (!fresh?.active) return socket.close(CLOSE_UNAUTHORIZED, 'unauthorized');
            current = fresh;
          }
          const visible = noticesFor(current, notices);
          if (visible.length > 0 && socket.readyState === socket.OPEN) {
            socket.send(JSON.stringify({ type: 'notices', notices: visible }));
          }
        })
        .catch((err) => request.log.warn({ err }, 'live notice failed'));
    });
    socket.on('close', () => {
      clearInterval(ping);
      unsubscribe();
    });
    socket.send(JSON.stringify({ type: 'hello', companyId: current.selectedCompanyId }));
  });
}
