import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { boundedText, idText, shortText } from '@ghg/events';
import { foldRecorded, normaliseEmail, userDecider, userEmailOwner, userEmailStreamId, userStreamId } from '@ghg/domain';
import type { CommandApiDeps } from '../core/deps';
import { TOKEN_LIFETIME_SECONDS } from '../core/deps';
import { HttpError } from '../core/httpErrors';
import { MAX_PASSWORD_LENGTH, hashPassword, verifyPassword } from '../core/passwords';
import { authenticate } from '../core/session';
import { parseArgs } from '../core/validate';
import { LoginThrottle } from './loginThrottle';

const LoginArgs = z.object({ email: shortText().min(1), password: boundedText(MAX_PASSWORD_LENGTH, 1) });
const RefreshArgs = z.object({ id: idText() });

// Verifying against a real hash when the email is unknown keeps both answers equally slow,
// so response time does not tell an attacker which addresses have accounts.
let decoyHash: Promise<string> | undefined;

export function registerLoginRoutes(app: FastifyInstance, deps: CommandApiDeps): void {
  const { eventStore } = deps;
  const sign = (userId: string) => app.jwt.sign({ sub: userId }, { expiresIn: TOKEN_LIFETIME_SECONDS });
  const throttle = new LoginThrottle(() => (deps.now?.() ?? new Date()).getTime(), deps.loginRateLimit);

  app.post('/api/login', async (request, reply) => {
    const { email, password } = parseArgs(LoginArgs, request.body);
    // Unknown addresses are throttled exactly like known ones, so a 429 reveals nothing either.
    const attempt = throttle.begin(request.ip, normaliseEmail(email));
    if (!attempt.allowed) {
      reply.header('retry-after', String(attempt.retryAfterSeconds));
      throw new HttpError(429, 'rate_limited', 'too many requests');
    }
    let ok = false;
    try {
      const userId = foldRecorded(userEmailOwner, await eventStore.readStream(userEmailStreamId(email), { maxCount: 1 }));
      const user = userId ? foldRecorded(userDecider, await eventStore.readStream(userStreamId(userId))) : null;
      const passwordHash = user?.passwordHash ?? (await (decoyHash ??= hashPassword('decoy-password')));
      ok = (await verifyPassword(passwordHash, password)) && !!userId && !!user?.exists && !!user.active;
      if (!ok || !userId) throw new HttpError(401, 'invalid_credentials', 'invalid credentials');
      return { token: sign(userId) };
    } finally {
      attempt.finish(ok);
    }
  });

  app.post('/api/refresh', { preHandler: authenticate(eventStore) }, async (request) => {
    const { id } = parseArgs(RefreshArgs, request.body);
    // A token may only be refreshed for the user it belongs to.
    if (id !== request.session!.userId) throw new HttpError(403, 'forbidden', 'forbidden');
    return { token: sign(id), expiration: TOKEN_LIFETIME_SECONDS };
  });
}
