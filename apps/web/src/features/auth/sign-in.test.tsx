import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, SAMPLE_USER } from '../../test/api-stubs';
import { renderApp } from '../../test/render-app';
import { renderPage } from '../../test/render-page';
import { SignInPage } from './components/sign-in-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

async function signIn(rut: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('RUT'), rut);
  await user.type(screen.getByLabelText('Contraseña'), password);
  await user.click(screen.getByRole('button', { name: 'Ingresar' }));
  return user;
}

describe('sign-in page', () => {
  it('has the fields, the forgot-password link and the company registration link', async () => {
    renderPage(<SignInPage />, { path: '/' });
    expect(await screen.findByLabelText('RUT')).toHaveAttribute('name', 'rut');
    expect(screen.getByLabelText('Contraseña')).toHaveAttribute('name', 'password');
    expect(screen.getByLabelText('Contraseña')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('link', { name: '¿Olvidaste tu contraseña?' })).toHaveAttribute('href', '/forgotpassword');
    expect(screen.getByRole('link', { name: 'Registra tu empresa' })).toHaveAttribute('href', '/configuracion');
  });

  it('formats the RUT with dots on leaving the field', async () => {
    const user = userEvent.setup();
    renderPage(<SignInPage />, { path: '/' });
    const rut = await screen.findByLabelText('RUT');
    await user.type(rut, '123456785');
    await user.tab();
    expect(rut).toHaveValue('12.345.678-5');
  });

  it('a wrong RUT or password shows the Spanish toast and stays signed out', async () => {
    mockApi({ '/usuarios/auth': () => ({ status: 401, body: { error: { code: 'INVALID_CREDENTIALS', message: 'Credenciales inválidas.' } } }) });
    const { session, router } = renderPage(<SignInPage />, { path: '/' });
    await signIn('12.345.678-5', 'incorrecta');
    expect(await screen.findByText('RUT o contraseña incorrectos.')).toBeInTheDocument();
    expect(session.getState().status).toBe('signed-out');
    expect(localStorage.getItem('token')).toBeNull();
    expect(router.state.location.pathname).toBe('/');
  });

  it('a refusal after repeated failures shows the server message', async () => {
    mockApi({
      '/usuarios/auth': () => ({ status: 429, body: { error: { code: 'RATE_LIMITED', message: 'Demasiados intentos. Inténtalo en 15 minutos.' } } }),
    });
    renderPage(<SignInPage />, { path: '/' });
    await signIn('12.345.678-5', 'incorrecta');
    expect(await screen.findByText('Demasiados intentos. Inténtalo en 15 minutos.')).toBeInTheDocument();
  });

  it('says when the server cannot be reached', async () => {
    mockApi({ '/usuarios/auth': () => new TypeError('Failed to fetch') });
    renderPage(<SignInPage />, { path: '/' });
    await signIn('12.345.678-5', 'secreto123');
    expect(
      await screen.findByText('No pudimos conectar con el servidor. Revisa tu conexión e inténtalo de nuevo.'),
    ).toBeInTheDocument();
  });

  it('validates with the contracts schema before calling the server', async () => {
    const { fetchMock } = mockApi({});
    renderPage(<SignInPage />, { path: '/' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Ingresar' }));
    expect(await screen.findByText('Ingresa tu RUT.')).toBeInTheDocument();
    expect(screen.getByText('Ingresa tu contraseña.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('signs in and lands on the dashboard home, which greets the user with company and perfil', async () => {
    const { calls } = mockApi({ '/usuarios/auth': () => ({ body: { ...SAMPLE_USER, tokenSesion: 'tok-1', expiraEn: '2030-01-01T00:00:00Z' } }) });
    const { router } = renderApp('/');
    await signIn('12.345.678-5', 'secreto123');
    expect(await screen.findByRole('heading', { name: 'Hola, Camila' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(calls[0]!.body).toEqual({ rut: '12.345.678-5', password: 'secreto123' });
    expect(localStorage.getItem('token')).toBe('tok-1');
    expect(screen.getAllByText('Panadería Los Aromos SpA').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Administrador').length).toBeGreaterThan(0);
  });

  describe('a person who works for more than one company', () => {
    const EMPLEADORES = [
      { id: 'c1', razonSocial: 'Panadería Los Aromos SpA', rut: '76.123.456-0' },
      { id: 'c2', razonSocial: 'Pastelería La Espiga SpA', rut: '77.654.321-K' },
    ];
    const answer = ({ body }: { body: unknown }) => {
      const empresaId = (body as { empresaId?: string }).empresaId;
      if (!empresaId) return { body: { empleadores: EMPLEADORES } };
      const chosen = EMPLEADORES.find((e) => e.id === empresaId)!;
      return { body: { ...SAMPLE_USER, razon_social: { nombre: chosen.razonSocial, _id: chosen.id }, tokenSesion: `tok-${chosen.id}`, expiraEn: '2030-01-01T00:00:00Z' } };
    };

    it('asks which company, stays signed out meanwhile, and enters the one chosen', async () => {
      const { calls } = mockApi({ '/usuarios/auth': answer });
      const { router, session } = renderApp('/');
      const user = await signIn('12.345.678-5', 'secreto123');
      const question = await screen.findByText('Trabajas en más de una empresa. ¿A cuál quieres entrar?');
      expect(question).toHaveFocus();
      expect(screen.getByRole('heading', { level: 1, name: 'Elige la empresa' })).toBeInTheDocument();
      const list = screen.getByRole('list', { name: 'Empresas' });
      expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
        'Panadería Los Aromos SpARUT 76.123.456-0Entrar',
        'Pastelería La Espiga SpARUT 77.654.321-KEntrar',
      ]);
      expect(session.getState().status).toBe('signed-out');
      expect(localStorage.getItem('token')).toBeNull();

      await user.click(screen.getByRole('button', { name: 'Entrar a Pastelería La Espiga SpA' }));
      expect(await screen.findByRole('heading', { name: 'Hola, Camila' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/dashboard');
      expect(calls.map((call) => call.body).filter((body) => (body as { rut?: string } | undefined)?.rut)).toEqual([
        { rut: '12.345.678-5', password: 'secreto123' },
        { rut: '12.345.678-5', password: 'secreto123', empresaId: 'c2' },
      ]);
      expect(localStorage.getItem('token')).toBe('tok-c2');
      expect(screen.getAllByText('Pastelería La Espiga SpA').length).toBeGreaterThan(0);
    });

    it('«Volver» goes back to the form with the RUT kept, still signed out', async () => {
      mockApi({ '/usuarios/auth': answer });
      const { session } = renderPage(<SignInPage />, { path: '/' });
      const user = await signIn('12.345.678-5', 'secreto123');
      await user.click(await screen.findByRole('button', { name: 'Volver' }));
      expect(await screen.findByLabelText('RUT')).toHaveValue('12.345.678-5');
      expect(session.getState().status).toBe('signed-out');
    });

    it('a refusal of the chosen company goes back to the form and says why', async () => {
      mockApi({
        '/usuarios/auth': (call) =>
          (call.body as { empresaId?: string }).empresaId
            ? { status: 429, body: { error: { code: 'RATE_LIMITED', message: 'Demasiados intentos. Inténtalo en 15 minutos.' } } }
            : { body: { empleadores: EMPLEADORES } },
      });
      const { session } = renderPage(<SignInPage />, { path: '/' });
      const user = await signIn('12.345.678-5', 'secreto123');
      await user.click(await screen.findByRole('button', { name: 'Entrar a Panadería Los Aromos SpA' }));
      expect(await screen.findByText('Demasiados intentos. Inténtalo en 15 minutos.')).toBeInTheDocument();
      expect(await screen.findByRole('button', { name: 'Ingresar' })).toBeInTheDocument();
      expect(session.getState().status).toBe('signed-out');
    });
  });
});
