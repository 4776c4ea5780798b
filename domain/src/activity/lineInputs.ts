import type { JsonValue } from '@ghg/events';

/** The deal attribute a formula field may be filled from. */
export type DealMapping = 'item' | 'client' | 'count' | 'amount';

/** What of a deal fills formula fields. */
export interface DealAttributes {
  count: number | null;
  countUnit: string | null;
  amount: number | null;
  currency: string | null;
  item: string | null;
  client: string | null;
}

/** The deal's value for a field mapped to `mapping`: count and amount with their unit when the deal names one. */
export function dealValue(mapping: DealMapping | undefined, deal: DealAttributes): JsonValue | undefined {
  switch (mapping) {
    case 'count':
      return deal.count === null ? undefined : deal.countUnit ? { value: deal.count, unit: deal.countUnit } : deal.count;
    case 'amount':
      return deal.amount === null ? undefined : deal.currency ? { value: deal.amount, unit: deal.currency } : deal.amount;
    case 'item':
      return deal.item ?? undefined;
    case 'client':
      return deal.client ?? undefined;
    default:
      return undefined;
  }
}

/**
 * The engine's inputs for a line: the setting's detail, then each field the formula maps to a
 * deal attribute (count, amount, item, client) filled from the deal, then the line's own detail,
 * which wins over both. No engine here: the input forms preview with the same layering.
 */
export function lineInputs<V>(
  formula: { readonly fields: readonly { readonly key: string; readonly dealMapping?: DealMapping }[] },
  settingDetail: Readonly<Record<string, V>>,
  deal: DealAttributes,
  lineDetail: Readonly<Record<string, V>>,
): Record<string, V | JsonValue> {
  const inputs: Record<string, V | JsonValue> = { ...settingDetail };
  for (const field of formula.fields) {
    const value = dealValue(field.dealMapping, deal);
    if (value !== undefined) inputs[field.key] = value;
  }
  return { ...inputs, ...lineDetail };
}
