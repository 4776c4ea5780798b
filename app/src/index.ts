export { startEmbedded } from './main';
export { loadConfig, parsePublicUrl, listeningUrl, type AppConfig } from './config';
export { createHttpServer } from './httpServer';
export { openInfrastructure } from './infrastructure';
export { seedDemoTenantIfEmpty, DEMO_USERS } from './seedDemoTenant';
