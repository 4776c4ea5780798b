// Test-only helpers of @ghg/events (import '@ghg/events/testing' from test files only).
export { beyondBounds, extremeData, extremeText, unboundedFields, type BeyondBound, type Extreme } from './contractExtremes';
