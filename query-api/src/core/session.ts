import type { FastifyRequest } from 'fastify';
import type { Knex } from 'knex';
import type { Language, Role } from '@ghg/events';
import { bearerOf, Refusal } from '@ghg/api';
import { API_TOKEN_PREFIX, parseApiToken, tokenAccessHolds } from '@ghg/domain';
import { apiTokenById, apiTokenSecretMatches } from '@ghg/projector';

export interface ReaderSession {
  userId: string;
  tenantId: string;
  email: string;
  name: string;
  language: Language;
  role: Role;
  sectionId: string | null;
  allCompanies: boolean;
  active: boolean;
  companyIds: string[];
  selectedCompanyId: string;
  /** Set when the caller presented a personal API token: the token reads for `userId`, its creator. */
  apiTokenId?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    reader?: ReaderSession;
  }
}

export async function loadReader(knex: Knex, userId: string): Promise<ReaderSession | null> {
  const row = await knex('users').where({ id: userId }).first();
  if (!row) return null;
  // Group administrators reach every company of the group, including ones added after them.
  const companyIds: string[] = row.all_companies
    ? (await knex('companies').where({ tenant_id: row.tenant_id }).orderBy('name').pluck('id'))
    : typeof row.company_ids === 'string'
      ? JSON.parse(row.company_ids)
      : row.company_ids;
  return {
    userId: row.id,
    tenantId: row.tenant_id,
    email: row.email,
    name: row.name,
    language: row.language,
    role: row.role,
    sectionId: row.section_id,
    allCompanies: Boolean(row.all_companies),
    active: Boolean(row.active),
    companyIds,
    selectedCompanyId: companyIds.includes(row.selected_company_id) ? row.selected_company_id : companyIds[0]!,
  };
}

/**
 * A personal API token (docs/api.md, "API clients"), checked against its read model and its
 * creator's: it reads with its own role in its one company, never more than its creator holds now.
 */
async function tokenReader(knex: Knex, presented: string, today: string): Promise<ReaderSession> {
  const parsed = parseApiToken(presented);
  const token = parsed ? await apiTokenById(knex, parsed.tokenId) : null;
  if (!parsed || !token || !apiTokenSecretMatches(parsed.secret, token.secretSha256)) throw new Refusal('unauthorized');
  const creator = await loadReader(knex, token.createdBy);
  const state = { exists: true, revoked: token.revokedAt !== null, expiresOn: token.expiresOn, tenantId: token.tenantId, companyId: token.companyId, role: token.role as Role };
  if (!creator || !tokenAccessHolds(state, creator, today)) throw new Refusal('unauthorized');
  return { ...creator, role: state.role, sectionId: null, allCompanies: false, companyIds: [token.companyId], selectedCompanyId: token.companyId, apiTokenId: token.id };
}

export function authenticateReader(knex: Knex, now: () => Date = () => new Date()) {
  return async (request: FastifyRequest) => {
    const bearer = bearerOf(request.headers);
    if (bearer?.startsWith(API_TOKEN_PREFIX)) {
      request.reader = await tokenReader(knex, bearer, now().toISOString().slice(0, 10));
      return;
    }
    let sub: string;
    try {
      sub = String((await request.jwtVerify<{ sub: string }>()).sub);
    } catch {
      throw new Refusal('unauthorized');
    }
    const reader = await loadReader(knex, sub);
    if (!reader || !reader.active) throw new Refusal('unauthorized');
    request.reader = reader;
  };
}
