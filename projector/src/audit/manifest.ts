import type { ProjectorFeature } from '../core/feature';
import * as auditTables from '../migrations/0004_audit';
import * as auditEntityIndex from '../migrations/0017_auditEntityIndex';
import * as auditCorrelation from '../migrations/0025_auditCorrelation';
import * as auditAsOfMoment from '../migrations/0028_auditAsOfMoment';
import { auditLogProjection } from './auditLog';

/** The audit log: who changed what, with each change's values before and after. */
export const auditFeature: ProjectorFeature = {
  name: 'audit',
  projections: [auditLogProjection],
  migrations: [auditTables, auditEntityIndex, auditCorrelation, auditAsOfMoment],
};
