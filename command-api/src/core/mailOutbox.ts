import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';

/**
 * There is no mail server in a self-hosted install by default, so messages go to a table (and the
 * server log); an operator or a relay picks them up from there (docs/operations.md).
 */
export async function ensureMailOutbox(knex: Knex): Promise<void> {
  if (await knex.schema.hasTable('mail_outbox')) return;
  await knex.schema
    .createTable('mail_outbox', (t) => {
      t.text('id').primary();
      t.text('recipient').notNullable();
      t.text('subject').notNullable();
      t.text('body').notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.timestamp('sent_at', { useTz: true });
    })
    .catch(async (error) => {
      // Another process created it first.
      if (!(await knex.schema.hasTable('mail_outbox'))) throw error;
    });
}

export async function queueMail(knex: Knex, mail: { recipient: string; subject: string; body: string; now: Date }): Promise<string> {
  const id = randomUUID();
  await knex('mail_outbox').insert({ id, recipient: mail.recipient, subject: mail.subject, body: mail.body, created_at: mail.now.toISOString() });
  return id;
}
