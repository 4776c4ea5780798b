import { describe, expect, it } from 'vitest';
import { authorizedSections, orderSections } from './companySections';

const row = (id: string, name: string, parent: string | null, type: string | null = null) => ({
  id,
  name,
  display_name: name,
  parent_section_id: parent,
  energy_conservation_act_report_section_type: type,
});

describe('section listing', () => {
  const rows = [row('none', '指定なし', null), row('p1', '第一工場', 'mfg'), row('all', '全社', null), row('mfg', '製造本部', 'all', 'factory'), row('adm', '管理本部', 'all')];

  it('lists parents before children and 指定なし last', () => {
    expect(orderSections(rows).map((s) => s.id)).toEqual(['all', 'adm', 'mfg', 'p1', 'none']); // 管 (U+7BA1) sorts before 製 (U+88FD)
  });

  it('gives each section the report types of its ancestors', () => {
    expect(orderSections(rows).find((s) => s.id === 'p1')!.inheritedEnergyConservationActReportSectionTypes).toEqual(['factory']);
  });

  it('a section-scoped user is authorised for their section and its descendants only', () => {
    const sections = orderSections(rows);
    expect(authorizedSections(sections, { sectionId: 'mfg' }).map((s) => s.id)).toEqual(['mfg', 'p1']);
    expect(authorizedSections(sections, { sectionId: null })).toHaveLength(5);
  });
});
