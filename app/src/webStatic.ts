import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/**
 * Serves the built web app with history-mode fallback: any GET that is not a file and not under
 * /api gets index.html, so deep links such as /emission/setting/currency load the app.
 */
export async function serveWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const index = join(webDist, 'index.html');
  const built = existsSync(index);
  if (built) await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false });
  app.setNotFoundHandler((request, reply) => {
    if (request.method !== 'GET' || request.url.startsWith('/api/') || request.url === '/api') {
      return reply.status(404).send({ message: 'not found', code: 'not_found' });
    }
    if (!built) return reply.type('text/plain').send('The web app is not built yet: run `npm run build:web`.');
    return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
  });
}
