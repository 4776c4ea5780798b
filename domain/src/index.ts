export * from './core/decider';
export * from './core/claims';
export * from './core/permissions';
export * from './settings/index';
export * from './organization/user';
export * from './organization/userManagement';
export * from './organization/tenant';
export * from './organization/companySections';
