import { randomUUID } from 'node:crypto';
import type { EventMetadata, EventStore, JsonValue, ScopeSettingCategory } from '@ghg/events';
import {
  activityLineProblem,
  activityLinesDecider,
  activityLineStreamId,
  calculationBasisDecider,
  calculationBasisStreamId,
  defaultBasis,
  fiscalYearDates,
  fiscalYearOf,
  foldRecorded,
  scopeSettingsDecider,
  scopeSettingStreamId,
  SHIPPED_FACTOR_SETS,
  SHIPPED_LIBRARY,
  splitRef,
  type ActivityLineCommand,
  type CalculationBasis,
  type Decider,
  type Deal,
  type EmissionEntry,
  type FactorSetPins,
  type LineBasis,
  type LineScopeSetting,
  type SectionFacts,
} from '@ghg/domain';
import { executeCommand, Refusal, toNewEvent } from '@ghg/command-api';

/**
 * Three fiscal years of activity for a demo company — the current fiscal year (its months up to
 * the last complete one) and the two before it — written through the same deciders as the API's
 * commands: a calculation basis per year (when the year has none), one scope setting per kind of
 * activity, and one activity line per kind and month, calculated when recorded. Values come from a
 * pseudo-random sequence with a fixed seed per company, kind, year and month, so a company seeded
 * twice in the same month gets the same numbers.
 */

/** The factor-set versions every seeded year pins: the sets the seeded settings refer to. */
export const DEMO_FACTOR_PINS: FactorSetPins = {
  'jp-moe-scdb': '2.5',
  'jp-shk': '2024',
  'jp-shk-electricity-suppliers': 'FY2023',
  'uk-desnz': '2025',
  'us-epa-hub': '2024',
};

/** Years seeded: the current fiscal year and the two before it. */
export const DEMO_ACTIVITY_YEARS = 3;

type Detail = Record<string, JsonValue>;

/** A month's values of one kind: the deal's count or amount and the line's own detail. */
interface MonthValues {
  count?: number;
  countUnit?: string;
  amount?: number;
  currency?: string;
  detail?: Detail;
}

export interface ActivityKind {
  key: string;
  scopeCategory: ScopeSettingCategory;
  formulaId: string;
  /** The section's name in the company's tree. */
  section: string;
  detail: Detail;
  /**
   * The detail fields holding a library factor ('<set>:<key>'). In a fiscal year outside that
   * factor's validity the line carries the same published value as its own factor, labelled as
   * carried forward, as a user does when the library has no newer value.
   */
  factorFields?: readonly string[];
  item?: string;
  client?: string;
  /** Detail fields that add up over months (a line of a quarter holds three months of them). */
  additive?: readonly string[];
  /** One month's values; `r` is uniform in [0, 1), `season` is 1 on average, higher in summer and winter. */
  month: (r: number, season: number) => MonthValues;
}

export interface DemoActivityProfile {
  /** 1: a line per month; 3: a line per quarter, dated its last day. */
  monthsPerLine: 1 | 3;
  kinds: readonly ActivityKind[];
}

const between = (r: number, low: number, high: number, step = 1) => Math.round((low + r * (high - low)) / step) * step;

/** The SHK table of 2006 is the only diesel value of the library; its validity ends before the years seeded. */
const SHK_DIESEL = 'jp-shk:fuel.diesel@legacy';

/** A Japanese site: fuel, city gas, electricity on both bases, purchases, transport, waste, travel, commuting, water. */
function japaneseSite(sections: { fuel: string; gas: string; power: string; purchases: string; transport: string; waste: string; travel: string; commuting: string; water: string }, scale: { fuel: number; other: number; employees: number }): ActivityKind[] {
  const s = scale.other;
  const power = (r: number, season: number) => Math.round((between(r, 40_000, 90_000) * season * s) / 10) * 10;
  return [
    { key: 'diesel', scopeCategory: '1', formulaId: 's1.fuel', section: sections.fuel, item: '軽油', detail: { fuel: '軽油', emissionIntensity: SHK_DIESEL }, factorFields: ['emissionIntensity'], month: (r) => ({ count: between(r, 800, 1_500, 10) * scale.fuel, countUnit: 'L' }) },
    { key: 'cityGas', scopeCategory: '1', formulaId: 's1.fuel', section: sections.gas, item: '都市ガス', detail: { fuel: '都市ガス', emissionIntensity: 'jp-shk:fuel.cityGas' }, factorFields: ['emissionIntensity'], month: (r, season) => ({ count: Math.round(between(r, 6_000, 12_000, 10) * season * s), countUnit: 'm3' }) },
    {
      key: 'power',
      scopeCategory: '2',
      formulaId: 's2.market',
      section: sections.power,
      item: '電気',
      client: '四国電力 メニューC',
      // One meter reading on both bases: the supplier's menu (market) and the grid average (location).
      // The library has no grid-average factor: the setting names the value, as the API's users do.
      detail: {
        energyType: '電気',
        supplier: '四国電力 メニューC',
        emissionIntensity: 'jp-shk-electricity-suppliers:shikoku.menuC',
        gridEmissionIntensity: { value: 0.434, unit: 'kg-CO2/kWh', label: '全国平均係数(例示値)' },
      },
      factorFields: ['emissionIntensity'],
      additive: ['certificates'],
      // Non-fossil certificates bought for about a fifth of it (they reduce the market figure only).
      month: (r, season) => {
        const value = power(r, season);
        return { count: value, countUnit: 'kWh', detail: { certificates: Math.round((value * (0.15 + r * 0.1)) / 100) * 100 } };
      },
    },
    {
      key: 'purchases',
      scopeCategory: '31',
      formulaId: 's3.1.spend',
      section: sections.purchases,
      item: '原材料(鋼材)',
      // The library has no spend-based factor: the setting names an illustrative one.
      detail: { name: '原材料(鋼材)', emissionIntensity: { value: 3.2, unit: 't-CO2e/百万円', label: '産業連関表ベース(例示値)' } },
      month: (r) => ({ amount: between(r, 15_000_000, 40_000_000, 1_000) * s, currency: 'JPY' }),
    },
    { key: 'transport', scopeCategory: '34', formulaId: 's3.4.tonkm', section: sections.transport, item: '製品出荷', detail: { cargo: '製品出荷', emissionIntensity: 'uk-desnz:freight.hgv.allDiesel.averageLaden' }, factorFields: ['emissionIntensity'], additive: ['freight'], month: (r) => { const tkm = between(r, 30_000, 60_000, 100) * scale.fuel; return { count: tkm, countUnit: 'tkm', detail: { freight: tkm } }; } },
    { key: 'waste', scopeCategory: '35', formulaId: 's3.5.waste', section: sections.waste, item: '産業廃棄物(埋立)', detail: { name: '産業廃棄物(埋立)', emissionIntensity: 'uk-desnz:waste.commercialIndustrial.landfill' }, factorFields: ['emissionIntensity'], month: (r) => ({ count: between(r, 4, 12, 0.1) * s, countUnit: 't' }) },
    { key: 'travel', scopeCategory: '36', formulaId: 's3.6.travel-days', section: sections.travel, item: '国内出張(宿泊)', detail: { travelType: 'domesticStay' }, additive: ['travellers'], month: (r) => ({ detail: { travellers: Math.max(1, Math.round(between(r, 6, 20) * s)), days: r < 0.5 ? 2 : 3 } }) },
    { key: 'commuting', scopeCategory: '37', formulaId: 's3.7.distance', section: sections.commuting, item: '通勤(鉄道)', detail: { mode: 'rail', distance: 14 }, additive: ['businessDays'], month: (r) => ({ detail: { employees: scale.employees, businessDays: between(r, 19, 22) } }) },
    {
      key: 'water',
      scopeCategory: 'water',
      formulaId: 'water.supply-treatment',
      section: sections.water,
      item: '上水・下水',
      detail: { site: sections.water, supplyIntensity: 'uk-desnz:water.supply', treatmentIntensity: 'uk-desnz:water.treatment' },
      factorFields: ['supplyIntensity', 'treatmentIntensity'],
      additive: ['supplyVolume', 'treatmentVolume'],
      month: (r) => {
        const supply = Math.round(between(r, 1_500, 3_000, 10) * s);
        return { count: supply, countUnit: 'm3', detail: { supplyVolume: supply, treatmentVolume: Math.round(supply * 0.9) } };
      },
    },
  ];
}

/** The demo manufacturer: two plants, two head-office departments. */
export const MANUFACTURING_ACTIVITY: DemoActivityProfile = {
  monthsPerLine: 1,
  kinds: japaneseSite(
    { fuel: '第一工場', gas: '第二工場', power: '第一工場', purchases: '製造本部', transport: '製造本部', waste: '第二工場', travel: '管理本部', commuting: '総務部', water: '第一工場' },
    { fuel: 1, other: 1, employees: 180 },
  ),
};

/** The demo logistics company, quarterly: trucks burn more diesel, the warehouse less of everything else. */
export const LOGISTICS_ACTIVITY: DemoActivityProfile = {
  monthsPerLine: 3,
  kinds: japaneseSite(
    { fuel: '輸送部', gas: '倉庫部', power: '倉庫部', purchases: '全社', transport: '輸送部', waste: '倉庫部', travel: '全社', commuting: '全社', water: '倉庫部' },
    { fuel: 3, other: 0.4, employees: 90 },
  ),
};

/** The demo US plant, quarterly, in US units and with US EPA factors where the library has them. */
export const US_PLANT_ACTIVITY: DemoActivityProfile = {
  monthsPerLine: 3,
  kinds: [
    { key: 'diesel', scopeCategory: '1', formulaId: 's1.fuel', section: 'Ohio Plant', item: 'Diesel', detail: { fuel: 'Diesel (forklifts, generator)', emissionIntensity: 'us-epa-hub:stationary.distillateNo2' }, factorFields: ['emissionIntensity'], month: (r) => ({ count: between(r, 250, 400), countUnit: 'gal' }) },
    { key: 'naturalGas', scopeCategory: '1', formulaId: 's1.fuel', section: 'Ohio Plant', item: 'Natural gas', detail: { fuel: 'Natural gas', emissionIntensity: 'us-epa-hub:stationary.naturalGas' }, factorFields: ['emissionIntensity'], month: (r, season) => ({ count: Math.round(between(r, 900, 1_600) * season), countUnit: 'MMBtu' }) },
    {
      key: 'powerLocation',
      scopeCategory: '2',
      formulaId: 's2.location',
      section: 'Ohio Plant',
      item: 'Electricity',
      client: 'AEP Ohio',
      detail: { energyType: 'Electricity', emissionIntensity: { value: 0.37, unit: 'kg-CO2e/kWh', label: 'US grid average (illustrative)' } },
      month: (r, season) => ({ count: Math.round(between(r, 40_000, 70_000, 10) * season), countUnit: 'kWh' }),
    },
    { key: 'transport', scopeCategory: '34', formulaId: 's3.4.tonkm', section: 'Ohio Plant', item: 'Outbound freight', detail: { cargo: 'Finished goods', emissionIntensity: 'uk-desnz:freight.hgv.allDiesel.averageLaden' }, factorFields: ['emissionIntensity'], additive: ['freight'], month: (r) => { const tkm = between(r, 20_000, 45_000, 100); return { count: tkm, countUnit: 'tkm', detail: { freight: tkm } }; } },
    { key: 'waste', scopeCategory: '35', formulaId: 's3.5.waste', section: 'Ohio Plant', item: 'Mixed industrial waste', detail: { name: 'Mixed industrial waste', emissionIntensity: 'uk-desnz:waste.commercialIndustrial.landfill' }, factorFields: ['emissionIntensity'], month: (r) => ({ count: between(r, 3, 8, 0.1), countUnit: 't' }) },
    { key: 'flights', scopeCategory: '36', formulaId: 's3.6.passenger-km', section: '全社', item: 'Flights, short-haul economy', detail: { mode: 'flight, short-haul economy', emissionIntensity: 'uk-desnz:travel.flight.shortHaul.economy.withRF' }, factorFields: ['emissionIntensity'], month: (r) => ({ count: between(r, 8_000, 20_000, 100), countUnit: 'pkm' }) },
    {
      key: 'water',
      scopeCategory: 'water',
      formulaId: 'water.supply-treatment',
      section: 'Ohio Plant',
      item: 'Water and wastewater',
      detail: { site: 'Ohio Plant', supplyIntensity: 'uk-desnz:water.supply', treatmentIntensity: 'uk-desnz:water.treatment' },
      factorFields: ['supplyIntensity', 'treatmentIntensity'],
      additive: ['supplyVolume', 'treatmentVolume'],
      month: (r) => {
        const supply = between(r, 800, 1_600, 10);
        return { count: supply, countUnit: 'm3', detail: { supplyVolume: supply, treatmentVolume: Math.round(supply * 0.85) } };
      },
    },
  ],
};

const round = (x: number) => Math.round(x * 1000) / 1000;

/** A month's values as `n` months': counts, amounts and additive detail fields times `n`. */
function times(values: MonthValues, n: number, additive: readonly string[]): MonthValues {
  if (n === 1) return values;
  const detail = Object.fromEntries(Object.entries(values.detail ?? {}).map(([key, v]) => [key, typeof v === 'number' && additive.includes(key) ? round(v * n) : v]));
  return { ...values, ...(values.count === undefined ? {} : { count: round(values.count * n) }), ...(values.amount === undefined ? {} : { amount: round(values.amount * n) }), detail };
}

/** mulberry32: a small deterministic generator, uniform in [0, 1). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const hash = (text: string) => [...text].reduce((h, ch) => (Math.imul(h, 31) + ch.charCodeAt(0)) >>> 0, 7);

/** 1 on average over a year; about +15 % in August and February (cooling and heating), less in spring and autumn. */
const seasonOf = (calendarMonth: number) => 1 + 0.15 * Math.cos(((calendarMonth - 2) * Math.PI) / 3);

/** The library entry of '<set>:<key>' (at the demo pins, or at '@<version>'), with its validity. */
function libraryEntry(ref: string): { entry: EmissionEntry; valid: { from?: string; to?: string } | undefined; setId: string; version: string } | null {
  const [plain, at] = ref.split('@') as [string, string | undefined];
  const parts = splitRef(plain);
  if (!parts) return null;
  const version = at ?? DEMO_FACTOR_PINS[parts.setId];
  const set = version === undefined ? undefined : SHIPPED_LIBRARY.get(parts.setId, version);
  const entry = set ? SHIPPED_LIBRARY.entry(set, parts.key) : undefined;
  if (!set || !entry || entry.kind !== 'emission') return null;
  return { entry, valid: entry.valid ?? set.valid, setId: set.id, version: set.version };
}

/**
 * A detail value naming a library factor, as a line of `fiscalYear` may use it: the reference
 * itself while the factor's validity overlaps the year (and its set is pinned at that version),
 * else its published value entered as the line's own factor, labelled with where it came from.
 */
function factorFor(value: JsonValue | undefined, fiscalYear: number, startMonth: number): JsonValue | undefined {
  if (typeof value !== 'string') return undefined;
  const found = libraryEntry(value);
  if (!found) return undefined;
  const { from, to } = fiscalYearDates(fiscalYear, startMonth);
  const valid = found.valid;
  const pinned = DEMO_FACTOR_PINS[found.setId] === found.version && !value.includes('@');
  if (pinned && (!valid || ((valid.from === undefined || valid.from <= to) && (valid.to === undefined || valid.to >= from)))) return value;
  // Transport factors publish tank-to-wheel and well-to-tank parts: the line carries the tank-to-wheel part, as the reference is calculated.
  const component = found.entry.components.find((c) => c.stage !== 'WTT') ?? found.entry.components[0]!;
  return { value: component.value, unit: component.unit, label: `${found.setId} ${found.version} ${found.entry.key} (carried forward)` };
}

/**
 * A command on a stream named by a fresh id, as executeCommand runs it but without reading the
 * stream first: decided on the decider's initial state and appended only if the stream does not
 * exist yet (the store refuses it otherwise).
 */
async function appendToNewStream<C, E extends { type: string; data: unknown }, S, Err extends string>(eventStore: EventStore, streamId: string, decider: Decider<C, E, S, Err>, command: C, metadata: EventMetadata): Promise<void> {
  const decision = decider.decide(command, decider.initialState());
  if (!decision.ok) throw new Refusal(decision.error);
  await eventStore.appendToStream(streamId, decision.events.map((e) => toNewEvent(e, metadata)), { expectedVersion: 'no_stream' });
}

export interface DemoActivityCompany {
  companyId: string;
  sectionIds: ReadonlyMap<string, string>;
  startMonth: number;
  profile: DemoActivityProfile;
}

/** Lines recorded per fiscal year and category, for the start banner and the tests. */
export type DemoActivitySummary = Map<number, Map<ScopeSettingCategory, number>>;

/** Writes a company's bases, scope settings and lines; returns how many lines each year and category got. */
export async function seedDemoActivity(eventStore: EventStore, company: DemoActivityCompany, meta: (companyId: string | null) => EventMetadata, now: Date): Promise<DemoActivitySummary> {
  const { companyId, startMonth } = company;
  const metadata = meta(companyId);
  const sections: SectionFacts = { sectionIds: [...company.sectionIds.values()], permittedSectionIds: null };
  const current = fiscalYearOf(now, startMonth);
  const today = now.toISOString().slice(0, 10);
  const available: Record<string, string[]> = {};
  for (const s of SHIPPED_FACTOR_SETS) (available[s.id] ??= []).push(s.version);

  const bases = new Map<number, CalculationBasis>();
  for (let fiscalYear = current - DEMO_ACTIVITY_YEARS + 1; fiscalYear <= current; fiscalYear++) {
    const streamId = calculationBasisStreamId(companyId, fiscalYear);
    let basis = foldRecorded(calculationBasisDecider, await eventStore.readStream(streamId)).years.get(fiscalYear);
    if (!basis) {
      const outcome = await executeCommand(
        eventStore,
        streamId,
        calculationBasisDecider,
        { type: 'SetCalculationBasis', companyId, fiscalYear, newId: randomUUID(), gwpSet: 'AR6', factorSets: DEMO_FACTOR_PINS, expectedVersion: -1, available, defaults: defaultBasis(fiscalYear, SHIPPED_FACTOR_SETS, startMonth) },
        metadata,
      );
      basis = outcome.state.years.get(fiscalYear);
    }
    if (basis) bases.set(fiscalYear, basis);
  }

  const summary: DemoActivitySummary = new Map();
  for (const kind of company.profile.kinds) {
    const section = company.sectionIds.get(kind.section);
    if (!section) throw new Error(`demo activity: no section ${kind.section}`);
    const settingId = randomUUID();
    // The setting holds the values a line of the latest complete year uses.
    const settingDetail: Detail = { ...kind.detail };
    for (const field of kind.factorFields ?? []) settingDetail[field] = factorFor(kind.detail[field], current - 1, startMonth) ?? kind.detail[field]!;
    const setting: LineScopeSetting = { id: settingId, scopeCategory: kind.scopeCategory, formulaId: kind.formulaId, section, detail: settingDetail };
    await appendToNewStream(eventStore, scopeSettingStreamId(companyId, settingId), scopeSettingsDecider, { type: 'SaveScopeSetting', mode: 'create', ...setting, companyId, dealId: null, sections }, metadata);

    for (const [fiscalYear, stored] of bases) {
      const basis: LineBasis = {
        fiscalYear,
        version: stored.version,
        context: { factorSets: stored.factorSets, gwpSet: stored.gwpSet, fiscalYear, fiscalYearStartMonth: startMonth, currencyRates: [], customFactorSets: [], explain: false },
      };
      const next = random(hash(`${kind.key}:${kind.section}:${fiscalYear}`));
      const n = company.profile.monthsPerLine;
      for (let m = 0; m < 12; m += n) {
        const calendarMonth = ((startMonth - 1 + m + n - 1) % 12) + 1;
        const year = fiscalYear + (calendarMonth < startMonth ? 1 : 0);
        const lastDay = new Date(Date.UTC(year, calendarMonth, 0)).getUTCDate();
        const occurrenceDate = `${year}-${String(calendarMonth).padStart(2, '0')}-${String(lastDay).padStart(2, '0')}`;
        const r = next();
        // Periods not yet over have no invoice.
        if (occurrenceDate >= today) break;
        const values = times(kind.month(r, seasonOf(calendarMonth - (n - 1) / 2)), n, kind.additive ?? []);
        const lineDetail: Detail = { ...values.detail };
        for (const field of kind.factorFields ?? []) {
          const own = factorFor(kind.detail[field], fiscalYear, startMonth);
          if (own !== undefined && JSON.stringify(own) !== JSON.stringify(settingDetail[field])) lineDetail[field] = own;
        }
        const deal: Deal = {
          id: randomUUID(),
          count: values.count ?? null,
          countUnit: values.countUnit ?? null,
          amount: values.amount ?? null,
          currency: values.currency ?? null,
          occurrenceDate,
          item: kind.item ?? null,
          client: kind.client ?? null,
        };
        const command: ActivityLineCommand = { type: 'RecordActivityLine', companyId, deal, scopeSetting: setting, scopeSettingDetail: lineDetail, startMonth, basis, sections };
        // A refused line names its kind, date and field: the seed's table no longer fits the engine or the library.
        const problem = activityLineProblem(command, activityLinesDecider.initialState());
        if (problem) throw new Error(`demo activity ${kind.key} ${occurrenceDate}: ${problem.error} (${problem.field})`);
        await appendToNewStream(eventStore, activityLineStreamId(companyId, deal.id), activityLinesDecider, command, metadata);
        const counts = summary.get(fiscalYear) ?? new Map<ScopeSettingCategory, number>();
        counts.set(kind.scopeCategory, (counts.get(kind.scopeCategory) ?? 0) + 1);
        summary.set(fiscalYear, counts);
      }
    }
  }
  return summary;
}
