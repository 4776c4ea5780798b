import type { MessageId } from '@ghg/locales';

export const MIN_PASSWORD_LENGTH = 8;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateEmail(email: string): MessageId | undefined {
  if (!email.trim()) return 'validation.required';
  if (!EMAIL.test(email.trim())) return 'validation.email';
  return undefined;
}

export function validateNewPassword(password: string, confirmation: string): { password?: MessageId; confirmation?: MessageId } {
  const errors: { password?: MessageId; confirmation?: MessageId } = {};
  if (!password) errors.password = 'validation.required';
  else if (password.length < MIN_PASSWORD_LENGTH) errors.password = 'validation.passwordLength';
  if (!confirmation) errors.confirmation = 'validation.required';
  else if (password && confirmation !== password) errors.confirmation = 'validation.passwordMismatch';
  return errors;
}
