import { useState } from 'react';
import { Outlet } from 'react-router-dom';
import { useT } from '../i18n/I18nProvider';
import { useUser } from '../auth/SessionProvider';
import { STORAGE_KEYS, local } from '../auth/storageKeys';
import { LiveProvider } from '../live/LiveProvider';
import { WorkspaceProvider } from '../workspace/WorkspaceProvider';
import { AppHeader } from './AppHeader';
import { SideNav } from './SideNav';
import { FailedProjectionsBanner } from '../../features/health/FailedProjectionsBanner';
import { AsOfBar } from '../ui/AsOfControl';

/** Header, side navigation drawer and the page; the live connection lives as long as this layout. */
export function DefaultLayout() {
  const t = useT();
  const user = useUser();
  const [navCollapsed, setNavCollapsed] = useState(() => local.getItem(STORAGE_KEYS.navCollapsed) === '1');
  const toggleNav = () =>
    setNavCollapsed((c) => {
      local.setItem(STORAGE_KEYS.navCollapsed, c ? '0' : '1');
      return !c;
    });
  return (
    <LiveProvider companyId={user.selectedCompanyId}>
      <WorkspaceProvider>
        <a className="ghg-skip-link" href="#main">
          {t('nav.skipToContent')}
        </a>
        <div className="ghg-app" data-testid="default-layout">
          <AppHeader onToggleNav={toggleNav} navCollapsed={navCollapsed} />
          <div className="ghg-body">
            {!navCollapsed && <SideNav />}
            <main id="main" className="ghg-main" tabIndex={-1}>
              <div className="ghg-content">
                <FailedProjectionsBanner />
                <AsOfBar />
                <Outlet />
              </div>
            </main>
          </div>
        </div>
      </WorkspaceProvider>
    </LiveProvider>
  );
}
