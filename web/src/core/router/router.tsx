import type { ComponentType } from 'react';
import { Outlet, ScrollRestoration, createBrowserRouter, type RouteObject } from 'react-router-dom';
import { GuestOnly, RequireAuth } from '../auth/guards';
import { DefaultLayout } from '../layouts/DefaultLayout';
import { NavigationProgress } from '../progress/NavigationProgress';
import { RouteErrorElement } from '../errors/RouteErrorElement';
import { NotFoundScreen } from '../errors/ErrorScreen';
import { FullPageSpinner } from '../ui/FullPageSpinner';
import ComingSoonPage from './ComingSoonPage';
import { routeTable, type RouteDef, type ScreenId } from './routeTable';

type Screen = () => Promise<{ default: ComponentType }>;

/** The built screens, each its own chunk. */
const screens: Record<ScreenId, Screen> = {
  home: () => import('../../features/home/HomePage'),
  login: () => import('../../features/auth/login/LoginPage'),
  forgetPassword: () => import('../../features/auth/forgetPassword/ForgetPasswordPage'),
  passwordResetting: () => import('../../features/auth/passwordResetting/PasswordResettingPage'),
  account: () => import('../../features/account/AccountPage'),
  userSetting: () => import('../../features/account/userSetting/UserSettingPage'),
  companySetting: () => import('../../features/account/companySetting/CompanySettingPage'),
  settingsIndex: () => import('../../features/settings/SettingsIndexPage'),
  fiscalYear: () => import('../../features/settings/fiscalYear/FiscalYearPage'),
  currency: () => import('../../features/settings/currency/CurrencyPage'),
  auditLog: () => import('../../features/audit/AuditLogPage'),
  companySection: () => import('../../features/settings/companySection/CompanySectionPage'),
  users: () => import('../../features/account/users/UsersPage'),
  reductionGoal: () => import('../../features/settings/reductionGoal/ReductionGoalPage'),
  offset: () => import('../../features/settings/offset/OffsetPage'),
  region: () => import('../../features/settings/region/RegionPage'),
  groupFlag: () => import('../../features/settings/groupFlag/GroupFlagPage'),
  groupFlagEdit: () => import('../../features/settings/groupFlag/GroupFlagEditPage'),
  intensity: () => import('../../features/settings/intensity/IntensityPage'),
  managementIntensity: () => import('../../features/settings/managementIntensity/ManagementIntensityPage'),
  emissionFactor: () => import('../../features/settings/factorLibrary/FactorLibraryPage'),
  calculationBasis: () => import('../../features/settings/calculationBasis/CalculationBasisPage'),
};

function toRoute(def: RouteDef): RouteObject {
  const screen = def.screen;
  return {
    path: def.path,
    handle: { route: def },
    ...(screen ? { lazy: async () => ({ Component: (await screens[screen]()).default }) } : { Component: ComingSoonPage }),
  };
}

function Root() {
  return (
    <>
      <NavigationProgress />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

export function createAppRouter() {
  const by = (access: RouteDef['access']) => routeTable.filter((r) => r.access === access).map(toRoute);
  return createBrowserRouter([
    {
      Component: Root,
      errorElement: <RouteErrorElement />,
      hydrateFallbackElement: <FullPageSpinner />,
      children: [
        { Component: GuestOnly, children: by('guest') },
        { children: by('public') },
        { Component: RequireAuth, children: [{ Component: DefaultLayout, children: by('auth') }] },
        { path: '*', Component: NotFoundScreen },
      ],
    },
  ]);
}
