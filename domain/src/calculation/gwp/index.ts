export * from './gases';
export * from './sets';
export * from './blends';
