import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@ghg/events';
import { fiscalYearOf, ruleMatcher, type ImportSourceType, type LineBasis } from '@ghg/domain';
import { fileSource, runRows, type ImportContext } from '@ghg/command-api';
import { DEMO_FACTOR_PINS } from './seedDemoActivity';
import { DEMO_IMPORT_RULES } from './seedDemoImportRules';

/**
 * The demo rules classify every row of every sample file, and every line calculates: each sample
 * goes through the import's own row pass (checks, classification, the line decider with its
 * calculation) against an empty log, as a first import into the demo company would.
 */
const samples = join(import.meta.dirname, '../../docs/samples');
const sectionIds = new Map([
  ['第一工場', 'plant-1'],
  ['総務部', 'general-affairs'],
]);
const rules = DEMO_IMPORT_RULES.map((r, i) => ({
  id: `r${i}`,
  ruleId: `r${i}`,
  name: r.name,
  priority: r.priority,
  conditions: r.conditions,
  action: r.action ?? 'record',
  scopeCategory: r.target?.scopeCategory ?? null,
  formulaId: r.target?.formulaId ?? null,
  detail: r.target?.detail ?? {},
  sectionId: sectionIds.get(r.section) ?? null,
  countFrom: r.countFrom,
  version: 0,
}));
const basis = (fiscalYear: number): LineBasis => ({ fiscalYear, version: 0, context: { factorSets: DEMO_FACTOR_PINS, gwpSet: 'AR6', fiscalYear, fiscalYearStartMonth: 4, currencyRates: [{ fiscalYear: 2025, currencyUnit: 'USD', rate: 151.41 }] } });
const ctx: ImportContext = {
  companyId: 'demo',
  rules,
  match: ruleMatcher(rules),
  sectionOf: (department) => sectionIds.get(department) ?? null,
  sections: { sectionIds: [...sectionIds.values()], permittedSectionIds: null },
  startMonth: 4,
  hasRate: (year, currency) => currency === 'JPY' || (year === 2025 && currency === 'USD'),
  fiscalYearOf: (date) => fiscalYearOf(date, 4),
  basis: async (date) => basis(fiscalYearOf(date, 4)),
};
const emptyLog = {
  eventStore: { readStream: async (): Promise<RecordedEvent[]> => [] } as never,
  readStreams: async (ids: readonly string[]) => new Map(ids.map((id): [string, RecordedEvent[]] => [id, []])),
};

describe('the demo import rules classify the sample files', () => {
  it.each([
    ['standard', 'standard.csv'],
    ['standard', 'standard.xlsx'],
    ['standard', 'standard-shift_jis.csv'],
    ['warehouse', 'warehouse.csv'],
    ['warehouse', 'warehouse.xlsx'],
    ['exportImport', 'exportImport.csv'],
    ['exportImport', 'exportImport.xlsx'],
    ['legacyLogistics', 'legacyLogistics.csv'],
    ['legacyLogistics', 'legacyLogistics.xlsx'],
  ] as [ImportSourceType, string][])('%s: %s — every row classified and calculated, nothing refused', async (sourceType, file) => {
    const kind = file.endsWith('.xlsx') ? 'xlsx' : 'csv';
    const tally = await runRows(emptyLog, ctx, sourceType, fileSource(join(samples, file), kind), { importId: 'sample' });
    expect(tally.headerProblems).toEqual([]);
    expect(tally.errors).toEqual([]);
    expect([...tally.unmatched.values()]).toEqual([]);
    expect(tally.rows).toBe(12);
    expect(tally.created + tally.excluded).toBe(tally.rows);
    expect(tally.totals.co2eKg).toBeGreaterThan(0);
  });

  it('standard-bad-rows.csv: refused on rows 4, 7 and 10, each with its field', async () => {
    const tally = await runRows(emptyLog, ctx, 'standard', fileSource(join(samples, 'standard-bad-rows.csv'), 'csv'), { importId: 'sample' });
    expect(tally.errors.map((e) => [e.row, e.field, e.code])).toEqual([
      [4, 'transactionDate', 'invalid_date'],
      [7, 'amount', 'invalid_number'],
      [10, 'amount', 'negative_amount'],
    ]);
  });
});
