import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/api-stubs';
import { renderPage } from '../../test/render-page';
import { CompanyFormPage } from './company';
import { UserFormPage } from './user';

afterEach(() => {
  vi.unstubAllGlobals();
  document.querySelector('.swal2-container')?.remove();
});

async function dialog() {
  return within(await screen.findByRole('dialog'));
}

const COMPANY = {
  nombre: 'Los Aromos',
  rutEmpresa: '76543210-3',
  direccion: 'Av. Matta 100, Santiago',
  telefono: '+56 2 2345 6789',
  email: 'contacto@aromos.cl',
  rubro: 'Panadería',
  razonSocial: 'Panadería Los Aromos SpA',
  comentario: 'Tenemos dos locales.',
};

const COMPANY_LABELS: Record<keyof typeof COMPANY, string> = {
  nombre: 'Nombre',
  rutEmpresa: 'RUT empresa',
  direccion: 'Dirección',
  telefono: 'Teléfono',
  email: 'Correo electrónico',
  rubro: 'Rubro',
  razonSocial: 'Razón social',
  comentario: 'Comentario',
};

async function fillCompany(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByRole('heading', { name: 'Datos Empresa' });
  for (const [field, label] of Object.entries(COMPANY_LABELS)) {
    const input = screen.getByLabelText(label);
    expect(input).toHaveAttribute('name', field);
    expect(input).not.toBeRequired();
    await user.type(input, COMPANY[field as keyof typeof COMPANY]);
  }
}

describe('Datos Empresa', () => {
  it('sends the company with resolucion false, confirms, clears and continues to the user form', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({ '/empresa/crear': () => ({ body: { ok: true, _id: 'c1', onboardingToken: 'onb-123' } }) });
    const { router } = renderPage(<CompanyFormPage />, { path: '/configuracion', routes: { '/configuracion-usuario': <UserFormPage /> } });
    await fillCompany(user);
    await user.click(screen.getByRole('button', { name: 'Registrar empresa' }));

    const popup = await dialog();
    expect(popup.getByText('¡Registro exitoso!')).toBeInTheDocument();
    expect(
      popup.getByText('Datos de la empresa registrados correctamente. Presiona Continuar para agregar al usuario administrador.'),
    ).toBeInTheDocument();
    expect(calls[0]!.url).toBe('/api/empresa/crear');
    // The RUT is shown with dots after leaving the field; the server accepts any usual format.
    expect(calls[0]!.body).toEqual({ ...COMPANY, rutEmpresa: '76.543.210-3', resolucion: false });
    expect(screen.getByLabelText('Nombre')).toHaveValue('');
    expect(sessionStorage.getItem('jornada.onboardingToken')).toBe('onb-123');

    await user.click(popup.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByRole('heading', { name: 'Datos Usuario Principal' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/configuracion-usuario');
  });

  it('a not-ok answer shows the data-error dialog with the server field messages, and the form stays', async () => {
    const user = userEvent.setup();
    mockApi({
      '/empresa/crear': () => ({
        status: 400,
        body: { error: { code: 'VALIDATION', message: 'Revisa los datos.', fields: { rutEmpresa: 'El RUT no es válido.' } } },
      }),
    });
    const { router } = renderPage(<CompanyFormPage />, { path: '/configuracion', routes: { '/configuracion-usuario': <UserFormPage /> } });
    await fillCompany(user);
    await user.click(screen.getByRole('button', { name: 'Registrar empresa' }));
    const popup = await dialog();
    expect(popup.getByText('Oops...')).toBeInTheDocument();
    expect(popup.getByText('Hay un error en la data ingresada. Inténtalo de nuevo.')).toBeInTheDocument();
    expect(popup.getByText('RUT empresa: El RUT no es válido.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/configuracion');
    expect(screen.getByLabelText('Nombre')).toHaveValue('Los Aromos');
  });

  it('a network failure shows the something-went-wrong dialog', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockApi({ '/empresa/crear': () => new TypeError('Failed to fetch') });
    renderPage(<CompanyFormPage />, { path: '/configuracion', routes: { '/configuracion-usuario': <UserFormPage /> } });
    await fillCompany(user);
    await user.click(screen.getByRole('button', { name: 'Registrar empresa' }));
    const popup = await dialog();
    expect(popup.getByText('Oops...')).toBeInTheDocument();
    expect(popup.getByText('Algo salió mal! Inténtalo más tarde.')).toBeInTheDocument();
  });
});

describe('Datos Usuario Principal', () => {
  const TEXT_FIELDS = {
    nombre: ['Nombre', 'Camila'],
    apellidos: ['Apellidos', 'Rojas Fuentes'],
    cargo: ['Cargo', 'Gerenta'],
    rut: ['RUT', '12345678-5'],
    password: ['Contraseña', 'secreto123'],
    email: ['Correo electrónico', 'camila@aromos.cl'],
    direccion: ['Dirección', 'Av. Matta 100'],
    telefono: ['Teléfono', '+56 9 8765 4321'],
  } as const;

  it('sends the user with the onboarding token and ISO dates, confirms and clears the form', async () => {
    const user = userEvent.setup();
    sessionStorage.setItem('jornada.onboardingToken', 'onb-123');
    sessionStorage.setItem('jornada.onboardingRazonSocial', 'Panadería Los Aromos SpA');
    const { calls } = mockApi({ '/usuarios/crear': () => ({ body: { ok: true, _id: 'u1' } }) });
    const { container } = renderPage(<UserFormPage />, { path: '/configuracion-usuario' });
    await screen.findByRole('heading', { name: 'Datos Usuario Principal' });

    expect(screen.getByLabelText('Razón social')).toHaveValue('Panadería Los Aromos SpA');
    expect(screen.getByLabelText('Contraseña')).toHaveAttribute('type', 'password');
    for (const [field, [label, value]] of Object.entries(TEXT_FIELDS)) {
      const input = screen.getByLabelText(label);
      expect(input).toHaveAttribute('name', field);
      await user.type(input, value);
    }
    const start = screen.getByLabelText('Inicio de contrato');
    expect(start).toHaveAttribute('name', 'inicio_contrato');
    expect(container.querySelectorAll('[name="inicio_contrato"]')).toHaveLength(1);
    await user.type(start, '01-03-2025');
    await user.tab();
    expect(screen.getByLabelText('Fin de contrato')).toHaveAttribute('name', 'fin_contrato');

    await user.click(screen.getByRole('button', { name: 'Registrar usuario' }));
    const popup = await dialog();
    expect(popup.getByText('¡Registro exitoso!')).toBeInTheDocument();
    expect(popup.getByText('Datos del Usuario registrados correctamente.')).toBeInTheDocument();

    expect(calls[0]!.url).toBe('/api/usuarios/crear');
    expect(new Headers(calls[0]!.init.headers).get('x-onboarding-token')).toBe('onb-123');
    expect(calls[0]!.body).toEqual({
      nombre: 'Camila',
      apellidos: 'Rojas Fuentes',
      cargo: 'Gerenta',
      rut: '12.345.678-5',
      password: 'secreto123',
      email: 'camila@aromos.cl',
      direccion: 'Av. Matta 100',
      razon_social: 'Panadería Los Aromos SpA',
      telefono: '+56 9 8765 4321',
      inicio_contrato: '2025-03-01',
      fin_contrato: '',
    });
    await waitFor(() => expect(screen.getByLabelText('Nombre')).toHaveValue(''));
    expect(screen.getByLabelText('Razón social')).toHaveValue('');
    expect(screen.getByLabelText('Inicio de contrato')).toHaveValue('');
    // Still on the user form (the open dialog hides the page from the accessibility tree meanwhile).
    expect(screen.getByRole('heading', { name: 'Datos Usuario Principal', hidden: true })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ingresar a Jornada', hidden: true })).toHaveAttribute('href', '/');
  });

  it('a not-ok answer shows the data-error dialog', async () => {
    const user = userEvent.setup();
    mockApi({ '/usuarios/crear': () => ({ status: 401, body: { error: { code: 'UNAUTHENTICATED', message: 'El enlace de registro no es válido.' } } }) });
    renderPage(<UserFormPage />, { path: '/configuracion-usuario' });
    await user.click(await screen.findByRole('button', { name: 'Registrar usuario' }));
    const popup = await dialog();
    expect(popup.getByText('Hay un error en la data ingresada. Inténtalo de nuevo.')).toBeInTheDocument();
    expect(popup.getByText('El enlace de registro no es válido.')).toBeInTheDocument();
  });

  it('a server failure (5xx) shows the something-went-wrong dialog', async () => {
    const user = userEvent.setup();
    mockApi({ '/usuarios/crear': () => ({ status: 500, body: { error: { code: 'INTERNAL', message: 'Error interno.' } } }) });
    renderPage(<UserFormPage />, { path: '/configuracion-usuario' });
    await user.click(await screen.findByRole('button', { name: 'Registrar usuario' }));
    const popup = await dialog();
    expect(popup.getByText('Algo salió mal! Inténtalo más tarde.')).toBeInTheDocument();
  });
});
