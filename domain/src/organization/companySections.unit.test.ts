import { describe, expect, it } from 'vitest';
import { fold, given } from '../core/decider';
import {
  companySectionsDecider as decider,
  inheritedSectionTypes,
  UNSPECIFIED_SECTION,
  WHOLE_COMPANY_SECTION,
  type CompanySectionCommand,
} from './companySections';
import type { CompanySectionEvent } from '@ghg/events';

const companyId = 'c1';
const created = (sectionId: string, name: string, parentSectionId: string | null, type: string | null = null): CompanySectionEvent => ({
  type: 'CompanySectionCreated',
  data: { sectionId, companyId, name, displayName: name, parentSectionId, energyConservationActReportSectionType: type },
});
// 全社 > 製造本部 (factory) > 第一工場; 指定なし
const tree = [
  created('all', WHOLE_COMPANY_SECTION, null),
  created('mfg', '製造本部', 'all', 'factory'),
  created('p1', '第一工場', 'mfg'),
  created('none', UNSPECIFIED_SECTION, null),
];
const save = (p: Partial<Extract<CompanySectionCommand, { type: 'SaveCompanySection' }>>): CompanySectionCommand => ({
  type: 'SaveCompanySection',
  companyId,
  newId: 'new',
  name: '経理部',
  parentSectionId: 'all',
  ...p,
});
const del = (sectionId: string, usersWithPermission = 0, registeredFlags = 0): CompanySectionCommand => ({
  type: 'DeleteCompanySection',
  companyId,
  sectionId,
  usersWithPermission,
  registeredFlags,
  scopeSettings: 0,
  activityLines: 0,
});

describe('company sections decider', () => {
  it('when created with a blank display name, then the display name is the name', () => {
    expect(given(decider, tree).when(save({ displayName: '  ' }))).toEqual({
      ok: true,
      events: [{ type: 'CompanySectionCreated', data: { sectionId: 'new', companyId, name: '経理部', displayName: '経理部', parentSectionId: 'all', energyConservationActReportSectionType: null } }],
    });
  });

  it.each([
    [save({ name: '製造本部' }), 'section_exists'],
    [save({ name: ' ' }), 'invalid_name'],
    [save({ parentSectionId: 'ghost' }), 'parent_not_found'],
    [save({ parentSectionId: 'none' }), 'reserved_section'],
    [save({ sectionId: 'ghost' }), 'section_not_found'],
  ])('when saving %o, then %s', (command, error) => {
    expect(given(decider, tree).when(command)).toEqual({ ok: false, error });
  });

  it('when re-parenting a section under its own descendant, then cyclic_parent', () => {
    expect(given(decider, tree).when(save({ sectionId: 'mfg', name: '製造本部', parentSectionId: 'p1' }))).toEqual({ ok: false, error: 'cyclic_parent' });
  });

  it('when re-parenting 第一工場 to the top level, then CompanySectionUpdated keeps its type', () => {
    const result = given(decider, tree).when(save({ sectionId: 'p1', name: '第一工場', parentSectionId: null }));
    expect(result).toMatchObject({ ok: true, events: [{ type: 'CompanySectionUpdated', data: { sectionId: 'p1', parentSectionId: null } }] });
  });

  it('the reserved sections cannot be renamed, moved or deleted', () => {
    expect(given(decider, tree).when(save({ sectionId: 'all', name: 'Head office', parentSectionId: null }))).toEqual({ ok: false, error: 'reserved_section' });
    expect(given(decider, tree).when(del('none'))).toEqual({ ok: false, error: 'reserved_section' });
  });

  it.each([
    [del('mfg'), 'section_has_children'],
    [del('p1', 2), 'section_has_users'],
    [del('p1', 0, 1), 'section_has_flag'],
    [{ ...del('p1'), scopeSettings: 1 }, 'section_has_activity'],
    [{ ...del('p1'), activityLines: 3 }, 'section_has_activity'],
    [del('ghost'), 'section_not_found'],
  ])('when deleting %o, then %s (and nothing is written)', (command, error) => {
    expect(given(decider, tree).when(command)).toEqual({ ok: false, error });
  });

  it('when deleting a leaf without users or flags, then CompanySectionDeleted', () => {
    expect(given(decider, tree).when(del('p1'))).toEqual({ ok: true, events: [{ type: 'CompanySectionDeleted', data: { sectionId: 'p1', companyId } }] });
  });

  it('a section inherits the report types of its ancestors', () => {
    expect(inheritedSectionTypes(fold(decider, tree), 'p1')).toEqual(['factory']);
    expect(inheritedSectionTypes(fold(decider, tree), 'mfg')).toEqual([]);
  });

  it('inherits nearest first, from any tree of sections by id, and stops at a missing parent or a cycle', () => {
    const link = (parentSectionId: string | null, energyConservationActReportSectionType: string | null = null) => ({ parentSectionId, energyConservationActReportSectionType });
    const sections = new Map([
      ['a', link(null, 'designatedFactory1')],
      ['b', link('a')],
      ['c', link('b', 'otherSite')],
      ['d', link('c')],
      ['orphan', link('gone')],
      ['x', link('y', 'otherSite')],
      ['y', link('x', 'designatedFactory2')],
    ]);
    expect(inheritedSectionTypes({ sections }, 'd')).toEqual(['otherSite', 'designatedFactory1']);
    expect(inheritedSectionTypes({ sections }, 'a')).toEqual([]);
    expect(inheritedSectionTypes({ sections }, 'orphan')).toEqual([]);
    expect(inheritedSectionTypes({ sections }, 'x')).toEqual(['designatedFactory2']);
  });
});
