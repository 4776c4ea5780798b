import { describe, expect, it } from 'vitest';
import { decodeBase64File } from './base64';
import { UPLOAD_LIMITS } from './limits';

describe('decodeBase64File', () => {
  it('decodes canonical base64, padded or not needing padding', () => {
    for (const text of ['a', 'ab', 'abc', 'key,value\r\n', '係数']) {
      const decoded = decodeBase64File(Buffer.from(text).toString('base64'));
      expect(decoded).toEqual({ ok: true, bytes: Buffer.from(text) });
    }
  });

  it('refuses what Node would silently skip or truncate: other alphabets, missing or inner padding, line breaks', () => {
    for (const text of ['not base64!', 'YWJj ZGVm', 'YWJj\nZGVm', 'YWI', 'YQ=', 'YQ==YQ==', 'Y===', '====', 'YW-_', 'YWJj\u0000', 'data:text/csv;base64,YWJj']) {
      expect(decodeBase64File(text), JSON.stringify(text)).toEqual({ ok: false, code: 'invalid_base64' });
    }
  });

  it('refuses a file over the cap from the length alone, before decoding', () => {
    const limits = { ...UPLOAD_LIMITS, maxFileBytes: 6 };
    expect(decodeBase64File(Buffer.alloc(6, 1).toString('base64'), limits).ok).toBe(true);
    expect(decodeBase64File(Buffer.alloc(7, 1).toString('base64'), limits)).toEqual({ ok: false, code: 'file_too_large' });
    // Even when the text is not base64 at all, its size is what is refused first.
    expect(decodeBase64File('!'.repeat(12), limits)).toEqual({ ok: false, code: 'file_too_large' });
  });

  it('checks a file near the real cap in linear time (a whole-text pattern overflowed the stack)', () => {
    const text = Buffer.alloc(UPLOAD_LIMITS.maxFileBytes, 7).toString('base64');
    const started = performance.now();
    expect(decodeBase64File(text).ok).toBe(true);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
