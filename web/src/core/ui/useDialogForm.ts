import { useCallback, useEffect, useState } from 'react';
import type { MessageId } from '@ghg/locales';

export type FieldErrors<F> = Partial<Record<keyof F, MessageId>>;

/**
 * The state every add/edit dialog keeps: its form, the fields marked invalid, and a fresh start
 * each time it opens or the values it starts from change (the form from `start`, no marks, the
 * mutations' last error cleared). `start` is compared by value, so a parent re-rendering with an
 * equal object never wipes what the user is typing.
 */
export function useDialogForm<F extends object>(isOpen: boolean, start: F, mutations: readonly { reset(): void }[]) {
  const [form, setForm] = useState<F>(start);
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const startKey = JSON.stringify(start);

  useEffect(() => {
    if (!isOpen) return;
    setForm(start);
    setErrors({});
    for (const mutation of mutations) mutation.reset();
  }, [isOpen, startKey]); // eslint-disable-line react-hooks/exhaustive-deps

  /** Changes one field and takes the mark off it: the user is fixing it. */
  const set = useCallback(<K extends keyof F>(key: K, value: F[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => (e[key] ? { ...e, [key]: undefined } : e));
  }, []);

  return { form, setForm, errors, setErrors, set };
}
