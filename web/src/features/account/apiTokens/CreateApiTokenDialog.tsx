import { useState, type FormEvent } from 'react';
import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, InputGroup, Intent } from '@blueprintjs/core';
import { useT } from '../../../core/i18n/I18nProvider';
import { DialogActions } from '../../../core/ui/DialogActions';
import { ErrorCallout } from '../../../core/ui/ErrorCallout';
import { useResetOnChange } from '../../../core/ui/useResetOnChange';
import { showToast } from '../../../core/ui/toaster';
import { ROLES, roleHint, roleLabel, type Role } from '../users/api';
import { apiTokenCodes, useCreateApiToken, type NewApiToken } from './api';

/**
 * Create a token: a name, a role in the selected company and an optional last day. The answer's
 * secret is shown here once, to copy; it is never shown again (only its hash is kept).
 */
export function CreateApiTokenDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const create = useCreateApiToken();
  const [name, setName] = useState('');
  const [role, setRole] = useState<Role>('viewer');
  const [expiresOn, setExpiresOn] = useState('');
  const [nameMissing, setNameMissing] = useState(false);
  const [created, setCreated] = useState<NewApiToken | null>(null);

  useResetOnChange([open], () => {
    setName('');
    setRole('viewer');
    setExpiresOn('');
    setNameMissing(false);
    setCreated(null);
    create.reset();
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setNameMissing(!name.trim());
    if (!name.trim()) return;
    try {
      setCreated(await create.mutateAsync({ name: name.trim(), role, expiresOn: expiresOn === '' ? null : expiresOn }));
    } catch {
      // shown below
    }
  };

  const copy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.secret);
      showToast({ message: t('apiTokens.copied'), intent: Intent.SUCCESS, icon: 'clipboard' });
    } catch {
      showToast({ message: t('apiTokens.copyFailed'), intent: Intent.WARNING, icon: 'clipboard' });
    }
  };

  return (
    <Dialog isOpen={open} onClose={onClose} title={t('apiTokens.create')} icon="key">
      {created ? (
        <>
          <DialogBody>
            <Callout intent={Intent.WARNING} icon="warning-sign" className="ghg-page-callout">
              {t('apiTokens.showOnce')}
            </Callout>
            <FormGroup label={t('apiTokens.secret', { name: created.token.name })} labelFor="api-token-secret">
              <InputGroup
                id="api-token-secret"
                readOnly
                value={created.secret}
                onFocus={(e) => e.currentTarget.select()}
                data-testid="api-token-secret"
                rightElement={<Button icon="clipboard" variant="minimal" aria-label={t('apiTokens.copy')} title={t('apiTokens.copy')} onClick={() => void copy()} />}
              />
            </FormGroup>
            <p className="bp6-text-muted">{t('apiTokens.usage', { example: 'ghg_…' })}</p>
          </DialogBody>
          <DialogFooter
            actions={
              <Button intent={Intent.PRIMARY} onClick={onClose} data-testid="api-token-done">
                {t('apiTokens.done')}
              </Button>
            }
          />
        </>
      ) : (
        <form onSubmit={submit} noValidate>
          <DialogBody>
            {create.error !== null && <ErrorCallout error={create.error} codes={apiTokenCodes} />}
            <FormGroup label={t('apiTokens.field.name')} labelFor="api-token-name" labelInfo="*" intent={nameMissing ? Intent.DANGER : Intent.NONE} helperText={nameMissing ? t('validation.required') : t('apiTokens.nameHint')}>
              <InputGroup id="api-token-name" value={name} maxLength={200} onChange={(e) => setName(e.currentTarget.value)} data-testid="api-token-name" autoFocus />
            </FormGroup>
            <FormGroup label={t('account.role')} labelFor="api-token-role" helperText={t(roleHint[role])}>
              <HTMLSelect id="api-token-role" fill value={role} onChange={(e) => setRole(e.currentTarget.value as Role)} data-testid="api-token-role">
                {ROLES.map((r) => (
                  <option key={r} value={r}>
                    {t(roleLabel[r])}
                  </option>
                ))}
              </HTMLSelect>
            </FormGroup>
            <FormGroup label={t('apiTokens.field.expiresOn')} labelFor="api-token-expires" helperText={t('apiTokens.expiresHint')}>
              <InputGroup id="api-token-expires" type="date" value={expiresOn} onChange={(e) => setExpiresOn(e.currentTarget.value)} data-testid="api-token-expires" />
            </FormGroup>
          </DialogBody>
          <DialogActions onCancel={onClose} pending={create.isPending} saveTestId="api-token-save" />
        </form>
      )}
    </Dialog>
  );
}
