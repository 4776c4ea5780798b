import { createHash, timingSafeEqual } from 'node:crypto';
import type { Knex } from 'knex';
import { ApiTokenCreated, ApiTokenRevoked } from '@ghg/events';
import { defineProjection } from '../core/projection';

/** Personal API tokens (migration 0024): what the token list shows and query-api checks a presented token against. */
export const apiTokensProjection = defineProjection({
  name: 'organization/apiTokens',
  tables: ['api_tokens'],
  handles: [ApiTokenCreated, ApiTokenRevoked],
  async apply(event, ctx) {
    const table = ctx.table('api_tokens');
    if (event.type === ApiTokenCreated.type) {
      const d = event.data;
      await ctx
        .trx(table)
        .insert({
          id: d.tokenId,
          tenant_id: d.tenantId,
          company_id: d.companyId,
          name: d.name,
          role: d.role,
          created_by: d.createdBy,
          secret_sha256: d.secretSha256,
          expires_on: d.expiresOn,
          created_at: event.metadata.occurredAt,
        })
        .onConflict('id')
        .ignore();
    } else {
      await ctx.trx(table).where({ id: event.data.tokenId }).whereNull('revoked_at').update({ revoked_at: event.metadata.occurredAt, revoked_by: event.metadata.actorUserId });
    }
    ctx.notify({ topic: 'organization/apiTokens', companyId: event.data.companyId, tenantId: event.metadata.tenantId, ids: [event.data.tokenId] });
  },
});

export interface ApiTokenRow {
  id: string;
  tenantId: string;
  companyId: string;
  name: string;
  role: string;
  createdBy: string;
  secretSha256: string;
  expiresOn: string | null;
  createdAt: string;
  revokedAt: string | null;
  revokedBy: string | null;
}

const dateText = (v: unknown): string | null => (v === null || v === undefined ? null : v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));
const instantText = (v: unknown): string | null => (v === null || v === undefined ? null : new Date(v as string).toISOString());

function toRow(r: Record<string, unknown>): ApiTokenRow {
  return {
    id: String(r.id),
    tenantId: String(r.tenant_id),
    companyId: String(r.company_id),
    name: String(r.name),
    role: String(r.role),
    createdBy: String(r.created_by),
    secretSha256: String(r.secret_sha256),
    expiresOn: dateText(r.expires_on),
    createdAt: instantText(r.created_at)!,
    revokedAt: instantText(r.revoked_at),
    revokedBy: r.revoked_by === null ? null : String(r.revoked_by),
  };
}

/** One token by id (query-api checks a presented token with it). */
export async function apiTokenById(knex: Knex, id: string): Promise<ApiTokenRow | null> {
  const row = (await knex('api_tokens').where({ id }).first()) as Record<string, unknown> | undefined;
  return row ? toRow(row) : null;
}

/** A company's tokens, newest first. */
export async function apiTokensOf(knex: Knex, companyId: string): Promise<ApiTokenRow[]> {
  return ((await knex('api_tokens').where({ company_id: companyId }).orderBy('created_at', 'desc').orderBy('id')) as Record<string, unknown>[]).map(toRow);
}

/** What is recorded of a token's secret: its SHA-256, lowercase hex (the secret is 32 random bytes, so no salt or slow hash is needed). */
export const apiTokenSecretSha256 = (secret: string): string => createHash('sha256').update(secret, 'utf8').digest('hex');

/** Whether a presented secret is the token's, compared in constant time. */
export function apiTokenSecretMatches(secret: string, recordedSha256: string): boolean {
  const presented = Buffer.from(apiTokenSecretSha256(secret), 'hex');
  const recorded = Buffer.from(recordedSha256, 'hex');
  return presented.length === recorded.length && timingSafeEqual(presented, recorded);
}
