import { calculateBatch, type ActivityLine, type CalculationContext } from '@ghg/domain';
import { printResults, type BenchResult } from './stats';

/**
 * (d) Calculation engine throughput: one batch of N activity lines (default 1,000,000) over a
 * realistic mix of formulas — SHK fuel (both methods), EPA multi-gas fuel, refrigerant blends,
 * market-based Scope 2 with certificates, foreign-currency spend, DESNZ ton-km with WTT/TTW,
 * improved ton-km, commuting and business travel — with per-line amounts and some unit conversions.
 * Lines are built before the clock starts; the figure is pure calculation. Target ≥ 500,000 lines/s.
 */
export const BENCH_CONTEXT: CalculationContext = {
  factorSets: {
    'jp-shk': 'legacy',
    'jp-shk-electricity-suppliers': 'FY2023',
    'jp-meti-logistics': 'classic',
    'jp-moe-scdb': '2.5',
    'uk-desnz': '2025',
    'us-epa-hub': '2024',
  },
  gwpSet: 'AR6',
  fiscalYear: 2022,
  currencyRates: [{ fiscalYear: 2022, currencyUnit: 'USD', rate: 135.5 }],
};

const SPEND_FACTOR = { value: 2.1, unit: 't-CO2e/million_JPY', label: 'bench: illustrative per-yen factor' };

/** The i-th line of the mix; amounts vary so nothing is constant-folded. */
export function benchLine(i: number): ActivityLine {
  const v = 1 + (i % 997) / 10; // 1.0 … 100.6, one decimal: realistic entered data
  const id = `L${i}`;
  switch (i % 12) {
    case 0:
      return { id, formulaId: 's1.fuel', inputs: { amount: v, emissionIntensity: 'jp-shk:fuel.diesel' } };
    case 1:
      return { id, formulaId: 's1.fuel', inputs: { amount: { value: v, unit: 'kL' }, emissionIntensity: 'jp-shk:fuel.gasoline' } };
    case 2:
      return { id, formulaId: 's1.fuel-heat', inputs: { amount: { value: v, unit: 'kL' }, heatingValue: 'jp-shk:heatingValue.heavyOilA', carbonCoefficient: 'jp-shk:carbonCoefficient.heavyOilA' } };
    case 3:
      return { id, formulaId: 's1.fuel', inputs: { amount: { value: v * 10, unit: 'mmBtu' }, emissionIntensity: 'us-epa-hub:stationary.naturalGas' } };
    case 4:
      return { id, formulaId: 's1.refrigerant', inputs: { refrigerant: i % 24 === 4 ? 'R-404A' : 'R-410A', leaked: v / 10 } };
    case 5:
      return { id, formulaId: 's2.market', inputs: { amount: { value: v * 1000, unit: 'kWh' }, certificates: { value: v * 100, unit: 'kWh' }, emissionIntensity: 'jp-shk-electricity-suppliers:shikoku.menuC' } };
    case 6:
      return { id, formulaId: 's3.1.spend', inputs: { spend: { value: v * 1000, unit: 'USD' }, emissionIntensity: SPEND_FACTOR } };
    case 7:
      return { id, formulaId: 's3.4.tonkm', inputs: { freight: { value: v * 100, unit: 'tkm' }, emissionIntensity: 'uk-desnz:freight.hgv.allDiesel.averageLaden' } };
    case 8:
      return {
        id,
        formulaId: 's3.4.improved-tonkm',
        inputs: { fuelType: 'diesel', freight: v * 50, loadRate: 25 + (i % 75), maxPayload: 2000 + (i % 8) * 1000, fuelIntensity: 'jp-shk:fuel.diesel', wttIntensity: 'uk-desnz:wtt.diesel' },
      };
    case 9:
      return { id, formulaId: 's3.7.passenger-km', inputs: { mode: i % 2 ? 'rail' : 'bus', amount: v * 200 } };
    case 10:
      return { id, formulaId: 's3.6.passenger-km', inputs: { amount: { value: v * 500, unit: 'pkm' }, emissionIntensity: 'uk-desnz:travel.flight.longHaul.economy.withRF' } };
    default:
      return { id, formulaId: 's3.9.fuel', inputs: { fuelAmount: { value: v * 20, unit: 'L' }, fuelIntensity: 'jp-shk:fuel.diesel', wttIntensity: 'uk-desnz:wtt.diesel' } };
  }
}

export async function benchCalculation(opts: { lines?: number } = {}): Promise<BenchResult[]> {
  const n = opts.lines ?? 1_000_000;
  const lines: ActivityLine[] = new Array(n);
  for (let i = 0; i < n; i++) lines[i] = benchLine(i);
  // Warm-up on a small batch so the figure is steady-state code, not the first compile.
  calculateBatch(lines.slice(0, 20_000), BENCH_CONTEXT);
  globalThis.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const batch = calculateBatch(lines, BENCH_CONTEXT);
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  // CPU time of this process (user + system, all threads incl. GC helpers): on a shared machine
  // the wall clock also counts other processes' time slices, CPU time does not.
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  const heapAfter = process.memoryUsage().heapUsed;
  if (!batch.ok) throw new Error(`bench batch refused: ${batch.error}`);
  if (batch.summary.failed > 0) {
    const first = batch.results.find((r) => !r.ok);
    throw new Error(`bench: ${batch.summary.failed} lines failed, first: ${JSON.stringify(first)}`);
  }
  return [
    {
      name: `(d) calculation engine, ${n.toLocaleString('en-US')} mixed activity lines in one batch`,
      figures: {
        lines: n,
        seconds: Math.round(seconds * 1000) / 1000,
        lines_per_s: Math.round(n / seconds),
        cpu_seconds: Math.round(cpuSeconds * 1000) / 1000,
        lines_per_cpu_s: Math.round(n / cpuSeconds),
        target_lines_per_s: 500_000,
        total_t_co2e: Math.round(batch.summary.co2eKg / 1000),
        heap_growth_mb: Math.round((heapAfter - heapBefore) / 2 ** 20),
        peak_rss_mb: Math.round(process.resourceUsage().maxRSS / 1024),
      },
    },
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = process.argv.find((a) => /^\d+$/.test(a));
  printResults(await benchCalculation({ lines: arg ? Number(arg) : 1_000_000 }));
}
