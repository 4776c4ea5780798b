import type { FastifyRequest } from 'fastify';

/**
 * Query parameters that carry a secret: the WebSocket's bearer token (`/api/live?token=…`, browsers
 * cannot send headers on a WebSocket) and the one-time password-setting link's token
 * (`/auth/password-resetting?id=…&token=…`, served by the embedded app).
 */
const SECRET_PARAMETERS = new Set(['token']);
export const REDACTED = '[redacted]';

/** The URL with every secret query value replaced by [redacted]; path and other parameters untouched. */
export function redactUrl(url: string): string {
  const query = url.indexOf('?');
  if (query === -1) return url;
  const hash = url.indexOf('#', query);
  const end = hash === -1 ? url.length : hash;
  const parts = url.slice(query + 1, end).split('&').map((part) => {
    const equals = part.indexOf('=');
    const key = equals === -1 ? part : part.slice(0, equals);
    return SECRET_PARAMETERS.has(decodedKey(key)) ? `${key}=${REDACTED}` : part;
  });
  return `${url.slice(0, query + 1)}${parts.join('&')}${url.slice(end)}`;
}

/** As the query parser reads the key (`%74oken` and `TOKEN` count too, so nothing slips past). */
function decodedKey(key: string): string {
  try {
    return decodeURIComponent(key.replace(/\+/g, ' ')).toLowerCase();
  } catch {
    return key.toLowerCase();
  }
}

/**
 * fastify's own request serializer (lib/logger-pino.js), with the URL redacted: it is what the
 * "incoming request" line and every error line of a request log as `req`.
 */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    version: request.headers?.['accept-version'],
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
