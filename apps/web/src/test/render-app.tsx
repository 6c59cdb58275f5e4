import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../app/providers';
import { routes } from '../app/routes';
import type { SessionStore } from '../lib/session';
import { startTestSession } from './test-session';

// Kept here too for the tests that import them with renderApp; api-stubs.ts does not load the route table.
export { mockApi, SAMPLE_USER, type FetchCall } from './api-stubs';

/**
 * Renders the whole app (real routes, lazy pages, guards, layouts, providers and session store) at `path`.
 * For the tests of routing itself: redirects, perfil guards, not-found, the private layout's navigation.
 * A page's own behaviour is cheaper to test with `renderPage` (./render-page).
 */
export function renderApp(path: string, options: { session?: SessionStore } = {}) {
  const session = startTestSession(options.session);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const utils = render(
    <AppProviders session={session}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...utils, router, session };
}
