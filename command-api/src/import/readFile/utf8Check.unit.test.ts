import { describe, expect, it } from 'vitest';
import { incompleteUtf8Tail } from './utf8Check';

describe('incompleteUtf8Tail', () => {
  it('holds back the start of a character the next chunk completes, and nothing else', () => {
    const bytes = Buffer.from('a電😀');
    expect(incompleteUtf8Tail(bytes)).toBe(0);
    expect(incompleteUtf8Tail(bytes.subarray(0, 1))).toBe(0);
    expect(incompleteUtf8Tail(bytes.subarray(0, 2))).toBe(1);
    expect(incompleteUtf8Tail(bytes.subarray(0, 3))).toBe(2);
    expect(incompleteUtf8Tail(bytes.subarray(0, 4))).toBe(0);
    expect(incompleteUtf8Tail(bytes.subarray(0, 7))).toBe(3);
    expect(incompleteUtf8Tail(Buffer.from([0x80, 0x80, 0x80, 0x80]))).toBe(0);
    expect(incompleteUtf8Tail(Buffer.alloc(0))).toBe(0);
  });
});
