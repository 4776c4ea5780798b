import { randomUUID } from 'node:crypto';
import type { EventMetadata, EventStore, JsonValue, NewEvent, ScopeSettingCategory } from '@ghg/events';
import { activityLinesDecider, activityLineStreamId, type Deal, type LineBasis, type LineScopeSetting, type SectionFacts } from '@ghg/domain';
import { toNewEvent } from '@ghg/command-api';
import { createPostgresEventStore, type Database } from '@ghg/eventstore';
import { freshPglite, freshPostgres } from '@ghg/eventstore/testing';

/**
 * Activity lines for the ledger benchmarks, written as the demo seed writes them: each line
 * decided by the activity-line decider on a fresh stream (so calculated when recorded) and
 * appended with `no_stream`, without reading the stream first. Factors are the settings' own
 * values, so any fiscal year calculates without depending on the library's validity dates.
 */

export const BENCH_START_MONTH = 4;
/** Five fiscal years of lines. */
export const BENCH_YEARS = [2021, 2022, 2023, 2024, 2025] as const;

type Detail = Record<string, JsonValue>;

interface BenchKind {
  key: string;
  scopeCategory: ScopeSettingCategory;
  formulaId: string;
  detail: Detail;
  /** The deal's values and the line's own detail for a uniform `r` in [0, 1). */
  line: (r: number) => { deal: Partial<Deal>; detail?: Detail };
}

/** Six kinds of activity over scopes 1, 2 (both bases), 3 and water. */
export const BENCH_KINDS: readonly BenchKind[] = [
  { key: 'diesel', scopeCategory: '1', formulaId: 's1.fuel', detail: { fuel: '軽油', emissionIntensity: { value: 2.58, unit: 'kg-CO2/L' } }, line: (r) => ({ deal: { count: 800 + Math.round(r * 700), countUnit: 'L', item: '軽油' } }) },
  { key: 'powerLocation', scopeCategory: '2', formulaId: 's2.location', detail: { energyType: '電気', emissionIntensity: { value: 0.434, unit: 'kg-CO2/kWh' } }, line: (r) => ({ deal: { count: 40_000 + Math.round(r * 50_000), countUnit: 'kWh', item: '電気' } }) },
  {
    key: 'powerMarket',
    scopeCategory: '2',
    formulaId: 's2.market',
    detail: { energyType: '電気', supplier: '電力会社 メニューC', emissionIntensity: { value: 0.464, unit: 'kg-CO2/kWh' } },
    line: (r) => {
      const kwh = 40_000 + Math.round(r * 50_000);
      return { deal: { count: kwh, countUnit: 'kWh', item: '電気' }, detail: { certificates: Math.round(kwh * 0.2) } };
    },
  },
  { key: 'purchases', scopeCategory: '31', formulaId: 's3.1.spend', detail: { name: '原材料', emissionIntensity: { value: 3.2, unit: 't-CO2e/百万円' } }, line: (r) => ({ deal: { amount: 15_000_000 + Math.round(r * 25_000) * 1000, currency: 'JPY', item: '原材料' } }) },
  { key: 'waste', scopeCategory: '35', formulaId: 's3.5.waste', detail: { name: '産業廃棄物(埋立)', emissionIntensity: { value: 520.5327, unit: 'kg-CO2e/t' } }, line: (r) => ({ deal: { count: 4 + Math.round(r * 80) / 10, countUnit: 't', item: '産業廃棄物' } }) },
  {
    key: 'water',
    scopeCategory: 'water',
    formulaId: 'water.supply-treatment',
    detail: { site: '工場', supplyIntensity: { value: 0.1913, unit: 'kg-CO2e/m3' }, treatmentIntensity: { value: 0.17088, unit: 'kg-CO2e/m3' } },
    line: (r) => {
      const m3 = 1500 + Math.round(r * 1500);
      return { deal: { count: m3, countUnit: 'm3', item: '上水・下水' }, detail: { supplyVolume: m3, treatmentVolume: Math.round(m3 * 0.9) } };
    },
  },
];

export interface LineCompany {
  companyId: string;
  tenantId: string;
  /** Sections the company's settings are spread over (at least one). */
  sectionIds: readonly string[];
}

/**
 * The scope settings a company's lines use: one per kind, on its sections in turn; or, with
 * `everySection`, one per kind on each of its sections (section-major: setting k + kinds × s is
 * kind k on section s), so that its lines spread over every section.
 */
export function benchSettings(company: LineCompany, opts: { everySection?: boolean } = {}): LineScopeSetting[] {
  if (opts.everySection) {
    return company.sectionIds.flatMap((section, s) => BENCH_KINDS.map((k) => ({ id: `bench-${k.key}-${s}`, scopeCategory: k.scopeCategory, formulaId: k.formulaId, section, detail: k.detail })));
  }
  return BENCH_KINDS.map((k, i) => ({ id: `bench-${k.key}`, scopeCategory: k.scopeCategory, formulaId: k.formulaId, section: company.sectionIds[i % company.sectionIds.length]!, detail: k.detail }));
}

export function benchBasis(fiscalYear: number): LineBasis {
  return {
    fiscalYear,
    version: 0,
    context: { factorSets: {}, gwpSet: 'AR6', fiscalYear, fiscalYearStartMonth: BENCH_START_MONTH, currencyRates: [], customFactorSets: [], explain: false },
  };
}

/** mulberry32 of the line's number: the same values on every run. */
function uniform(seed: number): number {
  let t = (seed + 0x6d2b79f5) >>> 0;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

/** The `n`-th line of a company's fiscal year: kinds in turn, spread over the twelve months and the days. */
export function benchDeal(fiscalYear: number, n: number): { kind: number; deal: Deal; detail: Detail } {
  const kind = n % BENCH_KINDS.length;
  const month = Math.floor(n / BENCH_KINDS.length) % 12;
  const day = (Math.floor(n / (BENCH_KINDS.length * 12)) % 28) + 1;
  const calendarMonth = ((BENCH_START_MONTH - 1 + month) % 12) + 1;
  const year = fiscalYear + (calendarMonth < BENCH_START_MONTH ? 1 : 0);
  const values = BENCH_KINDS[kind]!.line(uniform(n * 7919 + fiscalYear));
  const deal: Deal = {
    id: randomUUID(),
    count: null,
    countUnit: null,
    amount: null,
    currency: null,
    occurrenceDate: `${year}-${String(calendarMonth).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
    item: null,
    client: null,
    ...values.deal,
  };
  return { kind, deal, detail: values.detail ?? {} };
}

export function benchMetadata(company: LineCompany): EventMetadata {
  return { actorUserId: 'user-bench', companyId: company.companyId, tenantId: company.tenantId, correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() };
}

/** The stream and event of one new line, decided (calculated) as a command would. */
export function decideLine(company: LineCompany, settings: readonly LineScopeSetting[], fiscalYear: number, n: number): { streamId: string; events: NewEvent[] } {
  const { kind, deal, detail } = benchDeal(fiscalYear, n);
  const sectionFacts: SectionFacts = { sectionIds: [...company.sectionIds], permittedSectionIds: null };
  // One setting per kind: it is the kind's. One per kind and section: the section changes after
  // every kind × month (n / 72), so each section sees every kind in every month.
  const perKind = BENCH_KINDS.length;
  const sections = settings.length / perKind;
  const setting = settings[kind + perKind * (Math.floor(n / (perKind * 12)) % sections)]!;
  const decision = activityLinesDecider.decide(
    { type: 'RecordActivityLine', companyId: company.companyId, deal, scopeSetting: setting, scopeSettingDetail: detail, startMonth: BENCH_START_MONTH, basis: benchBasis(fiscalYear), sections: sectionFacts },
    activityLinesDecider.initialState(),
  );
  if (!decision.ok) throw new Error(`bench line ${BENCH_KINDS[kind]!.key} ${deal.occurrenceDate}: ${decision.error}`);
  const metadata = benchMetadata(company);
  return { streamId: activityLineStreamId(company.companyId, deal.id), events: decision.events.map((e) => toNewEvent(e, metadata)) };
}

export interface AppendedLines {
  lines: number;
  seconds: number;
  /** Of which deciding (calculating and validating) the lines. */
  decideSeconds: number;
}

/**
 * Appends `total` lines spread evenly over `companies` × `years` (line j to cell j mod cells), in
 * chunks appended concurrently (the store groups concurrent appends into shared transactions); the
 * next chunk is decided while the previous one is being appended. `startAt` continues an earlier
 * call's numbering (its `total`), so lines added in steps spread as one call's would.
 * `everySection`: the lines spread over every section of their company (see `benchSettings`).
 */
export async function appendLines(
  store: EventStore,
  companies: readonly LineCompany[],
  years: readonly number[],
  total: number,
  opts: { chunk?: number; onProgress?: (done: number) => void; startAt?: number; everySection?: boolean } = {},
): Promise<AppendedLines> {
  const chunk = opts.chunk ?? 4000;
  const settings = companies.map((c) => benchSettings(c, { everySection: opts.everySection ?? false }));
  const cells = companies.length * years.length;
  const first = opts.startAt ?? 0;
  const end = first + total;
  const started = performance.now();
  let decideMs = 0;
  let inFlight: Promise<unknown> | null = null;
  for (let from = first; from < end; from += chunk) {
    const t0 = performance.now();
    const batch: { streamId: string; events: NewEvent[] }[] = [];
    for (let j = from; j < Math.min(end, from + chunk); j++) {
      const cell = j % cells;
      const c = cell % companies.length;
      batch.push(decideLine(companies[c]!, settings[c]!, years[Math.floor(cell / companies.length)]!, Math.floor(j / cells)));
    }
    decideMs += performance.now() - t0;
    if (inFlight) await inFlight;
    inFlight = Promise.all(batch.map((b) => store.appendToStream(b.streamId, b.events, { expectedVersion: 'no_stream' })));
    opts.onProgress?.(from - first);
  }
  if (inFlight) await inFlight;
  return { lines: total, seconds: (performance.now() - started) / 1000, decideSeconds: decideMs / 1000 };
}

/** `count` company ids of the bench tenant that follow `first` (a real company, or another bench one). */
export function benchCompanies(first: LineCompany, count: number): LineCompany[] {
  return [first, ...Array.from({ length: count - 1 }, (_, i) => ({ companyId: `bench-company-${String(i + 1).padStart(2, '0')}`, tenantId: first.tenantId, sectionIds: [`bench-section-${i + 1}-a`, `bench-section-${i + 1}-b`] }))];
}

/**
 * Runs `measure` on a fresh PGlite and a scratch PostgreSQL database (when one is configured),
 * each with the event store over it, `sizes` telling each how many lines (0 skips it); both are
 * closed (the scratch database dropped) afterwards.
 */
export async function onFreshStores<T>(sizes: { postgres: number; embedded: number }, measure: (db: Database, store: EventStore, label: 'embedded (PGlite)' | 'PostgreSQL', lines: number) => Promise<T>, order: 'embedded first' | 'postgres first' = 'embedded first'): Promise<T[]> {
  const targets: ['embedded (PGlite)' | 'PostgreSQL', () => Promise<Database | null>, number][] = [
    ['embedded (PGlite)', freshPglite, sizes.embedded],
    ['PostgreSQL', () => freshPostgres(), sizes.postgres],
  ];
  if (order === 'postgres first') targets.reverse();
  const results: T[] = [];
  for (const [label, open, lines] of targets) {
    if (lines <= 0) continue;
    const db = await open();
    if (!db) continue;
    const store = await createPostgresEventStore(db);
    try {
      results.push(await measure(db, store, label, lines));
    } finally {
      await store.close();
      await db.close();
    }
  }
  return results;
}
