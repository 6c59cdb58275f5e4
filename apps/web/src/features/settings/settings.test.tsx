import type { Empresa } from '@jornada/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SITE } from '../../test/fixtures';
import { mockRoutes, page, signedInAs } from '../../test/mock-api';
import { renderPage } from '../../test/render-page';
import { CompanyPage } from './company';
import { SitesPage } from './sites';
import { ExceptionalSchedulesPage } from './exceptional-schedules';

afterEach(() => {
  vi.unstubAllGlobals();
});

const COMPANY: Empresa = {
  id: 'c1',
  rut: '76.123.456-0',
  nombre: 'Comercial Los Andes',
  razonSocial: 'Comercial Los Andes SpA',
  direccion: 'Av. Apoquindo 4500',
  telefono: null,
  email: 'contacto@losandes.cl',
  emailConfirmado: true,
  rubro: 'Comercio',
  resolucion: false,
  resolucionNumero: null,
  resolucionFecha: null,
  comentario: null,
  recargoDominicalPorcentaje: 30,
  creadoEn: '2025-03-01T12:00:00.000Z',
};

describe('settings', () => {
  it('company: loads the data and requires the resolution number when there is a resolution', async () => {
    const { calls } = mockRoutes({
      ...signedInAs('administrador'),
      'GET /v1/empresa': () => ({ body: COMPANY }),
      'PATCH /v1/empresa': (call) => ({ body: { ...COMPANY, ...(call.body as object) } }),
    });
    renderPage(<CompanyPage />, { path: '/dashboard/settings/company' });
    expect(await screen.findByRole('textbox', { name: /^Razón social/ })).toHaveValue('Comercial Los Andes SpA');
    expect(screen.getByRole('textbox', { name: 'RUT empresa' })).toHaveValue('76.123.456-0');

    const user = userEvent.setup();
    await user.click(screen.getByRole('switch', { name: 'La empresa tiene resolución de jornada excepcional' }));
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Ingresa el número de la resolución de jornada excepcional.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);

    await user.type(screen.getByRole('textbox', { name: /^Número de resolución/ }), 'Res. Ex. N° 1234');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({ resolucion: true, resolucionNumero: 'Res. Ex. N° 1234' }));
  });

  it('company: the Sunday surcharge is a whole percent from 30 (art. 38, Ley 20.823) and is sent', async () => {
    const { calls } = mockRoutes({
      ...signedInAs('administrador'),
      'GET /v1/empresa': () => ({ body: COMPANY }),
      'PATCH /v1/empresa': (call) => ({ body: { ...COMPANY, ...(call.body as object) } }),
    });
    renderPage(<CompanyPage />, { path: '/dashboard/settings/company' });
    const field = await screen.findByRole('textbox', { name: /^Recargo dominical/ });
    expect(field).toHaveValue('30 %');
    const user = userEvent.setup();
    await user.clear(field);
    await user.type(field, '25');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('El recargo dominical no puede ser menor que 30 % (art. 38 del Código del Trabajo, Ley 20.823).')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
    await user.clear(field);
    await user.type(field, '40');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({ recargoDominicalPorcentaje: 40 }));
  });

  it('sites: empty state, then the new-site form with the map, time zones and default radius', async () => {
    mockRoutes({ ...signedInAs('administrador'), 'GET /v1/sedes': () => ({ body: page([]) }) });
    renderPage(<SitesPage />, { path: '/dashboard/settings/sites' });
    expect(await screen.findByText('Aún no hay sedes')).toBeInTheDocument();
    await userEvent.setup().click(screen.getAllByRole('button', { name: 'Nueva sede' })[0]!);
    const drawer = await screen.findByRole('dialog', { name: 'Nueva sede' });
    expect(within(drawer).getByRole('textbox', { name: /^Radio de la geocerca/ })).toHaveValue('150 m');
    expect(within(drawer).getByRole('combobox', { name: /^Zona horaria/ })).toHaveValue('Chile continental (America/Santiago)');
    expect(await within(drawer).findByLabelText('Mapa de la sede: haz clic para ubicarla', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('sites: lists sites with address, geofence and zone', async () => {
    mockRoutes({ ...signedInAs('administrador'), 'GET /v1/sedes': () => ({ body: page([SITE]) }) });
    renderPage(<SitesPage />, { path: '/dashboard/settings/sites' });
    const table = await screen.findByRole('table', { name: 'Sedes' });
    expect(within(table).getByText(SITE.direccionCompleta)).toBeInTheDocument();
    expect(within(table).getByText(/Radio 150 m/)).toBeInTheDocument();
    expect(within(table).getByText('Chile continental')).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: `Editar ${SITE.nombre}` })).toBeInTheDocument();
  });
});

describe('/dashboard/settings/exceptional-schedules', () => {
  it('counts the workers under each resolution and the groups it names, and refuses to delete one a group has', async () => {
    const schedule = { id: 'j1', numero: 'Res. 123', fecha: null, diasTrabajo: 7, diasDescanso: 7, horasDiarias: 12, vigenteDesde: null, vigenteHasta: null, trabajadores: 7, grupos: 1, creadoEn: '', actualizadoEn: '' };
    mockRoutes({ ...signedInAs('administrador'), 'GET /v1/jornadas-excepcionales': () => ({ body: { items: [schedule] } }) });
    renderPage(<ExceptionalSchedulesPage />, { path: '/dashboard/settings/exceptional-schedules' });
    const table = await screen.findByRole('table', { name: 'Jornadas excepcionales' });
    expect(within(table).getByText('7 trabajadores')).toBeInTheDocument();
    expect(within(table).getByText('1 grupo')).toBeInTheDocument();
    await userEvent.setup().click(within(table).getByRole('button', { name: 'Eliminar Res. 123' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar jornada excepcional' });
    expect(dialog).toHaveTextContent('«Res. 123» tiene 7 trabajadores bajo ella y 1 grupo asignado: asigna otra jornada o ninguna en la ficha de cada trabajador y grupo antes de eliminarla.');
    expect(within(dialog).getByRole('button', { name: 'Eliminar jornada' })).toBeDisabled();
  });
});
