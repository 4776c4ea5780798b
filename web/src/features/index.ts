import type { LiveTopic } from '@ghg/events';
import type { TopicsOf } from '../core/features/manifest';
import { homeFeature } from './home/manifest';
import { authFeature } from './auth/manifest';
import { accountFeature } from './account/manifest';
import { usersFeature } from './account/users/manifest';
import { apiTokensFeature } from './account/apiTokens/manifest';
import { inputFeature } from './input/manifest';
import { recordFeature } from './record/manifest';
import { aggregateFeature } from './aggregate/manifest';
import { viewsFeature } from './views/manifest';
import { reportsFeature } from './reports/manifest';
import { individualFeature } from './individual/manifest';
import { productsFeature } from './products/manifest';
import { nonGhgFeature } from './nonGhg/manifest';
import { settingsFeature } from './settings/manifest';
import { fiscalYearFeature } from './settings/fiscalYear/manifest';
import { currencyFeature } from './settings/currency/manifest';
import { companySectionFeature } from './settings/companySection/manifest';
import { regionFeature } from './settings/region/manifest';
import { groupFlagFeature } from './settings/groupFlag/manifest';
import { intensityFeature } from './settings/intensity/manifest';
import { managementIntensityFeature } from './settings/managementIntensity/manifest';
import { offsetFeature } from './settings/offset/manifest';
import { reductionGoalFeature } from './settings/reductionGoal/manifest';
import { factorLibraryFeature } from './settings/factorLibrary/manifest';
import { calculationBasisFeature } from './settings/calculationBasis/manifest';
import { scopeSettingFeature } from './settings/scopeSetting/manifest';
import { auditFeature } from './audit/manifest';

/**
 * Every feature of the web app, one line each. The routes (core/router/routeTable.ts), the side
 * navigation, the settings index and the live invalidation (core/live/topics.ts) are built from
 * this list only. A feature is a folder under features/ with a `manifest.ts`
 * (features.unit.test.ts fails on a manifest left out of this list).
 */
export const webFeatures = [
  homeFeature,
  authFeature,
  accountFeature,
  usersFeature,
  apiTokensFeature,
  inputFeature,
  recordFeature,
  aggregateFeature,
  viewsFeature,
  reportsFeature,
  individualFeature,
  productsFeature,
  nonGhgFeature,
  settingsFeature,
  fiscalYearFeature,
  currencyFeature,
  companySectionFeature,
  regionFeature,
  groupFlagFeature,
  intensityFeature,
  managementIntensityFeature,
  offsetFeature,
  reductionGoalFeature,
  factorLibraryFeature,
  calculationBasisFeature,
  scopeSettingFeature,
  auditFeature,
] as const;

/**
 * Every topic the projector announces is followed by some feature: a topic missing here is a type
 * error naming it ("Property 'settings/…' is missing"), so no notice reaches the browser unheard.
 */
const _everyLiveTopicFollowed: Record<Exclude<LiveTopic, TopicsOf<(typeof webFeatures)[number]>>, never> = {};
