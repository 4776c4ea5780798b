-- Issue 16 §1, the organisation and settings as of a moment: the audit-log queries of
-- projector/src/audit/recordsAsOf.ts, resolveAsOf and asOfMoments, before and after migration
-- 0028, on a synthetic audit log of 2,000,000 line events over 50 companies with a settings or
-- organisation change every 4,000th event (500 in all). Run on a scratch database:
--   psql postgres://postgres@127.0.0.1:5432/<scratch> -f tests/bench/asOfRecords.sql
-- Figures: docs/benchmarks.md, "As of a moment: the organisation and settings".
\timing on
drop table if exists audit_log;
create table audit_log (position bigint primary key, event_id text not null, tenant_id text, company_id text, actor_user_id text, type text not null, topic text not null, entity_id text not null, occurred_at timestamptz not null, changes jsonb not null, correlation_id text, api_token_id text);
create index on audit_log (company_id, position);
create index audit_log_company_entity_position on audit_log (company_id, entity_id, position);
-- 2,000,000 line events over 50 companies, one every 50 ms from 2025-01-01; every 4,000th event a settings or organisation change.
insert into audit_log
select g, 'e' || g, 't1', case when g % 4000 = 0 then 'c' || ((g / 4000) % 50) else 'c' || (g % 50) end, 'u1',
       case when g % 4000 = 0 then 'CompanySectionUpdated' else 'ActivityLineRecorded' end,
       case when g % 4000 = 0 then (array['organization/companySections','settings/offset','settings/intensity','settings/reductionGoal','organization/companies'])[1 + (g / 4000) % 5] else 'activity/lines' end,
       'x' || (g % 100000), timestamptz '2025-01-01' + g * interval '50 milliseconds', '[]'::jsonb, null, null
  from generate_series(1, 2000000) g;
vacuum analyze audit_log;
drop index if exists audit_log_topic_company_moment;
drop index if exists audit_log_records_moment;
\echo 'fold, before 0028'
explain (analyze, buffers, costs off) select entity_id, type, changes from audit_log where topic in ('settings/offset') and company_id = 'c7' and position <= 1500000 order by position;
\echo 'resolve, before 0028'
explain (analyze, buffers, costs off) select max(position) from audit_log where topic in ('organization/tenant', 'organization/companies', 'organization/companySections', 'settings/fiscalYear', 'settings/reductionGoal', 'settings/offset', 'settings/nonFossilCertificate', 'settings/groupFlag', 'settings/intensity', 'settings/managementIntensity', 'settings/scopeSetting') and company_id = 'c7' and occurred_at <= '2025-01-10';
\echo 'tenant fold, before 0028'
explain (analyze, buffers, costs off) select entity_id, type, changes from audit_log where topic in ('organization/companies') and tenant_id = 't1' and position <= 1500000 order by position;
create index audit_log_records_moment on audit_log (topic, company_id, position) include (occurred_at) where topic <> 'activity/lines';
vacuum analyze audit_log;
select pg_size_pretty(pg_relation_size('audit_log_records_moment')) as index_size;
\echo 'fold, with 0028'
explain (analyze, buffers, costs off) select entity_id, type, changes from audit_log where topic in ('settings/offset') and company_id = 'c7' and position <= 1500000 order by position;
\echo 'resolve, with 0028'
explain (analyze, buffers, costs off) select max(position) from audit_log where topic in ('organization/tenant', 'organization/companies', 'organization/companySections', 'settings/fiscalYear', 'settings/reductionGoal', 'settings/offset', 'settings/nonFossilCertificate', 'settings/groupFlag', 'settings/intensity', 'settings/managementIntensity', 'settings/scopeSetting') and company_id = 'c7' and occurred_at <= '2025-01-10';
\echo 'resolve any company, with 0028'
explain (analyze, buffers, costs off) select max(position) from audit_log where topic in ('organization/tenant', 'organization/companies', 'organization/companySections', 'settings/fiscalYear', 'settings/reductionGoal', 'settings/offset', 'settings/nonFossilCertificate', 'settings/groupFlag', 'settings/intensity', 'settings/managementIntensity', 'settings/scopeSetting') and occurred_at <= '2025-01-10';
\echo 'tenant fold, with 0028'
explain (analyze, buffers, costs off) select entity_id, type, changes from audit_log where topic in ('organization/companies') and tenant_id = 't1' and position <= 1500000 order by position;
