import { accept, reject, type Decider } from '../core/decider';
import type { CompanySectionEvent } from '@ghg/events';

/**
 * One stream per company: the tree is one aggregate (no cycle, unique names, what may be deleted
 * need the whole tree). It is the stream that stays long, so commands fold a snapshot and the
 * events after it (companySectionsCodec).
 */
export const companySectionsStreamId = (companyId: string) => `companySections-${companyId}`;

/** Reserved section names, which every company starts with: 指定なし is always listed last; 全社 stands for the whole company. */
export const UNSPECIFIED_SECTION = '指定なし';
export const WHOLE_COMPANY_SECTION = '全社';
const reserved = new Set([UNSPECIFIED_SECTION, WHOLE_COMPANY_SECTION]);

export interface Section {
  id: string;
  name: string;
  displayName: string;
  parentSectionId: string | null;
  energyConservationActReportSectionType: string | null;
}

export interface CompanySectionsState {
  sections: ReadonlyMap<string, Section>;
}

export type CompanySectionCommand =
  | {
      type: 'SaveCompanySection';
      companyId: string;
      /** Absent: create with newId. */
      sectionId?: string;
      newId: string;
      name: string;
      displayName?: string | null;
      parentSectionId: string | null;
      energyConservationActReportSectionType?: string | null;
    }
  | {
      type: 'DeleteCompanySection';
      companyId: string;
      sectionId: string;
      /** Facts from outside this stream, gathered by the command handler. */
      usersWithPermission: number;
      registeredFlags: number;
      /** Scope settings and activity lines booked to the section (deleting it would orphan them). */
      scopeSettings: number;
      activityLines: number;
    };

export type CompanySectionError =
  | 'invalid_name'
  | 'section_exists'
  | 'section_not_found'
  | 'parent_not_found'
  | 'cyclic_parent'
  | 'reserved_section'
  | 'section_has_children'
  | 'section_has_users'
  | 'section_has_flag'
  | 'section_has_activity';

function isDescendant(state: CompanySectionsState, candidate: string, ancestor: string): boolean {
  for (let id: string | null = candidate; id !== null; id = state.sections.get(id)?.parentSectionId ?? null) {
    if (id === ancestor) return true;
  }
  return false;
}

/** What inheritance reads of a section: its parent and its own energy-conservation-act type. */
export type SectionLink = Pick<Section, 'parentSectionId' | 'energyConservationActReportSectionType'>;

/**
 * Types inherited from ancestors (nearest first): a plant under a 省エネ法 factory counts as one.
 * The one place this is computed: the decider's state and the section read model (query-api) both
 * pass their sections by id. A parent that is gone ends the chain; so does a cycle (never decided,
 * but a read model may hold anything).
 */
export function inheritedSectionTypes(tree: { readonly sections: ReadonlyMap<string, SectionLink> }, sectionId: string): string[] {
  const types: string[] = [];
  const seen = new Set([sectionId]);
  for (let parent = tree.sections.get(sectionId)?.parentSectionId ?? null; parent !== null && !seen.has(parent); ) {
    seen.add(parent);
    const section = tree.sections.get(parent);
    if (!section) break;
    if (section.energyConservationActReportSectionType) types.push(section.energyConservationActReportSectionType);
    parent = section.parentSectionId;
  }
  return types;
}

export const companySectionsDecider: Decider<CompanySectionCommand, CompanySectionEvent, CompanySectionsState, CompanySectionError> = {
  eventTypes: { CompanySectionCreated: true, CompanySectionUpdated: true, CompanySectionDeleted: true },
  initialState: () => ({ sections: new Map() }),
  evolve: (state, event) => {
    const sections = new Map(state.sections);
    if (event.type === 'CompanySectionDeleted') sections.delete(event.data.sectionId);
    else {
      const d = event.data;
      sections.set(d.sectionId, {
        id: d.sectionId,
        name: d.name,
        displayName: d.displayName,
        parentSectionId: d.parentSectionId,
        energyConservationActReportSectionType: d.energyConservationActReportSectionType ?? null,
      });
    }
    return { sections };
  },
  decide: (c, s) => {
    if (c.type === 'DeleteCompanySection') {
      const section = s.sections.get(c.sectionId);
      if (!section) return reject('section_not_found');
      if (reserved.has(section.name)) return reject('reserved_section');
      if ([...s.sections.values()].some((x) => x.parentSectionId === c.sectionId)) return reject('section_has_children');
      if (c.usersWithPermission > 0) return reject('section_has_users');
      if (c.registeredFlags > 0) return reject('section_has_flag');
      if (c.scopeSettings > 0 || c.activityLines > 0) return reject('section_has_activity');
      return accept({ type: 'CompanySectionDeleted', data: { sectionId: c.sectionId, companyId: c.companyId } });
    }
    const name = c.name.trim();
    if (!name) return reject('invalid_name');
    const existing = c.sectionId === undefined ? undefined : s.sections.get(c.sectionId);
    if (c.sectionId !== undefined && !existing) return reject('section_not_found');
    const id = existing?.id ?? c.newId;
    if ([...s.sections.values()].some((x) => x.id !== id && x.name === name)) return reject('section_exists');
    if (existing && reserved.has(existing.name) && (name !== existing.name || c.parentSectionId !== existing.parentSectionId)) {
      return reject('reserved_section');
    }
    if (c.parentSectionId !== null) {
      const parent = s.sections.get(c.parentSectionId);
      if (!parent) return reject('parent_not_found');
      // 指定なし collects what belongs nowhere; it has no sub-sections.
      if (parent.name === UNSPECIFIED_SECTION) return reject('reserved_section');
      if (existing && isDescendant(s, c.parentSectionId, existing.id)) return reject('cyclic_parent');
    }
    // A blank display name is filled with the name.
    const data = {
      sectionId: id,
      companyId: c.companyId,
      name,
      displayName: c.displayName?.trim() || name,
      parentSectionId: c.parentSectionId,
      energyConservationActReportSectionType: c.energyConservationActReportSectionType ?? existing?.energyConservationActReportSectionType ?? null,
    };
    if (!existing) return accept({ type: 'CompanySectionCreated', data });
    const unchanged =
      existing.name === data.name &&
      existing.displayName === data.displayName &&
      existing.parentSectionId === data.parentSectionId &&
      existing.energyConservationActReportSectionType === data.energyConservationActReportSectionType;
    return unchanged ? accept() : accept({ type: 'CompanySectionUpdated', data });
  },
};

/** The tree as JSON for a snapshot: its sections in order. */
export const companySectionsCodec = {
  name: 'companySections@1',
  encode: (state: CompanySectionsState): Section[] => [...state.sections.values()],
  decode: (json: unknown): CompanySectionsState => {
    if (!Array.isArray(json)) throw new Error('not a section list');
    return { sections: new Map((json as Section[]).map((s) => [s.id, s])) };
  },
};
