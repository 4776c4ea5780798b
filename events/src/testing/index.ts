export { freshPglite, freshPostgres } from './freshDatabase';
export { beyondBounds, extremeData, extremeText, unboundedFields, type BeyondBound, type Extreme } from './contractExtremes';
