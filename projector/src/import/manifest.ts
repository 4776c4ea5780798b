import type { ProjectorFeature } from '../core/feature';
import * as importTables from '../migrations/0014_imports';
import * as importRecordOrder from '../migrations/0015_importRecordOrder';
import { importRulesProjection } from './importRules';
import { importHistoryProjection } from './importHistory';

/**
 * Linked data from source systems: the import rules and the history of imported files. The lines
 * an import records are activity lines (the ledger, activity/manifest.ts); the migration that
 * gives the ledger their import and origin columns is this feature's, with its own tables.
 */
export const importFeature: ProjectorFeature = {
  name: 'import',
  projections: [importRulesProjection, importHistoryProjection],
  migrations: [importTables, importRecordOrder],
};
