import { call, login, type RunningApp } from './embeddedApp';

export interface InvitedAccess {
  role: 'admin' | 'editor' | 'viewer';
  companyIds: string[];
  allCompanies?: boolean;
  sectionId?: string | null;
}

/**
 * Invites a user as `adminToken`, sets their password through the invitation link the outbox
 * holds (as the invitee would), and logs them in: a real user of the given access, with a token.
 */
export async function inviteAndLogin(app: RunningApp, adminToken: string, email: string, access: InvitedAccess): Promise<{ id: string; token: string }> {
  const invited = await call(app, 'POST', '/api/users', adminToken, { email, name: email.split('@')[0], ...access });
  if (invited.status !== 200) throw new Error(`invite ${email}: ${invited.status} ${JSON.stringify(invited.body)}`);
  const mail = await app.infra.db.knex('mail_outbox').where({ recipient: email }).orderBy('created_at', 'desc').first();
  const link = new URL(String(mail.body).match(/https?:\/\/\S+/)![0]);
  const password = 'invited user 123';
  const reset = await call(app, 'POST', '/api/password/reset', undefined, { id: link.searchParams.get('id'), token: link.searchParams.get('token'), password });
  if (reset.status !== 200) throw new Error(`reset ${email}: ${reset.status} ${JSON.stringify(reset.body)}`);
  return { id: invited.body.user.id as string, token: await login(app, email, password) };
}
