import { call, type RunningApp } from '../embeddedApp';
import { inviteAndLogin } from '../invitedUser';

/** A valid request of one route: the starting point the fuzzer mutates. */
export interface BaseRequest {
  params?: Record<string, string>;
  body?: unknown;
  /** A query string the route needs (without '?'). */
  query?: string;
  /** A body that is a file rather than JSON: the fuzzer sends it as is and mutates its bytes. */
  file?: { body: Buffer; contentType: string };
  /** Routes about the caller's own account run as a separate user, so the admin's session survives them. */
  as?: 'self';
}

/** Ids of things that exist in the demo tenant once `prepareFixture` has run. */
export interface Fixture {
  adminToken: string;
  self: { id: string; token: string };
  targetUserId: string;
  companyId: string;
  region: string;
  wholeCompanySectionId: string;
  leafSectionId: string;
  spareSectionId: string;
  fiscalYearId: string;
  intensityId: string;
  factorSetId: string;
  ids: Record<'currency' | 'offset' | 'certificate' | 'goal' | 'flag' | 'intensity' | 'managementIntensity' | 'scopeSetting' | 'spareScopeSetting' | 'activityLine' | 'importRule' | 'upload' | 'import', string>;
}

const offset = { type: 'J-クレジット', particularNumberFrom: 'FZ-1', particularNumberTo: 'FZ-9', invalidOrRelocationQuantity: 9, invalidOrRelocationDate: '2025-06-30', authType: '無効化' };
const certificate = { certificateType: 'non_fit_renewable', quantityKwh: 1000, periodFrom: '2025-04-01', periodTo: '2025-06-30', fiscalYear: 2025, tracking: true, powerSource: 'solar', generatorName: 'fuzz', generatorLocation: '千葉県' };
const lines = [{ formulaId: 's1.fuel', inputs: { amount: 1, emissionIntensity: 'jp-shk:fuel.diesel' } }];
const scopeSetting = (section: string) => ({ scopeCategory: '1', formulaId: 's1.fuel', section, detail: { fuel: '軽油', amount: 10, emissionIntensity: 'jp-shk:fuel.diesel' } });
/** A diesel line of fiscal year 2022 (its default basis pins SHK's legacy factors). */
const activityLine = (scopeSettingId: string, dealId?: string) => ({ deal: { id: dealId, count: 10, countUnit: 'L', occurrenceDate: '2022/7/1' }, scopeSetting: { id: scopeSettingId }, scopeSettingDetail: { emissionIntensity: 'jp-shk:fuel.diesel' } });
/** A standard-format file of one diesel row in fiscal year 2025, which the fixture's rule classifies. */
const importCsv = (slip: string) =>
  Buffer.from(`取引日,伝票番号,行番号,内容,取引数量,単位,取引金額,社内部署,勘定科目コード,エネルギー種別\r\n2025/5/1,${slip},1,軽油,10,L,1500,経理部,5300,軽油\r\n`, 'utf8');
const importRule = { name: 'fuzz diesel', priority: 5, conditions: [{ field: 'energyType', value: '軽油' }], scopeCategory: '1', formulaId: 's1.fuel', detail: { fuel: '軽油', emissionIntensity: { value: 2.58, unit: 'kg-CO2/L', label: 'fuzz' } }, countFrom: 'volume' };
const FACTOR_CSV = 'key,label_ja,label_en,label_zhHans,value,unit,stage,valid_from,valid_to,source,licence_note,category\r\nfz.k1,係数,factor,,0.5,kg-CO2e/kWh,,,,,,\r\n';

/** Creates one of everything the command routes refer to, through the API, as the group administrator. */
export async function prepareFixture(app: RunningApp, adminToken: string): Promise<Fixture> {
  const ok = async (method: string, url: string, body?: unknown) => {
    const res = await call(app, method, url, adminToken, body);
    if (res.status !== 200) throw new Error(`fixture ${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const me = (await ok('GET', '/api/auth-user')).user;
  const companyId = me.selectedCompanyId as string;
  const company = ((await ok('GET', '/api/companies')).companies as { id: string; region: string }[]).find((c) => c.id === companyId)!;
  const sections = (await ok('GET', '/api/company-section')).companySections as { id: string; name: string; parentSection: string | null }[];
  const whole = sections.find((s) => s.parentSection === null && sections.some((c) => c.parentSection === s.id))!;
  const leaf = sections.find((s) => s.name === '経理部')!;
  const spare = (await ok('POST', '/api/company-section', { section: { name: 'fuzz spare', parentSection: whole.id } })).companySection;
  const intensity = (await ok('POST', '/api/intensity', { name: 'fuzz', unit: 'u' })).intensity;
  await ok('POST', '/api/company-factor-sets', { setId: 'fz-set', title: { ja: 'fuzz' } });
  await ok('POST', '/api/company-factor-sets/fz-set/factors', { key: 'fz.k0', label: { ja: 'x' }, value: 1, unit: 'kg-CO2e/kWh' });
  const goal = (await ok('POST', '/api/reduction-goal', { reductionGoals: [{ scopeCategory: '1', goalYear: 2045, goalEmission: 1, targetYear: 0, targetEmission: 0 }] })).reductionGoals[0];
  // Activity lines are calculated under a fixed basis.
  await ok('POST', '/api/calculation-basis', { fiscalYear: 2022, reason: 'fuzz' });
  await ok('POST', '/api/import/rules', importRule);
  const importFile = async (fileName: string, dryRun: boolean) => {
    const res = await app.app.inject({
      method: 'POST',
      url: `/api/import?sourceType=standard&fileName=${fileName}${dryRun ? '&dryRun=true' : ''}`,
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'text/csv' },
      payload: importCsv(fileName),
    });
    if (res.statusCode !== 200) throw new Error(`fixture import ${fileName}: ${res.statusCode} ${res.body}`);
    return JSON.parse(res.body) as { importId: string | null; uploadId: string | null };
  };
  const target = (await ok('POST', '/api/users', { email: 'fuzz.target@demo.example', name: 'fuzz target', role: 'viewer', companyIds: [companyId] })).user;
  return {
    adminToken,
    self: await inviteAndLogin(app, adminToken, 'fuzz.self@demo.example', { role: 'viewer', companyIds: [companyId] }),
    targetUserId: target.id,
    companyId,
    region: company.region,
    wholeCompanySectionId: whole.id,
    leafSectionId: leaf.id,
    spareSectionId: spare.id,
    fiscalYearId: (await ok('GET', '/api/fiscal-year')).fiscalYear.fiscalYearId,
    intensityId: intensity.id,
    factorSetId: 'fz-set',
    ids: {
      currency: (await ok('POST', '/api/currency', { fiscalYear: 2046, currencyUnit: 'FZA', rate: 1 })).currency.id,
      offset: (await ok('POST', '/api/offset', offset)).offset.id,
      certificate: (await ok('POST', '/api/non-fossil-certificate', certificate)).nonFossilCertificate.id,
      goal: goal.id,
      flag: (await ok('POST', '/api/group-flag', { name: 'fuzz flag', sectionIds: [leaf.id] })).groupFlag.id,
      intensity: (await ok('POST', '/api/intensity', { name: 'fuzz 2', unit: 'u' })).intensity.id,
      managementIntensity: (await ok('POST', '/api/management-intensity', { intensityId: intensity.id, fiscalYear: 2045, value: 1 })).managementIntensity.id,
      scopeSetting: (await ok('POST', '/api/create-scope-settings', { scopeSettings: [scopeSetting(leaf.id)] })).scopeSettings[0].id,
      spareScopeSetting: (await ok('POST', '/api/create-scope-settings', { scopeSettings: [scopeSetting(leaf.id)] })).scopeSettings[0].id,
      importRule: (await ok('POST', '/api/import/rules', { ...importRule, name: 'fuzz spare rule' })).rule.ruleId,
      upload: (await importFile('fuzz-preview.csv', true)).uploadId!,
      import: (await importFile('fuzz-imported.csv', false)).importId!,
      activityLine: (await ok('POST', '/api/user-input-emission', activityLine((await ok('POST', '/api/create-scope-settings', { scopeSettings: [scopeSetting(leaf.id)] })).scopeSettings[0].id))).line.dealId,
    },
  };
}

/**
 * A valid request for every command route, keyed as the app registers it ("METHOD /url").
 * The fuzz suite fails on a command route missing here, so a new route is fuzzed from day one.
 */
export function baseRequests(f: Fixture): Record<string, BaseRequest> {
  const id = (value: string) => ({ params: { id: value } });
  return {
    'POST /api/login': { body: { email: 'fuzz.nobody@demo.example', password: 'not the password' } },
    'POST /api/refresh': { as: 'self', body: { id: f.self.id } },
    'POST /api/password/forgot': { body: { email: 'fuzz.nobody@demo.example' } },
    'POST /api/password/reset': { body: { id: f.targetUserId, token: 'not-a-reset-token', password: 'long enough 123' } },
    'PUT /api/user/password': { as: 'self', body: { password: 'invited user 123' } },
    'PUT /api/user': { as: 'self', body: { user: { language: 'en', selectedCompanyId: f.companyId } } },
    'PUT /api/company/region': { body: { companyId: f.companyId, region: f.region } },
    'PUT /api/company/consolidation': { body: { companyId: f.companyId, equitySharePercent: 100, controlApproach: 'operational' } },
    'POST /api/group/consolidation-approach': { body: { approach: 'operational', expectedVersion: -1 } },
    'POST /api/company': { body: { name: 'Fuzz Co', region: 'Japan' } },
    'POST /api/company-section': { body: { section: { name: 'fuzz section', displayName: 'fuzz', parentSection: f.wholeCompanySectionId } } },
    'DELETE /api/company-section/:id': id(f.spareSectionId),
    'POST /api/users': { body: { email: 'fuzz.new@demo.example', name: 'fuzz new', role: 'viewer', companyIds: [f.companyId], sectionId: null, allCompanies: false, language: 'en' } },
    'PUT /api/users/:id/access': { ...id(f.targetUserId), body: { role: 'editor', companyIds: [f.companyId], sectionId: f.leafSectionId, allCompanies: false } },
    'POST /api/users/:id/deactivate': id(f.targetUserId),
    'POST /api/users/:id/reactivate': id(f.targetUserId),
    'POST /api/api-tokens': { body: { name: 'fuzz token', role: 'viewer', expiresOn: null } },
    // No token exists in the fixture: revoking an unknown one is a 404, the shape is what is fuzzed.
    'POST /api/api-tokens/:id/revoke': id('00000000-0000-4000-8000-000000000000'),
    'POST /api/fiscal-year': { body: { fiscalYearId: f.fiscalYearId, startMonth: 4 } },
    'POST /api/currency': { body: { fiscalYear: 2047, currencyUnit: 'FZB', rate: 1.5 } },
    'DELETE /api/currency/:id': id(f.ids.currency),
    'POST /api/reduction-goal': { body: { reductionGoals: [{ scopeCategory: '2', goalYear: 2046, goalEmission: 10, goalEmissionPercentage: 50, targetYear: 2013, targetEmission: 20 }] } },
    'DELETE /api/reduction-goal/:id': id(f.ids.goal),
    'POST /api/offset': { body: offset },
    'DELETE /api/offset/:id': id(f.ids.offset),
    'POST /api/non-fossil-certificate': { body: certificate },
    'DELETE /api/non-fossil-certificate/:id': id(f.ids.certificate),
    'POST /api/group-flag': { body: { name: 'fuzz flag 2', sectionIds: [f.leafSectionId] } },
    'DELETE /api/group-flag/:id': id(f.ids.flag),
    'POST /api/intensity': { body: { name: 'fuzz 3', unit: 'u' } },
    'DELETE /api/intensity/:id': id(f.ids.intensity),
    'POST /api/management-intensity': { body: { intensityId: f.intensityId, fiscalYear: 2046, value: 2.5 } },
    'DELETE /api/management-intensity/:id': id(f.ids.managementIntensity),
    'POST /api/create-scope-settings': { body: { scopeSettings: [scopeSetting(f.leafSectionId)] } },
    'POST /api/edit-scope-settings': { body: { scopeSettings: [{ id: f.ids.scopeSetting, ...scopeSetting(f.leafSectionId), detail: JSON.stringify({ fuel: '灯油', amount: 5 }) }] } },
    'DELETE /api/scope-setting/:id': id(f.ids.spareScopeSetting),
    'POST /api/user-input-emission': { body: activityLine(f.ids.scopeSetting, 'fuzz-deal') },
    'DELETE /api/user-input-emission/': { body: { deal: { id: f.ids.activityLine } } },
    'POST /api/user-input-table-data': { body: { fiscalYear: 2022, scopeId: '1', scope2EmissionIntensityType: 'location' } },
    'POST /api/calculation-basis': { body: { fiscalYear: 2024, gwpSet: 'AR5', reason: 'fuzz' } },
    'POST /api/calculation-basis/preview': { body: { fiscalYear: 2024, gwpSet: 'AR5', lines } },
    'POST /api/calculate': { body: { fiscalYear: 2024, lines, explain: true } },
    'POST /api/company-factor-sets': { body: { setId: 'fz-new', title: { ja: 'fuzz', en: 'fuzz' }, publisher: 'p', citation: 'c', licence: 'l' } },
    'POST /api/company-factor-sets/:id/factors': { ...id(f.factorSetId), body: { key: 'fz.k2', label: { ja: 'x', en: 'x' }, value: 0.25, unit: 'kg-CO2e/kWh', validFrom: '2024-04-01' } },
    'DELETE /api/company-factor-sets/:id/factors/:key': { params: { id: f.factorSetId, key: 'fz.k0' } },
    'POST /api/import': { query: 'sourceType=standard&fileName=fuzz-upload.csv', file: { body: importCsv('fuzz-upload'), contentType: 'text/csv' } },
    'POST /api/import/rows': {
      body: { sourceType: 'standard', fileName: 'fuzz-rows', header: ['取引日', '伝票番号', '行番号', '内容', '取引数量', '単位', '社内部署', 'エネルギー種別'], rows: [['2025/6/1', 'FZR', 1, '軽油', 5, 'L', '経理部', '軽油']] },
    },
    'POST /api/import/confirm': { body: { uploadId: f.ids.upload, dryRun: true } },
    'POST /api/import/progress': { body: { uploadId: f.ids.upload } },
    'POST /api/import/undo': { body: { importId: f.ids.import } },
    'POST /api/import/reapply': { body: { importId: f.ids.import, dryRun: true } },
    'POST /api/import/rules': { body: { ...importRule, name: 'fuzz rule 2', conditions: [{ field: 'accountCode', value: '5999' }] } },
    'DELETE /api/import/rules': { body: { ruleId: f.ids.importRule } },
    'POST /api/export-emission-by-scope-data': { body: { targetYear: 2022, fileType: 'csv', selectedScopes: ['1', '3'] } },
    // No report is filed in the fixture: the pack of an unknown id is a 404, the shape is what is fuzzed.
    'POST /api/reports/audit-pack': { body: { reportId: '00000000-0000-4000-8000-000000000000' } },
    // The shapes of filing and of the base year (a made-up hash: refused as not the draft's, 409).
    'POST /api/reports/xlsx': { body: { fiscalYear: 2022 } },
    'POST /api/reports/energy/xlsx': { body: { fiscalYear: 2022 } },
    'POST /api/reports/shk/xlsx': { body: { fiscalYear: 2022 } },
    'POST /api/reports/file': { body: { fiscalYear: 2022, regime: 'ghgProtocol', position: '1', sha256: '0'.repeat(64), note: 'fuzz' } },
    'POST /api/base-year': { body: { baseYear: 2022, thresholdPercent: 5, position: '1', sha256: '0'.repeat(64) } },
    'POST /api/base-year/restate': { body: { position: '1', sha256: '0'.repeat(64), reason: 'error', note: 'fuzz' } },
    'POST /api/company-factor-sets/:id/upload': { ...id(f.factorSetId), body: { fileName: 'fuzz.csv', contentBase64: Buffer.from(FACTOR_CSV).toString('base64'), mode: 'merge' } },
  };
}
