import type { ProjectorFeature } from '../core/feature';
import * as settingsTables from '../migrations/0003_settings';
import * as targetTables from '../migrations/0005_targets';
import * as groupFlagIntensityTables from '../migrations/0006_groupFlagsIntensity';
import * as boundedColumns from '../migrations/0008_boundedColumns';
import * as deferredUniques from '../migrations/0010_deferredUniques';
import * as scopeSettingTables from '../migrations/0011_scopeSettings';
import { fiscalYearProjection } from './fiscalYear';
import { currencyProjection } from './currency';
import { reductionGoalProjection } from './reductionGoal';
import { offsetProjection } from './offset';
import { nonFossilCertificateProjection } from './nonFossilCertificate';
import { groupFlagProjection } from './groupFlag';
import { intensityProjection } from './intensity';
import { managementIntensityProjection } from './managementIntensity';
import { scopeSettingProjection } from './scopeSetting';

/** Every company setting's read model. */
export const settingsFeature: ProjectorFeature = {
  name: 'settings',
  projections: [
    fiscalYearProjection,
    currencyProjection,
    reductionGoalProjection,
    offsetProjection,
    nonFossilCertificateProjection,
    groupFlagProjection,
    intensityProjection,
    managementIntensityProjection,
    scopeSettingProjection,
  ],
  migrations: [settingsTables, targetTables, groupFlagIntensityTables, boundedColumns, deferredUniques, scopeSettingTables],
};
