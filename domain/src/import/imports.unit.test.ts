import { describe, expect, it } from 'vitest';
import type { ImportEvent } from '@ghg/events';
import { fold, given } from '../core/decider';
import { IMPORTED_LINES_PER_EVENT, importsDecider, type ImportSummary, type LineRef } from './imports';

const companyId = 'c1';
const summary: ImportSummary = {
  importId: 'i1',
  fileName: 'purchases-2025-04.csv',
  sourceType: 'standard',
  encoding: 'shift_jis',
  sha256: 'ab'.repeat(32),
  rows: 2501,
  created: 2500,
  updated: 1,
  unchanged: 0,
  excluded: 0,
  totals: { co2eKg: 1234.5, byCategory: { '31': 1234.5 } },
  fiscalYears: [2025],
  ruleVersions: { r1: 0 },
};
const refs = (n: number, version = 0): LineRef[] => Array.from({ length: n }, (_, i) => ({ dealId: `d${i}`, version }));

/** An import as the runner writes it: its lines listed as they go, then DataImported. */
const recorded = (): ImportEvent[] => {
  const listed = importsDecider.decide({ type: 'ListImportedLines', companyId, importId: 'i1', created: refs(2500), updated: [{ dealId: 'old', version: 3 }] }, importsDecider.initialState());
  const done = importsDecider.decide({ type: 'RecordImport', companyId, summary }, importsDecider.initialState());
  if (!listed.ok || !done.ok) throw new Error('refused');
  return [...listed.events, ...done.events];
};

describe('imports decider', () => {
  it('given nothing, when lines are listed and the import recorded, then 1,000 lines per event (2,500 created → 3 events, 1 updated → 1) and DataImported', () => {
    const events = recorded();
    expect(events.map((e) => e.type)).toEqual(['ImportedLinesListed', 'ImportedLinesListed', 'ImportedLinesListed', 'ImportedLinesListed', 'DataImported']);
    const listed = events.filter((e) => e.type === 'ImportedLinesListed');
    expect(listed.map((e) => (e.type === 'ImportedLinesListed' ? [e.data.created.length, e.data.updated.length] : null))).toEqual([
      [IMPORTED_LINES_PER_EVENT, 0],
      [IMPORTED_LINES_PER_EVENT, 0],
      [500, 0],
      [0, 1],
    ]);
    const state = fold(importsDecider, events);
    expect(state.lines.size).toBe(2501);
    expect(state.lines.get('old')).toEqual({ created: false, firstVersion: 3, version: 3 });
  });

  it('refuses recording the same import twice, and undoing an import twice or one that does not exist', () => {
    expect(given(importsDecider, recorded()).when({ type: 'RecordImport', companyId, summary })).toEqual({ ok: false, error: 'import_exists' });
    expect(given(importsDecider, []).when({ type: 'UndoImport', companyId, importId: 'i1', removed: 0, restored: 0 })).toEqual({ ok: false, error: 'import_not_found' });
    const undone = given(importsDecider, recorded()).when({ type: 'UndoImport', companyId, importId: 'i1', removed: 2500, restored: 1 });
    expect(undone.ok && undone.events).toEqual([{ type: 'ImportUndone', data: { importId: 'i1', companyId, removed: 2500, restored: 1, totals: summary.totals } }]);
    const afterUndo = [...recorded(), ...(undone.ok ? undone.events : [])];
    expect(given(importsDecider, afterUndo).when({ type: 'UndoImport', companyId, importId: 'i1', removed: 0, restored: 0 })).toEqual({ ok: false, error: 'import_already_undone' });
  });

  it('rules re-applied: the totals after become the import\'s, and the re-listed lines keep whether the import created them, at their new versions', () => {
    const after = { co2eKg: 1000, byCategory: { '31': 1000 } };
    const relisted = given(importsDecider, recorded()).when({ type: 'ListImportedLines', companyId, importId: 'i1', created: [], updated: [{ dealId: 'd7', version: 1 }, { dealId: 'old', version: 4 }] });
    const reapplied = given(importsDecider, recorded()).when({ type: 'RecordRulesReapplied', companyId, importId: 'i1', before: summary.totals, after, ruleVersions: { r1: 1 }, changed: 2 });
    if (!relisted.ok || !reapplied.ok) throw new Error('refused');
    expect(relisted.events.map((e) => (e.type === 'ImportedLinesListed' ? [e.data.created.map((r) => r.dealId), e.data.updated.map((r) => r.dealId)] : null))).toEqual([
      [['d7'], []],
      [[], ['old']],
    ]);
    expect(reapplied.events.map((e) => e.type)).toEqual(['ImportRulesReapplied']);
    const state = fold(importsDecider, [...recorded(), ...relisted.events, ...reapplied.events]);
    expect(state.totals).toEqual(after);
    expect(state.lines.get('d7')).toEqual({ created: true, firstVersion: 0, version: 1 });
    expect(state.lines.get('old')).toEqual({ created: false, firstVersion: 3, version: 4 });
  });
});
