import type { RouteObject } from 'react-router';
import { FullScreenLoader } from '../components/full-screen-loader';
import { NotFoundPage } from '../components/not-found-page';
import { SignInPage } from '../features/auth';
import { RequireSession } from './require-session';
import { RootLayout } from './root-layout';
import { PrivateRouteError, PublicRouteError } from './route-error';

/**
 * The route table of the spec (section 2). Only `/` is in the initial bundle; every other page is a
 * lazy route, shown behind the full-screen loader while its code loads. Dashboard child paths of
 * the spec whose pages do not exist yet fall through to the not-found page.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    HydrateFallback: FullScreenLoader,
    errorElement: <PublicRouteError />,
    children: [
      { index: true, Component: SignInPage },
      {
        // Pathless: provides the query cache to every page but sign-in.
        id: 'with-query',
        lazy: async () => ({ Component: (await import('./layouts/query-layout')).QueryLayout }),
        HydrateFallback: FullScreenLoader,
        children: [
          {
            path: 'forgotpassword',
            lazy: async () => ({ Component: (await import('../features/auth/forgot-password')).ForgotPasswordPage }),
          },
          {
            path: 'reset-password/:token',
            lazy: async () => ({ Component: (await import('../features/auth/reset-password')).ResetPasswordPage }),
          },
          {
            path: 'group',
            lazy: async () => ({ Component: (await import('../features/group')).GroupPage }),
          },
          {
            path: 'configuracion',
            lazy: async () => ({ Component: (await import('../features/onboarding/company')).CompanyFormPage }),
          },
          {
            path: 'configuracion-usuario',
            lazy: async () => ({ Component: (await import('../features/onboarding/user')).UserFormPage }),
          },
          {
            path: 'dashboard',
            Component: RequireSession,
            errorElement: <PrivateRouteError />,
            children: [
              {
                id: 'private-layout',
                lazy: async () => ({ Component: (await import('./layouts/private-layout')).PrivateLayout }),
                HydrateFallback: FullScreenLoader,
                children: [
                  {
                    index: true,
                    lazy: async () => ({ Component: (await import('../features/dashboard-home')).HomePage }),
                  },
                  { path: '*', element: <NotFoundPage embedded homePath="/dashboard" homeLabel="Volver al panel" /> },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', Component: NotFoundPage },
    ],
  },
];
