import { accept, reject, type Decider } from '../../core/decider';
import { KEY, type EntityClaim } from '../../core/claims';
import type { ManagementIntensityEvent } from '@ghg/events';
import { isPositiveQuantity, isYear } from '../settingsValues';

/**
 * Per intensity and fiscal year, the denominator's value (e.g. 売上高 2025: 12,500 百万円), so that
 * intensity = emissions ÷ value. One stream per value; "one value per intensity and year" is a claim
 * register (managementIntensityClaims).
 */
/** Every stream of this kind starts so: `managementIntensity-<companyId>-<id>`. */
export const MANAGEMENT_INTENSITY_STREAM_PREFIX = 'managementIntensity-';
export const managementIntensityStreamId = (companyId: string, valueId: string) => `${MANAGEMENT_INTENSITY_STREAM_PREFIX}${companyId}-${valueId}`;
export const LEGACY_MANAGEMENT_INTENSITIES_PREFIX = 'managementIntensities-';

/** One value per intensity and fiscal year (a claim register per pair). */
export const managementIntensityClaims = (companyId: string) => (state: ManagementIntensitiesState): EntityClaim[] =>
  [...state.values.values()].map((v) => ({ guard: ['managementIntensity', companyId, v.intensityId, String(v.fiscalYear)], value: KEY }));

export interface ManagementIntensity {
  id: string;
  intensityId: string;
  fiscalYear: number;
  value: number;
  version: number;
}

export interface ManagementIntensitiesState {
  values: ReadonlyMap<string, ManagementIntensity>;
}

export type ManagementIntensityCommand =
  | {
      type: 'SaveManagementIntensity';
      companyId: string;
      id?: string;
      newId: string;
      intensityId: string;
      fiscalYear: number;
      value: number;
      expectedVersion?: number;
      /** Fact gathered by the command handler: the intensity is in the company's intensity master. */
      intensityExists: boolean;
    }
  | { type: 'RemoveManagementIntensity'; companyId: string; id: string; expectedVersion?: number };

export type ManagementIntensityError =
  | 'unknown_intensity'
  | 'invalid_fiscal_year'
  | 'invalid_value'
  | 'management_intensity_exists'
  | 'management_intensity_not_found'
  | 'version_conflict';

/** Values recorded against one intensity: an intensity in use cannot be removed. */
export const valuesOfIntensity = (state: ManagementIntensitiesState, intensityId: string) =>
  [...state.values.values()].filter((v) => v.intensityId === intensityId).length;

export const managementIntensitiesDecider: Decider<
  ManagementIntensityCommand,
  ManagementIntensityEvent,
  ManagementIntensitiesState,
  ManagementIntensityError
> = {
  eventTypes: { ManagementIntensityAdded: true, ManagementIntensityChanged: true, ManagementIntensityRemoved: true },
  initialState: () => ({ values: new Map() }),
  evolve: (state, event, revision) => {
    const values = new Map(state.values);
    if (event.type === 'ManagementIntensityRemoved') values.delete(event.data.id);
    else {
      const { id, intensityId, fiscalYear, value } = event.data;
      values.set(id, { id, intensityId, fiscalYear, value, version: revision });
    }
    return { values };
  },
  decide: (c, s) => {
    if (c.type === 'RemoveManagementIntensity') {
      const existing = s.values.get(c.id);
      if (!existing) return reject('management_intensity_not_found');
      if (c.expectedVersion !== undefined && c.expectedVersion !== existing.version) return reject('version_conflict');
      return accept({ type: 'ManagementIntensityRemoved', data: { id: c.id, companyId: c.companyId } });
    }
    const existing = c.id === undefined ? undefined : s.values.get(c.id);
    if (c.id !== undefined && !existing) return reject('management_intensity_not_found');
    if (!c.intensityExists) return reject('unknown_intensity');
    if (!isYear(c.fiscalYear)) return reject('invalid_fiscal_year');
    // A denominator: zero or less would make the intensity meaningless.
    if (!isPositiveQuantity(c.value)) return reject('invalid_value');
    if (existing && c.expectedVersion !== undefined && c.expectedVersion !== existing.version) return reject('version_conflict');
    const id = existing?.id ?? c.newId;
    for (const v of s.values.values()) {
      if (v.id !== id && v.intensityId === c.intensityId && v.fiscalYear === c.fiscalYear) return reject('management_intensity_exists');
    }
    const data = { id, companyId: c.companyId, intensityId: c.intensityId, fiscalYear: c.fiscalYear, value: c.value };
    if (!existing) return accept({ type: 'ManagementIntensityAdded', data });
    const unchanged = existing.intensityId === c.intensityId && existing.fiscalYear === c.fiscalYear && existing.value === c.value;
    return unchanged ? accept() : accept({ type: 'ManagementIntensityChanged', data });
  },
};
