export * from './catalogue';
export * from './parse';
export * from './quantity';
export { convertNumber, shiftDecimal } from './convert';
export * as rationals from './rational';
export type { Rational } from './rational';
