import { calculateBatch } from '../engine/run';
import type { ActivityLine, BatchSummary, CalculationContext, CalculationResult } from '../types';

/** One line's outcome under one basis. */
export type LineOutcome =
  | { readonly ok: true; readonly co2eKg: number }
  | { readonly ok: false; readonly error: string; readonly field?: string; readonly detail?: string };

export interface BasisSide {
  readonly gwpSet: string;
  readonly factorSets: Readonly<Record<string, string>>;
  /** null when the basis itself is unusable (then `error` says why). */
  readonly summary: BatchSummary | null;
  readonly error?: string;
}

export interface BasisComparison {
  readonly before: BasisSide;
  readonly after: BasisSide;
  readonly lines: readonly {
    readonly index: number;
    readonly lineId: string;
    readonly before: LineOutcome;
    readonly after: LineOutcome;
    /** after − before, kg CO2e; null unless both succeeded. */
    readonly deltaKg: number | null;
  }[];
  readonly totals: { readonly beforeKg: number; readonly afterKg: number; readonly deltaKg: number };
}

const outcome = (r: CalculationResult | undefined, contextError: string | undefined): LineOutcome => {
  if (contextError !== undefined || !r) return { ok: false, error: contextError ?? 'invalid_context' };
  if (r.ok) return { ok: true, co2eKg: r.co2eKg };
  return { ok: false, error: r.error, ...(r.field === undefined ? {} : { field: r.field }), ...(r.detail === undefined ? {} : { detail: r.detail }) };
};

/**
 * The same activity lines calculated under the current basis and a proposed one, side by side:
 * what a restatement would change, before anyone decides to make it. Pure; stores nothing.
 */
export function compareBases(lines: readonly ActivityLine[], before: CalculationContext, after: CalculationContext): BasisComparison {
  const a = calculateBatch(lines, before);
  const b = calculateBatch(lines, after);
  const side = (ctx: CalculationContext, r: typeof a): BasisSide => ({
    gwpSet: ctx.gwpSet,
    factorSets: ctx.factorSets,
    summary: r.ok ? r.summary : null,
    ...(r.ok ? {} : { error: r.error }),
  });
  const rows = lines.map((line, index) => {
    const x = outcome(a.ok ? a.results[index] : undefined, a.ok ? undefined : a.error);
    const y = outcome(b.ok ? b.results[index] : undefined, b.ok ? undefined : b.error);
    return { index, lineId: line.id, before: x, after: y, deltaKg: x.ok && y.ok ? y.co2eKg - x.co2eKg : null };
  });
  const beforeKg = a.ok ? a.summary.co2eKg : 0;
  const afterKg = b.ok ? b.summary.co2eKg : 0;
  return { before: side(before, a), after: side(after, b), lines: rows, totals: { beforeKg, afterKg, deltaKg: afterKg - beforeKg } };
}
