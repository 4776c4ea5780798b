import type { FactorSet } from '../types';
import { JP_SHK_LEGACY, JP_SHK_2024 } from './jpShk';
import { JP_SHK_ELECTRICITY_FY2023 } from './jpShkElectricity';
import { JP_METI_LOGISTICS_CLASSIC, JP_ENERGY_CONSERVATION_ACT } from './jpMetiLogistics';
import { JP_MOE_SCDB_2_5 } from './jpSupplyChainDb';
import { UK_DESNZ_2025 } from './ukDesnz2025';
import { US_EPA_HUB_2024 } from './usEpaHub2024';
import { ISO_14083_2023 } from './iso14083';

/** Every factor set shipped with GHG Ledger (only open data whose licence allows redistribution). */
export const SHIPPED_FACTOR_SETS: readonly FactorSet[] = [
  JP_SHK_LEGACY,
  JP_SHK_2024,
  JP_SHK_ELECTRICITY_FY2023,
  JP_METI_LOGISTICS_CLASSIC,
  JP_ENERGY_CONSERVATION_ACT,
  JP_MOE_SCDB_2_5,
  UK_DESNZ_2025,
  US_EPA_HUB_2024,
  ISO_14083_2023,
];

export {
  JP_SHK_LEGACY,
  JP_SHK_2024,
  JP_SHK_ELECTRICITY_FY2023,
  JP_METI_LOGISTICS_CLASSIC,
  JP_ENERGY_CONSERVATION_ACT,
  JP_MOE_SCDB_2_5,
  UK_DESNZ_2025,
  US_EPA_HUB_2024,
  ISO_14083_2023,
};
