import type { MessageId } from '@ghg/locales';

export interface LoginErrors {
  email?: MessageId;
  password?: MessageId;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Checked before anything is sent: both fields present, the email shaped like one. */
export function validateLogin({ email, password }: { email: string; password: string }): LoginErrors {
  const errors: LoginErrors = {};
  if (!email.trim()) errors.email = 'validation.required';
  else if (!EMAIL.test(email.trim())) errors.email = 'validation.email';
  if (!password) errors.password = 'validation.required';
  return errors;
}
