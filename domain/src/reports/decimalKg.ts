/**
 * Exact kg for reports: figures are held as whole micrograms (bigint) and written as decimal text
 * with six decimals, the scale of the ledger's numeric columns. A report's content is hashed, so
 * it must not depend on binary floating point or on the order lines are added in.
 */

/** '12.5', '-0.000001', '7' → micrograms. Throws on anything that is not a plain decimal. */
export function microOf(text: string): bigint {
  const m = /^(-?)(\d+)(?:\.(\d{1,6})\d*)?$/.exec(text);
  if (!m) throw new Error(`not a decimal: ${text}`);
  const micro = BigInt(m[2]!) * 1_000_000n + BigInt((m[3] ?? '').padEnd(6, '0'));
  return m[1] === '-' ? -micro : micro;
}

/** A JSON number (a gas amount from an event) → micrograms, rounded half away from zero at six decimals. */
export const microOfNumber = (value: number): bigint => microOf(value.toFixed(6));

/** Micrograms → '1234.500000'. */
export function kgText(micro: bigint): string {
  const negative = micro < 0n;
  const abs = negative ? -micro : micro;
  return `${negative ? '-' : ''}${abs / 1_000_000n}.${(abs % 1_000_000n).toString().padStart(6, '0')}`;
}
