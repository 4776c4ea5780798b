import { defineProjection } from '../core/projection';
import {
  CompanyRegistered,
  CompanySectionCreated,
  CompanySectionUpdated,
  CompanySectionDeleted,
  CompanyRegionChanged,
  CompanyConsolidationChanged,
  DEFAULT_CONTROL_APPROACH,
  DEFAULT_EQUITY_SHARE_PERCENT,
  GroupConsolidationApproachChosen,
  TenantCreated,
  UserAccessChanged,
  UserDeactivated,
  UserReactivated,
  UserPreferencesChanged,
  UserRegistered,
} from '@ghg/events';

/** Tenants (with the group's consolidation approach), companies, sections and users: who may log in and what they may see. */
export const organizationProjection = defineProjection({
  name: 'organization',
  tables: ['tenants', 'companies', 'company_sections', 'users'],
  handles: [
    TenantCreated,
    GroupConsolidationApproachChosen,
    CompanyRegistered,
    CompanyRegionChanged,
    CompanyConsolidationChanged,
    CompanySectionCreated,
    CompanySectionUpdated,
    CompanySectionDeleted,
    UserRegistered,
    UserPreferencesChanged,
    UserAccessChanged,
    UserDeactivated,
    UserReactivated,
  ],
  async apply(event, ctx) {
    const { trx, table } = ctx;
    const tenantId = event.metadata.tenantId;
    switch (event.type) {
      case TenantCreated.type: {
        const d = event.data;
        await trx(table('tenants')).insert({ id: d.tenantId, name: d.name, created_at: event.metadata.occurredAt }).onConflict('id').merge();
        return;
      }
      case GroupConsolidationApproachChosen.type: {
        const d = event.data;
        await trx(table('tenants')).where({ id: d.tenantId }).update({ consolidation_approach: d.approach, consolidation_approach_version: event.streamPosition });
        // The companies list carries the group's choice: every company's screens follow it.
        const companyIds: string[] = await trx(table('companies')).where({ tenant_id: d.tenantId }).pluck('id');
        for (const companyId of companyIds) ctx.notify({ topic: 'organization/companies', companyId, tenantId: d.tenantId, ids: [companyId] });
        return;
      }
      case CompanyRegistered.type: {
        const d = event.data;
        await trx(table('companies'))
          .insert({
            id: d.companyId,
            tenant_id: d.tenantId,
            name: d.name,
            region: d.region,
            equity_share_percent: d.equitySharePercent ?? DEFAULT_EQUITY_SHARE_PERCENT,
            control_approach: d.controlApproach ?? DEFAULT_CONTROL_APPROACH,
            version: event.streamPosition,
          })
          .onConflict('id')
          .merge();
        ctx.notify({ topic: 'organization/companies', companyId: d.companyId, tenantId: d.tenantId, ids: [d.companyId] });
        return;
      }
      case CompanyRegionChanged.type:
      case CompanyConsolidationChanged.type: {
        const d = event.data;
        await trx(table('companies'))
          .where({ id: d.companyId })
          .update({
            ...(event.type === CompanyRegionChanged.type
              ? { region: event.data.region }
              : { equity_share_percent: event.data.equitySharePercent, control_approach: event.data.controlApproach }),
            version: event.streamPosition,
          });
        ctx.notify({ topic: 'organization/companies', companyId: d.companyId, tenantId, ids: [d.companyId] });
        return;
      }
      case CompanySectionCreated.type:
      case CompanySectionUpdated.type: {
        const d = event.data;
        await trx(table('company_sections'))
          .insert({
            id: d.sectionId,
            company_id: d.companyId,
            name: d.name,
            display_name: d.displayName,
            parent_section_id: d.parentSectionId,
            energy_conservation_act_report_section_type: d.energyConservationActReportSectionType ?? null,
          })
          .onConflict('id')
          .merge();
        ctx.notify({ topic: 'organization/companySections', companyId: d.companyId, tenantId, ids: [d.sectionId] });
        return;
      }
      case CompanySectionDeleted.type: {
        const d = event.data;
        await trx(table('company_sections')).where({ id: d.sectionId }).delete();
        ctx.notify({ topic: 'organization/companySections', companyId: d.companyId, tenantId, ids: [d.sectionId] });
        return;
      }
      case UserRegistered.type: {
        const d = event.data;
        await trx(table('users'))
          .insert({
            id: d.userId,
            tenant_id: d.tenantId,
            email: d.email,
            name: d.name,
            language: d.language,
            role: d.role,
            section_id: d.sectionId,
            company_ids: JSON.stringify(d.companyIds),
            selected_company_id: d.selectedCompanyId,
            all_companies: d.allCompanies ?? false,
            active: true,
            version: event.streamPosition,
          })
          .onConflict('id')
          .merge();
        ctx.notify({ topic: 'account/user', companyId: null, tenantId: d.tenantId, ids: [d.userId] });
        return;
      }
      case UserPreferencesChanged.type: {
        const d = event.data;
        await trx(table('users'))
          .where({ id: d.userId })
          .update({
            ...(d.language ? { language: d.language } : {}),
            ...(d.selectedCompanyId ? { selected_company_id: d.selectedCompanyId } : {}),
            version: event.streamPosition,
          });
        ctx.notify({ topic: 'account/user', companyId: null, tenantId, ids: [d.userId] });
        return;
      }
      case UserAccessChanged.type: {
        const d = event.data;
        const current = await trx(table('users')).where({ id: d.userId }).first('selected_company_id');
        const selected = current && d.companyIds.includes(current.selected_company_id) ? current.selected_company_id : d.companyIds[0];
        await trx(table('users'))
          .where({ id: d.userId })
          .update({
            role: d.role,
            company_ids: JSON.stringify(d.companyIds),
            all_companies: d.allCompanies,
            section_id: d.sectionId,
            selected_company_id: selected,
            version: event.streamPosition,
          });
        ctx.notify({ topic: 'account/user', companyId: null, tenantId, ids: [d.userId] });
        return;
      }
      case UserDeactivated.type:
      case UserReactivated.type: {
        const d = event.data;
        await trx(table('users'))
          .where({ id: d.userId })
          .update({ active: event.type === UserReactivated.type, version: event.streamPosition });
        ctx.notify({ topic: 'account/user', companyId: null, tenantId, ids: [d.userId] });
        return;
      }
    }
  },
});
