import type { ScopeSettingCategory } from '@ghg/events';
import { kgText, microOf, microOfNumber } from './decimalKg';

/**
 * The GHG Protocol inventory summary of one company's fiscal year (Corporate Standard ch. 9):
 * scope 1, scope 2 on both bases side by side, scope 3 by category, each gas before weighting,
 * the methods and the factor and GWP sets used. Built from the ledger's lines as they stood at a
 * position of the log, with exact decimal sums, so the same lines always give the same content
 * (and, through its canonical JSON, the same SHA-256).
 */

/** One line of the ledger as a report reads it (figures as the ledger's numeric text). */
export interface InventoryLine {
  dealId: string;
  sectionId: string;
  scopeCategory: ScopeSettingCategory;
  formulaId: string;
  /** On the basis the line's formula calculates on. */
  co2eKg: string;
  /** Scope 2: the line's figure on each basis (null: none on it); other scopes: null. */
  locationKg: string | null;
  marketKg: string | null;
  gasesKg: Readonly<Record<string, number>>;
  factors: readonly { setId: string; version: string }[];
  gwpSet: { id: string; version: string };
}

export interface GhgInventoryContent {
  regime: 'ghgProtocol';
  companyId: string;
  fiscalYear: number;
  position: string;
  lines: number;
  scope1Kg: string;
  scope2LocationKg: string;
  scope2MarketKg: string;
  scope3Kg: string;
  waterKg: string;
  scope2WithoutLocation: number;
  scope2WithoutMarket: number;
  categories: { scopeCategory: ScopeSettingCategory; lines: number; co2eKg: string; locationKg: string; marketKg: string }[];
  gases: { gas: string; kg: string }[];
  methods: { scopeCategory: ScopeSettingCategory; formulaId: string; lines: number; co2eKg: string }[];
  factorSets: { setId: string; version: string; lines: number }[];
  gwpSets: { id: string; version: string; lines: number }[];
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/** Categories in the product's order: '1', '2', '31'…'315', then 'water' (numeric within scope 3). */
const categoryRank = (c: string) => (c === 'water' ? 10_000 : c === '1' || c === '2' ? Number(c) : 100 + Number(c.slice(1)));
export const compareCategories = (a: string, b: string) => categoryRank(a) - categoryRank(b) || byText(a, b);

/** The line's figure on a scope-2 basis; a line of another scope has one figure, on both. */
const onBasis = (line: InventoryLine, basis: 'location' | 'market'): bigint | null => {
  if (line.scopeCategory !== '2') return microOf(line.co2eKg);
  const text = basis === 'location' ? line.locationKg : line.marketKg;
  return text === null ? null : microOf(text);
};

function countBy<K>(map: Map<string, K & { lines: number }>, key: string, make: () => K & { lines: number }): K & { lines: number } {
  let entry = map.get(key);
  if (!entry) map.set(key, (entry = make()));
  entry.lines += 1;
  return entry;
}

export function buildGhgInventory(input: { companyId: string; fiscalYear: number; position: string; lines: readonly InventoryLine[] }): GhgInventoryContent {
  let scope1 = 0n;
  let scope2Location = 0n;
  let scope2Market = 0n;
  let scope3 = 0n;
  let water = 0n;
  let withoutLocation = 0;
  let withoutMarket = 0;
  const categories = new Map<string, { scopeCategory: ScopeSettingCategory; lines: number; co2e: bigint; location: bigint; market: bigint }>();
  const methods = new Map<string, { scopeCategory: ScopeSettingCategory; formulaId: string; lines: number; co2e: bigint }>();
  const gases = new Map<string, bigint>();
  const factorSets = new Map<string, { setId: string; version: string; lines: number }>();
  const gwpSets = new Map<string, { id: string; version: string; lines: number }>();

  for (const line of input.lines) {
    const co2e = microOf(line.co2eKg);
    const location = onBasis(line, 'location');
    const market = onBasis(line, 'market');
    const c = line.scopeCategory;
    if (c === '1') scope1 += co2e;
    else if (c === '2') {
      if (location === null) withoutLocation += 1;
      else scope2Location += location;
      if (market === null) withoutMarket += 1;
      else scope2Market += market;
    } else if (c === 'water') water += co2e;
    else scope3 += co2e;
    const category = countBy(categories, c, () => ({ scopeCategory: c, lines: 0, co2e: 0n, location: 0n, market: 0n }));
    category.co2e += co2e;
    category.location += location ?? 0n;
    category.market += market ?? 0n;
    countBy(methods, `${c}\u0000${line.formulaId}`, () => ({ scopeCategory: c, formulaId: line.formulaId, lines: 0, co2e: 0n })).co2e += co2e;
    for (const [gas, kg] of Object.entries(line.gasesKg)) gases.set(gas, (gases.get(gas) ?? 0n) + microOfNumber(kg));
    // A set counts once per line, however many of its factors the line used.
    for (const key of new Set(line.factors.map((f) => `${f.setId}\u0000${f.version}`))) {
      const [setId, version] = key.split('\u0000') as [string, string];
      countBy(factorSets, key, () => ({ setId, version, lines: 0 }));
    }
    countBy(gwpSets, `${line.gwpSet.id}\u0000${line.gwpSet.version}`, () => ({ id: line.gwpSet.id, version: line.gwpSet.version, lines: 0 }));
  }

  return {
    regime: 'ghgProtocol',
    companyId: input.companyId,
    fiscalYear: input.fiscalYear,
    position: input.position,
    lines: input.lines.length,
    scope1Kg: kgText(scope1),
    scope2LocationKg: kgText(scope2Location),
    scope2MarketKg: kgText(scope2Market),
    scope3Kg: kgText(scope3),
    waterKg: kgText(water),
    scope2WithoutLocation: withoutLocation,
    scope2WithoutMarket: withoutMarket,
    categories: [...categories.values()]
      .sort((a, b) => compareCategories(a.scopeCategory, b.scopeCategory))
      .map((e) => ({ scopeCategory: e.scopeCategory, lines: e.lines, co2eKg: kgText(e.co2e), locationKg: kgText(e.location), marketKg: kgText(e.market) })),
    gases: [...gases.entries()].sort(([a], [b]) => byText(a, b)).map(([gas, micro]) => ({ gas, kg: kgText(micro) })),
    methods: [...methods.values()]
      .sort((a, b) => compareCategories(a.scopeCategory, b.scopeCategory) || byText(a.formulaId, b.formulaId))
      .map((e) => ({ scopeCategory: e.scopeCategory, formulaId: e.formulaId, lines: e.lines, co2eKg: kgText(e.co2e) })),
    factorSets: [...factorSets.values()].sort((a, b) => byText(a.setId, b.setId) || byText(a.version, b.version)),
    gwpSets: [...gwpSets.values()].sort((a, b) => byText(a.id, b.id) || byText(a.version, b.version)),
  };
}
