export { queryApiPlugin } from './core/plugin';
export type { QueryApiDeps } from './core/deps';
export { noticesFor } from './live/liveUpdates';
