/**
 * A Shift_JIS (CP932) encoder for the sample files: TextEncoder only writes UTF-8, so the table is
 * built the other way round, by decoding every code with TextDecoder('shift_jis'): ASCII, the
 * half-width katakana 0xA1–0xDF and the two-byte codes 0x8140–0xFCFC. Where CP932 has two codes
 * for one character (NEC and IBM extensions), the first one wins; both decode the same.
 */

let table: Map<string, number[]> | null = null;

function reverseTable(): Map<string, number[]> {
  if (table) return table;
  const decoder = new TextDecoder('shift_jis');
  const m = new Map<string, number[]>();
  const add = (bytes: number[]) => {
    const ch = decoder.decode(new Uint8Array(bytes));
    if (ch !== '\uFFFD' && [...ch].length === 1 && !m.has(ch)) m.set(ch, bytes);
  };
  for (let b = 0x00; b <= 0x7f; b++) add([b]);
  for (let b = 0xa1; b <= 0xdf; b++) add([b]);
  for (let lead = 0x81; lead <= 0xfc; lead++) {
    if (lead >= 0xa0 && lead <= 0xdf) continue; // single-byte katakana, not lead bytes
    for (let trail = 0x40; trail <= 0xfc; trail++) if (trail !== 0x7f) add([lead, trail]);
  }
  return (table = m);
}

/** The text in Shift_JIS; throws on a character Shift_JIS cannot hold. */
export function encodeShiftJis(text: string): Uint8Array {
  const t = reverseTable();
  const out: number[] = [];
  for (const ch of text) {
    const bytes = t.get(ch);
    if (!bytes) throw new Error(`Shift_JIS cannot encode ${JSON.stringify(ch)} (U+${ch.codePointAt(0)!.toString(16).toUpperCase()})`);
    out.push(...bytes);
  }
  return Uint8Array.from(out);
}
