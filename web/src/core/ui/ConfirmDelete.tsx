import { useState, type ReactNode } from 'react';
import { Alert, Intent } from '@blueprintjs/core';
import { useT } from '../i18n/I18nProvider';
import { showToast } from './toaster';

interface Props {
  isOpen: boolean;
  loading: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  /** What is deleted, as a question. */
  children: ReactNode;
  /** What follows from it (shown muted). */
  hint?: ReactNode;
  /** The confirming button's words when the act is not a deletion (e.g. deactivating a user). */
  confirmLabel?: string;
}

/** The one confirmation every delete asks for: Cancel / Delete, Escape cancels. */
export function ConfirmDelete({ isOpen, loading, onCancel, onConfirm, children, hint, confirmLabel }: Props) {
  const t = useT();
  return (
    <Alert
      isOpen={isOpen}
      intent={Intent.DANGER}
      icon="trash"
      cancelButtonText={t('common.cancel')}
      confirmButtonText={confirmLabel ?? t('common.delete')}
      loading={loading}
      onCancel={onCancel}
      onConfirm={onConfirm}
      canEscapeKeyCancel
    >
      <p>{children}</p>
      {hint && <p className="bp6-text-muted">{hint}</p>}
    </Alert>
  );
}

/**
 * The flow around ConfirmDelete: `ask(row)` opens it; confirming deletes, then says so in a toast
 * (or shows the server's refusal) and closes.
 */
export function useConfirmedDelete<T>(remove: (row: T) => Promise<unknown>, done: (row: T) => string, errorText: (error: unknown) => string) {
  const [target, setTarget] = useState<T | null>(null);
  const confirm = async () => {
    if (target === null) return;
    const row = target;
    try {
      await remove(row);
      showToast({ message: done(row), intent: Intent.SUCCESS, icon: 'trash' });
    } catch (error) {
      showToast({ message: errorText(error), intent: Intent.DANGER, icon: 'error', timeout: 8000 });
    } finally {
      setTarget(null);
    }
  };
  return {
    target,
    ask: (row: T) => setTarget(row),
    dialog: { isOpen: target !== null, onCancel: () => setTarget(null), onConfirm: () => void confirm() },
  };
}
