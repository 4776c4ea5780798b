import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import type { z } from 'zod';
import { factorLibraryRoutes, FactorListQuery } from '@ghg/api';
import { parseFactorUnit, parseUnit, SHIPPED_FACTOR_SETS, type FactorEntry, type FactorSet, type Labels } from '@ghg/domain';
import type { QueryApiDeps } from '../core/deps';
import { registerRoute } from '../core/registerRoute';

/**
 * The emission-factor library as the screens see it: the shipped sets (from the domain package,
 * every published version) and the selected company's own sets (from read models).
 */

export interface FactorItem {
  ref: string;
  setId: string;
  version: string;
  key: string;
  kind: FactorEntry['kind'];
  label: Labels;
  /** Emission factors: each published component; quantities: one value. */
  values: { value: number; unit: string; stage?: string }[];
  coefficients?: Readonly<Record<string, number>>;
  equation?: string;
  /** The unit of the first value (what the list shows). */
  unit: string | null;
  confirmed: boolean;
  note: string | null;
  validFrom: string | null;
  validTo: string | null;
  origin: 'shipped' | 'company';
  year: number;
  source: { title: Labels; publisher: string; citation: string; licence: string };
  licenceNote: string | null;
  /** Calculation scopes the factor is meant for ('1', '2', '31' … '315', 'water'). */
  categories: string[];
}

/** Scopes of the shipped factors, by set and key prefix (the data files carry none). */
const SHIPPED_CATEGORIES: readonly [string, string, string[]][] = [
  ['jp-shk', '', ['1']],
  ['jp-shk-electricity-suppliers', '', ['2']],
  ['jp-meti-logistics', '', ['34', '39']],
  ['jp-moe-scdb', 'commuting.', ['37']],
  ['jp-moe-scdb', 'businessTravel.', ['36']],
  ['uk-desnz', 'freight.', ['34', '39']],
  ['uk-desnz', 'travel.', ['36', '37']],
  ['uk-desnz', 'hotel.', ['36']],
  ['uk-desnz', 'waste.', ['35', '312']],
  ['uk-desnz', 'water.', ['water']],
  ['uk-desnz', 'wtt.', ['33']],
  ['us-epa-hub', 'stationary.', ['1']],
  ['us-epa-hub', 'steam', ['2']],
  ['iso-14083', '', ['34', '39']],
];
const shippedCategories = (setId: string, key: string) => SHIPPED_CATEGORIES.find(([s, p]) => s === setId && key.startsWith(p))?.[2] ?? [];

const sourceOf = (set: Pick<FactorSet, 'title' | 'publisher' | 'citation' | 'licence'>) => ({
  title: set.title,
  publisher: set.publisher,
  citation: set.citation,
  licence: set.licence,
});

export function shippedItem(set: FactorSet, e: FactorEntry): FactorItem {
  const values = e.kind === 'emission' ? e.components.map((c) => ({ value: c.value, unit: c.unit, ...(c.stage ? { stage: c.stage } : {}) })) : e.kind === 'quantity' ? [{ value: e.value, unit: e.unit }] : [];
  const valid = e.valid ?? set.valid;
  return {
    ref: `${set.id}:${e.key}`,
    setId: set.id,
    version: set.version,
    key: e.key,
    kind: e.kind,
    label: e.label,
    values,
    ...(e.kind === 'coefficients' ? { coefficients: e.coefficients, equation: e.equation } : {}),
    unit: values[0]?.unit ?? null,
    confirmed: e.confirmed,
    note: e.note ?? null,
    validFrom: valid?.from ?? null,
    validTo: valid?.to ?? null,
    origin: 'shipped',
    year: set.year,
    source: sourceOf(set),
    licenceNote: null,
    categories: shippedCategories(set.id, e.key),
  };
}

export interface CompanySetRow {
  set_id: string;
  title_ja: string;
  title_en: string;
  title_zh_hans: string;
  publisher: string;
  citation: string;
  licence: string;
  latest_version: number;
}

export function companyItem(set: CompanySetRow, r: Record<string, unknown>, version: number, year: number): FactorItem {
  const unit = String(r.unit);
  const parsed = parseFactorUnit(unit);
  const emission = parsed.ok && parsed.value.species !== undefined && parsed.value.species !== 'C';
  const value = { value: Number(r.value), unit, ...(r.stage ? { stage: String(r.stage) } : {}) };
  const str = (v: unknown) => (v === null || v === undefined ? null : String(v));
  return {
    ref: `${set.set_id}:${String(r.key)}`,
    setId: set.set_id,
    version: String(version),
    key: String(r.key),
    kind: emission ? 'emission' : 'quantity',
    label: { ja: String(r.label_ja), en: String(r.label_en), zhHans: String(r.label_zh_hans) },
    values: [value],
    unit,
    confirmed: true,
    note: str(r.source),
    validFrom: str(r.valid_from),
    validTo: str(r.valid_to),
    origin: 'company',
    year,
    source: { title: { ja: set.title_ja, en: set.title_en, zhHans: set.title_zh_hans }, publisher: set.publisher, citation: set.citation, licence: set.licence },
    licenceNote: str(r.licence_note),
    categories: r.category ? [String(r.category)] : [],
  };
}

/** Rows of company factors as of `version` (null: each set's newest). */
export async function companyItems(knex: Knex, companyId: string, filter: { setId?: string; version?: number }): Promise<FactorItem[]> {
  const sets = (await knex('company_factor_sets')
    .where({ company_id: companyId })
    .modify((q) => (filter.setId ? q.where({ set_id: filter.setId }) : q))) as CompanySetRow[];
  const items: FactorItem[] = [];
  for (const set of sets) {
    const version = filter.version ?? set.latest_version;
    if (version < 1 || version > set.latest_version) continue;
    const published = await knex('company_factor_set_versions').where({ company_id: companyId, set_id: set.set_id, version }).first();
    const year = published ? new Date(published.published_at).getUTCFullYear() : 0;
    const rows = await knex('company_factor_entries')
      .where({ company_id: companyId, set_id: set.set_id })
      .where('from_version', '<=', version)
      .where((q) => q.whereNull('to_version').orWhere('to_version', '>', version))
      .orderBy('key');
    for (const r of rows) items.push(companyItem(set, r, version, year));
  }
  return items;
}

const fold = (s: string) => s.normalize('NFKC').toLowerCase();

/** The unit a factor is per (its denominator), as a unit id when it parses. */
const perUnitId = (unit: string | null) => {
  if (!unit) return null;
  const u = parseFactorUnit(unit);
  return u.ok ? u.value.denominator.id : null;
};

export function filterAndSort(items: FactorItem[], query: z.output<typeof FactorListQuery>, language: 'ja' | 'en' | 'zhHans') {
  const q = query.q ? fold(query.q.trim()) : '';
  const unitQuery = query.unit?.trim();
  const parsedUnit = unitQuery ? parseUnit(unitQuery) : null;
  const unitId = parsedUnit?.ok ? parsedUnit.value.id : null;
  const filtered = items.filter((it) => {
    if (q && ![it.key, it.ref, it.label.ja, it.label.en, it.label.zhHans].some((t) => fold(t).includes(q))) return false;
    if (query.set && it.setId !== query.set) return false;
    if (query.version && it.version !== query.version) return false;
    if (query.year !== undefined && it.year !== query.year) return false;
    if (query.origin && it.origin !== query.origin) return false;
    if (query.category && !it.categories.includes(query.category)) return false;
    if (query.scope && !it.categories.some((c) => (query.scope === '3' ? c.startsWith('3') : c === query.scope))) return false;
    if (unitQuery) {
      const ids = it.values.map((v) => perUnitId(v.unit));
      const byId = unitId !== null && ids.includes(unitId);
      const byText = it.values.some((v) => fold(v.unit).includes(fold(unitQuery)));
      if (!byId && !byText) return false;
    }
    return true;
  });
  const keyOf = (it: FactorItem): string | number => {
    switch (query.sort) {
      case 'key':
        return it.key;
      case 'label':
        return it.label[language];
      case 'year':
        return it.year;
      case 'value':
        return it.values[0]?.value ?? Number.NEGATIVE_INFINITY;
      case 'unit':
        return it.unit ?? '';
      default:
        return `${it.setId}\u0000${String(it.year).padStart(6, '0')}\u0000${it.version}`;
    }
  };
  const collator = new Intl.Collator(language === 'zhHans' ? 'zh-Hans' : language, { numeric: true });
  const dir = query.order === 'desc' ? -1 : 1;
  const indexed = filtered.map((it, i) => ({ it, i, k: keyOf(it) }));
  indexed.sort((a, b) => {
    const c = typeof a.k === 'number' && typeof b.k === 'number' ? a.k - b.k : collator.compare(String(a.k), String(b.k));
    return c !== 0 ? c * dir : a.i - b.i;
  });
  return indexed.map((x) => x.it);
}

const shippedItems = (): FactorItem[] => SHIPPED_FACTOR_SETS.flatMap((set) => set.entries.map((e) => shippedItem(set, e)));

export function registerFactorLibraryQueries(app: FastifyInstance, deps: QueryApiDeps): void {
  const { knex } = deps.db;

  registerRoute(app, deps, factorLibraryRoutes.list, async ({ reader, query }) => {
    const language = query.lang ?? ((['ja', 'en', 'zhHans'] as const).find((l) => l === reader.language) ?? 'ja');
    const company =
      query.origin === 'shipped'
        ? []
        : await companyItems(knex, reader.selectedCompanyId, {
            ...(query.set ? { setId: query.set } : {}),
            ...(query.version && /^\d+$/.test(query.version) ? { version: Number(query.version) } : {}),
          });
    const all = filterAndSort([...(query.origin === 'company' ? [] : shippedItems()), ...company], query, language);
    const start = (query.page - 1) * query.pageSize;
    return { emissionFactors: all.slice(start, start + query.pageSize), total: all.length, page: query.page, pageSize: query.pageSize };
  });

  // Every version of one factor: shipped publications, or a company factor's successive values.
  registerRoute(app, deps, factorLibraryRoutes.history, async ({ reader, params: { setId, key }, refuse }) => {
    const shipped = SHIPPED_FACTOR_SETS.filter((s) => s.id === setId);
    if (shipped.length > 0) {
      const versions = shipped.flatMap((set) => {
        const e = set.entries.find((x) => x.key === key);
        return e ? [{ ...shippedItem(set, e), fromVersion: set.version, toVersion: null, publishedAt: null, removed: false }] : [];
      });
      if (versions.length === 0) throw refuse('factor_not_found');
      return { ref: `${setId}:${key}`, origin: 'shipped' as const, versions };
    }
    const set = (await knex('company_factor_sets').where({ company_id: reader.selectedCompanyId, set_id: setId }).first()) as CompanySetRow | undefined;
    if (!set) throw refuse('factor_set_not_found');
    const rows = await knex('company_factor_entries').where({ company_id: reader.selectedCompanyId, set_id: setId, key }).orderBy('from_version');
    if (rows.length === 0) throw refuse('factor_not_found');
    const published = new Map<number, string>(
      (await knex('company_factor_set_versions').where({ company_id: reader.selectedCompanyId, set_id: setId })).map((v: Record<string, unknown>) => [
        Number(v.version),
        new Date(v.published_at as string).toISOString(),
      ]),
    );
    const versions = rows.map((r: Record<string, unknown>) => {
      const from = Number(r.from_version);
      const publishedAt = published.get(from) ?? null;
      return {
        ...companyItem(set, r, from, publishedAt ? Number(publishedAt.slice(0, 4)) : 0),
        fromVersion: String(from),
        toVersion: r.to_version === null ? null : String(r.to_version),
        publishedAt,
        // Closed without a successor row from the same version: removed (or dropped by a replacing upload).
        removed: r.to_version !== null && !rows.some((x: Record<string, unknown>) => Number(x.from_version) === Number(r.to_version)),
      };
    });
    return { ref: `${setId}:${key}`, origin: 'company' as const, versions };
  });

  // The sets a basis can pin: shipped and the company's own, with versions, citation and licence.
  registerRoute(app, deps, factorLibraryRoutes.sets, async ({ reader }) => {
    const shipped = SHIPPED_FACTOR_SETS.map((s) => ({
      setId: s.id,
      version: s.version,
      origin: 'shipped' as const,
      year: s.year,
      validFrom: s.valid?.from ?? null,
      validTo: s.valid?.to ?? null,
      entryCount: s.entries.length,
      publishedAt: null as string | null,
      ...sourceOf(s),
    }));
    const sets = (await knex('company_factor_sets').where({ company_id: reader.selectedCompanyId })) as CompanySetRow[];
    const versions = await knex('company_factor_set_versions').where({ company_id: reader.selectedCompanyId }).orderBy(['set_id', 'version']);
    const company = versions.flatMap((v: Record<string, unknown>) => {
      const set = sets.find((s) => s.set_id === v.set_id);
      if (!set) return [];
      const publishedAt = new Date(v.published_at as string).toISOString();
      return [
        {
          setId: set.set_id,
          version: String(v.version),
          origin: 'company' as const,
          year: Number(publishedAt.slice(0, 4)),
          validFrom: null,
          validTo: null,
          entryCount: Number(v.entry_count),
          publishedAt,
          title: { ja: set.title_ja, en: set.title_en, zhHans: set.title_zh_hans },
          publisher: set.publisher,
          citation: set.citation,
          licence: set.licence,
        },
      ];
    });
    return { factorSets: [...shipped, ...company] };
  });
}
