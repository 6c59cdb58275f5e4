import type { Correccion } from '@jornada/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../test/fixtures';
import { apiError, mockRoutes, page, signedInAs } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';
import { renderPage } from '../../test/render-page';
import { CorrectionsPage } from '.';
import { countdownText } from './components/deadline';

afterEach(() => {
  vi.unstubAllGlobals();
});

const HOUR = 3_600_000;

function correction(overrides: Partial<Correccion> = {}): Correccion {
  const created = Date.now() - 30 * 60_000;
  return {
    id: 'c0000000-0000-4000-8000-000000000001',
    estado: 'pendiente',
    estadoEtiqueta: 'Pendiente',
    trabajador: { id: 'a0000000-0000-4000-8000-000000000001', nombre: 'Valentina Sepúlveda Hernández', rut: '12.345.678-5' },
    tipo: 'salida',
    tipoEtiqueta: 'Salida',
    instante: '2026-11-20T21:00:05.000Z',
    fecha: '2026-11-20',
    hora: '18:00:05',
    zonaHoraria: 'America/Santiago',
    original: { descripcion: 'Intento de marcaje no registrado: Entrada el 20-11-2026 a las 18:00:05 (Marca repetida (ignorada))', marca: null, intento: null },
    motivo: 'Marcó entrada en vez de salida.',
    solicitadoPor: { id: 'u1', nombre: 'Camila Rojas Fuentes' },
    creadaEn: new Date(created).toISOString(),
    // 47 h 30 min and a few seconds from now: the countdown reads "Quedan 47 h 30 min".
    plazo: new Date(created + 48 * HOUR + 10_000).toISOString(),
    objecion: null,
    objetadaEn: null,
    anulacion: null,
    resueltaEn: null,
    marcaId: null,
    intentoId: 'i1',
    historial: [{ evento: 'propuesta', etiqueta: 'Propuesta', por: { id: 'u1', nombre: 'Camila Rojas Fuentes' }, en: new Date(created).toISOString(), nota: 'Marcó entrada en vez de salida.' }],
    puedeObjetar: true,
    puedeAceptar: true,
    puedeAnular: false,
    ...overrides,
  };
}

describe('countdown', () => {
  it('reads the time left to object', () => {
    const now = Date.parse('2026-11-20T12:00:00Z');
    expect(countdownText('2026-11-22T11:30:00Z', now)).toBe('Quedan 47 h 30 min');
    expect(countdownText('2026-11-20T12:35:10Z', now)).toBe('Quedan 35 min');
    expect(countdownText('2026-11-20T12:00:20Z', now)).toBe('Quedan menos de 1 min');
    expect(countdownText('2026-11-20T11:59:00Z', now)).toBe('Plazo vencido');
  });
});

describe('corrections page', () => {
  it('shows a worker their pending correction with the countdown, and objects with a reason', async () => {
    const pending = correction();
    const { calls } = mockRoutes({
      ...signedInAs('trabajador'),
      'GET /v1/correcciones': () => ({ body: page([pending]) }),
      'POST /v1/correcciones/:id/objetar': (call) => ({
        body: { ...pending, estado: 'objetada', estadoEtiqueta: 'Objetada', objecion: (call.body as { objecion: string }).objecion, puedeObjetar: false, puedeAceptar: false },
      }),
    });
    renderPage(<CorrectionsPage />, { path: '/dashboard/corrections' });
    const table = await screen.findByRole('table', { name: 'Correcciones' }, { timeout: 15_000 });
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByText('Salida')).toBeInTheDocument();
    expect(within(row).getByText('20-11-2026 18:00:05')).toBeInTheDocument();
    expect(within(row).getByText(/Entrada el 20-11-2026 a las 18:00:05/)).toBeInTheDocument();
    expect(within(row).getByText('Quedan 47 h 30 min')).toBeInTheDocument();
    expect(within(row).getByText('Pendiente')).toBeInTheDocument();
    // A worker sees no worker column and no "Agregar marca faltante".
    expect(within(table).queryByRole('columnheader', { name: 'Trabajador' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Agregar marca faltante/ })).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(row).getByRole('button', { name: 'Objetar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Objetar corrección' });
    expect(dialog).toHaveTextContent('No se registrará la marca propuesta (Salida del 20-11-2026 a las 18:00:05)');
    await user.click(within(dialog).getByRole('button', { name: 'Objetar corrección' }));
    expect(await within(dialog).findByText('Ingresa el motivo de tu objeción.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.path.startsWith('/v1/'))).toBe(false);
    await user.type(within(dialog).getByRole('textbox', { name: /Motivo de la objeción/ }), 'Ese día salí a las 17:00.');
    await user.click(within(dialog).getByRole('button', { name: 'Objetar corrección' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST' && c.path.startsWith('/v1/'))?.body).toEqual({ objecion: 'Ese día salí a las 17:00.' }));
    expect(calls.find((c) => c.method === 'POST' && c.path.startsWith('/v1/'))!.path).toBe(`/v1/correcciones/${pending.id}/objetar`);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Objetar corrección' })).not.toBeInTheDocument());
  });

  it('accepts, and shows the server’s message when the deadline passed meanwhile', async () => {
    const pending = correction();
    let accepted = 0;
    mockRoutes({
      ...signedInAs('trabajador'),
      'GET /v1/correcciones': () => ({ body: page([pending]) }),
      'POST /v1/correcciones/:id/aceptar': () => {
        accepted += 1;
        return apiError(409, 'CONFLICT', 'La corrección ya quedó consolidada: su marca está registrada.');
      },
    });
    renderPage(<CorrectionsPage />, { path: '/dashboard/corrections' });
    const table = await screen.findByRole('table', { name: 'Correcciones' }, { timeout: 15_000 });
    const user = userEvent.setup();
    await user.click(within(table).getByRole('button', { name: 'Aceptar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Aceptar corrección' });
    expect(dialog).toHaveTextContent('La marca Salida del 20-11-2026 a las 18:00:05 se registrará ahora');
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar corrección' }));
    expect(await screen.findByText('La corrección ya quedó consolidada: su marca está registrada.')).toBeInTheDocument();
    expect(accepted).toBe(1);
  });

  it('lists the company’s corrections for an administrator with every filter in the URL, and annuls one', async () => {
    const pending = correction({ puedeObjetar: false, puedeAceptar: false, puedeAnular: true });
    const done = correction({ id: 'c2', estado: 'consolidada', estadoEtiqueta: 'Consolidada', puedeObjetar: false, puedeAceptar: false, resueltaEn: '2026-11-22T21:30:00.000Z', marcaId: 'm9' });
    const { calls } = mockRoutes({
      ...signedInAs('administrador'),
      'GET /v1/correcciones': (call) => ({ body: call.url.searchParams.get('estado') === 'objetada' ? page([]) : page([pending, done], 30) }),
      'GET /v1/usuarios': () => ({ body: page([makeUser()]) }),
      'GET /v1/usuarios/:id': () => ({ body: makeUser() }),
      'POST /v1/correcciones/:id/anular': () => ({ body: { ...pending, estado: 'anulada', estadoEtiqueta: 'Anulada', puedeAnular: false } }),
    });
    const { router } = renderPage(<CorrectionsPage />, { path: `/dashboard/corrections?usuarioId=${makeUser().id}&desde=2026-11-01&hasta=2026-11-30` });
    const table = await screen.findByRole('table', { name: 'Correcciones' }, { timeout: 15_000 });
    const first = calls.find((c) => c.path === '/v1/correcciones')!;
    expect(Object.fromEntries(first.url.searchParams)).toMatchObject({ usuarioId: makeUser().id, desde: '2026-11-01', hasta: '2026-11-30', page: '1' });
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]!).getByText('Valentina Sepúlveda Hernández')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Consolidada el 22-11-2026 18:30')).toBeInTheDocument();
    expect(within(rows[2]!).queryByRole('button', { name: 'Anular' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Agregar marca faltante/ })).toHaveAttribute('href', '/dashboard/marking-attempts?agregar=1');
    expect(screen.getByRole('button', { name: 'Página 2' })).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Estado' }));
    await user.click(await screen.findByRole('option', { name: 'Objetada', hidden: true }));
    await waitFor(() => expect(router.state.location.search).toContain('estado=objetada'));
    expect(await screen.findByText('Ninguna corrección coincide con los filtros')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Limpiar filtros' })[0]!);
    await waitFor(() => expect(router.state.location.search).toBe(''));

    const refreshed = await screen.findByRole('table', { name: 'Correcciones' });
    await user.click(within(within(refreshed).getAllByRole('row')[1]!).getByRole('button', { name: 'Anular' }));
    const dialog = await screen.findByRole('dialog', { name: 'Anular corrección' });
    await user.type(within(dialog).getByRole('textbox', { name: /Motivo de la anulación/ }), 'Trabajador equivocado.');
    await user.click(within(dialog).getByRole('button', { name: 'Anular corrección' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST' && c.path.startsWith('/v1/'))?.body).toEqual({ motivo: 'Trabajador equivocado.' }));
  });

  it('opens the correction of the e-mail’s link with its history', async () => {
    const done = correction({
      estado: 'consolidada',
      estadoEtiqueta: 'Consolidada',
      marcaId: 'm9',
      puedeObjetar: false,
      puedeAceptar: false,
      historial: [
        ...correction().historial,
        { evento: 'consolidada', etiqueta: 'Consolidada: marca registrada', por: null, en: '2026-11-22T21:30:00.000Z', nota: 'Sin objeción dentro del plazo de 48 horas.' },
      ],
    });
    mockRoutes({
      ...signedInAs('trabajador'),
      'GET /v1/correcciones': () => ({ body: page([done]) }),
      'GET /v1/correcciones/:id': () => ({ body: done }),
    });
    renderPage(<CorrectionsPage />, { path: `/dashboard/corrections?correccion=${done.id}` });
    const dialog = await screen.findByRole('dialog', { name: 'Corrección de salida del 20-11-2026' }, { timeout: 15_000 });
    const facts = within(dialog).getByRole('table', { name: 'Datos de la corrección' });
    expect(facts).toHaveTextContent('Salida del 20-11-2026 a las 18:00:05 (America/Santiago)');
    expect(facts).toHaveTextContent('Marcó entrada en vez de salida.');
    expect(within(facts).getByRole('link', { name: 'Ver comprobante' })).toHaveAttribute('href', '/dashboard/comprobantes/m9');
    const history = within(dialog).getByRole('list', { name: 'Historial de la corrección' });
    const [proposed, consolidated] = within(history).getAllByRole('listitem');
    expect(proposed).toHaveTextContent('Propuesta');
    expect(proposed).toHaveTextContent('Camila Rojas Fuentes');
    expect(consolidated).toHaveTextContent('Consolidada: marca registrada');
    expect(consolidated).toHaveTextContent('22-11-2026 18:30 · Sistema');
    expect(consolidated).toHaveTextContent('Sin objeción dentro del plazo de 48 horas.');
    expect(within(dialog).queryByRole('button', { name: 'Objetar' })).not.toBeInTheDocument();
  });

  it('is closed to a fiscalizador', async () => {
    mockRoutes({ ...signedInAs('fiscalizador') });
    renderApp('/dashboard/corrections');
    expect(await screen.findByRole('heading', { name: 'No tienes acceso a esta sección' })).toBeInTheDocument();
  });
});
