import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { basisRoutes, type BodyOf } from '@ghg/api';
import { calculationBasisDecider, calculationBasisStreamId, compareBases, type SetCalculationBasis, type ActivityLine } from '@ghg/domain';
import type { CommandApiDeps } from '../core/deps';
import { runCompanyCommand } from '../core/companyCommand';
import { Refusal } from '../core/httpErrors';
import { registerRoute } from '../core/registerRoute';
import type { Session } from '../core/session';
import { availableFactorSets, basisView, contextFor, defaultBasisFor, loadCalculationFacts, type CompanyCalculationFacts } from './context';
import { parseLines } from './lines';
import { recalculateYear } from '../activity/restatement';

type SetBasisArgs = BodyOf<typeof basisRoutes.set>;
type PreviewRow = { index: number; lineId: string; before: LineOutcome; after: LineOutcome; deltaKg: number | null };
type LineOutcome = ReturnType<typeof compareBases>['lines'][number]['before'] | { ok: false; error: string; field: string | null };

const commandOf = (session: Session, facts: CompanyCalculationFacts, args: SetBasisArgs): SetCalculationBasis => ({
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
  registerRoute(app, deps, basisRoutes.set, async ({ session, body: args }) => {
    const facts = await loadCalculationFacts(deps, session.selectedCompanyId, { fiscalYear: args.fiscalYear, withRates: false });
    const outcome = await runCompanyCommand(deps, session, calculationBasisStreamId(session.selectedCompanyId, args.fiscalYear), calculationBasisDecider, commandOf(session, facts, args));
    const stored = outcome.state.years.get(args.fiscalYear)!;
    // The year's lines follow their basis: each is calculated again, as its own audited event.
    const recalculation = await recalculateYear(deps, session, args.fiscalYear);
    return {
      calculationBasis: { fiscalYear: stored.fiscalYear, gwpSet: stored.gwpSet, factorSets: stored.factorSets, version: stored.version, isDefault: false },
      changed: outcome.appended > 0,
      recalculation,
    };
  });

  // Old vs new totals for the given lines; decides nothing, appends nothing.
  registerRoute(
    app,
    deps,
    basisRoutes.preview,
    async ({ session, body: args }) => {
      const facts = await loadCalculationFacts(deps, session.selectedCompanyId, { fiscalYear: args.fiscalYear });
      const current = basisView(facts, args.fiscalYear);
      // The proposal goes through the decider, so it is refused here exactly as a save would be.
      const decision = calculationBasisDecider.decide(commandOf(session, facts, { ...args, expectedVersion: undefined }), facts.basisState);
      if (!decision.ok) throw new Refusal(decision.error);
      const event = decision.events[0];
      const proposed = !event ? current : event.type === 'CalculationBasisSet' ? event.data : event.data.after;
      const { lines, errors } = parseLines(args.lines);
      const comparison = compareBases(
        lines.map((l) => l.line) as ActivityLine[],
        await contextFor(deps, facts, current, args.fiscalYear),
        await contextFor(deps, facts, proposed, args.fiscalYear),
      );
      const rows: PreviewRow[] = new Array(args.lines.length);
      comparison.lines.forEach((row, i) => {
        const index = lines[i]!.index;
        rows[index] = { ...row, index };
      });
      for (const e of errors) {
        const failed = { ok: false as const, error: e.code, field: e.field };
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
    },
    { bodyLimit: 16 * 1024 * 1024 },
  );
}
