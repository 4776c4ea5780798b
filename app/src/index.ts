export { startEmbedded } from './main';
export { loadConfig, type AppConfig } from './config';
export { openInfrastructure } from './infrastructure';
export { seedDemoTenantIfEmpty, DEMO_USERS } from './seedDemoTenant';
