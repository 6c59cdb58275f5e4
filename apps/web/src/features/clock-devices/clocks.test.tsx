import type { Reloj } from '@jornada/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SITE } from '../../test/fixtures';
import { apiError, mockRoutes, page, signedInAs } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';
import { renderPage } from '../../test/render-page';
import { ClocksPage } from '.';

afterEach(() => {
  vi.unstubAllGlobals();
});

const CLOCK: Reloj = {
  id: 'r1',
  numeroSerie: 'CQZ7232560001',
  nombre: 'Reloj acceso principal',
  sede: { id: SITE.id, nombre: SITE.nombre, zonaHoraria: 'America/Santiago' },
  activo: true,
  ultimoContacto: new Date(Date.now() - 3 * 60_000).toISOString(),
  ultimaIp: '10.0.0.50',
  ultimaCarga: '2026-11-20T12:00:00.000Z',
  registrosRecibidos: 1234,
  conClave: true,
  redesPermitidas: ['10.0.0.0/24'],
  creadoEn: '2026-11-01T12:00:00.000Z',
};

describe('clock devices page', () => {
  it('lists devices with their site, state and last contact', async () => {
    mockRoutes({
      ...signedInAs('administrador'),
      'GET /v1/relojes': () => ({
        body: page([CLOCK, { ...CLOCK, id: 'r2', numeroSerie: 'SN2', nombre: 'Reloj bodega', activo: false, ultimoContacto: null, ultimaIp: null, registrosRecibidos: 0, conClave: false, redesPermitidas: [] }]),
      }),
      'GET /v1/sedes': () => ({ body: page([SITE]) }),
    });
    renderPage(<ClocksPage />, { path: '/dashboard/settings/clocks' });
    const table = await screen.findByRole('table', { name: 'Relojes control' }, { timeout: 15_000 });
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('Reloj acceso principal');
    expect(first).toHaveTextContent('SN CQZ7232560001');
    expect(first).toHaveTextContent(SITE.nombre);
    expect(first).toHaveTextContent('hace 3 min');
    expect(first).toHaveTextContent('Desde 10.0.0.50');
    expect(first).toHaveTextContent('1.234');
    expect(second).toHaveTextContent('Inactivo');
    expect(second).toHaveTextContent('Nunca se ha conectado');
    expect(first).toHaveTextContent('Con clave');
    expect(first).toHaveTextContent('10.0.0.0/24');
    expect(second).toHaveTextContent('Sin clave ni redes: se rechaza');
    expect(screen.getByRole('heading', { name: 'Cómo conectar un reloj ZKTeco' })).toBeInTheDocument();
    expect(screen.getByText(/RUT sin puntos ni dígito verificador/)).toBeInTheDocument();
  });

  it('registers a device and shows the server’s message on its field', async () => {
    let attempts = 0;
    const { calls } = mockRoutes({
      ...signedInAs('administrador'),
      'GET /v1/relojes': () => ({ body: page([]) }),
      'GET /v1/sedes': () => ({ body: page([SITE]) }),
      'POST /v1/relojes': () => {
        attempts += 1;
        return attempts === 1
          ? apiError(409, 'CONFLICT', 'Ya hay un reloj registrado con ese número de serie.', { numeroSerie: 'Ya hay un reloj registrado con ese número de serie.' })
          : { status: 201, body: CLOCK };
      },
    });
    renderPage(<ClocksPage />, { path: '/dashboard/settings/clocks' });
    expect(await screen.findByText('Aún no hay relojes', {}, { timeout: 15_000 })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Nuevo reloj' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo reloj' });
    await user.click(within(dialog).getByRole('button', { name: 'Registrar reloj' }));
    expect(within(dialog).getByText('Ingresa el número de serie del reloj.')).toBeInTheDocument();
    expect(within(dialog).getByText('Elige la sede donde está el reloj.')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /^Número de serie/ }), 'CQZ7232560001');
    await user.type(within(dialog).getByRole('textbox', { name: /^Nombre del reloj/ }), 'Reloj acceso principal');
    const siteSelect = within(dialog).getByRole('combobox', { name: /^Sede/ });
    await user.click(siteSelect);
    const listbox = await waitFor(() => document.getElementById(siteSelect.getAttribute('aria-controls')!)!);
    await user.click(within(listbox).getByRole('option', { name: SITE.nombre, hidden: true }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Redes permitidas/ }), '10.0.0.0/24{enter}192.0.2.7');
    await user.click(within(dialog).getByRole('button', { name: 'Registrar reloj' }));
    expect(await within(dialog).findByText('Ya hay un reloj registrado con ese número de serie.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Registrar reloj' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Nuevo reloj' })).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/v1/relojes').at(-1)!.body).toEqual({
      numeroSerie: 'CQZ7232560001',
      nombre: 'Reloj acceso principal',
      sedeId: SITE.id,
      activo: true,
      redesPermitidas: ['10.0.0.0/24', '192.0.2.7'],
    });
  });

  it('generates a key and shows the server address to configure, once', async () => {
    const { calls } = mockRoutes({
      ...signedInAs('administrador'),
      'GET /v1/relojes': () => ({ body: page([{ ...CLOCK, conClave: false }]) }),
      'GET /v1/sedes': () => ({ body: page([SITE]) }),
      'POST /v1/relojes/:id/clave': () => ({ body: { clave: 'abcd2345efgh6789', ruta: '/r/abcd2345efgh6789' } }),
    });
    renderPage(<ClocksPage />, { path: '/dashboard/settings/clocks' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Clave de Reloj acceso principal' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Clave de Reloj acceso principal' });
    await user.click(within(dialog).getByRole('button', { name: 'Generar clave' }));
    expect(await within(dialog).findByLabelText('Dirección del servidor con la clave')).toHaveTextContent(`${window.location.origin}/r/abcd2345efgh6789`);
    expect(calls.some((c) => c.method === 'POST' && c.path === '/v1/relojes/r1/clave')).toBe(true);
  });

  it('is for administrators only', async () => {
    mockRoutes({ ...signedInAs('supervisor') });
    renderApp('/dashboard/settings/clocks');
    expect(await screen.findByRole('heading', { name: 'No tienes acceso a esta sección' })).toBeInTheDocument();
  });
});
