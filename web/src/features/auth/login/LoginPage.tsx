import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Button, Callout, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { useSession } from '../../../core/auth/SessionProvider';
import { sessionStore } from '../../../core/auth/sessionStore';
import { redirectTarget } from '../../../core/auth/safeRedirect';
import { useT } from '../../../core/i18n/I18nProvider';
import { ErrorCallout } from '../../../core/ui/ErrorCallout';
import { AuthCard } from '../AuthCard';
import { validateLogin, type LoginErrors } from './validateLogin';

export default function LoginPage() {
  const t = useT();
  const { login } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [errors, setErrors] = useState<LoginErrors>({});
  const [serverError, setServerError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const sessionEnded = sessionStore.lastLogoutReason === 'unauthorized' || sessionStore.lastLogoutReason === 'other-tab';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateLogin({ email, password });
    setErrors(found);
    setServerError(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await login(email.trim(), password);
      // Only a safe in-app path is followed; anything else goes home.
      navigate(redirectTarget(params.get('redirect')), { replace: true });
    } catch (error) {
      setServerError(error);
      setBusy(false);
    }
  };

  return (
    <AuthCard title="route.auth.login">
      {sessionEnded && !serverError && (
        <Callout intent={Intent.WARNING} icon="time" className="ghg-form-error" data-testid="session-ended">
          {t('auth.login.sessionEnded')}
        </Callout>
      )}
      <ErrorCallout error={serverError} />
      <form onSubmit={submit} noValidate data-testid="login-form">
        <FormGroup label={t('auth.email')} labelFor="login-email" intent={errors.email ? Intent.DANGER : Intent.NONE} helperText={errors.email && t(errors.email)}>
          <InputGroup
            id="login-email"
            name="email"
            type="email"
            autoComplete="username"
            autoFocus
            size="large"
            leftIcon="envelope"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            intent={errors.email ? Intent.DANGER : Intent.NONE}
            aria-invalid={Boolean(errors.email)}
          />
        </FormGroup>
        <FormGroup label={t('auth.password')} labelFor="login-password" intent={errors.password ? Intent.DANGER : Intent.NONE} helperText={errors.password && t(errors.password)}>
          <InputGroup
            id="login-password"
            name="password"
            type={showPassword ? 'text' : 'password'}
            autoComplete="current-password"
            size="large"
            leftIcon="lock"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            intent={errors.password ? Intent.DANGER : Intent.NONE}
            aria-invalid={Boolean(errors.password)}
            rightElement={
              <Button
                variant="minimal"
                icon={showPassword ? 'eye-off' : 'eye-open'}
                onClick={() => setShowPassword((s) => !s)}
                aria-label={t(showPassword ? 'auth.password.hide' : 'auth.password.show')}
              />
            }
          />
        </FormGroup>
        <Button type="submit" intent={Intent.PRIMARY} size="large" fill loading={busy} data-testid="login-submit">
          {t('auth.login.submit')}
        </Button>
      </form>
      <div className="ghg-auth-links">
        <Link to="/auth/forget-password">{t('auth.login.forgot')}</Link>
      </div>
    </AuthCard>
  );
}
