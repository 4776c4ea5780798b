import type { FastifyInstance } from 'fastify';
import type { QueryApiDeps } from '../core/deps';
import { registerFiscalYearQueries } from './fiscalYear';
import { registerCurrencyQueries } from './currency';
import { registerReductionGoalQueries } from './reductionGoal';
import { registerOffsetQueries } from './offset';
import { registerNonFossilCertificateQueries } from './nonFossilCertificate';
import { registerGroupFlagQueries } from './groupFlag';
import { registerIntensityQueries } from './intensity';
import { registerManagementIntensityQueries } from './managementIntensity';

/** Every settings read route. */
export function registerSettingsQueries(app: FastifyInstance, deps: QueryApiDeps): void {
  registerFiscalYearQueries(app, deps);
  registerCurrencyQueries(app, deps);
  registerReductionGoalQueries(app, deps);
  registerOffsetQueries(app, deps);
  registerNonFossilCertificateQueries(app, deps);
  registerGroupFlagQueries(app, deps);
  registerIntensityQueries(app, deps);
  registerManagementIntensityQueries(app, deps);
}
