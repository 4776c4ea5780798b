import { readFileSync } from 'node:fs';
import { calculateBatch } from './engine/run';
import { FORMULA_BY_ID } from './formulas/catalogue';
import type { ActivityLine, BatchResult, CalculationContext, CalculationResult } from './types';

/**
 * `npm run calc -- <file.json> [--json] [--no-explain] [--lang ja|en|zhHans]`
 *
 * Runs a batch of activity lines from a JSON file `{ "context": CalculationContext, "lines":
 * ActivityLine[] }` and prints each result with its gases, stages, arithmetic and provenance, then
 * the totals and the factor sets used. Exit code 0 when every line calculated, 1 when some failed,
 * 2 when the file or its context is unusable. Example: domain/src/calculation/examples/batch.json.
 */
export function runCli(argv: readonly string[]): { code: number; output: string } {
  const langAt = argv.indexOf('--lang');
  const langArg = langAt >= 0 ? argv[langAt + 1] : undefined;
  const lang = langArg === 'ja' || langArg === 'en' || langArg === 'zhHans' ? langArg : 'en';
  const file = argv.find((a, i) => !a.startsWith('--') && !(langAt >= 0 && i === langAt + 1));
  if (!file) return { code: 2, output: 'usage: npm run calc -- <file.json> [--json] [--no-explain] [--lang ja|en|zhHans]' };
  let input: { context?: CalculationContext; lines?: ActivityLine[] };
  try {
    input = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    return { code: 2, output: `cannot read ${file}: ${(e as Error).message}` };
  }
  if (!input.context || !Array.isArray(input.lines)) return { code: 2, output: `${file}: expected { "context": {...}, "lines": [...] }` };
  const context: CalculationContext = { ...input.context, explain: !argv.includes('--no-explain') };
  const batch = calculateBatch(input.lines, context);
  if (argv.includes('--json')) return { code: exitCode(batch), output: JSON.stringify(batch, null, 2) };
  if (!batch.ok) return { code: 2, output: `context refused: ${batch.error}${batch.detail ? ` (${batch.detail})` : ''}` };
  const out: string[] = [];
  for (const r of batch.results) out.push(...describe(r, lang));
  const s = batch.summary;
  out.push('', `${s.lines} lines: ${s.succeeded} calculated, ${s.failed} failed. Total ${kg(s.co2eKg)} kg CO2e (${kg(s.co2eKg / 1000)} t).`);
  for (const [scope, v] of Object.entries(s.byScope)) out.push(`  scope ${scope.padEnd(5)} ${kg(v).padStart(16)} kg CO2e`);
  out.push('', `GWP set: ${batch.provenance.gwpSet.id} (${batch.provenance.gwpSet.version}) — ${batch.provenance.gwpSet.citation}`, 'Factor sets pinned:');
  for (const f of batch.provenance.factorSets) out.push(`  ${f.id}@${f.version}: ${f.title}`, `    ${f.citation}`, `    licence: ${f.licence}`);
  return { code: exitCode(batch), output: out.join('\n') };
}

function exitCode(batch: BatchResult): number {
  if (!batch.ok) return 2;
  return batch.summary.failed > 0 ? 1 : 0;
}

const kg = (v: number) => v.toLocaleString('en-US', { maximumFractionDigits: 3 });

function describe(r: CalculationResult, lang: 'ja' | 'en' | 'zhHans'): string[] {
  const def = FORMULA_BY_ID.get(r.formulaId);
  const head = `${r.lineId}  ${r.formulaId}${def ? ` — ${def.name[lang]}` : ''}`;
  if (!r.ok) return ['', `${head}`, `  FAILED: ${r.error}${r.field ? ` (field ${r.field})` : ''}${r.detail ? `: ${r.detail}` : ''}`];
  const lines = ['', `${head}  [scope ${r.scope}${r.basis ? `, ${r.basis}-based` : ''}, FY${r.fiscalYear}]`, `  CO2e ${kg(r.co2eKg)} kg (GWP ${r.gwpSet.id})`];
  lines.push(`  gases: ${Object.entries(r.gasesKg).map(([g, v]) => `${g === 'CO2e' ? 'CO2e (not split by gas)' : g} ${kg(v!)} kg`).join(', ') || '—'}`);
  if (r.stages) lines.push(`  stages: WTT ${kg(r.stages.wttKg)} + TTW ${kg(r.stages.ttwKg)} → WTW ${kg(r.stages.wtwKg)} kg CO2e`);
  for (const s of r.steps ?? []) lines.push(`  · ${s.label}: ${s.expression} = ${kg(s.value)} ${s.unit}`);
  for (const f of r.factors) {
    const values = Array.isArray(f.values) ? f.values.map((v) => `${v.value} ${v.unit}${'stage' in v && v.stage ? ` (${v.stage})` : ''}`).join(' + ') : JSON.stringify(f.values);
    const where = f.origin === 'line' ? `entered on the line${f.key ? ` (${f.key})` : ''}` : `${f.setId}@${f.version} ${f.key}`;
    lines.push(`  factor: ${where} = ${values}${f.origin === 'library' && !f.confirmed ? ' [unconfirmed]' : ''}`);
  }
  for (const w of r.warnings) lines.push(`  warning: ${w.code}${w.detail ? ` — ${w.detail}` : ''}`);
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { code, output } = runCli(process.argv.slice(2));
  console.log(output);
  process.exitCode = code;
}
