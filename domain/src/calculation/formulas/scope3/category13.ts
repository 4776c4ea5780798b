import { leasedAssetFormulas } from './shared';

/** Category 13, downstream leased assets (the company as lessor). */
export const category13 = leasedAssetFormulas('313', 's3.13');
