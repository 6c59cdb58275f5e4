import { render } from '@testing-library/react';
import type { ComponentType, ReactNode } from 'react';
import { createMemoryRouter, Outlet, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { QueryLayout } from '../app/layouts/query-layout';
import { AppProviders } from '../app/providers';
import { RequireSession } from '../app/require-session';
import { BlockSkeleton } from '../components/states';
import { useSession, type SessionStore } from '../lib/session';
import { startTestSession } from './test-session';

export interface RenderPageOptions {
  /** The address the test opens, with its query string, e.g. `/dashboard/users/u1?tab=x`. */
  path: string;
  /** The route's pattern when it has parameters (`/dashboard/users/:id`); by default the path's pathname. */
  routePath?: string;
  session?: SessionStore;
  /**
   * Mount the page inside the private area: the session guard, a frame, and a wait for the perfil as
   * the perfil guards do. By default, for paths under `/dashboard`.
   */
  dashboard?: boolean;
  /**
   * The private area's frame (only with `dashboard`). By default a bare `<main>`; pass the real
   * `PrivateLayout` when the test reads the navigation, the header or the user's card.
   */
  frame?: ComponentType;
  /**
   * Other pages the test navigates to, by route pattern (e.g. `{ '/verificar/:hash': <VerifyResultPage /> }`);
   * those under `/dashboard` get the private area's guard and frame. Any other address shows a placeholder.
   */
  routes?: Record<string, ReactNode>;
}

/** The default frame of the private area: where the page goes in the real layout (`<main id="contenido">`). */
function BareFrame() {
  return (
    <main id="contenido">
      <Outlet />
    </main>
  );
}

/** What `RequirePerfil` does before showing a page: wait until the perfil is known (without the access check). */
function ProfileReady() {
  const { user, loadingProfile } = useSession();
  if (loadingProfile || !user.perfil) return <BlockSkeleton label="Cargando tus datos" />;
  return <Outlet />;
}

/** Where a link or a redirect to a page outside the test's routes lands: only its address is shown. */
function ElsewherePage() {
  const location = useLocation();
  return <p data-testid="render-page-elsewhere">{`${location.pathname}${location.search}`}</p>;
}

const isPrivatePath = (path: string) => path === '/dashboard' || path.startsWith('/dashboard/');

/**
 * Renders ONE page (imported directly, not lazily) at `path` with the app's providers (theme, session,
 * toasts), the query cache layout and, for a private page, the session guard and the wait for the
 * perfil. Much cheaper than `renderApp`, which loads the whole route table, its lazy pages and the
 * private layout: use `renderApp` only where routing itself (redirects, guards, navigation) is tested.
 */
export function renderPage(element: ReactNode, options: RenderPageOptions) {
  const session = startTestSession(options.session);
  const routePath = options.routePath ?? options.path.replace(/[?#].*$/, '');
  const pages = [
    { path: routePath, element, private: options.dashboard ?? isPrivatePath(routePath) },
    ...Object.entries(options.routes ?? {}).map(([path, other]) => ({ path, element: other, private: isPrivatePath(path) })),
  ];
  const toRoute = ({ path, element: page }: (typeof pages)[number]): RouteObject => ({ path, element: page });
  const publicPages = pages.filter((page) => !page.private).map(toRoute);
  const privatePages = pages.filter((page) => page.private).map(toRoute);
  const privateArea: RouteObject = {
    Component: RequireSession,
    children: [{ Component: options.frame ?? BareFrame, children: [{ Component: ProfileReady, children: privatePages }] }],
  };
  const routes: RouteObject[] = [
    { Component: QueryLayout, children: privatePages.length > 0 ? [...publicPages, privateArea] : publicPages },
    { path: '*', Component: ElsewherePage },
  ];
  const router = createMemoryRouter(routes, { initialEntries: [options.path] });
  const utils = render(
    <AppProviders session={session}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...utils, router, session };
}
