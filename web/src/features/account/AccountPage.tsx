import { Link } from 'react-router-dom';
import { Card, Icon, Tag } from '@blueprintjs/core';
import { useUser } from '../../core/auth/SessionProvider';
import { useI18n, useT } from '../../core/i18n/I18nProvider';
import { languageName, roleName } from '../../core/layouts/AppHeader';
import { useWorkspace } from '../../core/workspace/WorkspaceProvider';
import { PageHeader } from '../../core/ui/PageHeader';

/** Who is logged in, for which companies, and the way to their settings. */
export default function AccountPage() {
  const t = useT();
  const user = useUser();
  const { locale } = useI18n();
  const { company, companies, isAllCompany } = useWorkspace();
  return (
    <>
      <PageHeader />
      <div className="ghg-two-column">
        <Card className="ghg-summary-card" data-testid="account-profile">
          <div className="ghg-profile">
            <div className="ghg-avatar" aria-hidden>
              {user.name.slice(0, 1).toUpperCase()}
            </div>
            <div>
              <div className="ghg-profile-name">{user.name}</div>
              <div className="bp6-text-muted">{user.email}</div>
            </div>
          </div>
          <dl className="ghg-dl">
            <dt>{t('account.role')}</dt>
            <dd>
              <Tag minimal intent="primary">
                {t(roleName[user.role] ?? 'role.viewer')}
              </Tag>
            </dd>
            <dt>{t('account.scope')}</dt>
            <dd>{t(user.scope === 'all' ? 'account.scope.all' : 'account.scope.section')}</dd>
            <dt>{t('account.selectedCompany')}</dt>
            <dd>{company?.name ?? '—'}</dd>
            <dt>{t('account.companies')}</dt>
            <dd>
              {t('account.companyCount', { count: companies.length })}
              {isAllCompany && (
                <Tag minimal className="ghg-inline-tag">
                  {t('account.allCompanies')}
                </Tag>
              )}
            </dd>
            <dt>{t('account.language')}</dt>
            <dd>{t(languageName[locale])}</dd>
          </dl>
        </Card>
        <div className="ghg-link-stack">
          <Link to="/account/setting/user" className="ghg-settings-card" data-testid="account-user-setting">
            <Icon icon="settings" size={20} className="ghg-settings-icon" />
            <span className="ghg-settings-text">
              <span className="ghg-settings-name">{t('route.account.setting.user')}</span>
              <span className="bp6-text-muted">{t('account.userSetting.description')}</span>
            </span>
            <Icon icon="chevron-right" size={14} className="ghg-muted" />
          </Link>
          <Link to="/account/setting/company" className="ghg-settings-card">
            <Icon icon="office" size={20} className="ghg-settings-icon" />
            <span className="ghg-settings-text">
              <span className="ghg-settings-name">{t('route.account.setting.company')}</span>
              <span className="bp6-text-muted">{t('account.companySetting.description')}</span>
            </span>
            <Icon icon="chevron-right" size={14} className="ghg-muted" />
          </Link>
        </div>
      </div>
    </>
  );
}
