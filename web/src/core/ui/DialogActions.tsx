import { Button, DialogFooter, Intent } from '@blueprintjs/core';
import { useT } from '../i18n/I18nProvider';

/** A form dialog's footer: Cancel, and Save submitting the form (spinning while it is sent). */
export function DialogActions({ onCancel, pending, saveTestId, saveDisabled }: { onCancel: () => void; pending: boolean; saveTestId: string; saveDisabled?: boolean }) {
  const t = useT();
  return (
    <DialogFooter
      actions={
        <>
          <Button onClick={onCancel} disabled={pending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" intent={Intent.PRIMARY} icon="floppy-disk" loading={pending} disabled={saveDisabled} data-testid={saveTestId}>
            {t('common.save')}
          </Button>
        </>
      }
    />
  );
}
