import { expect, test, type APIRequestContext, type Locator } from '@playwright/test';
import { apiLogin, collectPageErrors, loggedInPage, messages, screenshot, settled } from './helpers';

/**
 * One activity line in each of three scope-3 categories, entered through the input pages' dialog:
 * category 1 spend-based, category 4 ton-km, category 6 travel days. Each line's CO2e is checked
 * against arithmetic done here from the factor the API gives (the setting's own value or the
 * library's published one); the recorded line is only a cross-check.
 */

const ja = messages('ja');
/**
 * The UK DESNZ 2025 freight factors are valid for activity from 2025-01-01 to 2025-12-31, so the
 * line is dated inside both that and fiscal year 2025 (April 2025 – March 2026).
 */
const FISCAL_YEAR = 2025;
const DATE = '2025-06-15';
const PINS = { 'uk-desnz': '2025', 'jp-moe-scdb': '2.5' } as const;

/** A number as the screens show it (react-intl, ja, at most 3 decimals). */
const kg = (n: number) => n.toLocaleString('ja-JP', { maximumFractionDigits: 3 });
const fill = (id: string, values: Record<string, string>) => Object.entries(values).reduce((text, [k, v]) => text.replace(`{${k}}`, v), ja[id]!);

type FactorValue = { value: number; unit: string; stage?: string };

function apiOf(request: APIRequestContext, token: string) {
  return async (method: 'GET' | 'POST' | 'DELETE', url: string, data?: unknown) => {
    const response = await request.fetch(url, { method, data, headers: { Authorization: `Bearer ${token}` } });
    expect(response.ok(), `${method} ${url}: ${await response.text()}`).toBeTruthy();
    return response.json();
  };
}
type Api = ReturnType<typeof apiOf>;

/** A published factor's values, from the library at the version the year pins. */
async function libraryFactor(api: Api, ref: string): Promise<FactorValue[]> {
  const setId = ref.slice(0, ref.indexOf(':'));
  const version = PINS[setId as keyof typeof PINS];
  const { emissionFactors } = await api('GET', `/api/emission-factors?set=${setId}&version=${version}&pageSize=500`);
  const found = (emissionFactors as { ref: string; values: FactorValue[] }[]).find((f) => f.ref === ref);
  expect(found, ref).toBeDefined();
  return found!.values;
}

interface Case {
  category: '31' | '34' | '36';
  formulaId: string;
  detail: Record<string, unknown>;
  /** Fills the dialog's deal and per-line fields. */
  enter: (dialog: Locator) => Promise<void>;
  /** The expected kg CO2e, worked out from the factor the API gives, and texts the preview's steps must show. */
  expect: (api: Api, settingDetail: Record<string, unknown>) => Promise<{ co2eKg: number; steps: string[] }>;
  /** Per-line fields (test id → value typed): shown on the expanded line and given back when it is changed. */
  own?: Record<string, string>;
}

const SPEND_JPY = 5_000_000;
const WEIGHT_T = 20;
const DISTANCE_KM = 500;
const TRAVELLERS = 4;
const DAYS = 3;

const cases: Case[] = [
  {
    // Category 1, purchased goods, spend-based: the setting names its own intensity (the library has no spend factor).
    category: '31',
    formulaId: 's3.1.spend',
    detail: { emissionIntensity: { value: 3.2, unit: 't-CO2e/百万円', label: 'E2E 例示値' } },
    enter: async (dialog) => {
      await dialog.getByTestId('line-item').fill('原材料(鋼材)');
      await dialog.getByTestId('line-amount').fill(SPEND_JPY.toLocaleString('en-US'));
      await dialog.getByTestId('line-currency').fill('JPY');
    },
    expect: async (_api, detail) => {
      const factor = detail.emissionIntensity as FactorValue;
      expect(factor.unit).toBe('t-CO2e/百万円');
      // 5,000,000 JPY = 5 百万円;  5 百万円 × 3.2 t-CO2e/百万円 = 16 t = 16,000 kg.
      const co2eKg = (SPEND_JPY / 1_000_000) * factor.value * 1000;
      return { co2eKg, steps: [`${SPEND_JPY} JPY × `] };
    },
  },
  {
    // Category 4, upstream transport, ton-km method with the UK DESNZ average-laden diesel HGV factor.
    category: '34',
    formulaId: 's3.4.tonkm',
    detail: { emissionIntensity: 'uk-desnz:freight.hgv.allDiesel.averageLaden' },
    enter: async (dialog) => {
      await dialog.getByTestId('line-item').fill('製品出荷');
      await dialog.getByTestId('line-field-weight').fill(String(WEIGHT_T));
      await dialog.getByTestId('line-field-distance').fill(String(DISTANCE_KM));
    },
    own: { 'line-field-weight': String(WEIGHT_T), 'line-field-distance': String(DISTANCE_KM) },
    expect: async (api, detail) => {
      const values = await libraryFactor(api, detail.emissionIntensity as string);
      const ttw = values.find((v) => v.stage === 'TTW')!;
      const wtt = values.find((v) => v.stage === 'WTT')!;
      expect([ttw.unit, wtt.unit]).toEqual(['kg-CO2e/tkm', 'kg-CO2e/tkm']);
      // 20 t × 500 km = 10,000 t·km;  transport counts well-to-wheel: 10,000 t·km × (0.10163 TTW + 0.02359 WTT) kg-CO2e/t·km = 1,252.2 kg.
      const tkm = WEIGHT_T * DISTANCE_KM;
      const co2eKg = tkm * ttw.value + tkm * wtt.value;
      return { co2eKg, steps: [`${kg(tkm)} t·km`, `${tkm} t·km × `] };
    },
  },
  {
    // Category 6, business travel by travel days: the travel type picks the supply-chain DB factor (domestic, with stay).
    category: '36',
    formulaId: 's3.6.travel-days',
    detail: { travelType: 'domesticStay' },
    enter: async (dialog) => {
      await dialog.getByTestId('line-field-travellers').fill(String(TRAVELLERS));
      await dialog.getByTestId('line-field-days').fill(String(DAYS));
    },
    own: { 'line-field-travellers': String(TRAVELLERS), 'line-field-days': String(DAYS) },
    expect: async (api) => {
      const [factor] = await libraryFactor(api, 'jp-moe-scdb:businessTravel.domesticStay');
      expect(factor!.unit).toBe('t-CO2e/person_day');
      // 4 travellers × 3 days = 12 person-days;  12 × 0.027 t-CO2e/person-day = 0.324 t = 324 kg.
      const personDays = TRAVELLERS * DAYS;
      const co2eKg = personDays * factor!.value * 1000;
      return { co2eKg, steps: [`${personDays} person·day`] };
    },
  },
];

test.describe('scope-3 activity lines', () => {
  for (const c of cases) {
    test(`category ${c.category.slice(1)} (${c.formulaId}): a line entered in the dialog carries the CO2e worked out from its factor`, async ({ page }) => {
      const errors = collectPageErrors(page);
      const token = await apiLogin(page.request);
      const api = apiOf(page.request, token);

      // The year's basis fixed, with the factor sets the lines use pinned.
      const basis = (await api('GET', `/api/calculation-basis?fiscalYear=${FISCAL_YEAR}`)).calculationBasis;
      if (basis.isDefault) await api('POST', '/api/calculation-basis', { fiscalYear: FISCAL_YEAR });
      const fixed = (await api('GET', `/api/calculation-basis?fiscalYear=${FISCAL_YEAR}`)).calculationBasis;
      expect(fixed.isDefault).toBe(false);
      for (const [setId, version] of Object.entries(PINS)) expect(fixed.factorSets[setId], setId).toBe(version);

      // A section of this test's own, and the category's setting in it, through the API.
      const name = `E2E-S3-${c.category}-${Date.now().toString(36)}`;
      const section = (await api('POST', '/api/company-section', { section: { name } })).companySection.id as string;
      try {
        const created = await api('POST', '/api/create-scope-settings', {
          scopeSettings: [{ scopeCategory: c.category, formulaId: c.formulaId, section, detail: c.detail, dealId: null }],
        });
        const settingId = created.scopeSettings[0].id as string;
        const stored = ((await api('GET', `/api/scope-setting?scopeId=${c.category}`)).scopeSettings as { id: string; detail: Record<string, unknown> }[]).find((s) => s.id === settingId);
        expect(stored).toBeDefined();
        const expected = await c.expect(api, stored!.detail);

        await loggedInPage(page);
        await page.goto(`/emission/input/${c.category}`);
        await settled(page);
        await expect(page.getByTestId('page-title')).toContainText(ja[`scope.category.${c.category}`]!.split('：')[0]!);
        await page.getByTestId('fiscal-year-selector').selectOption(String(FISCAL_YEAR));
        await settled(page);
        await page.getByTestId('line-add').click();
        const dialog = page.getByTestId('line-dialog');
        await dialog.getByTestId('line-setting').selectOption(settingId);
        await dialog.getByTestId('line-date').fill(DATE);
        await c.enter(dialog);

        const preview = dialog.getByTestId('line-preview');
        await expect(preview.getByTestId('line-preview-co2e')).toHaveText(fill('activityInput.kgCo2e', { value: kg(expected.co2eKg) }));
        const steps = preview.getByTestId('line-preview-steps');
        for (const text of expected.steps) await expect(steps).toContainText(text);
        await expect(steps.locator('tr').last()).toContainText(`${kg(expected.co2eKg)} kg-CO2e`);
        await preview.scrollIntoViewIfNeeded();
        await screenshot(page, `activity-scope3-${c.category}-dialog`, 'ja');
        await dialog.getByTestId('line-save').click();
        await expect(dialog).toHaveCount(0);

        const row = page.getByTestId('line-row').filter({ hasText: name });
        await expect(row).toHaveCount(1);
        await expect(row).toContainText(DATE);
        await expect(row.getByTestId('line-co2e')).toHaveText(kg(expected.co2eKg));
        // The table's filter finds it by its section alone.
        await page.getByTestId('line-filter').fill(name);
        await expect(page.getByTestId('line-row')).toHaveCount(1);
        await expect(page.getByTestId('line-row').getByTestId('line-co2e')).toHaveText(kg(expected.co2eKg));
        await screenshot(page, `activity-scope3-${c.category}`, 'ja');
        if (c.own) {
          // The line's own fields are on it, and changing it starts from them.
          await row.getByTestId('line-expand').click();
          for (const value of Object.values(c.own)) await expect(page.getByTestId('line-own-fields')).toContainText(value);
          await row.getByTestId('line-edit').click();
          for (const [testId, value] of Object.entries(c.own)) await expect(dialog.getByTestId(testId)).toHaveValue(value);
          await expect(preview.getByTestId('line-preview-co2e')).toHaveText(fill('activityInput.kgCo2e', { value: kg(expected.co2eKg) }));
          await page.keyboard.press('Escape');
          await expect(dialog).toHaveCount(0);
        }

        // Cross-check: the line as recorded, read back from the ledger.
        const { lines } = await api('POST', '/api/user-input-table-data', { fiscalYear: FISCAL_YEAR, scopeId: c.category, sectionId: section });
        expect(lines).toHaveLength(1);
        expect(lines[0].co2eKg).toBeCloseTo(expected.co2eKg, 6);
        expect(errors).toEqual([]);
      } finally {
        const { lines } = await api('POST', '/api/user-input-table-data', { fiscalYear: FISCAL_YEAR, scopeId: c.category, sectionId: section });
        for (const line of lines as { dealId: string; scopeSettingId: string }[]) {
          await api('DELETE', '/api/user-input-emission/', { deal: { id: line.dealId }, scopeSetting: { id: line.scopeSettingId } });
        }
        const { scopeSettings } = await api('GET', `/api/scope-setting?scopeId=${c.category}`);
        for (const s of (scopeSettings as { id: string; section: string }[]).filter((x) => x.section === section)) await api('DELETE', `/api/scope-setting/${s.id}`, {});
        await api('DELETE', `/api/company-section/${section}`);
      }
    });
  }
});
