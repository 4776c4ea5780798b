import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Button, Callout, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import type { MessageId } from '@ghg/locales';
import { sessionRoutes } from '@ghg/api';
import { call } from '../../../core/api/call';
import { useT } from '../../../core/i18n/I18nProvider';
import { ErrorCallout } from '../../../core/ui/ErrorCallout';
import { AuthCard } from '../AuthCard';
import { validateEmail } from '../passwordRules';

type Outcome = 'sent' | null;

/** Asks for a password-reset link; the server queues it in its mail outbox (docs/operations.md). */
export default function ForgetPasswordPage() {
  const t = useT();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<MessageId | undefined>();
  const [serverError, setServerError] = useState<unknown>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateEmail(email);
    setError(found);
    setServerError(null);
    if (found) return;
    setBusy(true);
    try {
      await call(sessionRoutes.forgotPassword, { body: { email: email.trim() } });
      setOutcome('sent');
    } catch (e) {
      setServerError(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title="route.auth.forgetPassword">
      {outcome === 'sent' ? (
        <Callout intent={Intent.SUCCESS} icon="envelope" data-testid="forget-sent">
          {t('auth.forget.sent')}
        </Callout>
      ) : (
        <>
          <p className="bp6-text-muted">{t('auth.forget.intro')}</p>
          <ErrorCallout error={serverError} />
          <form onSubmit={submit} noValidate>
            <FormGroup label={t('auth.email')} labelFor="forget-email" intent={error ? Intent.DANGER : Intent.NONE} helperText={error && t(error)}>
              <InputGroup
                id="forget-email"
                type="email"
                autoComplete="email"
                autoFocus
                size="large"
                leftIcon="envelope"
                value={email}
                onChange={(e) => setEmail(e.currentTarget.value)}
                intent={error ? Intent.DANGER : Intent.NONE}
                aria-invalid={Boolean(error)}
              />
            </FormGroup>
            <Button type="submit" intent={Intent.PRIMARY} size="large" fill loading={busy}>
              {t('auth.forget.submit')}
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
