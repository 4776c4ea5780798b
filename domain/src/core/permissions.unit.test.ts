import { describe, expect, it } from 'vitest';
import { can, permissionMatrix, type Action, type Actor } from './permissions';

const groupAdmin: Actor = { role: 'admin', sectionId: null, allCompanies: true };
const admin: Actor = { role: 'admin', sectionId: null, allCompanies: false };
const editor: Actor = { role: 'editor', sectionId: null, allCompanies: false };
const sectionEditor: Actor = { role: 'editor', sectionId: 's1', allCompanies: false };
const viewer: Actor = { role: 'viewer', sectionId: null, allCompanies: false };

// The expected matrix written out by hand, so a change to permissions.ts must change this too.
const expected: Record<Action, [boolean, boolean, boolean, boolean, boolean]> = {
  //                   groupAdmin admin  editor sectionEditor viewer
  'company.read':      [true, true, true, true, true],
  'company.configure': [true, true, false, false, false],
  'targets.write':     [true, true, true, false, false],
  'activity.write':    [true, true, true, true, false],
  'users.manage':      [true, true, false, false, false],
  'group.manage':      [true, false, false, false, false],
  'auditlog.read':     [true, true, true, true, true],
  'account.self':      [true, true, true, true, true],
};

describe('permission matrix', () => {
  it('lists exactly the actions tested here', () => {
    expect(Object.keys(permissionMatrix).sort()).toEqual(Object.keys(expected).sort());
  });
  it.each(Object.entries(expected))('%s', (action, row) => {
    const actors = [groupAdmin, admin, editor, sectionEditor, viewer];
    expect(actors.map((a) => can(a, action as Action))).toEqual(row);
  });
});
