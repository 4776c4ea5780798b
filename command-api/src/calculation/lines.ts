import { z } from 'zod';
import { boundedRecord, idText, year } from '@ghg/events';
import type { ActivityLine, CalculationResult } from '@ghg/domain';

const LineShape = z.object({
  id: z.union([idText(), z.number().transform(String)]).optional(),
  formulaId: idText(),
  inputs: boundedRecord(idText(), z.unknown()),
  fiscalYear: year().optional(),
});

export interface LineError {
  index: number;
  lineId: string;
  formulaId: string | null;
  field: string | null;
  code: string;
  detail?: string;
}

/** Well-formed lines (with their request index) and the malformed ones as per-line errors. */
export function parseLines(raw: readonly unknown[]): { lines: { index: number; line: ActivityLine }[]; errors: LineError[] } {
  const lines: { index: number; line: ActivityLine }[] = [];
  const errors: LineError[] = [];
  raw.forEach((value, index) => {
    const r = LineShape.safeParse(value);
    const rawId = (value as { id?: unknown } | null)?.id;
    const lineId = typeof rawId === 'string' || typeof rawId === 'number' ? String(rawId) : String(index);
    if (!r.success) {
      const issue = r.error.issues[0];
      const rawFormula = (value as { formulaId?: unknown } | null)?.formulaId;
      errors.push({ index, lineId, formulaId: typeof rawFormula === 'string' ? rawFormula : null, field: issue?.path.join('.') || null, code: 'invalid_input' });
      return;
    }
    const { id, formulaId, inputs, fiscalYear } = r.data;
    lines.push({ index, line: { id: id ?? String(index), formulaId, inputs: inputs as ActivityLine['inputs'], ...(fiscalYear === undefined ? {} : { fiscalYear }) } });
  });
  return { lines, errors };
}

export function errorOf(index: number, r: CalculationResult & { ok: false }): LineError {
  return { index, lineId: r.lineId, formulaId: r.formulaId, field: r.field ?? null, code: r.error, ...(r.detail === undefined ? {} : { detail: r.detail }) };
}
