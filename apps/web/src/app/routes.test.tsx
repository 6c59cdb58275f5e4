import { screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GroupPage } from '../features/group';
import { mockApi, renderApp, SAMPLE_USER } from '../test/render-app';
import { renderPage } from '../test/render-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

function storeSession() {
  localStorage.setItem('token', 'tok-1');
  localStorage.setItem('token_set_at', String(Date.now()));
}

describe('routes', () => {
  it('shows the full-screen loader with the logo while a lazy page loads', async () => {
    mockApi({ '/usuarios/profile': () => ({ body: SAMPLE_USER }) });
    storeSession();
    renderApp('/dashboard');
    expect(screen.getByRole('progressbar', { name: 'Cargando' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Hola, Camila' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Cargando' })).not.toBeInTheDocument();
  });

  it('a private route without a session goes to sign-in, and back to it after signing in', async () => {
    mockApi({ '/usuarios/auth': () => ({ body: { ...SAMPLE_USER, tokenSesion: 'tok-1', expiraEn: '2030-01-01T00:00:00Z' } }) });
    const { router } = renderApp('/dashboard/reports/attendance');
    expect(await screen.findByRole('heading', { name: 'Ingresa a tu cuenta' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('RUT'), '12.345.678-5');
    await user.type(screen.getByLabelText('Contraseña'), 'secreto123');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/reports/attendance'));
    // Back on the page asked for, inside the private layout.
    const nav = await screen.findByRole('navigation', { name: 'Navegación principal' });
    expect(within(nav).getByRole('link', { name: 'Inicio' })).toHaveAttribute('href', '/dashboard');
  });

  it('/dashboard/settings typed in the address bar opens a page for each perfil, never a blank one', async () => {
    for (const [perfil, path] of [
      ['administrador', '/dashboard/settings/company'],
      ['trabajador', '/dashboard/settings/assists-user'],
      ['fiscalizador', '/dashboard'],
    ] as const) {
      mockApi({ '/usuarios/profile': () => ({ body: { ...SAMPLE_USER, perfil } }) });
      storeSession();
      const { router, unmount } = renderApp('/dashboard/settings');
      await waitFor(() => expect(router.state.location.pathname, perfil).toBe(path));
      unmount();
      vi.unstubAllGlobals();
    }
  });

  it('an unknown public path shows the not-found page', async () => {
    renderApp('/no-existe');
    expect(await screen.findByRole('heading', { name: 'No encontramos esta página' })).toBeInTheDocument();
  });

  it('a failed profile fetch at start-up clears the session and shows sign-in', async () => {
    mockApi({ '/usuarios/profile': () => ({ status: 401, body: { error: { code: 'UNAUTHENTICATED', message: 'Sesión expirada.' } } }) });
    storeSession();
    const { router } = renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Ingresa a tu cuenta' })).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
    expect(router.state.location.pathname).toBe('/');
  });

  it('the private layout shows the user and signs out', async () => {
    const { calls } = mockApi({
      '/usuarios/profile': () => ({ body: SAMPLE_USER }),
      '/usuarios/logout': () => ({ body: { ok: true } }),
    });
    storeSession();
    const { router } = renderApp('/dashboard');
    expect(await screen.findByTestId('session-user-name')).toHaveTextContent('Camila Rojas Fuentes');
    expect(screen.getByTestId('session-company')).toHaveTextContent('Panadería Los Aromos SpA');
    expect(screen.getByTestId('session-perfil')).toHaveTextContent('Administrador');
    expect(screen.getByRole('navigation', { name: 'Navegación principal' })).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Cerrar sesión' }));
    expect(await screen.findByRole('heading', { name: 'Ingresa a tu cuenta' })).toBeInTheDocument();
    expect(router.state.location.state).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(new Headers(calls.find((c) => c.url.endsWith('/logout'))!.init.headers).get('authorization')).toBe('Bearer tok-1');
  });

  it('a failed sign-out keeps the session (console only)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockApi({ '/usuarios/profile': () => ({ body: SAMPLE_USER }), '/usuarios/logout': () => new TypeError('Failed to fetch') });
    storeSession();
    const { router } = renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Hola, Camila' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Cerrar sesión' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cerrar sesión' })).toBeEnabled());
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(localStorage.getItem('token')).toBe('tok-1');
  });

  it('/group invites to sign in without showing data when signed out', async () => {
    renderPage(<GroupPage />, { path: '/group' });
    expect(await screen.findByRole('heading', { name: 'Grupos' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ingresar' })).toHaveAttribute('href', '/');
  });
});
