import { describe, expect, it } from 'vitest';
import { validateLogin } from './validateLogin';

describe('login form validation', () => {
  it('requires both fields and a real email shape', () => {
    expect(validateLogin({ email: '', password: '' })).toEqual({ email: 'validation.required', password: 'validation.required' });
    expect(validateLogin({ email: 'admin', password: 'x' })).toEqual({ email: 'validation.email' });
    expect(validateLogin({ email: ' admin@demo.example ', password: 'demo-ledger' })).toEqual({});
  });
});
