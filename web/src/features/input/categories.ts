import { SCOPE3_CATEGORIES } from '../../core/router/categories';
import type { InputCategory } from './api';

/** The input pages' categories, in the order the overview lists them: 1, 2, 31–315 and water. */
export const INPUT_CATEGORIES: readonly InputCategory[] = ['1', '2', ...SCOPE3_CATEGORIES, 'water'];
