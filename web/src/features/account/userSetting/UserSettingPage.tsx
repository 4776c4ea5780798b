import { useState, type FormEvent } from 'react';
import { Button, Card, FormGroup, HTMLSelect, Intent, RadioGroup, Radio } from '@blueprintjs/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Locale } from '@ghg/locales';
import { accountRoutes } from '@ghg/api';
import { call } from '../../../core/api/call';
import { authUserQuery } from '../../../core/api/queries';
import type { AuthUser } from '../../../core/api/types';
import { useUser } from '../../../core/auth/SessionProvider';
import { useI18n, useT } from '../../../core/i18n/I18nProvider';
import { languageName } from '../../../core/layouts/AppHeader';
import { useWorkspace } from '../../../core/workspace/WorkspaceProvider';
import { useTheme, type Theme } from '../../../core/theme/ThemeProvider';
import { ErrorCallout } from '../../../core/ui/ErrorCallout';
import { PageHeader } from '../../../core/ui/PageHeader';
import { showToast } from '../../../core/ui/toaster';
import { useResetOnChange } from '../../../core/ui/useResetOnChange';

/** The user's own preferences: language and selected company (PUT /api/user), and the theme. */
export default function UserSettingPage() {
  const t = useT();
  const user = useUser();
  const queryClient = useQueryClient();
  const { available, setLocale } = useI18n();
  const { companies } = useWorkspace();
  const { theme, setTheme } = useTheme();
  const [language, setLanguage] = useState<Locale>(user.language);
  const [companyId, setCompanyId] = useState(user.selectedCompanyId);
  const [error, setError] = useState<string | null>(null);

  useResetOnChange([user.language], () => setLanguage(user.language));
  useResetOnChange([user.selectedCompanyId], () => setCompanyId(user.selectedCompanyId));

  const save = useMutation({
    mutationFn: (changes: { language?: Locale; selectedCompanyId?: string }) => call(accountRoutes.updateUser, { body: { user: changes } }),
    onSuccess: async (_answer, changes) => {
      queryClient.setQueryData<AuthUser>(authUserQuery.queryKey, (old) => (old ? { ...old, ...changes } : old));
      if (changes.language) setLocale(changes.language);
      if (changes.selectedCompanyId) await queryClient.invalidateQueries();
    },
  });

  const changes = {
    ...(language !== user.language ? { language } : {}),
    ...(companyId !== user.selectedCompanyId ? { selectedCompanyId: companyId } : {}),
  };
  const dirty = Object.keys(changes).length > 0;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!available.includes(language)) return setError('validation.language');
    if (!companies.some((c) => c.id === companyId)) return setError('validation.company');
    setError(null);
    try {
      await save.mutateAsync(changes);
      showToast({ message: t('account.userSetting.saved'), intent: Intent.SUCCESS, icon: 'tick' });
    } catch {
      /* shown by the callout */
    }
  };

  return (
    <>
      <PageHeader subtitle={user.email} />
      <div className="ghg-two-column">
        <Card className="ghg-form-card">
          <ErrorCallout error={save.error} />
          <form onSubmit={submit} noValidate data-testid="user-setting-form">
            <FormGroup label={t('account.language')} labelFor="user-language" helperText={error === 'validation.language' ? t('validation.language') : t('account.userSetting.languageHint')} intent={error === 'validation.language' ? Intent.DANGER : Intent.NONE}>
              <HTMLSelect id="user-language" value={language} onChange={(e) => setLanguage(e.currentTarget.value as Locale)} data-testid="user-language" fill>
                {available.map((l) => (
                  <option key={l} value={l}>
                    {t(languageName[l])}
                  </option>
                ))}
              </HTMLSelect>
            </FormGroup>
            <FormGroup label={t('account.selectedCompany')} labelFor="user-company" helperText={error === 'validation.company' ? t('validation.company') : t('account.userSetting.companyHint')} intent={error === 'validation.company' ? Intent.DANGER : Intent.NONE}>
              <HTMLSelect id="user-company" value={companyId} onChange={(e) => setCompanyId(e.currentTarget.value)} data-testid="user-company" fill>
                {companies.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </HTMLSelect>
            </FormGroup>
            <div className="ghg-form-actions">
              <Button type="submit" intent={Intent.PRIMARY} icon="floppy-disk" disabled={!dirty} loading={save.isPending} data-testid="user-setting-save">
                {t('common.save')}
              </Button>
              <Button
                disabled={!dirty || save.isPending}
                onClick={() => {
                  setLanguage(user.language);
                  setCompanyId(user.selectedCompanyId);
                }}
              >
                {t('common.cancel')}
              </Button>
            </div>
          </form>
        </Card>
        <Card className="ghg-form-card">
          <h2 className="bp6-heading ghg-section-title">{t('account.appearance')}</h2>
          <RadioGroup
            label={t('account.theme')}
            selectedValue={theme}
            onChange={(e) => setTheme(e.currentTarget.value as Theme)}
            name="theme"
          >
            <Radio value="light" label={t('account.theme.light')} />
            <Radio value="dark" label={t('account.theme.dark')} />
          </RadioGroup>
          <p className="bp6-text-muted ghg-small">{t('account.theme.hint')}</p>
        </Card>
      </div>
    </>
  );
}
