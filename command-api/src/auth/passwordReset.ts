import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { fold, userDecider, userEmailStreamId, userStreamId } from '@ghg/domain';
import type { CommandApiDeps } from '../core/deps';
import { executeCommand } from '../core/executeCommand';
import { httpErrorFor } from '../core/httpErrors';
import { queueMail } from '../core/mailOutbox';
import { hashPassword } from '../core/passwords';
import { authenticate, metadataFor, requireSession } from '../core/session';
import { parseArgs } from '../core/validate';

const ForgotArgs = z.object({ email: z.string().min(1), origin: z.string().url().optional() });
const ResetArgs = z.object({ id: z.string().min(1), token: z.string().min(1), password: z.string().min(1) });
const ChangeArgs = z.object({ password: z.string().min(1) });

export const hashResetToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Issues a one-time reset link for an active user, into the mail outbox and the server log. */
export async function issuePasswordReset(
  deps: CommandApiDeps,
  user: { userId: string; email: string; tenantId: string | null },
  origin: string,
  log: { info(obj: object, msg: string): void },
  purpose: 'reset' | 'invite',
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const now = deps.now?.() ?? new Date();
  await executeCommand(
    deps.eventStore,
    userStreamId(user.userId),
    userDecider,
    { type: 'RequestPasswordReset', userId: user.userId, tokenHash: hashResetToken(token), now: now.toISOString() },
    { actorUserId: null, companyId: null, tenantId: user.tenantId, correlationId: token.slice(0, 8), causationId: null, occurredAt: now.toISOString() },
  );
  const link = `${origin}/auth/password-resetting?id=${encodeURIComponent(user.userId)}&token=${token}`;
  const subject = purpose === 'invite' ? 'GHG Ledger: set your password' : 'GHG Ledger: reset your password';
  await queueMail(deps.db.knex, { recipient: user.email, subject, body: `Open this link within one hour to set your password:\n${link}\n`, now });
  log.info({ recipient: user.email, link }, `password ${purpose} link queued in mail_outbox`);
}

export function registerPasswordRoutes(app: FastifyInstance, deps: CommandApiDeps): void {
  // Always the same answer, so the form does not tell which addresses have accounts.
  app.post('/api/password/forgot', { config: { rateLimit: { max: 10, timeWindow: 60_000 } } }, async (request) => {
    const { email, origin } = parseArgs(ForgotArgs, request.body);
    const [claim] = await deps.eventStore.readStream(userEmailStreamId(email), { maxCount: 1 });
    const userId = (claim?.data as { userId?: string } | undefined)?.userId;
    if (userId) {
      const user = fold(userDecider, (await deps.eventStore.readStream(userStreamId(userId))) as never);
      if (user.exists && user.active) {
        const base = origin ?? `${request.protocol}://${request.headers.host ?? 'localhost'}`;
        await issuePasswordReset(deps, { userId, email: user.email, tenantId: user.tenantId }, base, request.log, 'reset');
      }
    }
    return { ok: true };
  });

  app.post('/api/password/reset', async (request) => {
    const { id, token, password } = parseArgs(ResetArgs, request.body);
    const now = (deps.now?.() ?? new Date()).toISOString();
    const passwordHash = await hashPassword(password);
    const user = fold(userDecider, (await deps.eventStore.readStream(userStreamId(id))) as never);
    // An unknown id gets the same answer as a bad token.
    if (!user.exists) throw httpErrorFor('invalid_reset_token');
    await executeCommand(
      deps.eventStore,
      userStreamId(id),
      userDecider,
      { type: 'ResetPassword', userId: id, tokenHash: hashResetToken(token), passwordHash, passwordLength: password.length, now },
      { actorUserId: id, companyId: null, tenantId: user.tenantId, correlationId: request.id, causationId: null, occurredAt: now },
    );
    return { ok: true };
  });

  app.put('/api/user/password', { preHandler: authenticate(deps.eventStore) }, async (request) => {
    const session = requireSession(request, 'account.self');
    const { password } = parseArgs(ChangeArgs, request.body);
    await executeCommand(
      deps.eventStore,
      userStreamId(session.userId),
      userDecider,
      { type: 'ChangePassword', userId: session.userId, passwordHash: await hashPassword(password), passwordLength: password.length },
      metadataFor(session, null, deps.now?.() ?? new Date()),
    );
    return { ok: true };
  });
}
