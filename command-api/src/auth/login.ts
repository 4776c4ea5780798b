import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { fold, normaliseEmail, userDecider, userEmailStreamId, userStreamId } from '@ghg/domain';
import type { CommandApiDeps } from '../core/deps';
import { TOKEN_LIFETIME_SECONDS } from '../core/deps';
import { HttpError } from '../core/httpErrors';
import { hashPassword, verifyPassword } from '../core/passwords';
import { authenticate } from '../core/session';
import { parseArgs } from '../core/validate';

const LoginArgs = z.object({ email: z.string().min(1), password: z.string().min(1) });
const RefreshArgs = z.object({ id: z.string().min(1) });

// Verifying against a real hash when the email is unknown keeps both answers equally slow,
// so response time does not tell an attacker which addresses have accounts.
let decoyHash: Promise<string> | undefined;

export function registerLoginRoutes(app: FastifyInstance, deps: CommandApiDeps): void {
  const { eventStore } = deps;
  const sign = (userId: string) => app.jwt.sign({ sub: userId }, { expiresIn: TOKEN_LIFETIME_SECONDS });

  app.post(
    '/api/login',
    {
      config: {
        rateLimit: {
          // The key includes the email, so it must be computed after the body is parsed.
          hook: 'preHandler',
          max: deps.loginRateLimit ?? 20,
          timeWindow: 60_000,
          keyGenerator: (req) => `${req.ip}|${normaliseEmail(String((req.body as { email?: unknown } | undefined)?.email ?? ''))}`,
        },
      },
    },
    async (request) => {
      const { email, password } = parseArgs(LoginArgs, request.body);
      const [claim] = await eventStore.readStream(userEmailStreamId(email), { maxCount: 1 });
      const userId = (claim?.data as { userId?: string } | undefined)?.userId;
      const user = userId ? fold(userDecider, (await eventStore.readStream(userStreamId(userId))) as never) : null;
      const passwordHash = user?.passwordHash ?? (await (decoyHash ??= hashPassword('decoy-password')));
      const ok = await verifyPassword(passwordHash, password);
      if (!ok || !userId || !user?.exists || !user.active) throw new HttpError(401, 'invalid_credentials', 'invalid credentials');
      return { token: sign(userId) };
    },
  );

  app.post('/api/refresh', { preHandler: authenticate(eventStore) }, async (request) => {
    const { id } = parseArgs(RefreshArgs, request.body);
    // A token may only be refreshed for the user it belongs to.
    if (id !== request.session!.userId) throw new HttpError(403, 'forbidden', 'forbidden');
    return { token: sign(id), expiration: TOKEN_LIFETIME_SECONDS };
  });
}
