import type { Notificaciones } from '@jornada/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockRoutes, signedInAs } from '../../test/mock-api';
import { renderPage } from '../../test/render-page';
import { PrivateLayout } from '../../app/layouts/private-layout';
import { HomePage } from '../dashboard-home';

afterEach(() => {
  vi.unstubAllGlobals();
});

const TEAM_HOME = {
  vista: 'equipo',
  fecha: '2026-11-25',
  hoy: { conteos: { presente: 0, atrasado: 0, ausente: 0, con_permiso: 0, sin_marcar: 0, incompleto: 0, descanso: 0, feriado: 0 }, trabajadores: 0, calculadoEn: null },
  tendencia: { desde: '2026-11-25', hasta: '2026-11-25', dias: [], inconsistencias: 0 },
  aprobacionesPendientes: 1,
  pactosPorVencer: { total: 0, dias: 14 },
};

const LEADER_BELL: Notificaciones = {
  items: [
    {
      id: 'permiso_por_aprobar:p1',
      tipo: 'permiso_por_aprobar',
      referenciaId: 'p1',
      titulo: 'Juan Pérez solicita vacaciones',
      detalle: 'VAC. del 01-12-2026 al 05-12-2026',
      instante: '2026-11-25T12:00:00.000Z',
      plazo: null,
      nueva: true,
    },
    {
      id: 'permiso_aprobado:p0',
      tipo: 'permiso_aprobado',
      referenciaId: 'p0',
      titulo: 'Tu solicitud de vacaciones fue aprobada',
      detalle: 'VAC. el 20-11-2026',
      instante: '2026-11-19T12:00:00.000Z',
      plazo: null,
      nueva: false,
    },
  ],
  noVistas: 1,
  total: 2,
  vistoEn: '2026-11-20T12:00:00.000Z',
};

describe('notification bell', () => {
  it('shows how many are new, lists them when opened, marks them seen and leads to the approval page', async () => {
    const { calls } = mockRoutes({
      ...signedInAs('supervisor'),
      'GET /v1/inicio': () => ({ body: TEAM_HOME }),
      'GET /v1/notificaciones': () => ({ body: LEADER_BELL }),
      'POST /v1/notificaciones/vistas': () => ({ body: { vistoEn: '2026-11-25T13:00:00.000Z' } }),
      'GET /v1/permisos': () => ({ body: { items: [], total: 0, page: 1, pageSize: 25, pendientes: 0 } }),
      'GET /v1/reportes/opciones': () => ({ body: { grupos: [], sedes: [] } }),
      'GET /v1/tipos-permiso': () => ({ body: { items: [] } }),
    });
    const { router } = renderPage(<HomePage />, { path: '/dashboard', frame: PrivateLayout });
    const bell = await screen.findByRole('button', { name: 'Notificaciones: 1 nueva' }, { timeout: 15_000 });
    expect(screen.getByTestId('notification-count')).toHaveTextContent('1');
    const user = userEvent.setup();
    await user.click(bell);
    const list = await screen.findByTestId('notification-list');
    expect(screen.getByText('2 pendientes')).toBeInTheDocument();
    const links = await within(list).findAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/dashboard/permisos?estado=pendiente', '/dashboard/permisos/mios']);
    expect(links[0]).toHaveTextContent('Por aprobar');
    expect(links[0]).toHaveTextContent('Juan Pérez solicita vacaciones');
    expect(within(links[0]!).getByRole('img', { name: 'Nueva' })).toBeInTheDocument();
    expect(within(links[1]!).queryByRole('img', { name: 'Nueva' })).toBeNull();
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/v1/notificaciones/vistas')).toBe(true));
    await waitFor(() => expect(screen.queryByTestId('notification-count')).toBeNull());
    // The bell became the popover's target when it opened: the same place, a new element.
    expect(screen.getByTestId('notification-bell')).toHaveAccessibleName('Notificaciones');
    await user.click(links[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/permisos'));
    expect(router.state.location.search).toBe('?estado=pendiente');
  });

  it('says when nothing is pending and does not mark anything seen', async () => {
    const { calls } = mockRoutes({
      ...signedInAs('trabajador'),
      'GET /v1/inicio': () => ({ body: { vista: 'personal', fecha: '2026-11-25', dia: null, proximoTurno: null, solicitudesPendientes: { total: 0, items: [] } } }),
      'GET /v1/notificaciones': () => ({ body: { items: [], noVistas: 0, total: 0, vistoEn: null } }),
    });
    renderPage(<HomePage />, { path: '/dashboard', frame: PrivateLayout });
    const bell = await screen.findByRole('button', { name: 'Notificaciones' }, { timeout: 15_000 });
    await userEvent.setup().click(bell);
    expect(await screen.findByText('No tienes nada pendiente.')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/v1/notificaciones/vistas')).toBe(false);
  });

  it('shows an answer it cannot read as an error in its menu, never breaking the page', async () => {
    mockRoutes({
      ...signedInAs('trabajador'),
      'GET /v1/inicio': () => ({ body: { vista: 'personal', fecha: '2026-11-25', dia: null, proximoTurno: null, solicitudesPendientes: { total: 0, items: [] } } }),
      // The count reads, an item does not: the list is checked against the contract when opened.
      'GET /v1/notificaciones': () => ({ body: { items: [{ id: 'x', tipo: 'desconocido' }], noVistas: 0, total: 1, vistoEn: null } }),
    });
    renderPage(<HomePage />, { path: '/dashboard', frame: PrivateLayout });
    const bell = await screen.findByRole('button', { name: 'Notificaciones' }, { timeout: 15_000 });
    await userEvent.setup().click(bell);
    expect(await screen.findByRole('alert')).toHaveTextContent('La respuesta de notificaciones no tiene el formato esperado.');
    expect(screen.getByRole('heading', { name: /Hola/ })).toBeInTheDocument();
  });

  it('a fiscalizador has no bell', async () => {
    const { calls } = mockRoutes({ ...signedInAs('fiscalizador') });
    renderPage(<HomePage />, { path: '/dashboard', frame: PrivateLayout });
    expect(await screen.findByRole('heading', { name: 'Hola, Camila' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.queryByTestId('notification-bell')).toBeNull();
    expect(calls.some((c) => c.path === '/v1/notificaciones' || c.path === '/v1/inicio')).toBe(false);
  });
});
