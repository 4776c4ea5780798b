import type { FastifyRequest } from 'fastify';
import type { Knex } from 'knex';
import type { Language, Role } from '@ghg/events';
import { Refusal } from '@ghg/api';

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

export function authenticateReader(knex: Knex) {
  return async (request: FastifyRequest) => {
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
