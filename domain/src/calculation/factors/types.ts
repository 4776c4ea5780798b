import type { Labels } from '../i18n';

/**
 * Emission factors are data with provenance. A factor set is one publication (a source and year);
 * a new publication is a new version of the set, never an edit of an old one, so any result can be
 * re-run against exactly the values it used.
 */

/** Life-cycle stage of a transport or fuel value: well-to-tank, tank-to-wheel, or both together. */
export type Stage = 'WTT' | 'TTW' | 'WTW';

export interface Validity {
  /** ISO date, inclusive. Absent: open-ended. */
  readonly from?: string;
  readonly to?: string;
}

interface EntryBase {
  /** Stable key within the set, e.g. 'fuel.diesel'. Referenced as '<setId>:<key>'. */
  readonly key: string;
  readonly label: Labels;
  /** false for values seen only in a secondary source, not yet checked against the publication. */
  readonly confirmed: boolean;
  /** Why a value is unconfirmed, what it was derived from, caveats of use. */
  readonly note?: string;
  /** Overrides the set's validity for this value. */
  readonly valid?: Validity;
}

/** One published number: value and unit as printed ('kg-CO2/L', 'g-CH4/mmBtu', 'kg-CO2e/tkm'). */
export interface FactorComponent {
  readonly value: number;
  readonly unit: string;
  readonly stage?: Stage;
}

/** Mass of one or more gases (or of CO2e) per unit of activity. */
export interface EmissionEntry extends EntryBase {
  readonly kind: 'emission';
  readonly components: readonly FactorComponent[];
}

/** A physical quantity used inside a formula: heating value (GJ/kL), carbon coefficient (t-C/GJ)… */
export interface QuantityEntry extends EntryBase {
  readonly kind: 'quantity';
  readonly value: number;
  readonly unit: string;
}

/** Dimensionless coefficients of a published equation (improved ton-km regression, ISO 14083 uplifts). */
export interface CoefficientsEntry extends EntryBase {
  readonly kind: 'coefficients';
  readonly equation: string;
  readonly coefficients: Readonly<Record<string, number>>;
}

export type FactorEntry = EmissionEntry | QuantityEntry | CoefficientsEntry;

export interface FactorSet {
  readonly id: string;
  readonly version: string;
  readonly title: Labels;
  readonly publisher: string;
  /** Publication year. */
  readonly year: number;
  /** Citation text without URLs (the UI may add links; data stays stable). */
  readonly citation: string;
  /** Licence and attribution note for redistribution. */
  readonly licence: string;
  readonly valid?: Validity;
  readonly entries: readonly FactorEntry[];
}

/** A result's record of one factor it used. Shared between results: never mutate. */
export interface FactorUse {
  /** '<setId>:<key>', or 'custom' for a value entered on the line (then `key` holds its label). */
  readonly ref: string;
  readonly setId: string;
  readonly version: string;
  readonly key: string;
  readonly confirmed: boolean;
  /** The published numbers as used (custom values: as entered). */
  readonly values: readonly FactorComponent[] | readonly { readonly value: number; readonly unit: string }[] | Readonly<Record<string, number>>;
  /** 'library': a pinned factor set; 'line': a value entered on the activity line itself. */
  readonly origin: 'library' | 'line';
}
