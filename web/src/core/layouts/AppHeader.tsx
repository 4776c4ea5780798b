import { Link, useNavigate } from 'react-router-dom';
import {
  Alignment,
  Button,
  HTMLSelect,
  Icon,
  Intent,
  Menu,
  MenuDivider,
  MenuItem,
  Navbar,
  NavbarDivider,
  NavbarGroup,
  Popover,
  Position,
  Tag,
  Tooltip,
} from '@blueprintjs/core';
import type { Locale } from '@ghg/locales';
import { useSession, useUser } from '../auth/SessionProvider';
import { useI18n, useT } from '../i18n/I18nProvider';
import { useChangeLanguage } from '../i18n/languageSync';
import { useLiveStatus } from '../live/LiveProvider';
import { useTheme } from '../theme/ThemeProvider';
import { fiscalYearOptions } from '../fiscalYear/fiscalYear';
import { useWorkspace } from '../workspace/WorkspaceProvider';
import { showToast } from '../ui/toaster';
import { useErrorText } from '../ui/ErrorCallout';
import { regionMessage } from '../ui/regions';
import { languageName, roleName } from '../i18n/names';

export { languageName, roleName };

export function AppHeader({ onToggleNav, navCollapsed }: { onToggleNav: () => void; navCollapsed: boolean }) {
  const t = useT();
  return (
    <Navbar className="ghg-header" fixedToTop={false}>
      <NavbarGroup align={Alignment.START}>
        <Button
          variant="minimal"
          icon="menu"
          onClick={onToggleNav}
          aria-label={t(navCollapsed ? 'nav.show' : 'nav.hide')}
          aria-expanded={!navCollapsed}
          data-testid="nav-toggle"
        />
        <Link to="/" className="ghg-brand" aria-label={t('app.name')}>
          <Icon icon="tree" size={20} className="ghg-brand-icon" />
          <span>{t('app.name')}</span>
        </Link>
        <NavbarDivider />
        <CompanySelector />
        <SectionSelector />
        <FiscalYearSelector />
      </NavbarGroup>
      <NavbarGroup align={Alignment.END}>
        <LiveIndicator />
        <LanguageMenu />
        <ThemeToggle />
        <NavbarDivider />
        <UserMenu />
      </NavbarGroup>
    </Navbar>
  );
}

function CompanySelector() {
  const t = useT();
  const errorText = useErrorText();
  const { company, companies, companyId, switchCompany, switchingCompany } = useWorkspace();
  const choose = async (id: string, name: string) => {
    if (id === companyId) return;
    try {
      await switchCompany(id);
      showToast({ message: t('header.company.switched', { name }), intent: Intent.SUCCESS, icon: 'office' });
    } catch (error) {
      showToast({ message: errorText(error), intent: Intent.DANGER, icon: 'error' });
    }
  };
  return (
    <Popover
      placement="bottom-start"
      content={
        <Menu aria-label={t('header.company.label')} data-testid="company-menu">
          <MenuDivider title={t('header.company.label')} />
          {companies.map((c) => (
            <MenuItem
              key={c.id}
              text={c.name}
              label={regionMessage(c.region) ? t(regionMessage(c.region)!) : c.region}
              icon={c.id === companyId ? 'tick' : 'blank'}
              active={c.id === companyId}
              onClick={() => void choose(c.id, c.name)}
              data-testid={`company-option-${c.id}`}
            />
          ))}
        </Menu>
      }
    >
      <Button
        variant="minimal"
        icon="office"
        endIcon="caret-down"
        loading={switchingCompany}
        className="ghg-header-select"
        data-testid="company-selector"
        // The visible name is the accessible name (WCAG 2.5.3 label in name); the title describes the control.
        title={t('header.company.label')}
      >
        <span className="ghg-ellipsis">{company?.name ?? t('header.company.none')}</span>
      </Button>
    </Popover>
  );
}

function SectionSelector() {
  const t = useT();
  const { sections, companySectionId, companySection, setCompanySectionId } = useWorkspace();
  if (sections.length === 0) return null;
  const label = companySection ? companySection.displayName || companySection.name : t('header.section.all');
  return (
    <Popover
      placement="bottom-start"
      content={
        <Menu aria-label={t('header.section.label')} data-testid="section-menu" className="ghg-section-menu">
          <MenuDivider title={t('header.section.label')} />
          <MenuItem
            text={t('header.section.all')}
            icon={companySectionId === null ? 'tick' : 'blank'}
            active={companySectionId === null}
            onClick={() => setCompanySectionId(null)}
            data-testid="section-option-all"
          />
          <MenuDivider />
          {sections.map((s) => (
            <MenuItem
              key={s.id}
              text={<span style={{ paddingLeft: `${Math.max(0, (s.depth ?? 0) - (sections[0]?.depth ?? 0)) * 14}px` }}>{s.displayName || s.name}</span>}
              icon={s.id === companySectionId ? 'tick' : 'blank'}
              active={s.id === companySectionId}
              onClick={() => setCompanySectionId(s.id)}
              data-testid={`section-option-${s.id}`}
            />
          ))}
        </Menu>
      }
    >
      <Button
        variant="minimal"
        icon="diagram-tree"
        endIcon="caret-down"
        className="ghg-header-select ghg-header-section"
        data-testid="section-selector"
        title={t('header.section.label')}
      >
        <span className="ghg-ellipsis">{label}</span>
      </Button>
    </Popover>
  );
}

function FiscalYearSelector() {
  const t = useT();
  const { fiscalYear, currentFiscalYear, setFiscalYear } = useWorkspace();
  const years = fiscalYearOptions(currentFiscalYear, fiscalYear);
  return (
    <label className="ghg-header-fy">
      <span className="bp6-text-muted">{t('header.fiscalYear.label')}</span>
      <HTMLSelect
        value={fiscalYear}
        onChange={(e) => setFiscalYear(Number(e.currentTarget.value))}
        aria-label={t('header.fiscalYear.label')}
        data-testid="fiscal-year-selector"
        minimal
      >
        {years.map((y) => (
          <option key={y} value={y}>
            {t('fiscalYear.name', { year: String(y) })}
          </option>
        ))}
      </HTMLSelect>
    </label>
  );
}

function LiveIndicator() {
  const t = useT();
  const status = useLiveStatus();
  if (status === 'open') {
    return (
      <Tooltip content={t('live.connected.tooltip')} placement="bottom">
        <span className="ghg-live-dot" data-testid="live-status" data-state="open" aria-label={t('live.connected')} role="status" />
      </Tooltip>
    );
  }
  if (status === 'disconnected' || status === 'unauthorized') {
    return (
      <Tooltip content={t('live.disconnected.tooltip')} placement="bottom">
        <Tag intent={Intent.WARNING} icon="offline" minimal data-testid="live-status" data-state={status} role="status">
          {t('live.disconnected')}
        </Tag>
      </Tooltip>
    );
  }
  return <span data-testid="live-status" data-state={status} className="ghg-live-pending" />;
}

function LanguageMenu() {
  const t = useT();
  const { locale, available } = useI18n();
  const { change } = useChangeLanguage();
  const errorText = useErrorText();
  const select = (l: Locale) =>
    change(l).catch((error: unknown) => showToast({ message: errorText(error), intent: Intent.DANGER, icon: 'error' }));
  return (
    <Popover
      placement="bottom-end"
      content={
        <Menu data-testid="language-menu">
          <MenuDivider title={t('header.language.label')} />
          {available.map((l) => (
            <MenuItem
              key={l}
              text={t(languageName[l])}
              icon={l === locale ? 'tick' : 'blank'}
              active={l === locale}
              onClick={() => void select(l)}
              data-testid={`language-option-${l}`}
              lang={l === 'zhHans' ? 'zh-Hans' : l}
            />
          ))}
        </Menu>
      }
    >
      <Button variant="minimal" icon="translate" endIcon="caret-down" data-testid="language-selector" title={t('header.language.label')}>
        {t(languageName[locale])}
      </Button>
    </Popover>
  );
}

function ThemeToggle() {
  const t = useT();
  const { theme, toggle } = useTheme();
  const label = t(theme === 'dark' ? 'header.theme.light' : 'header.theme.dark');
  return (
    <Tooltip content={label} placement="bottom">
      <Button variant="minimal" icon={theme === 'dark' ? 'flash' : 'moon'} onClick={toggle} aria-label={label} data-testid="theme-toggle" />
    </Tooltip>
  );
}

function UserMenu() {
  const t = useT();
  const user = useUser();
  const { logout } = useSession();
  const navigate = useNavigate();
  return (
    <Popover
      placement="bottom-end"
      position={Position.BOTTOM_RIGHT}
      content={
        <Menu data-testid="user-menu">
          <li className="ghg-user-card">
            <strong>{user.name}</strong>
            <span className="bp6-text-muted">{user.email}</span>
            <Tag minimal>{t(roleName[user.role] ?? 'role.viewer')}</Tag>
          </li>
          <MenuDivider />
          <MenuItem icon="person" text={t('nav.item.account')} onClick={() => navigate('/account')} />
          <MenuItem icon="settings" text={t('nav.item.userSetting')} onClick={() => navigate('/account/setting/user')} />
          <MenuDivider />
          <MenuItem icon="log-out" text={t('header.logout')} onClick={logout} data-testid="logout" intent={Intent.DANGER} />
        </Menu>
      }
    >
      <Button variant="minimal" icon="user" endIcon="caret-down" data-testid="user-menu-button" title={t('header.userMenu')}>
        <span className="ghg-ellipsis ghg-user-name">{user.name}</span>
      </Button>
    </Popover>
  );
}
