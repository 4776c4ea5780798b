import { useEffect, useEffectEvent, useState, type FormEvent } from 'react';
import { Callout, Dialog, DialogBody, FormGroup, HTMLSelect, InputGroup, Intent, Radio, RadioGroup } from '@blueprintjs/core';
import { LOCALES, type Locale } from '@ghg/locales/meta';
import type { CompanySection } from '../../../core/api/types';
import { useT } from '../../../core/i18n/I18nProvider';
import { DialogActions } from '../../../core/ui/DialogActions';
import { ErrorCallout } from '../../../core/ui/ErrorCallout';
import { useResetOnChange } from '../../../core/ui/useResetOnChange';
import { ROLES, roleHint, roleLabel, useChangeAccess, useInviteUser, userCodes, type ManagedUser, type Role } from './api';

interface Props {
  /** null: closed; 'invite': a new user; a user: their role and scope. */
  open: 'invite' | ManagedUser | null;
  companyId: string;
  sections: readonly CompanySection[];
  onClose: () => void;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Invite a user to the company, or change a user's role and its scope (whole company or one section). */
export function UserDialog({ open, companyId, sections, onClose }: Props) {
  const t = useT();
  const invite = useInviteUser();
  const change = useChangeAccess();
  const inviting = open === 'invite';
  const mutation = inviting ? invite : change;
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [language, setLanguage] = useState<Locale>('ja');
  const [role, setRole] = useState<Role>('viewer');
  const [sectionId, setSectionId] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ email?: boolean; name?: boolean; section?: boolean }>({});

  useResetOnChange([open], () => {
    if (!open) return;
    const u = open === 'invite' ? null : open;
    setEmail(u?.email ?? '');
    setName(u?.name ?? '');
    setLanguage(u?.language ?? 'ja');
    setRole(u?.role ?? 'viewer');
    setSectionId(u?.sectionId ?? null);
    setErrors({});
  });
  const resetMutations = useEffectEvent(() => {
    invite.reset();
    change.reset();
  });
  useEffect(() => {
    if (open) resetMutations();
  }, [open]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!open) return;
    const found = { email: inviting && !EMAIL.test(email.trim()), name: inviting && !name.trim(), section: sectionId === '' };
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    try {
      if (open === 'invite') await invite.mutateAsync({ email: email.trim(), name: name.trim(), language, role, sectionId, companyIds: [companyId] });
      else await change.mutateAsync({ id: open.id, role, sectionId, companyIds: open.companyIds, allCompanies: open.allCompanies });
      onClose();
    } catch {
      // shown below
    }
  };

  const scoped = sectionId !== null;
  return (
    <Dialog isOpen={open !== null} onClose={onClose} title={inviting ? t('users.invite') : t('users.changeAccess')} icon={inviting ? 'new-person' : 'key'}>
      <form onSubmit={submit} noValidate>
        <DialogBody>
          {mutation.error !== null && <ErrorCallout error={mutation.error} codes={userCodes} />}
          {inviting ? (
            <>
              <FormGroup label={t('users.field.email')} labelFor="user-email" labelInfo="*" intent={errors.email ? Intent.DANGER : Intent.NONE} helperText={errors.email ? t('validation.email') : undefined}>
                <InputGroup id="user-email" type="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} data-testid="user-email" autoFocus />
              </FormGroup>
              <FormGroup label={t('users.field.name')} labelFor="user-name" labelInfo="*" intent={errors.name ? Intent.DANGER : Intent.NONE} helperText={errors.name ? t('validation.required') : undefined}>
                <InputGroup id="user-name" value={name} onChange={(e) => setName(e.currentTarget.value)} data-testid="user-name" />
              </FormGroup>
              <FormGroup label={t('account.language')} labelFor="user-language">
                <HTMLSelect id="user-language" fill value={language} onChange={(e) => setLanguage(e.currentTarget.value as Locale)}>
                  {LOCALES.map((l) => (
                    <option key={l} value={l}>
                      {t(`language.${l}`)}
                    </option>
                  ))}
                </HTMLSelect>
              </FormGroup>
            </>
          ) : (
            <Callout icon="person" className="ghg-page-callout">
              {open && typeof open === 'object' && `${open.name} <${open.email}>`}
            </Callout>
          )}
          <FormGroup label={t('account.role')} labelFor="user-role" helperText={t(roleHint[role])}>
            <HTMLSelect id="user-role" fill value={role} onChange={(e) => setRole(e.currentTarget.value as Role)} data-testid="user-role">
              {ROLES.map((r) => (
                <option key={r} value={r}>
                  {t(roleLabel[r])}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
          <RadioGroup label={t('account.scope')} selectedValue={scoped ? 'section' : 'all'} onChange={(e) => setSectionId(e.currentTarget.value === 'all' ? null : (sections[0]?.id ?? ''))}>
            <Radio value="all" label={t('account.scope.all')} data-testid="user-scope-all" />
            <Radio value="section" label={t('users.scope.section')} data-testid="user-scope-section" />
          </RadioGroup>
          {scoped && (
            <FormGroup label={t('users.field.section')} labelFor="user-section" intent={errors.section ? Intent.DANGER : Intent.NONE} helperText={t('users.sectionHint')}>
              <HTMLSelect id="user-section" fill value={sectionId ?? ''} onChange={(e) => setSectionId(e.currentTarget.value)} data-testid="user-section">
                {sections.map((s) => (
                  <option key={s.id} value={s.id}>
                    {'　'.repeat(s.depth ?? 0)}
                    {s.displayName}
                  </option>
                ))}
              </HTMLSelect>
            </FormGroup>
          )}
          {inviting && <p className="bp6-text-muted">{t('users.inviteHint')}</p>}
        </DialogBody>
        <DialogActions onCancel={onClose} pending={mutation.isPending} saveTestId="user-save" />
      </form>
    </Dialog>
  );
}
