import { CONSENTIMIENTO_HUELLA_TEXTO, CONSENTIMIENTO_HUELLA_VERSION, type Consentimiento, type Credencial, type ResultadoMarca } from '@jornada/contracts';
import { act, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockRoutes, page, signedInAs } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';
import { renderPage } from '../../test/render-page';
import { EnrollFootprintPage } from './enroll';
import { FootprintsRegisterPage } from './register';

vi.mock('@simplewebauthn/browser', () => ({
  startRegistration: vi.fn(async () => ({ id: 'cred-1', rawId: 'cred-1', type: 'public-key', response: { clientDataJSON: 'x', attestationObject: 'y' } })),
  startAuthentication: vi.fn(async () => ({ id: 'cred-1', rawId: 'cred-1', type: 'public-key', response: { clientDataJSON: 'x', authenticatorData: 'y', signature: 'z' } })),
}));

beforeEach(() => {
  vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const CONSENT: Consentimiento = {
  id: 'k1',
  usuarioId: 'u1',
  version: CONSENTIMIENTO_HUELLA_VERSION,
  texto: CONSENTIMIENTO_HUELLA_TEXTO,
  otorgadoEn: '2026-11-20T12:00:00.000Z',
  registradoPor: { id: 'u1', nombre: 'Camila Rojas Fuentes' },
  confirmacion: 'sesion_trabajador',
  ip: '127.0.0.1',
  revocadoEn: null,
};

const CREDENTIAL: Credencial = {
  id: 'c1',
  usuario: { id: 'u2', nombre: 'Ana Pérez Soto', rut: '15.509.661-6', sede: 'Casa matriz' },
  nombreDispositivo: 'Quiosco bodega',
  registradaEn: '2026-11-20T12:00:00.000Z',
  registradaPor: 'Camila Rojas Fuentes',
  ultimoUso: null,
  revocadaEn: null,
};

function consentState(consentimiento: Consentimiento | null, huellaPermitida = true) {
  return { version: CONSENTIMIENTO_HUELLA_VERSION, texto: CONSENTIMIENTO_HUELLA_TEXTO, consentimiento, huellaPermitida };
}

describe('/dashboard/enroll-footprint', () => {
  it('asks for consent first, then enrols this device with the WebAuthn ceremony', async () => {
    let consent: Consentimiento | null = null;
    const mine: Credencial[] = [];
    const { calls } = mockRoutes({
      ...signedInAs('trabajador'),
      'GET /v1/huella/consentimiento': () => ({ body: consentState(consent) }),
      'POST /v1/huella/consentimiento': () => {
        consent = CONSENT;
        return { status: 201, body: CONSENT };
      },
      'GET /v1/huella/mis-credenciales': () => ({ body: { items: mine } }),
      'POST /v1/huella/registro/opciones': () => ({ body: { challenge: 'abc', rp: { id: 'localhost', name: 'Jornada' } } }),
      'POST /v1/huella/registro': () => {
        const created = { ...CREDENTIAL, nombreDispositivo: 'Celular de Ana' };
        mine.push(created);
        return { status: 201, body: created };
      },
    });
    renderPage(<EnrollFootprintPage />, { path: '/dashboard/enroll-footprint' });
    expect(await screen.findByText(CONSENTIMIENTO_HUELLA_TEXTO)).toBeInTheDocument();
    expect(await screen.findByText('Sin huellas registradas.')).toBeInTheDocument();
    const give = screen.getByRole('button', { name: 'Dar consentimiento' });
    expect(give).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Registrar huella' })).toBeDisabled();
    await userEvent.click(screen.getByLabelText('He leído y acepto el texto de consentimiento'));
    await userEvent.click(give);
    expect(await screen.findByText('Consentimiento vigente')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST' && c.path === '/v1/huella/consentimiento')!.body).toEqual({ acepta: true, version: CONSENTIMIENTO_HUELLA_VERSION });

    await userEvent.type(screen.getByLabelText(/Nombre del dispositivo/), 'Celular de Ana');
    await userEvent.click(screen.getByRole('button', { name: 'Registrar huella' }));
    const list = await screen.findByRole('list', { name: 'Mis huellas' });
    expect(within(list).getByText('Celular de Ana')).toBeInTheDocument();
    const register = calls.find((c) => c.path === '/v1/huella/registro')!;
    expect(register.body).toMatchObject({ nombreDispositivo: 'Celular de Ana', respuesta: { id: 'cred-1' } });
  });

  it('warns when the fingerprint is not among the worker’s methods', async () => {
    mockRoutes({
      ...signedInAs('trabajador'),
      'GET /v1/huella/consentimiento': () => ({ body: consentState(CONSENT, false) }),
      'GET /v1/huella/mis-credenciales': () => ({ body: { items: [] } }),
    });
    renderPage(<EnrollFootprintPage />, { path: '/dashboard/enroll-footprint' });
    expect(await screen.findByText('La huella no está habilitada')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Registrar huella' })).toBeDisabled();
  });

  it('an administrator captures a worker’s consent with the worker’s PIN and sees the server’s refusal', async () => {
    mockRoutes({
      ...signedInAs('administrador'),
      'GET /v1/usuarios': () => ({ body: page([]) }),
      'GET /v1/huella/consentimiento': () => ({ body: consentState(null) }),
      'POST /v1/huella/consentimiento': () => apiError(400, 'VALIDATION', 'Hay un error', { pinTrabajador: 'El PIN del trabajador no es correcto.' }),
      'GET /v1/huella/credenciales': () => ({ body: page([]) }),
    });
    renderPage(<EnrollFootprintPage />, { path: '/dashboard/enroll-footprint?usuarioId=a0000000-0000-4000-8000-000000000002' });
    await userEvent.click(await screen.findByLabelText('El trabajador leyó y acepta el texto de consentimiento'));
    await userEvent.type(screen.getByLabelText(/PIN del trabajador/), '2468');
    await userEvent.click(screen.getByRole('button', { name: 'Dar consentimiento' }));
    expect(await screen.findByText('El PIN del trabajador no es correcto.')).toBeInTheDocument();
  });

  it('shows an error with retry when the consent cannot be loaded', async () => {
    mockRoutes({ ...signedInAs('trabajador'), 'GET /v1/huella/consentimiento': () => apiError(500, 'INTERNAL', 'Falla') });
    renderPage(<EnrollFootprintPage />, { path: '/dashboard/enroll-footprint' });
    expect(await screen.findByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });
});

describe('/dashboard/footprints-register', () => {
  it('lists credentials, revokes one and shows who has not enrolled', async () => {
    let revoked = false;
    const { calls } = mockRoutes({
      ...signedInAs('administrador'),
      'GET /v1/sedes': () => ({ body: page([]) }),
      'GET /v1/huella/credenciales': () => ({ body: page(revoked ? [] : [CREDENTIAL]) }),
      'POST /v1/huella/credenciales/:id/revocar': () => {
        revoked = true;
        return { body: { ok: true } };
      },
      'GET /v1/huella/pendientes': () => ({ body: page([{ id: 'u3', nombre: 'Luis Díaz', rut: '12.678.579-8', sede: null, consentimiento: false }]) }),
    });
    renderPage(<FootprintsRegisterPage />, { path: '/dashboard/footprints-register' });
    const table = await screen.findByRole('table', { name: 'Huellas registradas' });
    expect(within(table).getByText('Ana Pérez Soto')).toBeInTheDocument();
    expect(within(table).getByText('Quiosco bodega')).toBeInTheDocument();
    expect(within(table).getByText('Nunca')).toBeInTheDocument();
    expect(Object.fromEntries(calls.find((c) => c.path === '/v1/huella/credenciales')!.url.searchParams)).toMatchObject({ estado: 'activas', page: '1' });
    await userEvent.click(within(table).getByRole('button', { name: 'Revocar huella de Ana Pérez Soto en Quiosco bodega' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revocar huella' }));
    expect(await screen.findByText('Aún no hay huellas registradas')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/v1/huella/credenciales/c1/revocar')).toBe(true);

    await userEvent.click(screen.getByRole('tab', { name: 'Sin huella registrada' }));
    const pending = await screen.findByRole('table', { name: 'Trabajadores sin huella registrada' });
    expect(within(pending).getByText('Luis Díaz')).toBeInTheDocument();
    expect(within(pending).getByRole('link', { name: 'Registrar huella de Luis Díaz' })).toHaveAttribute('href', '/dashboard/enroll-footprint?usuarioId=u3');
  });

  it('is not open to a trabajador', async () => {
    mockRoutes({ ...signedInAs('trabajador') });
    renderApp('/dashboard/footprints-register');
    expect(await screen.findByRole('heading', { name: 'No tienes acceso a esta sección' })).toBeInTheDocument();
  });
});

async function hookWrapper() {
  const { QueryClient, QueryClientProvider } = await import('@tanstack/react-query');
  const { createSessionStore, httpSessionApi, SessionProvider } = await import('../../lib/session');
  const client = new QueryClient();
  const session = createSessionStore({ api: httpSessionApi, logger: { error: vi.fn(), warn: vi.fn(), info: vi.fn() } });
  return ({ children }: { children: ReactNode }) => (
    <SessionProvider store={session}>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </SessionProvider>
  );
}

describe('useFingerprintMark', () => {
  it('gets options, asks the device for the fingerprint and sends the assertion with the kind', async () => {
    const result: ResultadoMarca = { registrada: true, mensaje: 'Marca registrada.', trabajador: { id: 'u1', nombre: 'Camila Rojas' }, marca: null, comprobante: null };
    const { calls } = mockRoutes({
      'POST /v1/huella/marcar/opciones': () => ({ body: { challenge: 'c', allowCredentials: [{ id: 'cred-1', type: 'public-key' }] } }),
      'POST /v1/huella/marcar': () => ({ body: result }),
    });
    const { useFingerprintMark } = await import('./index');
    const wrapper = await hookWrapper();
    const onMarked = vi.fn();
    const { result: hook } = renderHook(() => useFingerprintMark({ onMarked }), { wrapper });
    expect(hook.current.supported).toBe(true);
    await act(async () => {
      await hook.current.mark({ tipo: 'entrada', idCliente: '3b1f8f0e-8a4c-4d5e-9f00-000000000001' });
    });
    await waitFor(() => expect(onMarked).toHaveBeenCalledWith(result));
    expect(calls.at(-1)!.body).toMatchObject({ tipo: 'entrada', idCliente: '3b1f8f0e-8a4c-4d5e-9f00-000000000001', respuesta: { id: 'cred-1' } });
  });

  it('keeps the server’s message when the fingerprint is not verified', async () => {
    mockRoutes({
      'POST /v1/huella/marcar/opciones': () => ({ body: { challenge: 'c' } }),
      'POST /v1/huella/marcar': () => apiError(400, 'VALIDATION', 'No pudimos verificar tu huella. Inténtalo de nuevo o marca con otro método.'),
    });
    const { useFingerprintMark } = await import('./index');
    const wrapper = await hookWrapper();
    const { result: hook } = renderHook(() => useFingerprintMark(), { wrapper });
    await act(async () => {
      await hook.current.mark({ tipo: 'salida' }).catch(() => undefined);
    });
    await waitFor(() => expect(hook.current.error).toBe('No pudimos verificar tu huella. Inténtalo de nuevo o marca con otro método.'));
  });
});
