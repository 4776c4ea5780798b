export { freshPglite, freshPostgres } from './freshDatabase';
