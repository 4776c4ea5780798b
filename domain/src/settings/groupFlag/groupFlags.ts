import { accept, reject, type Decider } from '../../core/decider';
import { KEY, type EntityClaim } from '../../core/claims';
import type { GroupFlagEvent } from '@ghg/events';
import { cleanText } from '../settingsValues';

/** One stream per flag; names are unique per company through a claim register (groupFlagClaims). */
/** Every stream of this kind starts so: `groupFlag-<companyId>-<id>`. */
export const GROUP_FLAG_STREAM_PREFIX = 'groupFlag-';
export const groupFlagStreamId = (companyId: string, flagId: string) => `${GROUP_FLAG_STREAM_PREFIX}${companyId}-${flagId}`;
export const LEGACY_GROUP_FLAGS_PREFIX = 'groupFlags-';

export const groupFlagClaims = (companyId: string) => (state: GroupFlagsState): EntityClaim[] =>
  [...state.flags.values()].map((f) => ({ guard: ['groupFlagName', companyId, f.name], value: KEY }));

export const GROUP_FLAG_NAME_MAX = 100;

/** A flag groups company sections (its registered organizations) for the group-flag views. */
export interface GroupFlag {
  id: string;
  name: string;
  sectionIds: readonly string[];
  version: number;
}

export interface GroupFlagsState {
  flags: ReadonlyMap<string, GroupFlag>;
}

export type GroupFlagCommand =
  | {
      type: 'SaveGroupFlag';
      companyId: string;
      /** Absent: create with newId. */
      id?: string;
      newId: string;
      name: string;
      /** The registered organizations, the whole list; absent keeps them (a new flag: none). */
      sectionIds?: readonly string[];
      expectedVersion?: number;
      /** Fact gathered by the command handler: which of sectionIds are sections of the company. */
      existingSectionIds: readonly string[];
    }
  | { type: 'DeleteGroupFlag'; companyId: string; id: string; expectedVersion?: number };

export type GroupFlagError = 'invalid_name' | 'group_flag_exists' | 'unknown_section' | 'group_flag_not_found' | 'version_conflict';

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));

export const groupFlagsDecider: Decider<GroupFlagCommand, GroupFlagEvent, GroupFlagsState, GroupFlagError> = {
  eventTypes: { GroupFlagCreated: true, GroupFlagRenamed: true, GroupFlagSectionsSet: true, GroupFlagDeleted: true },
  initialState: () => ({ flags: new Map() }),
  evolve: (state, event, revision) => {
    const flags = new Map(state.flags);
    const d = event.data;
    const before = flags.get(d.id);
    switch (event.type) {
      case 'GroupFlagCreated':
        flags.set(d.id, { id: d.id, name: event.data.name, sectionIds: event.data.sectionIds, version: revision });
        break;
      case 'GroupFlagRenamed':
        if (before) flags.set(d.id, { ...before, name: event.data.name, version: revision });
        break;
      case 'GroupFlagSectionsSet':
        if (before) flags.set(d.id, { ...before, sectionIds: event.data.sectionIds, version: revision });
        break;
      case 'GroupFlagDeleted':
        flags.delete(d.id);
        break;
    }
    return { flags };
  },
  decide: (c, s) => {
    if (c.type === 'DeleteGroupFlag') {
      const flag = s.flags.get(c.id);
      if (!flag) return reject('group_flag_not_found');
      if (c.expectedVersion !== undefined && c.expectedVersion !== flag.version) return reject('version_conflict');
      return accept({ type: 'GroupFlagDeleted', data: { id: c.id, companyId: c.companyId } });
    }
    const name = cleanText(c.name, GROUP_FLAG_NAME_MAX);
    if (name === null) return reject('invalid_name');
    const existing = c.id === undefined ? undefined : s.flags.get(c.id);
    if (c.id !== undefined && !existing) return reject('group_flag_not_found');
    if (existing && c.expectedVersion !== undefined && c.expectedVersion !== existing.version) return reject('version_conflict');
    const id = existing?.id ?? c.newId;
    if ([...s.flags.values()].some((f) => f.id !== id && f.name === name)) return reject('group_flag_exists');
    const sectionIds = c.sectionIds === undefined ? (existing?.sectionIds ?? []) : [...new Set(c.sectionIds)];
    // Only a list the client sends is checked: a rename keeps the sections as they are.
    if (c.sectionIds !== undefined && sectionIds.some((sectionId) => !c.existingSectionIds.includes(sectionId))) {
      return reject('unknown_section');
    }
    if (!existing) return accept({ type: 'GroupFlagCreated', data: { id, companyId: c.companyId, name, sectionIds: [...sectionIds] } });
    const events: GroupFlagEvent[] = [];
    if (existing.name !== name) events.push({ type: 'GroupFlagRenamed', data: { id, companyId: c.companyId, name } });
    if (!sameSet(existing.sectionIds, sectionIds)) {
      events.push({ type: 'GroupFlagSectionsSet', data: { id, companyId: c.companyId, sectionIds: [...sectionIds] } });
    }
    return accept(...events);
  },
};
