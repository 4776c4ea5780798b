export { commandApiPlugin } from './core/plugin';
export type { CommandApiDeps } from './core/deps';
export { TOKEN_LIFETIME_SECONDS } from './core/deps';
export { executeCommand, toNewEvent } from './core/executeCommand';
export { hashPassword, verifyPassword } from './core/passwords';
export { HttpError } from './core/httpErrors';
export { claim, executeEntityCommand, registerStreamOf, type EntityDeps, type EntityKind } from './core/entityCommand';
export * from './settings/entityKinds';
