import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import helmet from '@fastify/helmet';
import type { Logger } from 'pino';
import { findUnstorableText } from '@ghg/events';
import type { AppConfig } from './config';
import { serializeRequest } from './logRedaction';

/**
 * Every HTTP server of the app (embedded, command-api, query-api) starts here, so all of them
 * send the same security headers, answer an oversized body the same way and see the client's
 * address the same way (TRUST_PROXY) for rate limits.
 */
export async function createHttpServer(config: AppConfig, logger: Logger) {
  // Request lines log the URL without secret query values (the /api/live token): logRedaction.ts.
  const app = Fastify({ loggerInstance: logger.child({}, { serializers: { req: serializeRequest } }), trustProxy: config.trustProxy });
  await app.register(helmet, { contentSecurityPolicy: { directives: contentSecurityPolicy(config.publicUrl) }, ...HEADERS });
  app.addHook('onSend', answerOversizedBody);
  app.addHook('preValidation', refuseUnstorableText);
  return app;
}

/**
 * NUL and lone surrogates cannot be stored (PostgreSQL text and jsonb refuse them) nor echoed
 * faithfully: refused in any path parameter, query value or body before a route sees them, so
 * no route (command or query) can forget the check. The answer names the field, like any other
 * invalid argument ('invalid args').
 */
async function refuseUnstorableText(request: FastifyRequest, reply: FastifyReply) {
  for (const [part, value] of [['params', request.params], ['query', request.query], ['body', request.body]] as const) {
    // A file streamed to an import route is bytes, not text: its rows are checked as they are read.
    if (isStream(value)) continue;
    const path = findUnstorableText(value);
    if (path === null) continue;
    return reply.status(400).send({ message: 'invalid args', code: 'invalid_args', fields: path ? [path] : [part] });
  }
}

const isStream = (value: unknown) => typeof value === 'object' && value !== null && typeof (value as { pipe?: unknown }).pipe === 'function';

const HEADERS = {
  frameguard: { action: 'deny' as const },
  referrerPolicy: { policy: 'no-referrer' as const },
  // Over plain http a browser ignores HSTS, and behind a TLS proxy the proxy sends it (docs/operations.md).
  strictTransportSecurity: false,
};

/**
 * The built web app loads only its own files: no inline or foreign script, no framing. The
 * WebSocket (/api/live) is same-origin ('self' covers ws: and wss: of the page's host); with a
 * PUBLIC_URL its ws(s) origin is named too, for browsers that do not map 'self' to ws.
 * Inline styles stay forbidden: React and Blueprint set styles through the DOM (element.style),
 * which CSP does not restrict. Images allow data: for the icons Blueprint's CSS embeds.
 */
function contentSecurityPolicy(publicUrl: string | null) {
  const socketOrigin = publicUrl ? [publicUrl.replace(/^http/, 'ws')] : [];
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    scriptSrc: ["'self'"],
    scriptSrcAttr: ["'none'"],
    styleSrc: ["'self'"],
    imgSrc: ["'self'", 'data:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", ...socketOrigin],
    objectSrc: ["'none'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    // Sent over plain http in the embedded run, where it would break every subresource.
    upgradeInsecureRequests: null,
  };
}

/** Bytes of an oversized body read and dropped before the 413, beyond which the socket is just closed. */
const DRAIN_LIMIT_BYTES = 64 * 1024 * 1024;
const DRAIN_TIME_LIMIT_MS = 30_000;

/**
 * fastify refuses a body over the route's limit with `Connection: close` before reading it (or
 * part way through); the socket was then closed with the client's bytes still unread, the kernel
 * answered them with a TCP reset, and the client saw "connection reset" instead of the 413. So the
 * 413 waits until the rest of the body has been read and dropped (bounded in bytes and time), and
 * then goes out as a normal answer: `{code: 'payload_too_large'}`.
 */
async function answerOversizedBody(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  // A route's own 413 (e.g. an upload refused after reading it) has read the whole body.
  if (reply.statusCode !== 413 || request.raw.complete || request.raw.readableEnded) return payload;
  await drainBounded(request);
  reply.header('content-type', 'application/json; charset=utf-8');
  return JSON.stringify({ message: 'payload too large', code: 'payload_too_large' });
}

function drainBounded(request: FastifyRequest): Promise<void> {
  const raw = request.raw;
  const socket = raw.socket;
  return new Promise((resolve) => {
    let dropped = 0;
    const done = () => {
      clearTimeout(timer);
      raw.off('data', count);
      resolve();
    };
    const count = (chunk: Buffer) => {
      dropped += chunk.length;
      if (dropped > DRAIN_LIMIT_BYTES) {
        socket?.destroy();
        done();
      }
    };
    const timer = setTimeout(() => {
      socket?.destroy();
      done();
    }, DRAIN_TIME_LIMIT_MS);
    raw.on('data', count);
    raw.once('end', done);
    raw.once('close', done);
    raw.resume();
  });
}
