import { z } from 'zod';
import { defineEvent, type DomainEventOf } from './defineEvent';
import { boundedJsonObject, distinctIds, idText, isoDate, nonNegativeQuantity, positiveQuantity, quantity, shortText, year } from './bounds';

export const FiscalYearStartMonthSet = defineEvent(
  'FiscalYearStartMonthSet',
  1,
  z.object({
    companyId: idText(),
    fiscalYearId: idText(),
    startMonth: z.number().int().min(1).max(12),
  }),
);

const currencyRate = z.object({
  id: idText(),
  companyId: idText(),
  fiscalYear: year(),
  currencyUnit: shortText().min(1),
  /** Yen per one unit of the currency. */
  rate: positiveQuantity(),
});

export const CurrencyRateAdded = defineEvent('CurrencyRateAdded', 1, currencyRate);
export const CurrencyRateChanged = defineEvent('CurrencyRateChanged', 1, currencyRate);
export const CurrencyRateRemoved = defineEvent(
  'CurrencyRateRemoved',
  1,
  z.object({ id: idText(), companyId: idText() }),
);

export type FiscalYearEvent = DomainEventOf<typeof FiscalYearStartMonthSet>;
export type CurrencyRateEvent =
  | DomainEventOf<typeof CurrencyRateAdded>
  | DomainEventOf<typeof CurrencyRateChanged>
  | DomainEventOf<typeof CurrencyRateRemoved>;

// ---------------------------------------------------------------------------------------------
// Reduction goals

/**
 * Scope-category keys: scope 1, scope 2, scope 3 as a whole, and scope 3
 * categories 1 to 15 as '31' … '315'. The one list every layer uses.
 */
export const scopeCategories = [
  '1', '2', '3',
  '31', '32', '33', '34', '35', '36', '37', '38', '39', '310', '311', '312', '313', '314', '315',
] as const;
export type ScopeCategory = (typeof scopeCategories)[number];

const reductionGoal = z.object({
  id: idText(),
  companyId: idText(),
  scopeCategory: z.enum(scopeCategories),
  /** The fiscal year the goal is for (目標年度); goals are listed per goal year. */
  goalYear: year(),
  /** Emission aimed at in the goal year, t-CO2e (目標排出量). */
  goalEmission: nonNegativeQuantity(),
  /** Base year the reduction is measured against (基準年度); 0 = not set. */
  targetYear: z.union([z.literal(0), year()]),
  /** Emission of the base year, t-CO2e (基準年度排出量). */
  targetEmission: nonNegativeQuantity(),
  /** Reduction from the base-year emission, percent (削減率): (targetEmission − goalEmission) / targetEmission × 100. */
  goalEmissionPercentage: quantity(),
});

export const ReductionGoalAdded = defineEvent('ReductionGoalAdded', 1, reductionGoal);
export const ReductionGoalChanged = defineEvent('ReductionGoalChanged', 1, reductionGoal);
export const ReductionGoalRemoved = defineEvent(
  'ReductionGoalRemoved',
  1,
  z.object({ id: idText(), companyId: idText() }),
);

// ---------------------------------------------------------------------------------------------
// Offsets

const offset = z.object({
  id: idText(),
  companyId: idText(),
  /** Kind of credit (種類), e.g. J-クレジット, JCM, グリーン電力証書; free text. */
  type: shortText(),
  /** First and last serial (識別番号) of the credits cancelled or transferred. */
  particularNumberFrom: shortText(),
  particularNumberTo: shortText(),
  /** Quantity cancelled or transferred, t-CO2 (無効化又は移転量). */
  invalidOrRelocationQuantity: positiveQuantity(),
  /** ISO date (YYYY-MM-DD) of the cancellation or transfer (無効化又は移転日). */
  invalidOrRelocationDate: isoDate(),
  /** How the credits were used (認証種別), e.g. 無効化, 償却前移転; free text. */
  authType: shortText(),
});

export const OffsetAdded = defineEvent('OffsetAdded', 1, offset);
export const OffsetChanged = defineEvent('OffsetChanged', 1, offset);
export const OffsetRemoved = defineEvent('OffsetRemoved', 1, z.object({ id: idText(), companyId: idText() }));

// ---------------------------------------------------------------------------------------------
// Non-fossil certificates

/** fit: FIT非化石証書; non_fit_renewable: 非FIT非化石証書(再エネ指定); non_fit_non_renewable: 非FIT非化石証書(再エネ指定なし). */
export const nonFossilCertificateTypes = ['fit', 'non_fit_renewable', 'non_fit_non_renewable'] as const;
export type NonFossilCertificateType = (typeof nonFossilCertificateTypes)[number];
/** Power source of the certified electricity, known when the certificate is tracked. */
export const nonFossilPowerSources = ['solar', 'wind', 'hydro', 'geothermal', 'biomass', 'nuclear', 'other'] as const;
export type NonFossilPowerSource = (typeof nonFossilPowerSources)[number];

const nonFossilCertificate = z.object({
  id: idText(),
  companyId: idText(),
  certificateType: z.enum(nonFossilCertificateTypes),
  /** Certified electricity, kWh. */
  quantityKwh: positiveQuantity(),
  /** ISO dates (YYYY-MM-DD) of the generation period the certificate covers. */
  periodFrom: isoDate(),
  periodTo: isoDate(),
  /** Fiscal year whose scope-2 (market-based) emissions the certificate is used for. */
  fiscalYear: year(),
  /** トラッキング付き: the generating plant's attributes are attached. */
  tracking: z.boolean(),
  powerSource: z.enum(nonFossilPowerSources).nullable(),
  generatorName: shortText().nullable(),
  generatorLocation: shortText().nullable(),
});

export const NonFossilCertificateAdded = defineEvent('NonFossilCertificateAdded', 1, nonFossilCertificate);
export const NonFossilCertificateChanged = defineEvent('NonFossilCertificateChanged', 1, nonFossilCertificate);
export const NonFossilCertificateRemoved = defineEvent(
  'NonFossilCertificateRemoved',
  1,
  z.object({ id: idText(), companyId: idText() }),
);

// ---------------------------------------------------------------------------------------------
// Group flags

export const GroupFlagCreated = defineEvent(
  'GroupFlagCreated',
  1,
  z.object({ id: idText(), companyId: idText(), name: shortText(), sectionIds: distinctIds() }),
);
export const GroupFlagRenamed = defineEvent(
  'GroupFlagRenamed',
  1,
  z.object({ id: idText(), companyId: idText(), name: shortText() }),
);
/** The flag's registered organizations (company sections), the whole list. */
export const GroupFlagSectionsSet = defineEvent(
  'GroupFlagSectionsSet',
  1,
  z.object({ id: idText(), companyId: idText(), sectionIds: distinctIds() }),
);
export const GroupFlagDeleted = defineEvent('GroupFlagDeleted', 1, z.object({ id: idText(), companyId: idText() }));

// ---------------------------------------------------------------------------------------------
// Intensity master and management intensity

const intensity = z.object({
  id: idText(),
  companyId: idText(),
  /** Denominator name, e.g. 売上高, 輸送量. */
  name: shortText(),
  /** Its unit, e.g. 百万円, トンキロ, m², 人. */
  unit: shortText(),
});

export const IntensityAdded = defineEvent('IntensityAdded', 1, intensity);
export const IntensityChanged = defineEvent('IntensityChanged', 1, intensity);
export const IntensityRemoved = defineEvent('IntensityRemoved', 1, z.object({ id: idText(), companyId: idText() }));

const managementIntensity = z.object({
  id: idText(),
  companyId: idText(),
  intensityId: idText(),
  fiscalYear: year(),
  /** The denominator's value for the fiscal year, in the intensity's unit. */
  value: positiveQuantity(),
});

export const ManagementIntensityAdded = defineEvent('ManagementIntensityAdded', 1, managementIntensity);
export const ManagementIntensityChanged = defineEvent('ManagementIntensityChanged', 1, managementIntensity);
export const ManagementIntensityRemoved = defineEvent(
  'ManagementIntensityRemoved',
  1,
  z.object({ id: idText(), companyId: idText() }),
);

// ---------------------------------------------------------------------------------------------
// Scope settings: how one kind of activity is calculated (its formula and the formula's inputs)

/**
 * The categories a scope setting is for: scope 1, scope 2, scope-3 categories 1 to 15 and water,
 * each the `scope` of the formulas it may use (domain's CALCULATION_SCOPES without 'pe': the
 * plant-engineering formulas serve the individual project inputs, not scope settings).
 */
export const scopeSettingCategories = [
  '1', '2',
  '31', '32', '33', '34', '35', '36', '37', '38', '39', '310', '311', '312', '313', '314', '315',
  'water',
] as const;
export type ScopeSettingCategory = (typeof scopeSettingCategories)[number];

const scopeSetting = z.object({
  id: idText(),
  companyId: idText(),
  scopeCategory: z.enum(scopeSettingCategories),
  /** A formula of the catalogue whose scope is `scopeCategory` (domain FORMULA_BY_ID). */
  formulaId: idText(),
  /** The company section the activity belongs to (its id). */
  section: idText(),
  /** The formula's inputs by field key (fuel, factor choice, GWP gas …); values typed by the field. */
  detail: boundedJsonObject(),
  /** The deal (transaction) the setting was made from, if any. */
  dealId: idText().nullable(),
});

/** Saving a new id, and replacing an existing one (the whole record). */
export const ScopeSettingAdded = defineEvent('ScopeSettingAdded', 1, scopeSetting);
export const ScopeSettingChanged = defineEvent('ScopeSettingChanged', 1, scopeSetting);
export const ScopeSettingRemoved = defineEvent('ScopeSettingRemoved', 1, z.object({ id: idText(), companyId: idText() }));

/** Every settings event contract, for the registry in ./index.ts. */
export const settingsContracts = [
  FiscalYearStartMonthSet,
  CurrencyRateAdded,
  CurrencyRateChanged,
  CurrencyRateRemoved,
  ReductionGoalAdded,
  ReductionGoalChanged,
  ReductionGoalRemoved,
  OffsetAdded,
  OffsetChanged,
  OffsetRemoved,
  NonFossilCertificateAdded,
  NonFossilCertificateChanged,
  NonFossilCertificateRemoved,
  GroupFlagCreated,
  GroupFlagRenamed,
  GroupFlagSectionsSet,
  GroupFlagDeleted,
  IntensityAdded,
  IntensityChanged,
  IntensityRemoved,
  ManagementIntensityAdded,
  ManagementIntensityChanged,
  ManagementIntensityRemoved,
  ScopeSettingAdded,
  ScopeSettingChanged,
  ScopeSettingRemoved,
];

export type ReductionGoalEvent =
  | DomainEventOf<typeof ReductionGoalAdded>
  | DomainEventOf<typeof ReductionGoalChanged>
  | DomainEventOf<typeof ReductionGoalRemoved>;
export type OffsetEvent =
  | DomainEventOf<typeof OffsetAdded>
  | DomainEventOf<typeof OffsetChanged>
  | DomainEventOf<typeof OffsetRemoved>;
export type NonFossilCertificateEvent =
  | DomainEventOf<typeof NonFossilCertificateAdded>
  | DomainEventOf<typeof NonFossilCertificateChanged>
  | DomainEventOf<typeof NonFossilCertificateRemoved>;
export type GroupFlagEvent =
  | DomainEventOf<typeof GroupFlagCreated>
  | DomainEventOf<typeof GroupFlagRenamed>
  | DomainEventOf<typeof GroupFlagSectionsSet>
  | DomainEventOf<typeof GroupFlagDeleted>;
export type IntensityEvent =
  | DomainEventOf<typeof IntensityAdded>
  | DomainEventOf<typeof IntensityChanged>
  | DomainEventOf<typeof IntensityRemoved>;
export type ManagementIntensityEvent =
  | DomainEventOf<typeof ManagementIntensityAdded>
  | DomainEventOf<typeof ManagementIntensityChanged>
  | DomainEventOf<typeof ManagementIntensityRemoved>;
export type ScopeSettingEvent =
  | DomainEventOf<typeof ScopeSettingAdded>
  | DomainEventOf<typeof ScopeSettingChanged>
  | DomainEventOf<typeof ScopeSettingRemoved>;
