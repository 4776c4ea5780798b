import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { sessionRoutes } from '@ghg/api';
import { foldRecorded, userDecider, userEmailOwner, userEmailStreamId, userStreamId } from '@ghg/domain';
import { backgroundQueue } from '../core/backgroundQueue';
import type { CommandApiDeps } from '../core/deps';
import { executeCommand } from '../core/executeCommand';
import { Refusal } from '../core/httpErrors';
import { queueMail } from '../core/mailOutbox';
import { hashPassword } from '../core/passwords';
import { registerRoute } from '../core/registerRoute';
import { metadataFor } from '../core/session';

// The forgot-password body has no `origin`: links are built from the configured public URL only.
// An old client's `origin` is dropped like any unknown field.

/** Per client address and minute: each reset hashes a password (argon2), which is meant to be costly. */
const RESET_RATE_LIMIT = { max: 10, timeWindow: 60_000 };

/** The forgot-password lookup starts this long after the answer (random within the range). */
const FORGOT_WORK_DELAY_MS = { min: 50, max: 1000 };

export const hashResetToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The link a reset or invitation mail carries: always on the configured public URL. */
export const passwordLink = (publicUrl: string, userId: string, token: string) =>
  `${publicUrl}/auth/password-resetting?id=${encodeURIComponent(userId)}&token=${token}`;

/** Issues a one-time reset link for an active user, into the mail outbox and the server log. */
export async function issuePasswordReset(
  deps: CommandApiDeps,
  user: { userId: string; email: string; tenantId: string | null },
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
    { actorUserId: null, companyId: null, tenantId: user.tenantId, correlationId: randomUUID(), causationId: null, occurredAt: now.toISOString() },
  );
  const link = passwordLink(deps.publicUrl(), user.userId, token);
  const subject = purpose === 'invite' ? 'GHG Ledger: set your password' : 'GHG Ledger: reset your password';
  await queueMail(deps.db.knex, { recipient: user.email, subject, body: `Open this link within one hour to set your password:\n${link}\n`, now });
  log.info({ recipient: user.email, link }, `password ${purpose} link queued in mail_outbox`);
}

/** The forgot-password work: a link for an active user of that address, nothing otherwise. */
async function mailResetLinkIfKnown(deps: CommandApiDeps, email: string, log: FastifyBaseLogger): Promise<void> {
  const userId = foldRecorded(userEmailOwner, await deps.eventStore.readStream(userEmailStreamId(email), { maxCount: 1 }));
  if (!userId) return;
  const user = foldRecorded(userDecider, await deps.eventStore.readStream(userStreamId(userId)));
  if (user.exists && user.active) await issuePasswordReset(deps, { userId, email: user.email, tenantId: user.tenantId }, log, 'reset');
}

export function registerPasswordRoutes(app: FastifyInstance, deps: CommandApiDeps): void {
  const forgotten = backgroundQueue((error) => app.log.error({ err: error }, 'password reset mail failed'), { delayMs: FORGOT_WORK_DELAY_MS });
  app.addHook('onClose', () => forgotten.idle());

  /**
   * The answer is sent before anything about the address is looked up, so it is the same, in
   * content and in time, for known and unknown addresses; the lookup and the mail follow.
   */
  registerRoute(
    app,
    deps,
    sessionRoutes.forgotPassword,
    async ({ body: { email }, request }) => {
      if (!forgotten.push(() => mailResetLinkIfKnown(deps, email, request.log))) request.log.warn('forgot-password queue full; request dropped');
      return { ok: true as const };
    },
    { config: { rateLimit: { max: 10, timeWindow: 60_000 } } },
  );

  registerRoute(
    app,
    deps,
    sessionRoutes.resetPassword,
    async ({ body: { id, token, password }, request, refuse }) => {
      const now = (deps.now?.() ?? new Date()).toISOString();
      const user = foldRecorded(userDecider, await deps.eventStore.readStream(userStreamId(id)));
      // An unknown id gets the same answer as a bad token.
      if (!user.exists) throw refuse('invalid_reset_token');
      const reset = { type: 'ResetPassword' as const, userId: id, tokenHash: hashResetToken(token), passwordLength: password.length, now };
      // The decider checks token (and length) before the costly hash: a wrong token is refused cheaply.
      const check = userDecider.decide({ ...reset, passwordHash: '' }, user);
      if (!check.ok) throw new Refusal(check.error);
      await executeCommand(deps.eventStore, userStreamId(id), userDecider, { ...reset, passwordHash: await hashPassword(password) }, {
        actorUserId: id,
        companyId: null,
        tenantId: user.tenantId,
        correlationId: request.id,
        causationId: null,
        occurredAt: now,
      });
      return { ok: true as const };
    },
    { config: { rateLimit: RESET_RATE_LIMIT } },
  );

  registerRoute(app, deps, sessionRoutes.changePassword, async ({ session, body: { password } }) => {
    await executeCommand(
      deps.eventStore,
      userStreamId(session.userId),
      userDecider,
      { type: 'ChangePassword', userId: session.userId, passwordHash: await hashPassword(password), passwordLength: password.length },
      metadataFor(session, null, deps.now?.() ?? new Date()),
    );
    return { ok: true as const };
  });
}
