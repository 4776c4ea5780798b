import { transportFormulas } from './transport';

/** Category 9, downstream transportation and distribution: the same four methods as category 4. */
export const category9 = transportFormulas('39', 's3.9');
