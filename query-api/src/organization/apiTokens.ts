import type { FastifyInstance } from 'fastify';
import { apiTokenRoutes } from '@ghg/api';
import { apiTokenStatus } from '@ghg/domain';
import type { Role } from '@ghg/events';
import { apiTokensOf } from '@ghg/projector';
import type { QueryApiDeps } from '../core/deps';
import { registerRoute } from '../core/registerRoute';

/** The selected company's API tokens for its administrators: names, roles, dates, status — never a secret or its hash. */
export function registerApiTokenQueries(app: FastifyInstance, deps: QueryApiDeps): void {
  const { knex } = deps.db;
  registerRoute(app, deps, apiTokenRoutes.list, async ({ reader }) => {
    const rows = await apiTokensOf(knex, reader.selectedCompanyId);
    const creators = new Map<string, string>(
      ((await knex('users').whereIn('id', [...new Set(rows.map((r) => r.createdBy))]).select('id', 'name')) as { id: string; name: string }[]).map((u) => [u.id, u.name]),
    );
    const today = new Date().toISOString().slice(0, 10);
    return {
      tokens: rows.map((r) => ({
        id: r.id,
        name: r.name,
        role: r.role as Role,
        companyId: r.companyId,
        createdBy: r.createdBy,
        createdByName: creators.get(r.createdBy) ?? null,
        createdAt: r.createdAt,
        expiresOn: r.expiresOn,
        revokedAt: r.revokedAt,
        status: apiTokenStatus({ revoked: r.revokedAt !== null, expiresOn: r.expiresOn }, today),
      })),
    };
  });
}
