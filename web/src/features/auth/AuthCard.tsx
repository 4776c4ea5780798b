import { useEffect, type ReactNode } from 'react';
import { Button, Card, Icon, Menu, MenuItem, Popover } from '@blueprintjs/core';
import { useI18n, useT } from '../../core/i18n/I18nProvider';
import { languageName } from '../../core/layouts/AppHeader';
import type { MessageId } from '@ghg/locales';

/** The centred card of the logged-out pages, with the language choice (kept in the cookie). */
export function AuthCard({ title, children, footer }: { title: MessageId; children: ReactNode; footer?: ReactNode }) {
  const t = useT();
  const { locale, available, setLocale } = useI18n();
  useEffect(() => {
    document.title = `${t(title)} | ${t('app.name')}`;
  }, [t, title]);
  return (
    <div className="ghg-auth">
      <div className="ghg-auth-top">
        <Popover
          placement="bottom-end"
          content={
            <Menu data-testid="language-menu">
              {available.map((l) => (
                <MenuItem key={l} text={t(languageName[l])} icon={l === locale ? 'tick' : 'blank'} onClick={() => setLocale(l)} data-testid={`language-option-${l}`} />
              ))}
            </Menu>
          }
        >
          <Button variant="minimal" icon="translate" endIcon="caret-down" data-testid="language-selector" title={t('header.language.label')}>
            {t(languageName[locale])}
          </Button>
        </Popover>
      </div>
      <div className="ghg-auth-center">
        <div className="ghg-auth-brand">
          <Icon icon="tree" size={28} className="ghg-brand-icon" />
          <div>
            <div className="ghg-auth-name">{t('app.name')}</div>
            <div className="bp6-text-muted">{t('app.tagline')}</div>
          </div>
        </div>
        <Card className="ghg-auth-card" elevation={2}>
          <h1 className="bp6-heading ghg-auth-title" data-testid="page-title">
            {t(title)}
          </h1>
          {children}
        </Card>
        {footer && <div className="ghg-auth-footer">{footer}</div>}
      </div>
    </div>
  );
}
