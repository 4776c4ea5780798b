import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { boundedRecord, idText, longText } from '@ghg/events';
import { calculationBasisDecider, calculationBasisStreamId, compareBases, type SetCalculationBasis, type ActivityLine } from '@ghg/domain';
import type { CommandApiDeps } from '../core/deps';
import { expectedVersionArg, numberArg, runCompanyCommand } from '../core/companyCommand';
import { httpErrorFor } from '../core/httpErrors';
import { authenticate, requireSession, type Session } from '../core/session';
import { parseArgs } from '../core/validate';
import { availableFactorSets, basisView, contextFor, defaultBasisFor, loadCalculationFacts, type CompanyCalculationFacts } from './context';
import { linesArg, parseLines } from './lines';

const basisChanges = {
  fiscalYear: numberArg,
  gwpSet: idText().optional(),
  /** Set id → version to pin, or null to unpin; sets not named keep their pin. */
  factorSets: boundedRecord(idText(), idText().nullable()).optional(),
  reason: longText().optional(),
};
const SetBasisArgs = z.object({ ...basisChanges, expectedVersion: expectedVersionArg });
const PreviewArgs = z.object({ ...basisChanges, lines: linesArg });

const commandOf = (session: Session, facts: CompanyCalculationFacts, args: z.infer<typeof SetBasisArgs>): SetCalculationBasis => ({
  type: 'SetCalculationBasis',
  companyId: session.selectedCompanyId,
  fiscalYear: args.fiscalYear,
  newId: randomUUID(),
  available: availableFactorSets(facts),
  defaults: defaultBasisFor(facts, args.fiscalYear),
  ...(args.gwpSet === undefined ? {} : { gwpSet: args.gwpSet }),
  ...(args.factorSets === undefined ? {} : { factorSets: args.factorSets }),
  ...(args.reason === undefined ? {} : { reason: args.reason }),
  ...(args.expectedVersion === undefined ? {} : { expectedVersion: args.expectedVersion }),
});

export function registerBasisRoutes(app: FastifyInstance, deps: CommandApiDeps): void {
  // Fix (first time) or change (restatement, audited with before and after) a fiscal year's basis.
  app.post('/api/calculation-basis', { preHandler: authenticate(deps.eventStore) }, async (request) => {
    const session = requireSession(request, 'company.configure');
    const args = parseArgs(SetBasisArgs, request.body);
    const facts = await loadCalculationFacts(deps, session.selectedCompanyId, { fiscalYear: args.fiscalYear, withRates: false });
    const outcome = await runCompanyCommand(deps, session, calculationBasisStreamId(session.selectedCompanyId, args.fiscalYear), calculationBasisDecider, commandOf(session, facts, args));
    const stored = outcome.state.years.get(args.fiscalYear)!;
    return {
      calculationBasis: { fiscalYear: stored.fiscalYear, gwpSet: stored.gwpSet, factorSets: stored.factorSets, version: stored.version, isDefault: false },
      changed: outcome.appended > 0,
    };
  });

  // Old vs new totals for the given lines; decides nothing, appends nothing.
  app.post('/api/calculation-basis/preview', { preHandler: authenticate(deps.eventStore), bodyLimit: 16 * 1024 * 1024 }, async (request) => {
    const session = requireSession(request, 'company.read');
    const args = parseArgs(PreviewArgs, request.body);
    const facts = await loadCalculationFacts(deps, session.selectedCompanyId, { fiscalYear: args.fiscalYear });
    const current = basisView(facts, args.fiscalYear);
    // The proposal goes through the decider, so it is refused here exactly as a save would be.
    const decision = calculationBasisDecider.decide(commandOf(session, facts, { ...args, expectedVersion: undefined }), facts.basisState);
    if (!decision.ok) throw httpErrorFor(decision.error);
    const event = decision.events[0];
    const proposed = !event ? current : event.type === 'CalculationBasisSet' ? event.data : event.data.after;
    const { lines, errors } = parseLines(args.lines);
    const comparison = compareBases(
      lines.map((l) => l.line) as ActivityLine[],
      await contextFor(deps, facts, current, args.fiscalYear),
      await contextFor(deps, facts, proposed, args.fiscalYear),
    );
    const rows: unknown[] = new Array(args.lines.length);
    comparison.lines.forEach((row, i) => {
      const index = lines[i]!.index;
      rows[index] = { ...row, index };
    });
    for (const e of errors) {
      const failed = { ok: false, error: e.code, field: e.field };
      rows[e.index] = { index: e.index, lineId: e.lineId, before: failed, after: failed, deltaKg: null };
    }
    return {
      fiscalYear: args.fiscalYear,
      before: { ...comparison.before, version: current.version, isDefault: current.isDefault },
      after: comparison.after,
      changed: Boolean(event),
      lines: rows,
      totals: comparison.totals,
    };
  });
}
