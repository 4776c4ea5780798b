import { useCallback, useEffect, useEffectEvent, useState, type FormEvent } from 'react';
import type { MessageId } from '@ghg/locales';
import { refusedFields } from './errorMessage';
import { useResetOnChange } from './useResetOnChange';

export type FieldErrors<F> = Partial<Record<keyof F, MessageId>>;

/** How a refusal marks fields: the message beside each, and which error codes name which field. */
export interface RefusalMarks {
  message: MessageId;
  codeFields?: Readonly<Record<string, string>>;
}

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

  useResetOnChange([isOpen, startKey], () => {
    if (!isOpen) return;
    setForm(start);
    setErrors({});
  });
  const resetMutations = useEffectEvent(() => {
    for (const mutation of mutations) mutation.reset();
  });
  useEffect(() => {
    if (isOpen) resetMutations();
  }, [isOpen, startKey]);

  /** Changes one field and takes the mark off it: the user is fixing it. */
  const set = useCallback(<K extends keyof F>(key: K, value: F[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => (e[key] ? { ...e, [key]: undefined } : e));
  }, []);

  /**
   * A form's submit handler: check the form and mark what fails; otherwise send the checked value
   * and, when the server refuses, mark the fields it names (its message shows above the form).
   */
  const submitWith =
    <V,>(check: (form: F) => { errors: FieldErrors<F>; value?: V }, send: (value: V) => Promise<void>, refusal?: RefusalMarks) =>
    async (event: FormEvent) => {
      event.preventDefault();
      const { errors: found, value } = check(form);
      setErrors(found);
      if (!value) return;
      try {
        await send(value);
      } catch (error) {
        if (refusal) setErrors(refusedFields(error, form, refusal.message, refusal.codeFields));
      }
    };

  return { form, setForm, errors, setErrors, set, submitWith };
}
