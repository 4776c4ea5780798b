import type { FastifyInstance } from 'fastify';
import { sessionRoutes } from '@ghg/api';
import { foldRecorded, normaliseEmail, userDecider, userEmailOwner, userEmailStreamId, userStreamId } from '@ghg/domain';
import type { CommandApiDeps } from '../core/deps';
import { TOKEN_LIFETIME_SECONDS } from '../core/deps';
import { hashPassword, verifyPassword } from '../core/passwords';
import { registerRoute } from '../core/registerRoute';
import { LoginThrottle } from './loginThrottle';

// Verifying against a real hash when the email is unknown keeps both answers equally slow,
// so response time does not tell an attacker which addresses have accounts.
let decoyHash: Promise<string> | undefined;

export function registerLoginRoutes(app: FastifyInstance, deps: CommandApiDeps): void {
  const { eventStore } = deps;
  const sign = (userId: string) => app.jwt.sign({ sub: userId }, { expiresIn: TOKEN_LIFETIME_SECONDS });
  const throttle = new LoginThrottle(() => (deps.now?.() ?? new Date()).getTime(), deps.loginRateLimit);

  registerRoute(app, deps, sessionRoutes.login, async ({ body: { email, password }, request, reply, refuse }) => {
    // Unknown addresses are throttled exactly like known ones, so a 429 reveals nothing either.
    const attempt = throttle.begin(request.ip, normaliseEmail(email));
    if (!attempt.allowed) {
      reply.header('retry-after', String(attempt.retryAfterSeconds));
      throw refuse('rate_limited');
    }
    let ok = false;
    try {
      const userId = foldRecorded(userEmailOwner, await eventStore.readStream(userEmailStreamId(email), { maxCount: 1 }));
      const user = userId ? foldRecorded(userDecider, await eventStore.readStream(userStreamId(userId))) : null;
      const passwordHash = user?.passwordHash ?? (await (decoyHash ??= hashPassword('decoy-password')));
      ok = (await verifyPassword(passwordHash, password)) && !!userId && !!user?.exists && !!user.active;
      if (!ok || !userId) throw refuse('invalid_credentials');
      return { token: sign(userId) };
    } finally {
      attempt.finish(ok);
    }
  });

  registerRoute(app, deps, sessionRoutes.refresh, async ({ session, body: { id }, refuse }) => {
    // A token may only be refreshed for the user it belongs to.
    if (id !== session.userId) throw refuse('forbidden');
    return { token: sign(id), expiration: TOKEN_LIFETIME_SECONDS };
  });
}
