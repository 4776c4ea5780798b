import { spendFormula } from './shared';
import { transportFormulas } from './transport';

/** Category 4, upstream transportation and distribution: ton-km, improved ton-km, fuel, fuel economy, spend. */
export const category4 = [...transportFormulas('34', 's3.4'), spendFormula({ id: 's3.4.spend', scope: '34' })];
