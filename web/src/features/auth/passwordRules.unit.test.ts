import { describe, expect, it } from 'vitest';
import { validateEmail, validateNewPassword } from './passwordRules';

describe('password pages validation', () => {
  it('checks the email', () => {
    expect(validateEmail('')).toBe('validation.required');
    expect(validateEmail('nobody')).toBe('validation.email');
    expect(validateEmail('a@b.example')).toBeUndefined();
  });

  it('wants 8 characters and the same password twice', () => {
    expect(validateNewPassword('', '')).toEqual({ password: 'validation.required', confirmation: 'validation.required' });
    expect(validateNewPassword('short', 'short')).toEqual({ password: 'validation.passwordLength' });
    expect(validateNewPassword('long-enough', 'long-enougH')).toEqual({ confirmation: 'validation.passwordMismatch' });
    expect(validateNewPassword('long-enough', 'long-enough')).toEqual({});
  });
});
