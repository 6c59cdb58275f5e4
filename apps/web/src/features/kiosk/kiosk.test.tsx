import { KIOSCO_TOKEN_HEADER, type ResultadoMarca } from '@jornada/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockRoutes, page, signedInAs } from '../../test/mock-api';
import { renderPage } from '../../test/render-page';
import { PinPage } from '../pin';
import { KioskPage } from '.';
import { KiosksPage } from './admin';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const SESSION = { nombre: 'Entrada principal', empresa: 'Panadería Los Aromos', sede: { id: 's1', nombre: 'Casa matriz', direccion: 'Av. Matta 100, Santiago' } };
const RESULT: ResultadoMarca = {
  registrada: true,
  mensaje: 'Marca registrada.',
  trabajador: { id: 'u2', nombre: 'Ana Pérez Soto' },
  marca: null,
  comprobante: {
    marcaId: 'm1',
    fecha: '20/11/26',
    hora: '09:00:05',
    zonaHoraria: 'America/Santiago',
    trabajador: { nombre: 'Ana Pérez Soto', rut: '15.509.661-6' },
    tipo: 'entrada',
    tipoEtiqueta: 'Entrada',
    metodo: 'kiosco_pin',
    metodoEtiqueta: 'Kiosco con PIN',
    hash: 'a'.repeat(64),
    empleador: { razonSocial: 'Panadería Los Aromos SpA', rut: '76.003.061-9' },
    lugarTrabajo: { nombre: 'Casa matriz', direccion: 'Av. Matta 100, Santiago' },
    resolucionExcepcional: null,
    posicion: null,
    offline: false,
    horaOriginal: null,
    correccionRegistrada: null,
    fueraDeGeocerca: false,
    urlVerificacion: 'http://localhost/verificar/aaa',
  },
};

describe('/kiosco', () => {
  it('without a kiosk token on this device, explains how to open one', async () => {
    mockRoutes({});
    renderPage(<KioskPage />, { path: '/kiosco' });
    expect(await screen.findByText(/no tiene un quiosco abierto/)).toBeInTheDocument();
  });

  it('marks with RUT and PIN using the device token (never a session), shows the result and resets', async () => {
    localStorage.setItem('jornada_kiosco_token', 'kiosk-tok');
    let attempt = 0;
    const { calls } = mockRoutes({
      'GET /v1/quiosco/sesion': () => ({ body: SESSION }),
      'POST /v1/quiosco/marcar-pin': () => (++attempt === 1 ? apiError(401, 'INVALID_CREDENTIALS', 'RUT o PIN incorrectos.') : { body: RESULT }),
    });
    renderPage(<KioskPage />, { path: '/kiosco' });
    expect(await screen.findByText('Panadería Los Aromos')).toBeInTheDocument();
    expect(screen.getByText('Casa matriz · Entrada principal')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Entrada' }));
    await userEvent.type(screen.getByLabelText('RUT'), '15.509.661-6');
    await userEvent.type(screen.getByLabelText('PIN'), '9999');
    await userEvent.click(screen.getByRole('button', { name: 'Marcar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('RUT o PIN incorrectos.');
    await userEvent.type(screen.getByLabelText('PIN'), '1357');
    await userEvent.click(screen.getByRole('button', { name: 'Marcar' }));
    const status = await screen.findByRole('status', { name: 'Marca registrada' });
    expect(status).toHaveTextContent('Ana Pérez Soto');
    expect(status).toHaveTextContent('Entrada registrada');
    expect(status).toHaveTextContent('20/11/26 a las 09:00:05');
    const mark = calls.filter((c) => c.path === '/v1/quiosco/marcar-pin').at(-1)!;
    expect(mark.body).toMatchObject({ rut: '15.509.661-6', pin: '1357', tipo: 'entrada' });
    expect(mark.headers.get(KIOSCO_TOKEN_HEADER)).toBe('kiosk-tok');
    expect(mark.headers.get('authorization')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Listo' }));
    expect(await screen.findByRole('heading', { name: '¿Qué vas a marcar?' })).toBeInTheDocument();
  });

  it('asks a worker on vacation today to confirm, and marks with the same idCliente once confirmed', async () => {
    localStorage.setItem('jornada_kiosco_token', 'kiosk-tok');
    const { calls } = mockRoutes({
      'GET /v1/quiosco/sesion': () => ({ body: SESSION }),
      'POST /v1/quiosco/marcar-pin': (call) =>
        (call.body as { confirmarPermiso?: boolean }).confirmarPermiso
          ? { body: RESULT }
          : apiError(409, 'MARCA_EN_PERMISO', 'Ana, tienes Vacaciones aprobado para hoy. ¿Marcar de todos modos? La marca queda registrada y tu empleador revisará el día.'),
    });
    renderPage(<KioskPage />, { path: '/kiosco' });
    await userEvent.click(await screen.findByRole('button', { name: 'Entrada' }));
    await userEvent.type(screen.getByLabelText('RUT'), '15.509.661-6');
    await userEvent.type(screen.getByLabelText('PIN'), '1357');
    await userEvent.click(screen.getByRole('button', { name: 'Marcar' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Marcar de todos modos?' });
    expect(dialog).toHaveTextContent('tienes Vacaciones aprobado para hoy');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Marcar entrada' }));
    expect(await screen.findByRole('status', { name: 'Marca registrada' })).toHaveTextContent('Entrada registrada');
    const [first, second] = calls.filter((c) => c.path === '/v1/quiosco/marcar-pin');
    expect(second!.body).toMatchObject({ rut: '15.509.661-6', pin: '1357', tipo: 'entrada', confirmarPermiso: true, idCliente: (first!.body as { idCliente: string }).idCliente });
  });

  it('a closed kiosk says so and can be forgotten', async () => {
    localStorage.setItem('jornada_kiosco_token', 'old');
    mockRoutes({ 'GET /v1/quiosco/sesion': () => apiError(401, 'UNAUTHENTICATED', 'Este quiosco no está habilitado o fue cerrado.') });
    renderPage(<KioskPage />, { path: '/kiosco' });
    expect(await screen.findByRole('alert')).toHaveTextContent('fue cerrado');
    await userEvent.click(screen.getByRole('button', { name: 'Olvidar este quiosco' }));
    expect(await screen.findByText(/no tiene un quiosco abierto/)).toBeInTheDocument();
    expect(localStorage.getItem('jornada_kiosco_token')).toBeNull();
  });
});

describe('/dashboard/kiosks', () => {
  it('opens a kiosk for a site on this device and goes to /kiosco', async () => {
    const { calls } = mockRoutes({
      ...signedInAs('administrador'),
      'GET /v1/quioscos': () => ({ body: { items: [] } }),
      'GET /v1/sedes': () => ({ body: page([{ id: 's1', nombre: 'Casa matriz' }]) }),
      'POST /v1/quioscos': () => ({ status: 201, body: { token: 'new-kiosk-token', quiosco: { id: 'k1' } } }),
      'GET /v1/quiosco/sesion': () => ({ body: SESSION }),
    });
    const { router } = renderPage(<KiosksPage />, { path: '/dashboard/kiosks', routes: { '/kiosco': <KioskPage /> } });
    expect(await screen.findByText('Aún no hay quioscos')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Abrir quiosco' }));
    const form = screen.getByRole('form', { name: 'Abrir quiosco' });
    await userEvent.click(within(form).getAllByLabelText('Sede')[0]!);
    await userEvent.click(await screen.findByRole('option', { name: 'Casa matriz', hidden: true }));
    await userEvent.type(screen.getByLabelText('Nombre del quiosco'), 'Entrada principal');
    await userEvent.click(screen.getByRole('button', { name: 'Abrir quiosco en este dispositivo' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/kiosco'));
    expect(localStorage.getItem('jornada_kiosco_token')).toBe('new-kiosk-token');
    expect(localStorage.getItem('token')).toBe('tok-1');
    expect(calls.find((c) => c.method === 'POST' && c.path === '/v1/quioscos')!.body).toEqual({ sedeId: 's1', nombre: 'Entrada principal' });
  });
});

describe('/dashboard/pin', () => {
  it('refuses a trivial PIN, then saves and asks for the current one to change it', async () => {
    let defined = false;
    const { calls } = mockRoutes({
      ...signedInAs('trabajador'),
      'GET /v1/pin': () => ({ body: { definido: defined, actualizadoEn: defined ? '2026-11-20T12:00:00.000Z' : null } }),
      'PUT /v1/pin': (call) => {
        if ((call.body as { pinActual?: string }).pinActual === '0000') return apiError(400, 'VALIDATION', 'Hay un error', { pinActual: 'El PIN actual no es correcto.' });
        defined = true;
        return { body: { definido: true, actualizadoEn: '2026-11-20T12:00:00.000Z' } };
      },
    });
    renderPage(<PinPage />, { path: '/dashboard/pin' });
    expect(await screen.findByText('Todavía no tienes PIN de marcaje.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('PIN nuevo'), '1234');
    await userEvent.type(screen.getByLabelText('Repetir PIN nuevo'), '1234');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar PIN' }));
    expect(await screen.findByText('El PIN no puede ser una secuencia (como 1234 o 4321).')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await userEvent.clear(screen.getByLabelText('PIN nuevo'));
    await userEvent.clear(screen.getByLabelText('Repetir PIN nuevo'));
    await userEvent.type(screen.getByLabelText('PIN nuevo'), '1357');
    await userEvent.type(screen.getByLabelText('Repetir PIN nuevo'), '1357');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar PIN' }));
    expect(await screen.findByText(/Tu PIN se definió o cambió por última vez el 20-11-2026/)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ pinNuevo: '1357' });
    await userEvent.type(screen.getByLabelText('PIN actual'), '0000');
    await userEvent.type(screen.getByLabelText('PIN nuevo'), '2468');
    await userEvent.type(screen.getByLabelText('Repetir PIN nuevo'), '2468');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar PIN' }));
    expect(await screen.findByText('El PIN actual no es correcto.')).toBeInTheDocument();
  });
});
