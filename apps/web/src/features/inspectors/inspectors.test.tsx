import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockRoutes, page, signedInAs } from '../../test/mock-api';
import { renderPage } from '../../test/render-page';
import { InspectorAccessPage } from './access';
import { AccessLogPage } from './log';
import { pageLoad } from './api/inspector-access';
import { keyDeadline } from './components/inspector-access-page';

const FISCALIZADOR = { nombre: 'Ana', apellidos: 'Pérez Soto', rut: '12.345.678-5', email: 'ana.perez@dt.gob.cl' };
const SESSION = { fiscalizador: FISCALIZADOR, expiraEn: '2030-06-02T15:00:00.000Z', claveVenceEn: '2030-06-08T04:00:00.000Z', empleadorActual: null };
const EMPLOYER = { id: 'c-9', razonSocial: 'Panificadora La Espiga SpA', rut: '76.123.456-0' };

const go = vi.fn();
const originalGo = pageLoad.go;
beforeEach(() => {
  pageLoad.go = go;
  go.mockReset();
});
afterEach(() => {
  pageLoad.go = originalGo;
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

describe('/fiscalizacion', () => {
  it('requests a key, signs in with it, chooses the employer by RUT and enters its dashboard', async () => {
    const { calls } = mockRoutes({
      'POST /v1/fiscalizacion/claves': () => ({ body: { ok: true, message: 'Enviamos una clave temporal a tu correo institucional.' } }),
      'POST /v1/fiscalizacion/ingreso': () => ({ body: { tokenFiscalizacion: 'fisc-1', expiraEn: SESSION.expiraEn, claveVenceEn: SESSION.claveVenceEn, fiscalizador: FISCALIZADOR } }),
      'GET /v1/fiscalizacion/sesion': () => ({ body: SESSION }),
      'GET /v1/fiscalizacion/empleadores': () => ({ body: { items: [EMPLOYER], hayMas: false } }),
      'POST /v1/fiscalizacion/empleadores/:id/acceso': () => ({
        body: {
          tokenSesion: 'ses-9',
          expiraEn: '2030-06-02T15:00:00.000Z',
          _id: 'i-1',
          nombre: 'Ana',
          apellidos: 'Pérez Soto',
          razon_social: { nombre: EMPLOYER.razonSocial, _id: EMPLOYER.id },
          perfil: 'fiscalizador',
          rut: '12.345.678-5',
          email: FISCALIZADOR.email,
          direccion: '',
        },
      }),
    });
    renderPage(<InspectorAccessPage />, { path: '/fiscalizacion' });
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Acceso para fiscalizadores de la Dirección del Trabajo' }, { timeout: 15_000 })).toBeInTheDocument();
    const email = screen.getByRole('textbox', { name: /Correo institucional/ });
    await user.type(email, 'ana.perez@gmail.com');
    await user.type(screen.getByRole('textbox', { name: 'Nombre' }), 'Ana');
    await user.type(screen.getByRole('textbox', { name: 'Apellidos' }), 'Pérez Soto');
    await user.type(screen.getByRole('textbox', { name: /RUT/ }), '123456785');
    await user.click(screen.getByRole('button', { name: 'Enviar clave a mi correo' }));
    expect(await screen.findByText('Usa tu correo institucional de la Dirección del Trabajo (termina en @dt.gob.cl).')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/v1/fiscalizacion/claves')).toBe(false);

    await user.clear(email);
    await user.type(email, 'ana.perez@dt.gob.cl');
    await user.click(screen.getByRole('button', { name: 'Enviar clave a mi correo' }));
    expect(await screen.findByText('Enviamos una clave temporal a tu correo institucional.')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/v1/fiscalizacion/claves')!.body).toEqual({ email: 'ana.perez@dt.gob.cl', nombre: 'Ana', apellidos: 'Pérez Soto', rut: '12345678-5' });

    // Step 2: the address is already there.
    expect(screen.getByRole('textbox', { name: /Correo institucional/ })).toHaveValue('ana.perez@dt.gob.cl');
    await user.type(screen.getByLabelText(/Clave temporal/), 'K7QM-3XHP-W9TD');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));

    // Step 3.
    expect(await screen.findByRole('heading', { name: 'Elige el empleador' })).toBeInTheDocument();
    expect(sessionStorage.getItem('jornada_fiscalizacion_token')).toBe('fisc-1');
    expect(screen.getByText(/tu clave vence el viernes 07\/06\/2030 a las 23:59/)).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Razón social o RUT del empleador' }), '76.123.456-0');
    const results = await screen.findByRole('list', { name: 'Empleadores encontrados' });
    expect(within(results).getByText('Panificadora La Espiga SpA')).toBeInTheDocument();
    expect(within(results).getByText('RUT 76.123.456-0')).toBeInTheDocument();
    const searchCall = calls.find((c) => c.path === '/v1/fiscalizacion/empleadores')!;
    expect(searchCall.url.searchParams.get('q')).toBe('76.123.456-0');
    expect(searchCall.headers.get('authorization')).toBe('Bearer fisc-1');

    await user.click(within(results).getByRole('button', { name: 'Acceder a Panificadora La Espiga SpA' }));
    await vi.waitFor(() => expect(go).toHaveBeenCalledWith('/dashboard'));
    expect(localStorage.getItem('token')).toBe('ses-9');
    expect(sessionStorage.getItem('jornada_fiscalizacion_token')).toBeNull();
  });

  it('shows a wrong or expired key’s message from the server', async () => {
    mockRoutes({
      'POST /v1/fiscalizacion/ingreso': () =>
        apiError(401, 'INVALID_CREDENTIALS', 'Tu clave temporal venció el sábado 07/06/2025 a las 23:59:59 (hora de Chile continental). Solicita una clave nueva.'),
    });
    renderPage(<InspectorAccessPage />, { path: '/fiscalizacion' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Ya tengo una clave' }, { timeout: 15_000 }));
    await user.type(screen.getByRole('textbox', { name: /Correo institucional/ }), 'ana.perez@dt.gob.cl');
    await user.type(screen.getByLabelText(/Clave temporal/), 'K7QM-3XHP-W9TD');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Tu clave temporal venció el sábado 07/06/2025 a las 23:59:59');
  });

  it('an inspector in an employer’s dashboard goes straight to choosing another employer', async () => {
    const { calls } = mockRoutes({
      ...signedInAs('fiscalizador'),
      'GET /v1/fiscalizacion/sesion': () => ({ body: { ...SESSION, empleadorActual: EMPLOYER } }),
    });
    renderPage(<InspectorAccessPage />, { path: '/fiscalizacion' });
    expect(await screen.findByRole('heading', { name: 'Elige el empleador' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('Estás revisando Panificadora La Espiga SpA')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/v1/fiscalizacion/sesion')!.headers.get('authorization')).toBe('Bearer tok-1');
  });

  it('states the key’s last minute in Chile’s time', () => {
    expect(keyDeadline('2025-06-08T04:00:00.000Z')).toBe('el sábado 07/06/2025 a las 23:59');
  });
});

describe('/dashboard/settings/inspections', () => {
  it('lists the inspectors’ accesses with their fields, and filters by date', async () => {
    const { calls } = mockRoutes({
      ...signedInAs('administrador'),
      'GET /v1/fiscalizacion/accesos': () => ({
        body: page(
          [
            {
              id: 'e1',
              instante: '2025-06-02T14:15:17.000Z',
              evento: 'consulta',
              fiscalizador: FISCALIZADOR,
              conClaveTemporal: true,
              empresaRut: '76.123.456-0',
              metodo: 'GET',
              ruta: '/api/v1/usuarios',
              recurso: '/api/v1/usuarios?page=1',
              permitido: false,
              ip: '10.9.0.2',
            },
          ],
          41,
        ),
      }),
    });
    renderPage(<AccessLogPage />, { path: '/dashboard/settings/inspections?desde=2025-06-01' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Accesos de fiscalizadores' }, { timeout: 15_000 })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Accesos de fiscalizadores' });
    for (const text of ['02-06-2025 10:15:17', 'Ana Pérez Soto', 'RUT 12.345.678-5 · ana.perez@dt.gob.cl', 'Consulta GET', '/api/v1/usuarios?page=1', '76.123.456-0', 'Rechazada', '10.9.0.2']) {
      expect(within(table).getAllByText(text).length).toBeGreaterThan(0);
    }
    expect(calls.find((c) => c.path === '/v1/fiscalizacion/accesos')!.url.searchParams.get('desde')).toBe('2025-06-01');
  });
});
