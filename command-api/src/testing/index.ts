// Test-only helpers of @ghg/command-api (import '@ghg/command-api/testing' from test files only):
// hostile upload files (zip bombs, oversized sheets) for the upload limits.
export * from '../calculation/upload/testing/hostileFiles';
