import type { EventOf, ImportEvent } from '@ghg/events';
import { accept, reject, type Decider } from '../core/decider';

/**
 * An imported file: one stream per import, `import-<companyId>-<importId>`. It records what the
 * file was and which lines it wrote (with the version it left each at), so undoing it touches
 * exactly those lines and refuses when one has changed since.
 */
export const IMPORT_STREAM_PREFIX = 'import-';
export const importStreamId = (companyId: string, importId: string) => `${IMPORT_STREAM_PREFIX}${companyId}-${importId}`;

/** Deal ids per ImportedLinesListed event (the event contract's list bound). */
export const IMPORTED_LINES_PER_EVENT = 1000;

export type ImportSummary = Omit<EventOf<'DataImported'>['data'], 'companyId'>;
export type ImportTotals = ImportSummary['totals'];
export interface LineRef {
  dealId: string;
  version: number;
}

export interface ImportedLine {
  /** Whether the import created the line (else it updated one that existed). */
  created: boolean;
  /** The line's version the import first left: the lines before it are the line as it was. */
  firstVersion: number;
  /** The version the import (or a re-application of rules) last left. */
  version: number;
}

export interface ImportState {
  summary: ImportSummary | null;
  status: 'none' | 'success' | 'undone';
  lines: ReadonlyMap<string, ImportedLine>;
  /** Totals of the import's lines now (after any re-application of rules). */
  totals: ImportTotals | null;
}

export type ImportCommand =
  /** The lines an import writes, listed as it goes (before its DataImported), or changed by re-applying its rules. */
  | { type: 'ListImportedLines'; companyId: string; importId: string; created: readonly LineRef[]; updated: readonly LineRef[] }
  | { type: 'RecordImport'; companyId: string; summary: ImportSummary }
  | { type: 'UndoImport'; companyId: string; importId: string; removed: number; restored: number }
  | {
      type: 'RecordRulesReapplied';
      companyId: string;
      importId: string;
      before: ImportTotals;
      after: ImportTotals;
      ruleVersions: Readonly<Record<string, number>>;
      /** How many lines the re-application changed (listed by ListImportedLines). */
      changed: number;
    };

export type ImportError = 'import_exists' | 'import_not_found' | 'import_already_undone';

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let at = 0; at < items.length; at += size) out.push(items.slice(at, at + size));
  return out;
}

/** The ImportedLinesListed events for `created` and `updated`, at most IMPORTED_LINES_PER_EVENT ids each. */
function listed(companyId: string, importId: string, created: readonly LineRef[], updated: readonly LineRef[]): ImportEvent[] {
  return [
    ...chunks(created, IMPORTED_LINES_PER_EVENT).map((c): ImportEvent => ({ type: 'ImportedLinesListed', data: { importId, companyId, created: c, updated: [] } })),
    ...chunks(updated, IMPORTED_LINES_PER_EVENT).map((u): ImportEvent => ({ type: 'ImportedLinesListed', data: { importId, companyId, created: [], updated: u } })),
  ];
}

export function importProblem(c: ImportCommand, s: ImportState): ImportError | null {
  if (c.type === 'RecordImport') return s.status === 'none' ? null : 'import_exists';
  // Listed while the import is written (no DataImported yet) or when its rules are re-applied.
  if (c.type === 'ListImportedLines') return s.status === 'undone' ? 'import_already_undone' : null;
  if (s.status === 'none') return 'import_not_found';
  if (s.status === 'undone') return 'import_already_undone';
  return null;
}

export const importsDecider: Decider<ImportCommand, ImportEvent, ImportState, ImportError> = {
  eventTypes: { DataImported: true, ImportedLinesListed: true, ImportUndone: true, ImportRulesReapplied: true },
  initialState: () => ({ summary: null, status: 'none', lines: new Map(), totals: null }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'DataImported': {
        const { companyId: _companyId, ...summary } = event.data;
        return { ...state, summary, status: 'success', totals: summary.totals };
      }
      case 'ImportedLinesListed': {
        // Built in place: an import of a million lines lists them in a thousand events.
        const lines = state.lines as Map<string, ImportedLine>;
        for (const r of event.data.created) {
          const known = lines.get(r.dealId);
          lines.set(r.dealId, { created: true, firstVersion: known?.firstVersion ?? r.version, version: r.version });
        }
        for (const r of event.data.updated) {
          const known = lines.get(r.dealId);
          lines.set(r.dealId, { created: known?.created ?? false, firstVersion: known?.firstVersion ?? r.version, version: r.version });
        }
        return { ...state, lines };
      }
      case 'ImportUndone':
        return { ...state, status: 'undone' };
      case 'ImportRulesReapplied':
        return { ...state, totals: event.data.after };
    }
  },
  decide: (c, s) => {
    const problem = importProblem(c, s);
    if (problem) return reject(problem);
    if (c.type === 'RecordImport') return accept<ImportEvent>({ type: 'DataImported', data: { ...c.summary, companyId: c.companyId } });
    if (c.type === 'ListImportedLines') {
      // Whether a re-listed line was created by the import stays as the import first listed it.
      const created = [...c.created, ...c.updated.filter((r) => s.lines.get(r.dealId)?.created === true)];
      const updated = c.updated.filter((r) => s.lines.get(r.dealId)?.created !== true);
      return accept<ImportEvent>(...listed(c.companyId, c.importId, created, updated));
    }
    if (c.type === 'UndoImport') {
      return accept<ImportEvent>({ type: 'ImportUndone', data: { importId: c.importId, companyId: c.companyId, removed: c.removed, restored: c.restored, totals: s.totals! } });
    }
    return accept<ImportEvent>({
      type: 'ImportRulesReapplied',
      data: { importId: c.importId, companyId: c.companyId, changed: c.changed, before: c.before, after: c.after, ruleVersions: { ...c.ruleVersions } },
    });
  },
};
