let table: Map<string, number[]> | undefined;

/**
 * Text → Shift_JIS (Windows-31J) bytes, for tests: Node has no encoder, so the table is built
 * backwards from its decoder over every one- and two-byte code.
 */
export function shiftJisBytes(text: string): Buffer {
  if (!table) {
    table = new Map();
    const decoder = new TextDecoder('shift_jis');
    for (let b = 0; b < 0x80; b++) table.set(String.fromCharCode(b), [b]);
    for (let b = 0xa1; b <= 0xdf; b++) table.set(decoder.decode(Uint8Array.of(b)), [b]);
    for (let lead = 0x81; lead <= 0xfc; lead++) {
      if (lead > 0x9f && lead < 0xe0) continue;
      for (let trail = 0x40; trail <= 0xfc; trail++) {
        if (trail === 0x7f) continue;
        const char = decoder.decode(Uint8Array.of(lead, trail));
        if (char.length === 1 && char !== '\uFFFD' && !table.has(char)) table.set(char, [lead, trail]);
      }
    }
  }
  const bytes: number[] = [];
  for (const char of text) {
    const code = table.get(char);
    if (!code) throw new Error(`no Shift_JIS code for ${char}`);
    bytes.push(...code);
  }
  return Buffer.from(bytes);
}
