import type { FastifyInstance } from 'fastify';
import { calculateRoutes, type ResponseOf } from '@ghg/api';
import { calculateBatch } from '@ghg/domain';
import type { CommandApiDeps } from '../core/deps';
import { registerRoute } from '../core/registerRoute';
import { basisView, contextError, contextFor, loadCalculationFacts } from './context';
import { errorOf, parseLines, type LineError } from './lines';

type LineResult = ResponseOf<typeof calculateRoutes.calculate>['results'][number];

/**
 * POST /api/calculate: what the input forms show while a user types. Calculates the lines under
 * the company's basis for the fiscal year and its currency rates; stores nothing, appends nothing.
 */
export function registerCalculateRoute(app: FastifyInstance, deps: CommandApiDeps): void {
  registerRoute(
    app,
    deps,
    calculateRoutes.calculate,
    async ({ session, body: args }) => {
      const facts = await loadCalculationFacts(deps, session.selectedCompanyId, { fiscalYear: args.fiscalYear });
      const { fiscalYear } = facts;
      const basis = basisView(facts, fiscalYear);
      const { lines, errors: shapeErrors } = parseLines(args.lines);
      const batch = calculateBatch(
        lines.map((l) => l.line),
        await contextFor(deps, facts, basis, fiscalYear, args.explain === true),
      );
      if (!batch.ok) throw contextError(batch.error, batch.detail);

      const results: LineResult[] = new Array(args.lines.length);
      const errors: LineError[] = [...shapeErrors];
      for (const e of shapeErrors) results[e.index] = { index: e.index, lineId: e.lineId, ok: false, formulaId: e.formulaId, error: e.code, field: e.field };
      batch.results.forEach((r, i) => {
        const index = lines[i]!.index;
        results[index] = { index, ...r };
        if (!r.ok) errors.push(errorOf(index, r));
      });
      errors.sort((a, b) => a.index - b.index);
      return {
        fiscalYear,
        basis,
        results,
        errors,
        summary: { ...batch.summary, lines: args.lines.length, failed: batch.summary.failed + shapeErrors.length },
        provenance: batch.provenance,
      };
    },
    { bodyLimit: 16 * 1024 * 1024 },
  );
}
