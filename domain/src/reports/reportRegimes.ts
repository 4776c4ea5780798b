import { regimeFigures, reportFigureUnits, type EventOf, type RegimeFigure, type ReportFigure, type ReportFigureUnit, type ReportRegime } from '@ghg/events';
import { kgText, microOf } from './decimalKg';
import type { EnergyReportContent } from './energyReport';
import type { GhgInventoryContent, InventoryLine } from './ghgInventory';
import { ruleOf, type ShkReportContent } from './shkReport';

/**
 * The reporting regimes a report is filed under (`reportRegimes` in @ghg/events), what each one's
 * content is and which of its figures a filing records. One entry per regime, keyed by the regime:
 * a regime added to the list is a type error here, in the projector's renderers
 * (projector/src/reports/reportRenderers.ts) and in the web app's names (web/src/features/reports/regimes.ts)
 * until each has registered it, so a regime cannot be half-registered.
 */

/** The content each regime renders (its canonical JSON is what a filing hashes). */
export interface ReportContents {
  ghgProtocol: GhgInventoryContent;
  shk: ShkReportContent;
  energyConservation: EnergyReportContent;
}
export type ReportContent = ReportContents[ReportRegime];

/** What a filing records of a regime's content: its headline figures (exact decimal text) and how many lines it counted. */
export interface RegimeHeadline<R extends ReportRegime> {
  lines: number;
  figures: { readonly [F in RegimeFigure<R>]: string };
}
/** The headline of one of the regimes (each with its own figures). */
export type Headline<R extends ReportRegime = ReportRegime> = { [K in R]: RegimeHeadline<K> }[R];

/** The rules of one regime. */
export interface RegimeRules<R extends ReportRegime> {
  /** The headline figures of a content, in `regimeFigures[regime]`'s order, and its lines. */
  headline(content: ReportContents[R]): RegimeHeadline<R>;
  /**
   * Which of the fiscal year's ledger lines the report counts, for the changed-lines comparison
   * of a filing with now; null when the report is not compared line by line (its figures do not
   * come from the lines' CO2e: the 省エネ法 report reads quantities over five fiscal years).
   */
  countsLine: ((line: Pick<InventoryLine, 'scopeCategory' | 'formulaId'>) => boolean) | null;
}

export const reportRegimeRules: { readonly [R in ReportRegime]: RegimeRules<R> } = {
  ghgProtocol: {
    headline: (c) => ({ lines: c.lines, figures: { scope1Kg: c.scope1Kg, scope2LocationKg: c.scope2LocationKg, scope2MarketKg: c.scope2MarketKg, scope3Kg: c.scope3Kg } }),
    countsLine: () => true,
  },
  shk: {
    headline: (c) => ({
      // The lines SHK counts: scope 3 and water lines are classified as outside it.
      lines: c.classification.filter((k) => k.rule !== 'outOfScope').reduce((n, k) => n + k.lines, 0),
      figures: {
        basicKg: c.basic.kg,
        adjustedKg: c.adjusted.kg,
        energyCo2BasicKg: c.energyCo2.basic.kg,
        energyCo2AdjustedKg: c.energyCo2.adjusted.kg,
        crudeOilKl: c.thresholds.energy.crudeOilKl,
      },
    }),
    countsLine: (line) => ruleOf(line) !== 'outOfScope',
  },
  energyConservation: {
    headline: (c) => {
      // The fiscal year filed is the last of the five the content shows.
      const year = c.years.find((y) => y.fiscalYear === c.fiscalYear);
      return { lines: year?.lines ?? 0, figures: { gj: year?.gj ?? kgText(0n), crudeOilKl: year?.crudeOilKl ?? kgText(0n) } };
    },
    countsLine: null,
  },
};

/** The headline of any regime's content (the regime is the content's own). */
export function headlineOf(content: ReportContent): Headline {
  const rules = reportRegimeRules[content.regime] as RegimeRules<ReportRegime>;
  return rules.headline(content as never) as Headline;
}

/** One headline figure with its unit. */
export interface HeadlineFigure {
  figure: ReportFigure;
  unit: ReportFigureUnit;
  value: string;
}

/**
 * A regime's figures out of a record of them, in the regime's order; others are left out. A figure
 * missing is an error (the registry names each), or, reading what was recorded (`missing: 'skip'`),
 * left out.
 */
export function headlineFigures(regime: ReportRegime, figures: Readonly<Partial<Record<ReportFigure, string>>>, missing: 'throw' | 'skip' = 'throw'): HeadlineFigure[] {
  return regimeFigures[regime].flatMap((figure: ReportFigure) => {
    const value = figures[figure];
    if (value !== undefined) return [{ figure, unit: reportFigureUnits[figure], value }];
    if (missing === 'skip') return [];
    throw new Error(`the ${regime} figures lack ${figure}`);
  });
}

/** A headline figure as filed and as now, and the difference (now − filed), exactly. */
export interface FigureDifference {
  figure: ReportFigure;
  unit: ReportFigureUnit;
  filed: string;
  now: string;
  difference: string;
}

export function figureDifferences(regime: ReportRegime, filed: Readonly<Partial<Record<ReportFigure, string>>>, now: Readonly<Partial<Record<ReportFigure, string>>>): FigureDifference[] {
  const nowFigures = new Map(headlineFigures(regime, now).map((f) => [f.figure, f.value]));
  return headlineFigures(regime, filed).map(({ figure, unit, value }) => {
    const current = nowFigures.get(figure)!;
    return { figure, unit, filed: value, now: current, difference: kgText(microOf(current) - microOf(value)) };
  });
}

type ReportFiledData = EventOf<'ReportFiled'>['data'];

/**
 * How a filing records its headline in the event: the GHG Protocol's as `totals` (the shape every
 * filing had before the other regimes), the others' as `figures`, each only the regime's own.
 */
export function recordedFigures(regime: ReportRegime, headline: Headline): Pick<ReportFiledData, 'totals' | 'figures'> {
  const own = Object.fromEntries(headlineFigures(regime, headline.figures).map((f) => [f.figure, f.value])) as Partial<Record<ReportFigure, string>>;
  if (regime === 'ghgProtocol') {
    const [scope1Kg, scope2LocationKg, scope2MarketKg, scope3Kg] = regimeFigures.ghgProtocol.map((f) => own[f]!);
    return { totals: { scope1Kg: scope1Kg!, scope2LocationKg: scope2LocationKg!, scope2MarketKg: scope2MarketKg!, scope3Kg: scope3Kg!, lines: headline.lines } };
  }
  return { figures: { lines: headline.lines, ...own } };
}

/** The headline a ReportFiled event recorded, whichever way it recorded it. */
export function filedHeadline(data: Pick<ReportFiledData, 'regime' | 'totals' | 'figures'>): { lines: number; figures: Partial<Record<ReportFigure, string>> } {
  if (data.regime === 'ghgProtocol' && data.totals) {
    const { lines, ...figures } = data.totals;
    return { lines, figures };
  }
  const { lines, ...figures } = data.figures ?? { lines: 0 };
  return { lines, figures: Object.fromEntries(Object.entries(figures).filter(([, v]) => v !== undefined)) as Partial<Record<ReportFigure, string>> };
}
