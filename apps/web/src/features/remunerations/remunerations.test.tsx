import type { EstadoPeriodo, PendientesPeriodo, RemuneracionesResponse } from '@jornada/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockRoutes, signedInAs, type RouteHandler } from '../../test/mock-api';
import { renderPage } from '../../test/render-page';
import { RemunerationsPage } from './remunerations';

afterEach(() => {
  vi.unstubAllGlobals();
});

const estado = (cerrado = false): EstadoPeriodo => ({
  periodo: '202610',
  cerrado,
  cerradoEn: cerrado ? '2026-11-10T15:00:00.000Z' : null,
  cerradoPor: cerrado ? { id: 'u1', nombre: 'María José González' } : null,
  puedeCerrarse: true,
  historial: cerrado ? [{ accion: 'cierre', en: '2026-11-10T15:00:00.000Z', por: { id: 'u1', nombre: 'María José González' }, motivo: null }] : [],
});

const month = (cerrado = false): RemuneracionesResponse => ({
  periodo: '202610',
  desde: '2026-10-01',
  hasta: '2026-10-31',
  hastaCerrado: '2026-10-31',
  estado: estado(cerrado),
  items: [],
  total: 0,
  page: 1,
  pageSize: 50,
  totales: {
    trabajadores: 0,
    diasTrabajados: 0,
    ausenciasDias: 0,
    ausenciasValor: 0,
    faltanteSegundos: 0,
    faltanteValor: 0,
    horasExtraSegundos: 0,
    horasExtraValor: 0,
    domingosOFestivosTrabajados: 0,
    domingoOrdinarioSegundos: 0,
    recargoDominicalMonto: 0,
    permisosPagadosDias: 0,
    permisosNoPagadosDias: 0,
    descuentoPermisos: 0,
    diasPendientes: 0,
    sinSueldo: 0,
  },
});

const NONE: PendientesPeriodo = {
  periodo: '202610',
  desde: '2026-10-01',
  hasta: '2026-10-31',
  hastaCerrado: '2026-10-31',
  marcasIncompletas: { cantidad: 0, fechas: [] },
  inconsistenciasAbiertas: { cantidad: 0 },
  correccionesPendientes: { cantidad: 0 },
  horasExtraPorRevisar: { cantidad: 0 },
  permisosPendientes: { cantidad: 0 },
  total: 0,
};

/** October as the issue found it: 18 incomplete days, 3 open inconsistencies, 2 corrections, 12 overtime days, 1 request. */
const OCTOBER: PendientesPeriodo = {
  ...NONE,
  marcasIncompletas: {
    cantidad: 18,
    fechas: [
      { fecha: '2026-10-05', cantidad: 10 },
      { fecha: '2026-10-06', cantidad: 8 },
    ],
  },
  inconsistenciasAbiertas: { cantidad: 3 },
  correccionesPendientes: { cantidad: 2 },
  horasExtraPorRevisar: { cantidad: 12 },
  permisosPendientes: { cantidad: 1 },
  total: 36,
};

function setup(pending: RouteHandler) {
  let closed = false;
  const api = mockRoutes({
    ...signedInAs('administrador'),
    'GET /v1/remuneraciones/:periodo': () => ({ body: month(closed) }),
    'GET /v1/remuneraciones/:periodo/pendientes': pending,
    'POST /v1/remuneraciones/:periodo/cierre': () => {
      closed = true;
      return { body: estado(true) };
    },
    'GET /v1/reportes/opciones': () => ({ body: { grupos: [], sedes: [] } }),
  });
  const view = renderPage(<RemunerationsPage />, { path: '/dashboard/remunerations?periodo=202610' });
  return { ...api, ...view };
}

async function openDialog() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Cerrar mes' }, { timeout: 15_000 }));
  const dialog = await screen.findByRole('dialog', { name: '¿Cerrar octubre de 2026?' });
  return { user, dialog };
}

describe('closing a month with eyes open', () => {
  it('lists what is pending, each a link to its filtered list, and closes only when confirmed', async () => {
    const { calls, router } = setup(() => ({ body: OCTOBER }));
    const { user, dialog } = await openDialog();
    const list = await within(dialog).findByRole('list', { name: 'Antes de cerrar, revisa lo pendiente en octubre de 2026:' });
    const links = within(list).getAllByRole('link');
    // One link per kind (the by-date links below carry their own names).
    expect(links.filter((a) => !a.hasAttribute('aria-label')).map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['18 días con marcas incompletas', '/dashboard/assists?fecha=2026-10-05&estado=incompleto'],
      ['3 inconsistencias abiertas', '/dashboard/inconsistencies?desde=2026-10-01&hasta=2026-10-31&estado=abierta'],
      ['2 correcciones esperan la aceptación del trabajador', '/dashboard/corrections?estado=pendiente&desde=2026-10-01&hasta=2026-10-31'],
      ['12 días con horas extra por revisar', '/dashboard/extra-time/approvals?estado=pendiente&revision=todas&desde=2026-10-01&hasta=2026-10-31'],
      ['1 solicitud de permiso pendiente', '/dashboard/permisos?estado=pendiente&desde=2026-10-01&hasta=2026-10-31'],
    ]);
    // The incomplete days by date, each the day board filtered.
    expect(within(list).getByRole('link', { name: '8 días incompletos el 06-10-2026' })).toHaveAttribute('href', '/dashboard/assists?fecha=2026-10-06&estado=incompleto');
    expect(within(dialog).getByText(/Al cerrar se guardan las cifras que el mes informa hoy/)).toHaveTextContent('hasta que un administrador lo reabra indicando el motivo');
    const closes = () => calls.filter((c) => c.method === 'POST' && c.path.startsWith('/v1/remuneraciones')).map((c) => c.path);
    expect(closes()).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Cerrar el mes' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '¿Cerrar octubre de 2026?' })).not.toBeInTheDocument());
    expect(closes()).toEqual(['/v1/remuneraciones/202610/cierre']);
    expect(await screen.findByRole('button', { name: 'Reabrir mes' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/remunerations');
  });

  it('says when nothing is pending', async () => {
    setup(() => ({ body: NONE }));
    const { dialog } = await openDialog();
    expect(await within(dialog).findByText('No hay nada pendiente en octubre de 2026.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('list')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cerrar el mes' })).toBeEnabled();
  });

  it('waits while it looks, and offers to try again when it fails; closing waits for the answer', async () => {
    let fail = true;
    let release!: () => void;
    const answered = new Promise<void>((resolve) => (release = resolve));
    const { calls } = setup(async () => {
      await answered;
      return fail ? apiError(500, 'INTERNAL', 'Ocurrió un error inesperado.') : { body: { ...NONE, permisosPendientes: { cantidad: 2 }, total: 2 } };
    });
    const { user, dialog } = await openDialog();
    expect(within(dialog).getByRole('status', { name: 'Revisando lo pendiente del mes' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cerrar el mes' })).toBeDisabled();
    release();
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('No pudimos revisar lo pendiente del mes');
    expect(within(dialog).getByRole('button', { name: 'Cerrar el mes' })).toBeDisabled();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await within(dialog).findByRole('link', { name: '2 solicitudes de permiso pendientes' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cerrar el mes' })).toBeEnabled();
    expect(calls.filter((c) => c.path.endsWith('/pendientes'))).toHaveLength(2);
  });

  it('a link takes the administrador to the filtered list', async () => {
    const { router } = setup(() => ({ body: OCTOBER }));
    const { user, dialog } = await openDialog();
    await user.click(await within(dialog).findByRole('link', { name: '12 días con horas extra por revisar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/extra-time/approvals'));
    expect(router.state.location.search).toBe('?estado=pendiente&revision=todas&desde=2026-10-01&hasta=2026-10-31');
  });
});
