import { describe, expect, it } from 'vitest';
import { createIntl } from 'react-intl';
import { allEventContracts, eventContracts, notAuditedEventTypes, ReportFiled as ReportFiledContract, type AuditedEventType, type CompanyFactorEntry, type EventOf } from '@ghg/events';
import { allProjections, auditedContracts, describeForAudit, diffFields, FACTOR_SET_FIELD_PREFIX } from '@ghg/projector';
import { LOCALES, catalogues, intlLocale, type Locale } from '@ghg/locales';
import { describeEntry, topicName, type AuditLookups } from '../../web/src/features/audit/describe';

/**
 * Every event type of the registry goes through the audit log as the product shows it: the
 * projector's description (its topic, entity and fields), the field diff, then the audit screen's
 * describer in each language. Any raw event name, unnamed area or unlabelled field fails here.
 */

const entry: CompanyFactorEntry = {
  key: 'road.truck',
  label: { ja: 'トラック', en: 'Truck', zhHans: '卡车' },
  value: 0.5,
  unit: 'kg-CO2e/tkm',
  stage: 'TTW',
  validFrom: '2024-04-01',
  validTo: null,
  source: 'GLEC 3.0',
  licenceNote: null,
  category: '34',
};
const ids = { companyId: 'company-1' };
const activityLine: EventOf<'ActivityLineRecorded'>['data'] = {
  ...ids,
  dealId: 'deal-1',
  deal: { id: 'deal-1', count: 1000, countUnit: 'L', amount: null, currency: null, occurrenceDate: '2022-07-01', item: '軽油', client: null },
  scopeSettingId: 'ss-1',
  scopeCategory: '1',
  section: 'section-1',
  scopeSettingDetail: {},
  inputs: { fuel: '軽油', amount: { value: 1000, unit: 'L' }, emissionIntensity: 'jp-shk:fuel.diesel' },
  calculation: {
    formulaId: 's1.fuel',
    fiscalYear: 2022,
    fiscalMonth: 4,
    quantity: 1000,
    unit: 'L',
    co2eKg: 2580,
    gasesKg: { CO2: 2580 },
    stages: null,
    basis: null,
    factors: [{ setId: 'jp-shk', version: 'legacy', key: 'fuel.diesel', confirmed: true, origin: 'library', values: [{ value: 2.58, unit: 'kg-CO2/L' }] }],
    gwpSet: { id: 'AR6', version: '2021' },
    factorSets: { 'jp-shk': 'legacy' },
    basisVersion: 0,
    warnings: [],
  },
  source: 'manual',
};

const importRule: EventOf<'ImportRuleDefined'>['data'] = {
  ...ids,
  ruleId: 'rule-1',
  name: '事務用品(勘定科目5210)',
  priority: 10,
  conditions: [{ field: 'accountCode', value: '5210' }],
  action: 'record',
  scopeCategory: '31',
  formulaId: 's3.1.spend',
  detail: { emissionIntensity: { value: 3.2, unit: 't-CO2e/百万円' } },
  sectionId: 'section-1',
  countFrom: 'volume',
};

/** One valid example of every audited event's data (checked against its contract below); a missing type is a type error. */
const samples: { [T in AuditedEventType]: EventOf<T>['data'] } = {
  TenantCreated: { tenantId: 'tenant-1', name: 'Demo group' },
  TenantCompanyAdded: { tenantId: 'tenant-1', companyId: 'company-2' },
  GroupConsolidationApproachChosen: { tenantId: 'tenant-1', approach: 'equity_share' },
  CompanyRegistered: { companyId: 'company-2', tenantId: 'tenant-1', name: 'Logistics', region: 'Japan', equitySharePercent: 60, controlApproach: 'equity_share' },
  CompanyRegionChanged: { companyId: 'company-2', region: 'Korea' },
  CompanyConsolidationChanged: { companyId: 'company-2', equitySharePercent: 40, controlApproach: 'financial' },
  CompanySectionCreated: { sectionId: 'section-2', companyId: 'company-1', name: 'Plant', displayName: 'Plant A', parentSectionId: 'section-1', energyConservationActReportSectionType: 'factory' },
  CompanySectionUpdated: { sectionId: 'section-2', companyId: 'company-1', name: 'Plant', displayName: 'Plant B', parentSectionId: 'section-1', energyConservationActReportSectionType: null },
  CompanySectionDeleted: { sectionId: 'section-2', companyId: 'company-1' },
  UserRegistered: {
    userId: 'user-1',
    tenantId: 'tenant-1',
    email: 'someone@example.com',
    name: 'Someone',
    passwordHash: '$argon2id$secret',
    language: 'en',
    role: 'editor',
    companyIds: ['company-1'],
    sectionId: 'section-1',
    selectedCompanyId: 'company-1',
    allCompanies: false,
  },
  UserPreferencesChanged: { userId: 'user-1', language: 'zhHans', selectedCompanyId: 'company-2' },
  UserAccessChanged: { userId: 'user-1', role: 'admin', companyIds: ['company-1', 'company-2'], allCompanies: true, sectionId: null },
  UserDeactivated: { userId: 'user-1' },
  ApiTokenCreated: { tokenId: 'token-1', tenantId: 'tenant-1', companyId: 'company-1', name: 'ERP feed', role: 'editor', createdBy: 'user-1', secretSha256: 'ab'.repeat(32), expiresOn: '2027-03-31' },
  ApiTokenRevoked: { tokenId: 'token-1', companyId: 'company-1' },
  UserReactivated: { userId: 'user-1' },
  PasswordResetRequested: { userId: 'user-1', tokenHash: 'secret-token-hash', expiresAt: '2026-01-10T10:00:00.000Z' },
  PasswordChanged: { userId: 'user-1', passwordHash: '$argon2id$secret' },
  UserEmailClaimed: { email: 'someone@example.com', userId: 'user-1' },
  FiscalYearStartMonthSet: { ...ids, fiscalYearId: 'fy-1', startMonth: 4 },
  CurrencyRateAdded: { ...ids, id: 'rate-1', fiscalYear: 2024, currencyUnit: 'USD', rate: 150.5 },
  CurrencyRateChanged: { ...ids, id: 'rate-1', fiscalYear: 2024, currencyUnit: 'USD', rate: 151 },
  CurrencyRateRemoved: { ...ids, id: 'rate-1' },
  ReductionGoalAdded: { ...ids, id: 'goal-1', scopeCategory: '31', goalYear: 2030, goalEmission: 500, targetYear: 2020, targetEmission: 1000, goalEmissionPercentage: 50 },
  ReductionGoalChanged: { ...ids, id: 'goal-1', scopeCategory: '2', goalYear: 2030, goalEmission: 400, targetYear: 0, targetEmission: 1000, goalEmissionPercentage: 60 },
  ReductionGoalRemoved: { ...ids, id: 'goal-1' },
  OffsetAdded: {
    ...ids,
    id: 'offset-1',
    type: 'J-クレジット',
    particularNumberFrom: '0001',
    particularNumberTo: '0100',
    invalidOrRelocationQuantity: 100,
    invalidOrRelocationDate: '2024-05-01',
    authType: '無効化',
  },
  OffsetChanged: {
    ...ids,
    id: 'offset-1',
    type: 'JCM',
    particularNumberFrom: '0001',
    particularNumberTo: '0200',
    invalidOrRelocationQuantity: 200,
    invalidOrRelocationDate: '2024-06-01',
    authType: '無効化',
  },
  OffsetRemoved: { ...ids, id: 'offset-1' },
  NonFossilCertificateAdded: {
    ...ids,
    id: 'cert-1',
    certificateType: 'fit',
    quantityKwh: 10000,
    periodFrom: '2024-04-01',
    periodTo: '2024-09-30',
    fiscalYear: 2024,
    tracking: true,
    powerSource: 'solar',
    generatorName: 'Solar park',
    generatorLocation: 'Chiba',
  },
  NonFossilCertificateChanged: {
    ...ids,
    id: 'cert-1',
    certificateType: 'non_fit_renewable',
    quantityKwh: 20000,
    periodFrom: '2024-04-01',
    periodTo: '2025-03-31',
    fiscalYear: 2024,
    tracking: false,
    powerSource: null,
    generatorName: null,
    generatorLocation: null,
  },
  NonFossilCertificateRemoved: { ...ids, id: 'cert-1' },
  GroupFlagCreated: { ...ids, id: 'flag-1', name: 'Domestic plants', sectionIds: ['section-1', 'section-2'] },
  GroupFlagRenamed: { ...ids, id: 'flag-1', name: 'Domestic sites' },
  GroupFlagSectionsSet: { ...ids, id: 'flag-1', sectionIds: ['section-2'] },
  GroupFlagDeleted: { ...ids, id: 'flag-1' },
  IntensityAdded: { ...ids, id: 'intensity-1', name: 'Sales', unit: 'million JPY' },
  IntensityChanged: { ...ids, id: 'intensity-1', name: 'Revenue', unit: 'million JPY' },
  IntensityRemoved: { ...ids, id: 'intensity-1' },
  ManagementIntensityAdded: { ...ids, id: 'mi-1', intensityId: 'intensity-1', fiscalYear: 2024, value: 1200 },
  ManagementIntensityChanged: { ...ids, id: 'mi-1', intensityId: 'intensity-1', fiscalYear: 2024, value: 1300 },
  ManagementIntensityRemoved: { ...ids, id: 'mi-1' },
  ScopeSettingAdded: { ...ids, id: 'ss-1', scopeCategory: '1', formulaId: 's1.fuel', section: 'section-1', detail: { fuel: '軽油', amount: 120, emissionIntensity: 'jp-shk:diesel' }, dealId: null },
  ScopeSettingChanged: { ...ids, id: 'ss-1', scopeCategory: '1', formulaId: 's1.fuel', section: 'section-2', detail: { fuel: '軽油', amount: 130, emissionIntensity: 'jp-shk:diesel' }, dealId: 'deal-1' },
  ScopeSettingRemoved: { ...ids, id: 'ss-1' },
  ActivityLineRecorded: activityLine,
  ActivityLineChanged: { ...activityLine, deal: { ...activityLine.deal, count: 1200 }, calculation: { ...activityLine.calculation, quantity: 1200, co2eKg: 3096, gasesKg: { CO2: 3096 } } },
  ActivityLineRemoved: { ...ids, dealId: 'deal-1' },
  // Restated: the same 1,000 L under a basis whose diesel factor is 2.62 kg/L (basis version 3).
  ActivityLineRecalculated: { ...activityLine, calculation: { ...activityLine.calculation, co2eKg: 2620, gasesKg: { CO2: 2620 }, basisVersion: 3 } },
  CalculationBasisSet: { ...ids, id: 'basis-2024', fiscalYear: 2024, gwpSet: 'AR6', factorSets: { 'jp-shk': 'legacy', 'co-glec': '1' }, defaulted: false, reason: null },
  CalculationBasisChanged: {
    ...ids,
    id: 'basis-2024',
    fiscalYear: 2024,
    before: { gwpSet: 'AR6', factorSets: { 'jp-shk': 'legacy', 'co-glec': '1' } },
    after: { gwpSet: 'AR5', factorSets: { 'jp-shk': '2024', 'co-glec': '1' } },
    reason: 'Newer SHK table',
  },
  CompanyFactorSetCreated: {
    ...ids,
    id: 'set-1',
    setId: 'co-glec',
    title: { ja: 'GLEC（自社）', en: 'GLEC (own)', zhHans: 'GLEC（自有）' },
    publisher: 'Smart Freight Centre',
    citation: 'GLEC Framework 3.0',
    licence: 'Licensed to the company',
  },
  CompanyFactorSaved: { ...ids, id: 'set-1', setId: 'co-glec', version: 2, entry },
  CompanyFactorRemoved: { ...ids, id: 'set-1', setId: 'co-glec', version: 3, key: 'road.truck' },
  CompanyFactorSetUploaded: { ...ids, id: 'set-1', setId: 'co-glec', version: 4, mode: 'replace', fileName: 'glec.csv', format: 'csv-utf8', entries: [entry] },
  ImportRuleDefined: importRule,
  ImportRuleChanged: { ...importRule, priority: 20, conditions: [...importRule.conditions, { field: 'department', value: '総務部' }], countFrom: 'none' },
  ImportRuleRemoved: { ...ids, ruleId: 'rule-1' },
  DataImported: {
    ...ids,
    importId: 'import-1',
    fileName: 'purchases-2025.csv',
    sourceType: 'standard',
    encoding: 'shift_jis',
    sha256: 'a3f1c2d4e5b6a7980123456789abcdef0123456789abcdef0123456789abcdef',
    rows: 3,
    created: 2,
    updated: 0,
    unchanged: 0,
    excluded: 1,
    totals: { co2eKg: 5780, byCategory: { '1': 2580, '31': 3200 } },
    fiscalYears: [2025],
    ruleVersions: { 'rule-1': 0 },
  },
  ImportedLinesListed: { ...ids, importId: 'import-1', created: [{ dealId: 'deal-1', version: 0 }, { dealId: 'deal-2', version: 0 }], updated: [] },
  ImportUndone: { ...ids, importId: 'import-1', removed: 2, restored: 0, totals: { co2eKg: 5780, byCategory: { '1': 2580, '31': 3200 } } },
  ImportRulesReapplied: {
    ...ids,
    importId: 'import-1',
    changed: 1,
    before: { co2eKg: 5780, byCategory: { '1': 2580, '31': 3200 } },
    after: { co2eKg: 6580, byCategory: { '1': 2580, '31': 4000 } },
    ruleVersions: { 'rule-1': 1 },
  },
  ReportFiled: {
    ...ids,
    reportId: 'report-1',
    fiscalYear: 2024,
    regime: 'ghgProtocol',
    position: '42',
    sha256: 'a'.repeat(64),
    totals: { scope1Kg: '2580.000000', scope2LocationKg: '100.000000', scope2MarketKg: '90.000000', scope3Kg: '3200.000000', lines: 3 },
    note: 'Filed with the board',
  },
  BaseYearSet: {
    ...ids,
    baseYear: 2019,
    thresholdPercent: 5,
    position: '40',
    sha256: 'b'.repeat(64),
    figures: { scope1Kg: '2580.000000', scope2LocationKg: '100.000000', scope2MarketKg: '90.000000', scope3Kg: '3200.000000', totalKg: '5880.000000', lines: 3 },
  },
  BaseYearRestated: {
    ...ids,
    baseYear: 2019,
    position: '55',
    sha256: 'c'.repeat(64),
    figures: { scope1Kg: '2980.000000', scope2LocationKg: '100.000000', scope2MarketKg: '90.000000', scope3Kg: '3200.000000', totalKg: '6280.000000', lines: 4 },
    previousPosition: '40',
    reason: 'structural',
    note: 'A plant acquired in 2021, added to the base year',
  },
};

const lookups: AuditLookups = { companyName: (id) => `Company ${id}`, sectionName: (id) => `Section ${id}` };

function intlFor(locale: Locale, errors: string[]) {
  return createIntl({ locale: intlLocale[locale], messages: catalogues[locale], onError: (e) => errors.push(`${locale}: ${e.message}`) });
}

describe('the audit log describes every event type of the registry', () => {
  it('decides every registered type: audited (described) or not audited (with a reason)', () => {
    const audited = auditedContracts.map((c) => c.type);
    const notAudited = Object.keys(notAuditedEventTypes);
    expect([...audited, ...notAudited].sort()).toEqual(allEventContracts.map((c) => c.type).sort());
    expect([...eventContracts.keys()].sort()).toEqual(allEventContracts.map((c) => c.type).sort());
    expect(audited.filter((t) => notAudited.includes(t))).toEqual([]);
    for (const reason of Object.values(notAuditedEventTypes)) expect(reason.length).toBeGreaterThan(20);
    const auditLog = allProjections.find((p) => p.name === 'audit')!;
    expect([...auditLog.handles].sort()).toEqual([...audited].sort());
  });

  it.each(auditedContracts.map((c) => [c.type, c] as const))('%s, in ja, en and zhHans', (type, contract) => {
    const data = samples[contract.type];
    expect(contract.schema.safeParse(data).success, 'the sample is valid for its contract').toBe(true);
    const view = describeForAudit({ type: contract.type, data });
    expect(Object.keys(topicName), 'its area is one the screen filters by').toContain(view.topic);
    expect(JSON.stringify(view.fields ?? {}), 'no secret reaches the audit log').not.toMatch(/secret/);
    const changes = diffFields(null, view.fields, false);
    for (const locale of LOCALES) {
      const errors: string[] = [];
      const described = describeEntry({ type, topic: view.topic, changes }, intlFor(locale, errors), lookups);
      expect(described.name, `${locale}: event name`).not.toContain(type);
      expect(described.name.trim()).not.toBe('');
      expect(described.topic, `${locale}: area`).not.toBeNull();
      expect(described.kind === 'removed', 'a removal has no fields').toBe(view.fields === null);
      for (const change of described.changes) {
        expect(change.label, `${locale}: label of ${change.field}`).not.toBe(change.field);
        expect(change.label).not.toMatch(/^audit\.|factorSets\./);
        for (const value of [change.before, change.after]) expect(value, `${locale}: value of ${change.field}`).not.toMatch(/\[object Object\]|^undefined$|^audit\./);
      }
      expect(errors).toEqual([]);
    }
  });

  it.each([
    ['shk', { lines: 40, basicKg: '545026.460000', adjustedKg: '496954.560000', energyCo2BasicKg: '545026.460000', energyCo2AdjustedKg: '496954.560000', crudeOilKl: '261.812000' }],
    ['energyConservation', { lines: 36, gj: '10147.752000', crudeOilKl: '261.811999' }],
  ] as const)('a filing of the %s report names its own figures, labelled, in ja, en and zhHans', (regime, figures) => {
    const { totals: _totals, ...ghg } = samples.ReportFiled;
    const data = { ...ghg, regime, figures };
    expect(ReportFiledContract.schema.safeParse(data).success).toBe(true);
    const view = describeForAudit({ type: 'ReportFiled', data });
    expect(Object.keys(view.fields ?? {})).toEqual(['fiscalYear', 'regime', 'position', 'sha256', 'note', ...Object.keys(figures)]);
    for (const locale of LOCALES) {
      const errors: string[] = [];
      const described = describeEntry({ type: 'ReportFiled', topic: view.topic, changes: diffFields(null, view.fields, false) }, intlFor(locale, errors), lookups);
      for (const change of described.changes) {
        expect(change.label, `${locale}: label of ${change.field}`).not.toBe(change.field);
        expect(change.label).not.toMatch(/^audit\./);
      }
      expect(errors).toEqual([]);
    }
  });

  it('names a pinned factor set and shows its versions before and after a restatement', () => {
    const before = describeForAudit({ type: 'CalculationBasisSet', data: samples.CalculationBasisSet }).fields;
    const after = describeForAudit({ type: 'CalculationBasisChanged', data: samples.CalculationBasisChanged });
    expect(Object.keys(after.fields ?? {})).toContain(`${FACTOR_SET_FIELD_PREFIX}jp-shk`);
    const changes = diffFields(before, after.fields, false);
    const texts = (locale: Locale) => {
      const errors: string[] = [];
      const described = describeEntry({ type: 'CalculationBasisChanged', topic: after.topic, changes }, intlFor(locale, errors), lookups);
      expect(errors).toEqual([]);
      return described.changes.map((c) => `${c.label}: ${c.before} → ${c.after}`);
    };
    expect(texts('en')).toEqual(['GWP set: AR6 → AR5', 'Factor set jp-shk: legacy → 2024', 'Reason: — → Newer SHK table']);
    expect(texts('ja')).toContain('係数セット jp-shk: legacy → 2024');
    expect(texts('zhHans')).toContain('因子集 jp-shk: legacy → 2024');
  });
});
