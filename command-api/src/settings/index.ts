import type { FastifyInstance } from 'fastify';
import type { CommandApiDeps } from '../core/deps';
import { registerFiscalYearRoutes } from './fiscalYear';
import { registerCurrencyRoutes } from './currency';
import { registerReductionGoalRoutes } from './reductionGoal';
import { registerOffsetRoutes } from './offset';
import { registerNonFossilCertificateRoutes } from './nonFossilCertificate';
import { registerGroupFlagRoutes } from './groupFlag';
import { registerIntensityRoutes } from './intensity';
import { registerManagementIntensityRoutes } from './managementIntensity';

/** Every settings command route. */
export function registerSettingsRoutes(app: FastifyInstance, deps: CommandApiDeps): void {
  registerFiscalYearRoutes(app, deps);
  registerCurrencyRoutes(app, deps);
  registerReductionGoalRoutes(app, deps);
  registerOffsetRoutes(app, deps);
  registerNonFossilCertificateRoutes(app, deps);
  registerGroupFlagRoutes(app, deps);
  registerIntensityRoutes(app, deps);
  registerManagementIntensityRoutes(app, deps);
}
