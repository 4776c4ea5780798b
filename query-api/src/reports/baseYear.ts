import type { FastifyInstance } from 'fastify';
import { baseYearRoutes } from '@ghg/api';
import { baseYearFiguresOf, DEFAULT_SIGNIFICANCE_PERCENT, significance } from '@ghg/domain';
import { baseYearRecords, renderInventory, resolveAsOf } from '@ghg/projector';
import type { QueryApiDeps } from '../core/deps';
import { registerRoute } from '../core/registerRoute';
import { changedLines } from './changedLines';

/**
 * The base year (docs/api.md, "Base year"): its records, the base year as it would be now, how far
 * that is from the latest record against the significance threshold, and the lines that moved it
 * with the events that did (a section added, a factor version restated, an error corrected…).
 */
export function registerBaseYearQueries(app: FastifyInstance, deps: QueryApiDeps): void {
  const { knex } = deps.db;
  registerRoute(app, deps, baseYearRoutes.get, async ({ reader }) => {
    const companyId = reader.selectedCompanyId;
    const records = await baseYearRecords(knex, companyId);
    const latest = records.at(-1);
    const answerRecords = records.map(({ baseYear: _y, thresholdPercent: _t, ...record }) => record);
    if (!latest) return { baseYear: null, thresholdPercent: DEFAULT_SIGNIFICANCE_PERCENT, records: [], now: null, change: null, lines: [], moreLines: 0, causes: [] };
    const nowAt = await resolveAsOf(knex, companyId, undefined);
    const recordedAt = BigInt(latest.position);
    const now = await renderInventory(knex, companyId, latest.baseYear, nowAt);
    const recorded = await renderInventory(knex, companyId, latest.baseYear, recordedAt);
    const figures = baseYearFiguresOf(now.content);
    const changed = await changedLines(knex, companyId, latest.baseYear, { lines: recorded.lines, at: recordedAt }, { lines: now.lines, at: nowAt });
    return {
      baseYear: latest.baseYear,
      thresholdPercent: latest.thresholdPercent,
      records: answerRecords,
      now: { content: now.content, sha256: now.sha256, figures },
      change: significance(latest.figures.totalKg, figures.totalKg, latest.thresholdPercent),
      ...changed,
    };
  });
}
