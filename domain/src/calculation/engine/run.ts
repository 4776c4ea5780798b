import { LineError } from '../errors';
import { FORMULA_BY_ID } from '../formulas/catalogue';
import type { LineFn } from '../formulas/define';
import type { FormulaDefinition } from '../formulas/define';
import type {
  ActivityLine,
  BatchProvenance,
  BatchResult,
  BatchSummary,
  CalculationContext,
  CalculationFailure,
  CalculationResult,
  CalculationSuccess,
  CalculationScope,
} from '../types';
import { Env, NONE } from './env';

interface Compiled {
  readonly def: FormulaDefinition;
  readonly run: LineFn;
}

/**
 * An engine prepared for one context: factors are resolved on first use and cached, each formula
 * is compiled once. Use it for several batches with the same context (an import, a recalculation).
 */
export interface PreparedEngine {
  readonly env: Env;
  calculate(line: ActivityLine): CalculationResult;
  calculateBatch(lines: readonly ActivityLine[]): BatchResult & { ok: true };
}

export function prepare(context: CalculationContext): { ok: true; engine: PreparedEngine } | { ok: false; error: CalculationFailure['error']; detail?: string } {
  const created = Env.create(context);
  if (!created.ok) return created.detail === undefined ? { ok: false, error: created.error } : { ok: false, error: created.error, detail: created.detail };
  const env = created.value;
  const compiled = new Map<string, Compiled | null>();
  const compile = (formulaId: string): Compiled | null => {
    let c = compiled.get(formulaId);
    if (c === undefined) {
      const def = FORMULA_BY_ID.get(formulaId);
      c = def ? { def, run: def.compile(env) } : null;
      compiled.set(formulaId, c);
    }
    return c;
  };
  const provenance = provenanceOf(env);

  const one = (line: ActivityLine, c: Compiled | null): CalculationResult => {
    if (c === null) return failure(line, 'unknown_formula', undefined, String(line?.formulaId));
    if (line.fiscalYear !== undefined && !Number.isInteger(line.fiscalYear)) return failure(line, 'invalid_input', 'fiscalYear');
    const r: CalculationSuccess = {
      ok: true,
      lineId: line.id,
      formulaId: line.formulaId,
      scope: c.def.scope,
      fiscalYear: line.fiscalYear ?? context.fiscalYear,
      co2eKg: 0,
      gasesKg: {},
      stages: c.def.transport ? { wttKg: 0, ttwKg: 0, wtwKg: 0 } : undefined,
      basis: c.def.basis,
      factors: NONE_USES,
      gwpSet: env.gwpRef,
      warnings: NONE,
      steps: env.explain ? [] : undefined,
    };
    try {
      c.run(line.inputs ?? EMPTY, r, line);
      return r;
    } catch (e) {
      if (e instanceof LineError) return failure(line, e.code, e.field, e.detail);
      throw e;
    }
  };

  const engine: PreparedEngine = {
    env,
    calculate: (line) => (isLine(line) ? one(line, compile(line.formulaId)) : failure(line, 'invalid_input')),
    calculateBatch(lines) {
      const results: CalculationResult[] = new Array(lines.length);
      const summary: BatchSummary = { lines: lines.length, succeeded: 0, failed: 0, co2eKg: 0, byScope: {} };
      // Lines of one formula usually come in runs; remember the last compiled formula.
      let lastId: string | undefined;
      let last: Compiled | null = null;
      for (let i = 0; i < lines.length; i++) {
        const line = lines[i]!;
        if (!isLine(line)) {
          results[i] = failure(line, 'invalid_input');
          summary.failed++;
          continue;
        }
        if (line.formulaId !== lastId) {
          lastId = line.formulaId;
          last = compile(lastId);
        }
        const r = one(line, last);
        results[i] = r;
        if (r.ok) {
          summary.succeeded++;
          summary.co2eKg += r.co2eKg;
          summary.byScope[r.scope] = (summary.byScope[r.scope] ?? 0) + r.co2eKg;
        } else summary.failed++;
      }
      return { ok: true, results, summary, provenance };
    },
  };
  return { ok: true, engine };
}

/**
 * The engine prepared for each context object still in use. A context is data that is not
 * changed once built, and the engine's caches are keyed by content, so lines calculated one at a
 * time under the same context (an import deciding its lines one by one) share one engine, as
 * `calculateBatch` does, instead of resolving the same factors and GWP table for every line.
 */
const preparedByContext = new WeakMap<CalculationContext, ReturnType<typeof prepare>>();

/** Calculates one activity line. A bad context gives a failure result with the context's error code. */
export function calculate(line: ActivityLine, context: CalculationContext): CalculationResult {
  let p = preparedByContext.get(context);
  if (!p) {
    p = prepare(context);
    preparedByContext.set(context, p);
  }
  if (!p.ok) return failure(line, p.error, undefined, p.detail);
  return p.engine.calculate(line);
}

/**
 * Calculates a batch in one pass: the context is compiled once, each factor resolved once, each
 * formula compiled once. The result keeps the lines' order; failed lines do not stop the batch.
 */
export function calculateBatch(lines: readonly ActivityLine[], context: CalculationContext): BatchResult {
  const p = prepare(context);
  if (!p.ok) return p.detail === undefined ? { ok: false, error: p.error } : { ok: false, error: p.error, detail: p.detail };
  return p.engine.calculateBatch(lines);
}

function isLine(line: unknown): line is ActivityLine {
  return typeof line === 'object' && line !== null && typeof (line as ActivityLine).formulaId === 'string';
}

function failure(line: unknown, error: CalculationFailure['error'], field?: string, detail?: string): CalculationFailure {
  const l = (typeof line === 'object' && line !== null ? line : {}) as Partial<ActivityLine>;
  return {
    ok: false,
    lineId: typeof l.id === 'string' ? l.id : '',
    formulaId: typeof l.formulaId === 'string' ? l.formulaId : '',
    error,
    ...(field === undefined ? {} : { field }),
    ...(detail === undefined ? {} : { detail }),
  };
}

function provenanceOf(env: Env): BatchProvenance {
  return {
    factorSets: [...env.pins.values()].map((s) => ({ id: s.id, version: s.version, title: s.title.en, citation: s.citation, licence: s.licence })),
    gwpSet: { ...env.gwpRef, citation: env.gwp.citation },
  };
}

const EMPTY = Object.freeze({});
const NONE_USES = Object.freeze([]) as readonly never[];

export type { CalculationScope };
