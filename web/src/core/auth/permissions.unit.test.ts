import { describe, expect, it } from 'vitest';
import type { AuthUser } from '../api/types';
import { userCan } from './permissions';

const user = (over: Partial<AuthUser>): AuthUser => ({
  id: 'u',
  email: 'u@example.com',
  name: 'U',
  language: 'ja',
  selectedCompanyId: 'c',
  tenantId: 't',
  role: 'viewer',
  scope: 'all',
  sectionId: null,
  companyIds: ['c'],
  allCompanies: false,
  ...over,
});

describe('userCan: the UI asks the servers’ permission matrix', () => {
  it('given a whole-company admin, when asking for settings and users, then both are allowed', () => {
    expect(userCan(user({ role: 'admin' }), 'company.configure')).toBe(true);
    expect(userCan(user({ role: 'admin' }), 'users.manage')).toBe(true);
  });

  it('given an editor, when asking, then targets may be written but company settings not', () => {
    expect(userCan(user({ role: 'editor' }), 'targets.write')).toBe(true);
    expect(userCan(user({ role: 'editor' }), 'company.configure')).toBe(false);
  });

  it('given a viewer, when asking to write anything, then no', () => {
    expect(userCan(user({ role: 'viewer' }), 'targets.write')).toBe(false);
    expect(userCan(user({ role: 'viewer' }), 'company.read')).toBe(true);
  });

  it('given an admin scoped to one section, when asking for company-wide changes, then no', () => {
    expect(userCan(user({ role: 'admin', scope: 'section', sectionId: 's1' }), 'company.configure')).toBe(false);
  });

  it('given a group flag missing from an old session, when asking for group management, then no', () => {
    expect(userCan(user({ role: 'admin' }), 'group.manage')).toBe(false);
    expect(userCan(user({ role: 'admin', allCompanies: true }), 'group.manage')).toBe(true);
  });
});
