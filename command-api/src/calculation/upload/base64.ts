import { UPLOAD_LIMITS, type UploadLimits } from './limits';

/**
 * Outside the standard alphabet (RFC 4648 §4). A search for one such character is linear; a
 * pattern for the whole text would recurse per group and overflow the stack on a large file.
 */
const NOT_BASE64 = /[^A-Za-z0-9+/]/;

export type DecodedFile = { ok: true; bytes: Buffer } | { ok: false; code: 'invalid_base64' | 'file_too_large' | 'empty_file' };

/**
 * A file sent as base64 → its bytes. Node's own decoder skips any character outside the alphabet,
 * so a mangled upload would be read as some other (often empty) file; the text is checked first.
 * The size is known from the length alone, so an oversized file is refused before it is decoded.
 */
export function decodeBase64File(text: string, limits: UploadLimits = UPLOAD_LIMITS): DecodedFile {
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  if ((text.length / 4) * 3 - padding > limits.maxFileBytes) return { ok: false, code: 'file_too_large' };
  // Padded to a multiple of four, '=' only at the end, no line breaks.
  if (text.length % 4 !== 0 || NOT_BASE64.test(text.slice(0, text.length - padding))) return { ok: false, code: 'invalid_base64' };
  const bytes = Buffer.from(text, 'base64');
  return bytes.length === 0 ? { ok: false, code: 'empty_file' } : { ok: true, bytes };
}
