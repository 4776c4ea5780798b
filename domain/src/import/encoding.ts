/**
 * The text encodings an imported CSV file may have, told apart without asking the user: Excel in
 * Japan saves 'CSV UTF-8' with a byte-order mark and plain 'CSV' in Shift_JIS (CP932); other
 * systems write UTF-8 without a mark. Japanese text in Shift_JIS is almost never valid UTF-8, so
 * strict UTF-8 decoding that fails means Shift_JIS.
 */

export type ImportTextEncoding = 'utf-8-bom' | 'utf-8' | 'shift_jis';

/** A file's bytes → its text (without the byte-order mark) and the encoding that was detected. */
export function decodeImportText(bytes: Uint8Array): { encoding: ImportTextEncoding; text: string } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return { encoding: 'utf-8-bom', text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes.subarray(3)) };
  }
  try {
    return { encoding: 'utf-8', text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    // The WHATWG 'shift_jis' decoder is Windows' CP932 (NEC and IBM extensions included).
    return { encoding: 'shift_jis', text: new TextDecoder('shift_jis').decode(bytes) };
  }
}
