import type { Cell, ImportRowError, ImportSourceType, LinkedRecord, LineScopeSetting } from '@ghg/domain';
import {
  activityLineProblem,
  activityLinesDecider,
  activityLineStreamId,
  columnMapOf,
  foldRecorded,
  importedDeal,
  importedLineDetail,
  importedSetting,
  originRecord,
  recordOf,
  scopeSettingsDecider,
  scopeSettingStreamId,
  SOURCE_FORMATS,
  suggestedConditions,
  type ActivityLineCommand,
  type ColumnMap,
  type HeaderProblem,
  type RuleCondition,
} from '@ghg/domain';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { DomainEvent, RecordedEvent } from '@ghg/events';
import type { CommandApiDeps } from '../core/deps';
import { importedDealId, importedSettingId } from './ids';
import type { ImportContext, LoadedRule } from './importContext';

/** Rows of a file or of a JSON batch; each call of `rows()` reads from the start (one pass checks, the next writes). */
export interface RowSource {
  rows(): AsyncIterable<{ row: number; cells: readonly Cell[] }>;
  encoding(): string;
}

/** Records already read (an import's lines, when its rules are applied again): no header, no cells. */
export interface RecordSource {
  records(): AsyncIterable<LinkedRecord>;
}

export interface RowProblem {
  row: number;
  field: string;
  code: string;
  value: string | null;
}

export interface UnmatchedGroup {
  conditions: RuleCondition[];
  count: number;
  rows: number[];
  example: Record<string, string | number | null>;
}

export interface Totals {
  co2eKg: number;
  byCategory: Record<string, number>;
}

/** What one pass over the rows found. */
export interface ImportTally {
  columns: { index: number; header: string; field: string | null }[];
  headerProblems: HeaderProblem[];
  sample: { row: number; values: Record<string, string | number | null> }[];
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
  excluded: number;
  totals: Totals;
  fiscalYears: Set<number>;
  errors: RowProblem[];
  errorCount: number;
  unmatched: Map<string, UnmatchedGroup>;
  unmatchedCount: number;
  ruleVersions: Record<string, number>;
}

/** A line written, with the version it is left at. */
export interface LineRef {
  dealId: string;
  version: number;
}

/** One stream's events of a chunk, with the version the stream must be at. */
export interface PlannedWrite {
  streamId: string;
  events: DomainEvent[];
  expectedVersion: number | 'no_stream';
}

export const MAX_LISTED_ERRORS = 1000;
const SAMPLE_ROWS = 20;
const ROWS_PER_UNMATCHED_GROUP = 20;
/** Lines decided together: one read of their streams, one chunk of the atomic append. */
export const CHUNK = 2000;
/** Lines decided, or events checked, between turns of the event loop (a few milliseconds' work). */
export const LINES_PER_TURN = 200;

const newTally = (): ImportTally => ({
  columns: [],
  headerProblems: [],
  sample: [],
  rows: 0,
  created: 0,
  updated: 0,
  unchanged: 0,
  excluded: 0,
  totals: { co2eKg: 0, byCategory: {} },
  fiscalYears: new Set(),
  errors: [],
  errorCount: 0,
  unmatched: new Map(),
  unmatchedCount: 0,
  ruleVersions: {},
});

function addError(tally: ImportTally, problem: RowProblem): void {
  tally.errorCount += 1;
  if (tally.errors.length < MAX_LISTED_ERRORS) tally.errors.push(problem);
}

const isBlank = (cells: readonly Cell[]) => cells.every((c) => c === null || c === undefined || (typeof c === 'string' && c.trim() === ''));

/** A decider's field (`deal.count`, `scopeSettingDetail.weight` …) as the record field the user can fix. */
function recordFieldOf(field: string, rule: LoadedRule): string {
  if (field === 'deal.count') return rule.countFrom === 'none' ? 'rule' : rule.countFrom;
  if (field === 'deal.amount') return 'amount';
  if (field === 'deal.occurrenceDate') return 'transactionDate';
  if (field === 'deal.item') return 'productName';
  if (field === 'deal.client') return 'supplierName';
  if (field === 'scopeSettingDetail.weight') return 'weight';
  if (field === 'scopeSettingDetail.distance') return 'distance';
  // The rule's own detail (its factor, its fuel …): the rule is what needs fixing.
  return 'rule';
}

interface Candidate {
  record: LinkedRecord;
  rule: LoadedRule;
  command: Extract<ActivityLineCommand, { type: 'RecordActivityLine' }>;
  setting: LineScopeSetting;
}

/**
 * Reads every row once: checks, classifies and decides each line against the log as it is now.
 * With `emit`, each chunk's writes are handed on (the writing pass); without, it only counts
 * (the checking pass). Either way nothing is kept per row beyond the first errors, the unmatched
 * groups and the written lines' refs, so memory does not grow with the file.
 */
export async function runRows(
  deps: Pick<CommandApiDeps, 'eventStore'> & { readStreams: (ids: readonly string[]) => Promise<Map<string, RecordedEvent[]>> },
  ctx: ImportContext,
  sourceType: ImportSourceType,
  source: RowSource | RecordSource,
  options: {
    importId: string;
    /** Each chunk's writes, when the pass writes; only while no row has been refused. */
    emit?: (writes: PlannedWrite[]) => Promise<void>;
    /** The write that lists a chunk's lines on the import's stream (emitted with the chunk). */
    list?: (created: LineRef[], updated: LineRef[]) => PlannedWrite | null;
    onRows?: (rows: number) => void;
  },
): Promise<ImportTally> {
  const tally = newTally();
  const keyField = SOURCE_FORMATS[sourceType].sourceKey[0] ?? 'slipNumber';
  const seenKeys = new Set<string>();
  const settings = new Map<string, { setting: LineScopeSetting; checked: Promise<PlannedWrite | null | 'refused'> }>();
  let pendingSettingWrites: PlannedWrite[] = [];
  let map: ColumnMap | null = null;
  let chunk: Candidate[] = [];

  const settingFor = (rule: LoadedRule, sectionId: string): { setting: LineScopeSetting; checked: Promise<PlannedWrite | null | 'refused'> } | null => {
    const id = importedSettingId(ctx.companyId, rule.ruleId, sectionId);
    const known = settings.get(id);
    if (known) return known;
    const setting = importedSetting(id, rule, sectionId);
    if (!setting) return null;
    const streamId = scopeSettingStreamId(ctx.companyId, id);
    const checked = deps.eventStore.readStream(streamId).then((history): PlannedWrite | null | 'refused' => {
      const decision = scopeSettingsDecider.decide(
        { type: 'SaveScopeSetting', mode: 'create', companyId: ctx.companyId, sections: ctx.sections, ...setting, dealId: null },
        foldRecorded(scopeSettingsDecider, history),
      );
      if (!decision.ok) return 'refused';
      if (decision.events.length === 0) return null;
      const write: PlannedWrite = { streamId, events: decision.events, expectedVersion: history.length === 0 ? 'no_stream' : history.at(-1)!.streamPosition };
      pendingSettingWrites.push(write);
      return write;
    });
    const entry = { setting, checked };
    settings.set(id, entry);
    return entry;
  };

  const flush = async () => {
    if (chunk.length === 0) return;
    const batch = chunk;
    chunk = [];
    const ids = batch.map((c) => activityLineStreamId(ctx.companyId, c.command.deal.id));
    const histories = await deps.readStreams(ids);
    const writes: PlannedWrite[] = [];
    const created: LineRef[] = [];
    const updated: LineRef[] = [];
    for (const [i, c] of batch.entries()) {
      // A few hundred decisions per turn of the event loop: other requests are not kept waiting.
      if (i > 0 && i % LINES_PER_TURN === 0) await nextTurn();
      const history = histories.get(ids[i]!) ?? [];
      const state = foldRecorded(activityLinesDecider, history);
      const decision = activityLinesDecider.decide(c.command, state);
      if (!decision.ok) {
        const field = recordFieldOf(activityLineProblem(c.command, state)?.field ?? '', c.rule);
        // A problem of the rule's own detail names the rule; one of the record, its value.
        addError(tally, { row: c.record.row, field, code: decision.error, value: field === 'rule' ? c.rule.name : valueOf(c.record, field) });
        continue;
      }
      const event = decision.events[0];
      tally.ruleVersions[c.rule.ruleId] = c.rule.version;
      const before = state.line;
      if (!event) {
        tally.unchanged += 1;
        continue;
      }
      const data = event.type === 'ActivityLineRemoved' ? null : event.data;
      if (!data) continue;
      const after = data.calculation.co2eKg;
      const delta = after - (before?.calculation.co2eKg ?? 0);
      tally.totals.co2eKg += delta;
      tally.totals.byCategory[data.scopeCategory] = (tally.totals.byCategory[data.scopeCategory] ?? 0) + after;
      if (before) tally.totals.byCategory[before.scopeCategory] = (tally.totals.byCategory[before.scopeCategory] ?? 0) - before.calculation.co2eKg;
      tally.fiscalYears.add(data.calculation.fiscalYear);
      const version = history.length === 0 ? 0 : history.at(-1)!.streamPosition + 1;
      if (before) {
        tally.updated += 1;
        updated.push({ dealId: data.dealId, version });
      } else {
        tally.created += 1;
        created.push({ dealId: data.dealId, version });
      }
      writes.push({ streamId: ids[i]!, events: [event], expectedVersion: history.length === 0 ? 'no_stream' : history.at(-1)!.streamPosition });
    }
    options.onRows?.(tally.rows);
    if (options.emit && tally.errorCount === 0 && tally.unmatchedCount === 0) {
      const settingWrites = pendingSettingWrites;
      pendingSettingWrites = [];
      const listing = created.length + updated.length > 0 ? options.list?.(created, updated) : null;
      await options.emit([...settingWrites, ...writes, ...(listing ? [listing] : [])]);
    }
  };

  if ('records' in source) {
    map = { sourceType, columns: [] };
    for await (const record of source.records()) {
      tally.rows += 1;
      await classifyRecord(record);
      if (chunk.length >= CHUNK) await flush();
    }
  } else for await (const { row, cells } of source.rows()) {
    if (map === null) {
      if (isBlank(cells)) continue;
      const header = columnMapOf(sourceType, cells);
      if (!header.ok) {
        tally.headerProblems = header.problems;
        return tally;
      }
      map = header.map;
      const mapped = new Map(map.columns.map((c) => [c.index, c]));
      tally.columns = cells.map((cell, index) => ({ index, header: cell === null || cell === undefined ? '' : String(cell), field: mapped.get(index)?.field ?? null }));
      continue;
    }
    const read = recordOf(map, row, cells);
    if (!read.ok) {
      tally.rows += 1;
      for (const e of read.errors) addError(tally, toProblem(e));
      continue;
    }
    const record = read.record;
    if (record === null) continue;
    tally.rows += 1;
    if (tally.sample.length < SAMPLE_ROWS) tally.sample.push({ row, values: originRecord(record) });
    await classifyRecord(record);
    if (chunk.length >= CHUNK) await flush();
  }
  await flush();
  if (map === null) tally.headerProblems = [{ code: 'no_header', column: '' }];
  if (options.emit && pendingSettingWrites.length > 0 && tally.errorCount === 0 && tally.unmatchedCount === 0) await options.emit(pendingSettingWrites);
  return tally;

  async function classifyRecord(record: LinkedRecord): Promise<void> {
    if (seenKeys.has(record.sourceKey)) {
      addError(tally, { row: record.row, field: keyField, code: 'duplicate_source_key', value: record.sourceKey });
      return;
    }
    seenKeys.add(record.sourceKey);
    const rule = ctx.match(record);
    if (!rule) {
      const conditions = suggestedConditions(record);
      const groupKey = JSON.stringify(conditions);
      const group = tally.unmatched.get(groupKey) ?? { conditions, count: 0, rows: [], example: originRecord(record) };
      group.count += 1;
      if (group.rows.length < ROWS_PER_UNMATCHED_GROUP) group.rows.push(record.row);
      tally.unmatched.set(groupKey, group);
      tally.unmatchedCount += 1;
      return;
    }
    if (rule.action === 'exclude') {
      tally.excluded += 1;
      tally.ruleVersions[rule.ruleId] = rule.version;
      return;
    }
    const department = record.text.department;
    const sectionId = department === undefined ? rule.sectionId : ctx.sectionOf(department);
    if (sectionId === null) {
      addError(tally, { row: record.row, field: 'department', code: department === undefined ? 'missing_value' : 'unknown_section', value: department ?? null });
      return;
    }
    if (ctx.sections.permittedSectionIds !== null && !ctx.sections.permittedSectionIds.includes(sectionId)) {
      addError(tally, { row: record.row, field: 'department', code: 'section_not_permitted', value: department ?? null });
      return;
    }
    const year = ctx.fiscalYearOf(record.transactionDate);
    if (record.amount !== null && record.currency !== null && !ctx.hasRate(year, record.currency)) {
      addError(tally, { row: record.row, field: 'currency', code: 'currency_rate_missing', value: record.currency });
      return;
    }
    const entry = settingFor(rule, sectionId);
    if (!entry) return;
    if ((await entry.checked) === 'refused') {
      addError(tally, { row: record.row, field: 'rule', code: 'invalid_detail_value', value: rule.name });
      return;
    }
    const dealId = importedDealId(ctx.companyId, sourceType, record.sourceKey);
    const command: Candidate['command'] = {
      type: 'RecordActivityLine',
      companyId: ctx.companyId,
      deal: importedDeal(dealId, record, rule),
      scopeSetting: entry.setting,
      scopeSettingDetail: importedLineDetail(sourceType, record, rule),
      startMonth: ctx.startMonth,
      basis: await ctx.basis(record.transactionDate),
      sections: ctx.sections,
      origin: { importId: options.importId, sourceType, sourceKey: record.sourceKey, row: record.row, ruleId: rule.ruleId, record: originRecord(record) },
    };
    chunk.push({ record, rule, command, setting: entry.setting });
  }
}

/** A record's value of `field` as text, for the error list. */
function valueOf(record: LinkedRecord, field: string): string | null {
  const stored = originRecord(record)[field === 'weight' ? 'weightKg' : field === 'distance' ? 'distanceKm' : field];
  return stored === null || stored === undefined ? null : String(stored);
}

const toProblem = (e: ImportRowError): RowProblem => ({ row: e.row, field: e.field, code: e.code, value: e.value });
