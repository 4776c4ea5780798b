import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { WrongExpectedVersionError, type AppendResult, type RecordedEvent } from '@ghg/events';
import { scopeSettingRoutes } from '@ghg/api';
import {
  fold,
  foldRecorded,
  scopeSettingProblem,
  scopeSettingsDecider,
  scopeSettingStreamId,
  sectionsWithin,
  type ScopeSettingCommand,
  type ScopeSettingsState,
  type SectionFacts,
} from '@ghg/domain';
import type { CommandApiDeps } from '../core/deps';
import { Refusal } from '../core/httpErrors';
import { registerRoute } from '../core/registerRoute';
import { executeEntityCommand, runEntityCommand } from '../core/entityCommand';
import { toNewEvent } from '../core/executeCommand';
import { metadataFor, type Session } from '../core/session';

/** A setting as the routes answer it; `updatedAt` is the time of its stream's last event. */
const viewOf = (state: ScopeSettingsState, id: string, updatedAt: string) => {
  const s = state.settings.get(id);
  return s ? { id: s.id, scopeCategory: s.scopeCategory, formulaId: s.formulaId, section: s.section, detail: s.detail, dealId: s.dealId, version: s.version, updatedAt } : null;
};

const lastOccurredAt = (history: readonly RecordedEvent[]) => history.at(-1)?.metadata.occurredAt ?? null;

/** The company's sections and those the caller may configure (their section and its descendants), from the read model. */
export async function sectionFacts(deps: CommandApiDeps, session: Session): Promise<SectionFacts> {
  const rows = await deps.db.knex('company_sections').where({ company_id: session.selectedCompanyId }).select('id', 'parent_section_id');
  const sections = rows.map((r: { id: string; parent_section_id: string | null }) => ({ id: r.id, parentSectionId: r.parent_section_id }));
  return { sectionIds: sections.map((s) => s.id), permittedSectionIds: sectionsWithin(sections, session.sectionId) };
}

type Save = Extract<ScopeSettingCommand, { type: 'SaveScopeSetting' }>;

/**
 * Saves every setting or none: each is decided on its own stream first (a refusal names its row,
 * `scopeSettings.<i>.<field>`, and appends nothing), then the decided events are appended stream
 * by stream. The log appends to one stream at a time, so a setting changed by another command
 * between its decision and its append is decided again on its fresh state; if that refuses it
 * (deleted, or its expectedVersion now stale), the rows appended before it stay saved.
 */
async function saveAll(deps: CommandApiDeps, session: Session, commands: readonly Save[]) {
  const companyId = session.selectedCompanyId;
  const metadata = metadataFor(session, companyId, deps.now?.() ?? new Date());
  const decided = [];
  for (const [index, command] of commands.entries()) {
    const streamId = scopeSettingStreamId(companyId, command.id);
    const history = await deps.eventStore.readStream(streamId);
    const state = foldRecorded(scopeSettingsDecider, history);
    const problem = scopeSettingProblem(command, state);
    if (problem) throw new Refusal(problem.error, { fields: [problem.field ? `scopeSettings.${index}.${problem.field}` : `scopeSettings.${index}`] });
    const decision = scopeSettingsDecider.decide(command, state);
    if (!decision.ok) throw new Refusal(decision.error, { fields: [`scopeSettings.${index}`] });
    // Checked against the event contracts now, so a bad row cannot fail after others were appended.
    const events = decision.events.map((e) => toNewEvent(e, metadata));
    decided.push({ index, command, streamId, history, state, decided: decision.events, events });
  }
  const saved = [];
  let last: AppendResult | null = null;
  for (const d of decided) {
    if (d.events.length === 0) {
      saved.push(viewOf(d.state, d.command.id, lastOccurredAt(d.history) ?? metadata.occurredAt));
      continue;
    }
    const version = d.history.at(-1)?.streamPosition ?? -1;
    try {
      last = await deps.eventStore.appendToStream(d.streamId, d.events, { expectedVersion: version === -1 ? 'no_stream' : version });
      saved.push(viewOf(fold(scopeSettingsDecider, d.decided, version + 1, d.state), d.command.id, metadata.occurredAt));
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError)) throw error;
      try {
        const outcome = await executeEntityCommand(deps, d.streamId, { decider: scopeSettingsDecider }, d.command, metadata);
        if (outcome.append) last = outcome.append;
        saved.push(viewOf(outcome.state, d.command.id, metadata.occurredAt));
      } catch (refusal) {
        throw refusal instanceof Refusal ? new Refusal(refusal.code, { fields: [`scopeSettings.${d.index}`] }) : refusal;
      }
    }
  }
  if (last) await deps.awaitProjection?.(last.lastPosition);
  return saved.filter((s) => s !== null);
}

export function registerScopeSettingRoutes(app: FastifyInstance, deps: CommandApiDeps): void {
  for (const [contract, mode] of [
    [scopeSettingRoutes.create, 'create'],
    [scopeSettingRoutes.edit, 'edit'],
  ] as const) {
    registerRoute(app, deps, contract, async ({ session, body: { scopeSettings } }) => {
      const sections = await sectionFacts(deps, session);
      const commands = scopeSettings.map(({ id, expectedVersion, ...setting }): Save => ({
        type: 'SaveScopeSetting',
        mode,
        companyId: session.selectedCompanyId,
        id: id ?? randomUUID(),
        ...setting,
        ...(expectedVersion === undefined ? {} : { expectedVersion }),
        sections,
      }));
      return { scopeSettings: await saveAll(deps, session, commands) };
    });
  }

  registerRoute(app, deps, scopeSettingRoutes.remove, async ({ session, params: { id }, body: { expectedVersion } }) => {
    const companyId = session.selectedCompanyId;
    const streamId = scopeSettingStreamId(companyId, id);
    const history = await deps.eventStore.readStream(streamId);
    const before = viewOf(foldRecorded(scopeSettingsDecider, history), id, lastOccurredAt(history) ?? '');
    await runEntityCommand(deps, session, streamId, { decider: scopeSettingsDecider }, {
      type: 'RemoveScopeSetting',
      companyId,
      id,
      sections: await sectionFacts(deps, session),
      linesUsing: await linesUsing(deps, companyId, id),
      ...(expectedVersion === undefined ? {} : { expectedVersion }),
    });
    return { scopeSetting: before };
  });
}

/** Activity lines the ledger holds for the setting. */
async function linesUsing(deps: CommandApiDeps, companyId: string, scopeSettingId: string): Promise<number> {
  const row = await deps.db.knex('emission_ledger').where({ company_id: companyId, scope_setting_id: scopeSettingId }).count<{ count: string }[]>({ count: '*' }).first();
  return Number(row?.count ?? 0);
}
