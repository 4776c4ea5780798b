import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Button, Callout, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import type { MessageId } from '@ghg/locales';
import { sessionRoutes } from '@ghg/api';
import { call } from '../../../core/api/call';
import { useT } from '../../../core/i18n/I18nProvider';
import { ErrorCallout } from '../../../core/ui/ErrorCallout';
import { AuthCard } from '../AuthCard';
import { MIN_PASSWORD_LENGTH, validateNewPassword } from '../passwordRules';

type Outcome = 'done' | null;

/** Sets a new password with the token from the reset link (?token=…). */
export default function PasswordResettingPage() {
  const t = useT();
  const [params] = useSearchParams();
  // The emailed link: /auth/password-resetting?id=<user>&token=<one-time token>.
  const id = params.get('id') ?? '';
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<{ password?: MessageId; confirmation?: MessageId }>({});
  const [serverError, setServerError] = useState<unknown>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateNewPassword(password, confirmation);
    setErrors(found);
    setServerError(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await call(sessionRoutes.resetPassword, { body: { id, token, password } });
      setOutcome('done');
    } catch (e) {
      setServerError(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title="route.auth.passwordResetting">
      {outcome === 'done' ? (
        <Callout intent={Intent.SUCCESS} icon="tick-circle" data-testid="reset-done">
          {t('auth.reset.done')}
        </Callout>
      ) : !token || !id ? (
        <Callout intent={Intent.WARNING} icon="warning-sign" data-testid="reset-no-token">
          {t('auth.reset.noToken')}
        </Callout>
      ) : (
        <>
          <ErrorCallout error={serverError} />
          <form onSubmit={submit} noValidate>
            <FormGroup
              label={t('auth.reset.newPassword')}
              labelFor="reset-password"
              intent={errors.password ? Intent.DANGER : Intent.NONE}
              helperText={errors.password ? t(errors.password, { min: MIN_PASSWORD_LENGTH }) : t('auth.reset.rule', { min: MIN_PASSWORD_LENGTH })}
            >
              <InputGroup
                id="reset-password"
                type="password"
                autoComplete="new-password"
                autoFocus
                size="large"
                value={password}
                onChange={(e) => setPassword(e.currentTarget.value)}
                intent={errors.password ? Intent.DANGER : Intent.NONE}
                aria-invalid={Boolean(errors.password)}
              />
            </FormGroup>
            <FormGroup
              label={t('auth.reset.confirm')}
              labelFor="reset-confirm"
              intent={errors.confirmation ? Intent.DANGER : Intent.NONE}
              helperText={errors.confirmation && t(errors.confirmation)}
            >
              <InputGroup
                id="reset-confirm"
                type="password"
                autoComplete="new-password"
                size="large"
                value={confirmation}
                onChange={(e) => setConfirmation(e.currentTarget.value)}
                intent={errors.confirmation ? Intent.DANGER : Intent.NONE}
                aria-invalid={Boolean(errors.confirmation)}
              />
            </FormGroup>
            <Button type="submit" intent={Intent.PRIMARY} size="large" fill loading={busy}>
              {t('auth.reset.submit')}
            </Button>
          </form>
        </>
      )}
      <div className="ghg-auth-links">
        <Link to="/auth/login">{t('auth.backToLogin')}</Link>
      </div>
    </AuthCard>
  );
}
