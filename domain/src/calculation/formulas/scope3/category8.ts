import { leasedAssetFormulas } from './shared';

/** Category 8, upstream leased assets (not in Scope 1/2): energy used, or floor area × intensity. */
export const category8 = leasedAssetFormulas('38', 's3.8');
