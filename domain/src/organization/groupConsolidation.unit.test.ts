import { describe, expect, it } from 'vitest';
import type { TenantEvent } from '@ghg/events';
import { fold, given } from '../core/decider';
import { tenantDecider, type ChooseGroupConsolidationApproach } from './tenant';

const created: TenantEvent = { type: 'TenantCreated', data: { tenantId: 't1', name: 'G' } };
const added = (companyId: string): TenantEvent => ({ type: 'TenantCompanyAdded', data: { tenantId: 't1', companyId } });
const chosen = (approach: ChooseGroupConsolidationApproach['approach']): TenantEvent => ({ type: 'GroupConsolidationApproachChosen', data: { tenantId: 't1', approach } });
const group = [created, added('c1'), added('c2')];
const choose = (approach: ChooseGroupConsolidationApproach['approach'], more: Partial<ChooseGroupConsolidationApproach> = {}): ChooseGroupConsolidationApproach => ({
  type: 'ChooseGroupConsolidationApproach',
  tenantId: 't1',
  approach,
  actor: { allCompanies: false, companyIds: ['c1', 'c2'] },
  ...more,
});

describe("the group's consolidation approach (tenant decider)", () => {
  it('given a group that never chose, it consolidates by operational control, at version -1', () => {
    const state = fold(tenantDecider, group);
    expect({ approach: state.consolidationApproach, version: state.consolidationApproachVersion }).toEqual({ approach: 'operational', version: -1 });
  });

  it('given a group, when a user holding every company chooses equity share, then GroupConsolidationApproachChosen', () => {
    expect(given(tenantDecider, group).when(choose('equity_share'))).toEqual({
      ok: true,
      events: [chosen('equity_share')],
    });
  });

  it('choosing the approach in force appends nothing: operational when never chosen, or the last one chosen', () => {
    expect(given(tenantDecider, group).when(choose('operational'))).toEqual({ ok: true, events: [] });
    expect(given(tenantDecider, [...group, chosen('financial')]).when(choose('financial'))).toEqual({ ok: true, events: [] });
    expect(given(tenantDecider, [...group, chosen('financial')]).when(choose('operational'))).toEqual({ ok: true, events: [chosen('operational')] });
  });

  it('the state keeps the last choice and the revision it was written at', () => {
    const history = [...group, chosen('financial'), added('c3'), chosen('equity_share')];
    const state = fold(tenantDecider, history);
    expect({ approach: state.consolidationApproach, version: state.consolidationApproachVersion }).toEqual({ approach: 'equity_share', version: history.length - 1 });
  });

  it('a user who does not hold every company of the group is whole_group_required, even with the others', () => {
    expect(given(tenantDecider, group).when(choose('equity_share', { actor: { allCompanies: false, companyIds: ['c1'] } }))).toEqual({ ok: false, error: 'whole_group_required' });
    expect(given(tenantDecider, group).when(choose('equity_share', { actor: { allCompanies: false, companyIds: ['c1', 'elsewhere'] } }))).toEqual({ ok: false, error: 'whole_group_required' });
  });

  it('a group administrator covers the group, also a company added after their access was read', () => {
    const grown = [...group, added('c3')];
    expect(given(tenantDecider, grown).when(choose('financial', { actor: { allCompanies: true, companyIds: ['c1', 'c2'] } }))).toEqual({ ok: true, events: [chosen('financial')] });
  });

  it('an expected version other than the last choice is version_conflict; the right one is accepted', () => {
    const history = [...group, chosen('financial')];
    const last = history.length - 1;
    expect(given(tenantDecider, group).when(choose('equity_share', { expectedVersion: 0 }))).toEqual({ ok: false, error: 'version_conflict' });
    expect(given(tenantDecider, group).when(choose('equity_share', { expectedVersion: -1 })).ok).toBe(true);
    expect(given(tenantDecider, history).when(choose('equity_share', { expectedVersion: -1 }))).toEqual({ ok: false, error: 'version_conflict' });
    expect(given(tenantDecider, history).when(choose('equity_share', { expectedVersion: last }))).toEqual({ ok: true, events: [chosen('equity_share')] });
  });

  it('a group that does not exist is tenant_not_found', () => {
    expect(given(tenantDecider, []).when(choose('financial', { actor: { allCompanies: true, companyIds: [] } }))).toEqual({ ok: false, error: 'tenant_not_found' });
  });
});
