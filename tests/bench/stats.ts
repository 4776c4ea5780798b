/** Shared shapes and arithmetic of the benchmarks. */
export interface BenchResult {
  name: string;
  figures: Record<string, number | string>;
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))]!;
}

export function latencySummary(samplesMs: readonly number[]) {
  const sorted = [...samplesMs].sort((a, b) => a - b);
  const round = (v: number) => Math.round(v * 100) / 100;
  return {
    samples: sorted.length,
    p50_ms: round(percentile(sorted, 50)),
    p95_ms: round(percentile(sorted, 95)),
    p99_ms: round(percentile(sorted, 99)),
    max_ms: round(sorted[sorted.length - 1] ?? Number.NaN),
  };
}

export function printResults(results: readonly BenchResult[]): void {
  for (const r of results) {
    console.log(`\n${r.name}`);
    for (const [k, v] of Object.entries(r.figures)) console.log(`  ${k.padEnd(32)} ${typeof v === 'number' ? v.toLocaleString('en-US') : v}`);
  }
}
