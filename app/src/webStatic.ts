import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';

/** Vite names every file under assets/ by its content hash: a changed file is a new URL. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (index.html, favicon) is revalidated, so a deploy is seen at once. */
const REVALIDATE = 'no-cache';

/**
 * Serves the built web app with history-mode fallback: any GET or HEAD that is not a file and not
 * under /api gets index.html, so deep links such as /emission/setting/currency load the app.
 * Compressed (brotli or gzip, as the browser accepts) in this scope only: API answers are left
 * to the proxy.
 */
export async function serveWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const index = join(webDist, 'index.html');
  const built = existsSync(index);
  await app.register(compress, { encodings: ['br', 'gzip'] });
  if (built) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      cacheControl: false,
      setHeaders: (reply: FastifyReply, path: string) => {
        reply.header('cache-control', cacheControlFor(relative(webDist, path)));
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const page = request.method === 'GET' || request.method === 'HEAD';
    if (!page || request.url.startsWith('/api/') || request.url === '/api') {
      return reply.status(404).send({ message: 'not found', code: 'not_found' });
    }
    if (!built) return reply.type('text/plain').send('The web app is not built yet: run `npm run build:web`.');
    return reply.type('text/html').header('cache-control', REVALIDATE).sendFile('index.html');
  });
}

export const cacheControlFor = (pathInDist: string) => (pathInDist.startsWith(`assets${sep}`) ? IMMUTABLE : REVALIDATE);
