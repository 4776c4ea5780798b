import { migrationsOf, projectionsOf, type ProjectorFeature } from './core/feature';
import { runnerFeature } from './core/manifest';
import { organizationFeature } from './organization/manifest';
import { settingsFeature } from './settings/manifest';
import { calculationFeature } from './calculation/manifest';
import { activityFeature } from './activity/manifest';
import { importFeature } from './import/manifest';
import { auditFeature } from './audit/manifest';
import { reportsFeature } from './reports/manifest';

/**
 * Every feature of the projector, one line each: the projections and the migrations below are
 * built from this list only (features.unit.test.ts fails on a migration file no feature registers).
 */
export const projectorFeatures: readonly ProjectorFeature[] = [runnerFeature, organizationFeature, settingsFeature, calculationFeature, activityFeature, importFeature, reportsFeature, auditFeature];

/** Every read model the product keeps, by name (also the names `npm run rebuild` accepts). */
export const allProjections = projectionsOf(projectorFeatures);

/** The read-model schema: every feature's migrations, in the order of their names. */
export const migrations = migrationsOf(projectorFeatures);
