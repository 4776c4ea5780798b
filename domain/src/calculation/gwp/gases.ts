import { labels, type Labels } from '../i18n';

/**
 * Greenhouse gases the engine keeps apart in every result. CH4 from fossil sources has its own
 * GWP-100 in AR5 and AR6 (it includes the CO2 its carbon oxidises to), so it is a separate key;
 * a result lists it as 'CH4-fossil' rather than folding it silently into 'CH4'.
 */
export const GASES = [
  'CO2',
  'CH4',
  'CH4-fossil',
  'N2O',
  'HFC-23',
  'HFC-32',
  'HFC-125',
  'HFC-134a',
  'HFC-143a',
  'HFC-152a',
  'HFC-227ea',
  'CF4',
  'C2F6',
  'SF6',
  'NF3',
] as const;
export type GasId = (typeof GASES)[number];

/** The product's Scope 1 gas list; the wire values of the GHGType field. */
export const GHG_TYPES = ['CO2_ENERGY', 'CO2_NON_ENERGY', 'CH4', 'N2O', 'HFC', 'PFC', 'SF6', 'NF3'] as const;
export type GhgType = (typeof GHG_TYPES)[number];

export type GasGroup = 'CO2' | 'CH4' | 'N2O' | 'HFC' | 'PFC' | 'SF6' | 'NF3';

export const GAS_GROUP: Readonly<Record<GasId, GasGroup>> = {
  CO2: 'CO2',
  CH4: 'CH4',
  'CH4-fossil': 'CH4',
  N2O: 'N2O',
  'HFC-23': 'HFC',
  'HFC-32': 'HFC',
  'HFC-125': 'HFC',
  'HFC-134a': 'HFC',
  'HFC-143a': 'HFC',
  'HFC-152a': 'HFC',
  'HFC-227ea': 'HFC',
  CF4: 'PFC',
  C2F6: 'PFC',
  SF6: 'SF6',
  NF3: 'NF3',
};

export const groupOfGhgType = (t: GhgType): GasGroup => (t === 'CO2_ENERGY' || t === 'CO2_NON_ENERGY' ? 'CO2' : t);

export const GAS_LABELS: Readonly<Record<GasId, Labels>> = {
  CO2: labels('二酸化炭素 (CO2)', 'carbon dioxide (CO2)', '二氧化碳 (CO2)'),
  CH4: labels('メタン (CH4)', 'methane (CH4)', '甲烷 (CH4)'),
  'CH4-fossil': labels('メタン(化石由来)', 'methane, fossil origin', '甲烷（化石来源）'),
  N2O: labels('一酸化二窒素 (N2O)', 'nitrous oxide (N2O)', '氧化亚氮 (N2O)'),
  'HFC-23': labels('HFC-23', 'HFC-23', 'HFC-23'),
  'HFC-32': labels('HFC-32', 'HFC-32', 'HFC-32'),
  'HFC-125': labels('HFC-125', 'HFC-125', 'HFC-125'),
  'HFC-134a': labels('HFC-134a', 'HFC-134a', 'HFC-134a'),
  'HFC-143a': labels('HFC-143a', 'HFC-143a', 'HFC-143a'),
  'HFC-152a': labels('HFC-152a', 'HFC-152a', 'HFC-152a'),
  'HFC-227ea': labels('HFC-227ea', 'HFC-227ea', 'HFC-227ea'),
  CF4: labels('PFC-14 (CF4)', 'PFC-14 (CF4)', 'PFC-14 (CF4)'),
  C2F6: labels('PFC-116 (C2F6)', 'PFC-116 (C2F6)', 'PFC-116 (C2F6)'),
  SF6: labels('六ふっ化硫黄 (SF6)', 'sulphur hexafluoride (SF6)', '六氟化硫 (SF6)'),
  NF3: labels('三ふっ化窒素 (NF3)', 'nitrogen trifluoride (NF3)', '三氟化氮 (NF3)'),
};

export const isGasId = (x: unknown): x is GasId => typeof x === 'string' && (GASES as readonly string[]).includes(x);

/**
 * What a factor's numerator can measure: one gas, carbon (tC/GJ carbon coefficients), or CO2e when
 * the source publishes only the aggregate (DESNZ/DEFRA kg CO2e). CO2e is never split into gases.
 */
export type Species = GasId | 'C' | 'CO2e';
export const SPECIES: readonly Species[] = [...GASES, 'C', 'CO2e'];
