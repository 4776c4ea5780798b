import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { importRoutes } from '@ghg/api';
import { foldRecorded, importRuleProblem, importRulesDecider, importRuleStreamId, type ImportRule, type ImportRuleCommand } from '@ghg/domain';
import type { CommandApiDeps } from '../core/deps';
import { Refusal } from '../core/httpErrors';
import { registerRoute } from '../core/registerRoute';
import { runEntityCommand } from '../core/entityCommand';
import { sectionFacts } from '../settings/scopeSetting';

/** A rule as the routes answer it. */
const ruleView = (rule: ImportRule, updatedAt: string) => ({ ...rule, detail: { ...rule.detail }, conditions: rule.conditions.map((c) => ({ ...c })), updatedAt });

/** Import rules: each its own stream, audited and versioned like any setting. */
export function registerImportRuleRoutes(app: FastifyInstance, deps: CommandApiDeps): void {
  registerRoute(app, deps, importRoutes.saveRule, async ({ session, body }) => {
    const companyId = session.selectedCompanyId;
    const { expectedVersion, ruleId, ...rule } = body;
    const command: ImportRuleCommand = {
      type: 'SaveImportRule',
      companyId,
      ruleId: ruleId ?? randomUUID(),
      ...rule,
      sections: await sectionFacts(deps, session),
      ...(expectedVersion === undefined ? {} : { expectedVersion }),
    };
    const streamId = importRuleStreamId(companyId, command.ruleId);
    // The decider names the code only; the field comes from the same rules, asked first.
    const problem = importRuleProblem(command, foldRecorded(importRulesDecider, await deps.eventStore.readStream(streamId)));
    if (problem) throw new Refusal(problem.error, { fields: [problem.field] });
    const outcome = await runEntityCommand(deps, session, streamId, { decider: importRulesDecider }, command);
    const saved = outcome.state.rule;
    if (!saved) throw new Error('a saved rule is in its state');
    return { rule: ruleView(saved, (deps.now?.() ?? new Date()).toISOString()) };
  });

  registerRoute(app, deps, importRoutes.removeRule, async ({ session, body }) => {
    const companyId = session.selectedCompanyId;
    const command: ImportRuleCommand = {
      type: 'RemoveImportRule',
      companyId,
      ruleId: body.ruleId,
      sections: await sectionFacts(deps, session),
      ...(body.expectedVersion === undefined ? {} : { expectedVersion: body.expectedVersion }),
    };
    const streamId = importRuleStreamId(companyId, body.ruleId);
    const problem = importRuleProblem(command, foldRecorded(importRulesDecider, await deps.eventStore.readStream(streamId)));
    if (problem) throw new Refusal(problem.error, { fields: [problem.field] });
    await runEntityCommand(deps, session, streamId, { decider: importRulesDecider }, command);
    return { ruleId: body.ruleId };
  });
}
