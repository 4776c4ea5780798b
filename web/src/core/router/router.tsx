import { Outlet, ScrollRestoration, createBrowserRouter, type RouteObject } from 'react-router-dom';
import { GuestOnly, RequireAuth } from '../auth/guards';
import { DefaultLayout } from '../layouts/DefaultLayout';
import { NavigationProgress } from '../progress/NavigationProgress';
import { RouteErrorElement } from '../errors/RouteErrorElement';
import { NotFoundScreen } from '../errors/ErrorScreen';
import { FullPageSpinner } from '../ui/FullPageSpinner';
import ComingSoonPage from './ComingSoonPage';
import { routeTable, type RouteDef } from './routeTable';

/** A route of the table: its screen loaded when first opened (its own chunk), or the "coming soon" page. */
function toRoute(def: RouteDef): RouteObject {
  const screen = def.screen;
  return {
    path: def.path,
    handle: { route: def },
    ...(screen ? { lazy: async () => ({ Component: (await screen()).default }) } : { Component: ComingSoonPage }),
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
