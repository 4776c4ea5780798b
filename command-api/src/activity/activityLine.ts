import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import { figuresByBasis, type BasisFigure, type RecordedEvent } from '@ghg/events';
import { activityLineRoutes, type BodyOf, type ResponseOf } from '@ghg/api';
import {
  activityLineProblem,
  activityLinesDecider,
  activityLineStreamId,
  DEFAULT_START_MONTH,
  fiscalYearOf,
  foldRecorded,
  normaliseCountUnit,
  scopeSettingsDecider,
  scopeSettingStreamId,
  sectionsWithin,
  type ActivityLineCommand,
  type ActivityLineView,
  type LineBasis,
  type LineScopeSetting,
} from '@ghg/domain';
import type { CommandApiDeps } from '../core/deps';
import { Refusal } from '../core/httpErrors';
import { registerRoute } from '../core/registerRoute';
import { AsOfAheadError, resolveAsOf } from '@ghg/projector';
import { ledgerLinesAsOf } from './linesAsOf';
import { runEntityCommand } from '../core/entityCommand';
import type { Session } from '../core/session';
import { contextFor, loadCalculationFacts } from '../calculation/context';
import { sectionFacts } from '../settings/scopeSetting';

type Line = ResponseOf<typeof activityLineRoutes.record>['line'];
export type LedgerLine = ResponseOf<typeof activityLineRoutes.tableData>['lines'][number];

/** A line as the routes answer it; `updatedAt` is the time of its stream's last event. */
export function lineView(line: ActivityLineView, updatedAt: string): Line {
  const c = line.calculation;
  const figures = figuresByBasis(c);
  return {
    dealId: line.dealId,
    scopeSettingId: line.scopeSettingId,
    deal: line.deal,
    scopeSetting: { id: line.scopeSettingId, scopeCategory: line.scopeCategory, formulaId: c.formulaId, section: line.section },
    scopeSettingDetail: line.scopeSettingDetail,
    inputs: line.inputs,
    stages: c.stages,
    factorSets: c.factorSets,
    basisVersion: c.basisVersion,
    warnings: c.warnings,
    fiscalYear: c.fiscalYear,
    fiscalMonth: c.fiscalMonth,
    quantity: c.quantity,
    unit: c.unit,
    gasesKg: c.gasesKg,
    co2eKg: c.co2eKg,
    co2eLocationKg: figures.location?.co2eKg ?? null,
    co2eMarketKg: figures.market?.co2eKg ?? null,
    basis: c.basis,
    scope2: c.basis === null ? null : figures,
    factors: c.factors,
    gwpSet: c.gwpSet.id,
    source: line.source,
    origin: line.origin ?? null,
    version: line.version,
    updatedAt,
  };
}

const lastOccurredAt = (history: readonly RecordedEvent[]) => history.at(-1)?.metadata.occurredAt ?? '';

/** The scope setting of `id` as its own stream holds it (null when the company has none). */
async function scopeSettingOf(deps: CommandApiDeps, companyId: string, id: string): Promise<LineScopeSetting | null> {
  const state = foldRecorded(scopeSettingsDecider, await deps.eventStore.readStream(scopeSettingStreamId(companyId, id)));
  const s = state.settings.get(id);
  return s ? { id: s.id, scopeCategory: s.scopeCategory, formulaId: s.formulaId, section: s.section, detail: s.detail } : null;
}

/** The basis of the fiscal year `occurrenceDate` falls in, as an engine context (null when the year has none). */
export async function basisOf(deps: CommandApiDeps, companyId: string, occurrenceDate: string): Promise<{ startMonth: number; basis: LineBasis | null }> {
  const fy = await deps.db.knex('fiscal_year_settings').where({ company_id: companyId }).first();
  const facts = await loadCalculationFacts(deps, companyId, { fiscalYear: fiscalYearOf(occurrenceDate, fy?.start_month ?? DEFAULT_START_MONTH) });
  const stored = facts.basisState.years.get(facts.fiscalYear);
  if (!stored) return { startMonth: facts.startMonth, basis: null };
  const context = await contextFor(deps, facts, stored, facts.fiscalYear);
  return { startMonth: facts.startMonth, basis: { fiscalYear: facts.fiscalYear, version: stored.version, context } };
}

/** Refuses `command` with the field it is about before it is run (the decider names only the code). */
async function checked(deps: CommandApiDeps, streamId: string, command: ActivityLineCommand) {
  const history = await deps.eventStore.readStream(streamId);
  const problem = activityLineProblem(command, foldRecorded(activityLinesDecider, history));
  if (problem) throw new Refusal(problem.error, { fields: [problem.field] });
  return history;
}

async function recordLine(deps: CommandApiDeps, session: Session, body: BodyOf<typeof activityLineRoutes.record>) {
  const companyId = session.selectedCompanyId;
  const deal = { ...body.deal, id: body.deal.id ?? randomUUID(), countUnit: normaliseCountUnit(body.deal.countUnit) };
  const { startMonth, basis } = await basisOf(deps, companyId, deal.occurrenceDate);
  const command: ActivityLineCommand = {
    type: 'RecordActivityLine',
    companyId,
    deal,
    scopeSetting: await scopeSettingOf(deps, companyId, body.scopeSetting.id),
    scopeSettingDetail: body.scopeSettingDetail,
    startMonth,
    basis,
    sections: await sectionFacts(deps, session),
    ...(body.expectedVersion === undefined ? {} : { expectedVersion: body.expectedVersion }),
  };
  const streamId = activityLineStreamId(companyId, deal.id);
  const history = await checked(deps, streamId, command);
  const outcome = await runEntityCommand(deps, session, streamId, { decider: activityLinesDecider }, command);
  const line = outcome.state.line;
  if (!line) throw new Error('a recorded line is in its state');
  const updatedAt = outcome.append ? (deps.now?.() ?? new Date()).toISOString() : lastOccurredAt(history);
  return { line: lineView(line, updatedAt) };
}

/** A ledger row as the read model holds it (the projection wrote only what the event contract accepted). */
export interface LedgerRow {
  deal_id: string;
  deal: LedgerLine['deal'] | string;
  scope_setting_id: string;
  scope_category: LedgerLine['scopeCategory'];
  formula_id: string;
  section_id: string;
  section_name: string | null;
  occurrence_day: string;
  fiscal_year: number;
  fiscal_month: number;
  quantity: string | number | null;
  unit: string | null;
  gases: LedgerLine['gasesKg'] | string;
  co2e_kg: string | number;
  co2e_location_kg: string | number | null;
  co2e_market_kg: string | number | null;
  basis: LedgerLine['basis'];
  other_basis: BasisFigure | string | null;
  scope_setting_detail: LedgerLine['scopeSettingDetail'] | string;
  factor_versions: BasisFigure['factors'] | string;
  gwp_set: string;
  source: LedgerLine['source'];
  origin: NonNullable<LedgerLine['origin']> | string | null;
  version: number;
  updated_at: Date | string;
}

const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);
const num = (value: string | number) => Number(value);
const numOrNull = (value: string | number | null) => (value === null ? null : Number(value));

export function registerActivityLineRoutes(app: FastifyInstance, deps: CommandApiDeps): void {
  registerRoute(app, deps, activityLineRoutes.record, ({ session, body }) => recordLine(deps, session, body));

  registerRoute(app, deps, activityLineRoutes.remove, async ({ session, body }) => {
    const companyId = session.selectedCompanyId;
    const command: ActivityLineCommand = {
      type: 'RemoveActivityLine',
      companyId,
      dealId: body.deal.id,
      scopeSettingId: body.scopeSetting?.id ?? null,
      sections: await sectionFacts(deps, session),
      ...(body.expectedVersion === undefined ? {} : { expectedVersion: body.expectedVersion }),
    };
    const streamId = activityLineStreamId(companyId, body.deal.id);
    const history = await checked(deps, streamId, command);
    const before = foldRecorded(activityLinesDecider, history).line!;
    await runEntityCommand(deps, session, streamId, { decider: activityLinesDecider }, command);
    return { line: lineView(before, lastOccurredAt(history)) };
  });

  // A read the product sends as POST: answered here from the emissions ledger read model (the
  // proxy sends every non-GET to command-api), like the preview calculation.
  registerRoute(app, deps, activityLineRoutes.tableData, async ({ session, body, refuse }) => {
    const { knex } = deps.db;
    const companyId = session.selectedCompanyId;
    const onBasisOf = (lines: LedgerLine[]) => {
      if (body.scopeId !== '2') return { lines, withoutBasis: 0 };
      const onBasis = lines.flatMap((l) => onScope2Basis(l, body.scope2EmissionIntensityType) ?? []);
      return { lines: onBasis, withoutBasis: lines.length - onBasis.length };
    };
    if (body.asOf !== undefined) {
      const position = await resolveAsOf(knex, companyId, body.asOf).catch((error: unknown) => {
        throw error instanceof AsOfAheadError ? refuse('as_of_ahead') : error;
      });
      return onBasisOf(await ledgerLinesAsOf(deps, { companyId, fiscalYear: body.fiscalYear, category: body.scopeId, sectionId: body.sectionId ?? null, position }));
    }
    let sectionIds: string[] | null = null;
    if (body.sectionId) {
      const rows = await knex('company_sections').where({ company_id: companyId }).select('id', 'parent_section_id');
      sectionIds = sectionsWithin(rows.map((r: { id: string; parent_section_id: string | null }) => ({ id: r.id, parentSectionId: r.parent_section_id })), body.sectionId) ?? [];
    }
    const rows: LedgerRow[] = await ledgerRows(knex)
      .where({ 'l.company_id': companyId, 'l.fiscal_year': body.fiscalYear, 'l.scope_category': body.scopeId })
      .modify((q: Knex.QueryBuilder) => {
        if (sectionIds !== null) q.whereIn('l.section_id', sectionIds);
      })
      .orderBy([{ column: 'l.occurrence_date' }, { column: 'l.deal_id' }]);
    return onBasisOf(rows.map(ledgerLine));
  });
}

/** A ledger row as the input tables list it: the results its event carried. */
/** The ledger's rows with their section's name, as `ledgerLine` reads them. */
export const ledgerRows = (knex: Knex) =>
  knex('emission_ledger as l')
    .leftJoin('company_sections as c', function joinSection(this: Knex.JoinClause) {
      this.on('c.id', '=', 'l.section_id').andOn('c.company_id', '=', 'l.company_id');
    })
    .select('l.*', 'c.name as section_name', knex.raw("to_char(l.occurrence_date, 'YYYY-MM-DD') as occurrence_day"));

/**
 * A Scope 2 line on one basis: its figure, gases and factors on it (a line carries both bases), or
 * null when it has no figure on it (a market-based line naming no grid-average factor).
 */
export function onScope2Basis(line: LedgerLine, basis: 'location' | 'market'): LedgerLine | null {
  const figure = line.scope2?.[basis];
  return figure ? { ...line, co2eKg: figure.co2eKg, gasesKg: figure.gasesKg, factors: figure.factors } : null;
}

export function ledgerLine(r: LedgerRow): LedgerLine {
  const factors = json(r.factor_versions);
  const gasesKg = json(r.gases);
  const otherBasis = r.other_basis === null ? null : json(r.other_basis);
  const figures = figuresByBasis({ basis: r.basis, formulaId: r.formula_id, co2eKg: num(r.co2e_kg), gasesKg, factors, otherBasis });
  return {
    dealId: r.deal_id,
    deal: json(r.deal),
    scopeSettingDetail: json(r.scope_setting_detail),
    scopeSettingId: r.scope_setting_id,
    scopeCategory: r.scope_category,
    formulaId: r.formula_id,
    section: r.section_id,
    sectionName: r.section_name ?? null,
    occurrenceDate: r.occurrence_day,
    fiscalYear: r.fiscal_year,
    fiscalMonth: r.fiscal_month,
    quantity: numOrNull(r.quantity),
    unit: r.unit,
    gasesKg,
    co2eKg: num(r.co2e_kg),
    co2eLocationKg: numOrNull(r.co2e_location_kg),
    co2eMarketKg: numOrNull(r.co2e_market_kg),
    basis: r.basis,
    scope2: r.basis === null ? null : figures,
    factors,
    gwpSet: r.gwp_set,
    source: r.source,
    origin: r.origin === null || r.origin === undefined ? null : json(r.origin),
    version: r.version,
    updatedAt: new Date(r.updated_at).toISOString(),
  };
}
