import { accept, reject, type Decider } from '../../core/decider';
import { KEY, type EntityClaim } from '../../core/claims';
import type { IntensityEvent } from '@ghg/events';
import { cleanText } from '../settingsValues';

/** The company's intensity master: the denominators emissions are divided by (売上高, 輸送量 …). */
/** Every stream of this kind starts so: `intensity-<companyId>-<id>`. */
export const INTENSITY_STREAM_PREFIX = 'intensity-';
export const intensityStreamId = (companyId: string, intensityId: string) => `${INTENSITY_STREAM_PREFIX}${companyId}-${intensityId}`;
export const LEGACY_INTENSITIES_PREFIX = 'intensities-';

/** Denominator names are unique per company (a claim register per name). */
export const intensityClaims = (companyId: string) => (state: IntensitiesState): EntityClaim[] =>
  [...state.intensities.values()].map((i) => ({ guard: ['intensityName', companyId, i.name], value: KEY }));

export const INTENSITY_NAME_MAX = 100;
export const INTENSITY_UNIT_MAX = 50;

/** What the intensity screen suggests (per yen, per ton-km; amounts in million yen). */
export const SUGGESTED_INTENSITIES = [
  { name: '売上高', unit: '百万円' },
  { name: '輸送量', unit: 'トンキロ' },
  { name: '延床面積', unit: 'm²' },
  { name: '従業員数', unit: '人' },
] as const;

export interface Intensity {
  id: string;
  name: string;
  unit: string;
  version: number;
}

export interface IntensitiesState {
  intensities: ReadonlyMap<string, Intensity>;
}

export type IntensityCommand =
  | { type: 'SaveIntensity'; companyId: string; id?: string; newId: string; name: string; unit: string; expectedVersion?: number }
  | {
      type: 'RemoveIntensity';
      companyId: string;
      id: string;
      expectedVersion?: number;
      /** Fact gathered by the command handler: management-intensity values recorded for it. */
      managementValues: number;
    };

export type IntensityError = 'invalid_name' | 'invalid_unit' | 'intensity_exists' | 'intensity_not_found' | 'intensity_in_use' | 'version_conflict';

export const intensitiesDecider: Decider<IntensityCommand, IntensityEvent, IntensitiesState, IntensityError> = {
  eventTypes: { IntensityAdded: true, IntensityChanged: true, IntensityRemoved: true },
  initialState: () => ({ intensities: new Map() }),
  evolve: (state, event, revision) => {
    const intensities = new Map(state.intensities);
    if (event.type === 'IntensityRemoved') intensities.delete(event.data.id);
    else intensities.set(event.data.id, { id: event.data.id, name: event.data.name, unit: event.data.unit, version: revision });
    return { intensities };
  },
  decide: (c, s) => {
    if (c.type === 'RemoveIntensity') {
      const existing = s.intensities.get(c.id);
      if (!existing) return reject('intensity_not_found');
      if (c.expectedVersion !== undefined && c.expectedVersion !== existing.version) return reject('version_conflict');
      // Values entered against it would lose their meaning: delete those first.
      if (c.managementValues > 0) return reject('intensity_in_use');
      return accept({ type: 'IntensityRemoved', data: { id: c.id, companyId: c.companyId } });
    }
    const name = cleanText(c.name, INTENSITY_NAME_MAX);
    if (name === null) return reject('invalid_name');
    const unit = cleanText(c.unit, INTENSITY_UNIT_MAX);
    if (unit === null) return reject('invalid_unit');
    const existing = c.id === undefined ? undefined : s.intensities.get(c.id);
    if (c.id !== undefined && !existing) return reject('intensity_not_found');
    if (existing && c.expectedVersion !== undefined && c.expectedVersion !== existing.version) return reject('version_conflict');
    const id = existing?.id ?? c.newId;
    if ([...s.intensities.values()].some((i) => i.id !== id && i.name === name)) return reject('intensity_exists');
    const data = { id, companyId: c.companyId, name, unit };
    if (!existing) return accept({ type: 'IntensityAdded', data });
    return existing.name === name && existing.unit === unit ? accept() : accept({ type: 'IntensityChanged', data });
  },
};
