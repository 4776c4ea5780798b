import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';

/**
 * The token-signing secret: JWT_SECRET when set, otherwise one generated on first start and kept
 * in the database, so every process of a deployment (command-api, query-api) agrees on it.
 */
export async function resolveJwtSecret(knex: Knex, fromEnv: string | null): Promise<string> {
  if (fromEnv) return fromEnv;
  await knex.raw('create table if not exists system_secrets (name text primary key, value text not null)');
  await knex('system_secrets')
    .insert({ name: 'jwt', value: randomBytes(48).toString('base64url') })
    .onConflict('name')
    .ignore();
  const row = await knex('system_secrets').where({ name: 'jwt' }).first('value');
  return String(row.value);
}
