import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeGroup, makeUser, summary } from '../../test/fixtures';
import { apiError, mockRoutes, page, signedInAs } from '../../test/mock-api';
import { renderPage } from '../../test/render-page';
import { DashboardGroupsPage } from './dashboard';
import { GroupEditPage } from './edit';
import { GroupPage } from '.';
import { MassAssignmentPage } from './mass';
import { GroupStatesPage } from './states';

afterEach(() => {
  vi.unstubAllGlobals();
});

const SITES = { 'GET /v1/sedes': () => ({ body: page([]) }) };

describe('groups', () => {
  it('/dashboard/group lists groups with leaders, members and state, and opens a group’s detail', async () => {
    const group = makeGroup();
    mockRoutes({
      ...signedInAs('administrador'),
      ...SITES,
      'GET /v1/grupos': () => ({ body: page([group, makeGroup({ id: 'g2', nombre: 'Bodega', estado: 'inactivo', lideres: [], totalMiembros: 0, miembros: [] })]) }),
      'GET /v1/grupos/:id': () => ({ body: group }),
    });
    renderPage(<DashboardGroupsPage />, { path: '/dashboard/group' });
    const table = await screen.findByRole('table', { name: 'Grupos' });
    expect(within(table).getByText('Martina Torres Rojas')).toBeInTheDocument();
    expect(within(table).getByText('Sin líderes')).toBeInTheDocument();
    expect(within(table).getByText('Inactivo')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nuevo grupo' })).toBeInTheDocument();

    await userEvent.setup().click(within(table).getByRole('button', { name: 'Sala de ventas' }));
    const drawer = await screen.findByRole('dialog', { name: 'Sala de ventas' });
    expect(await within(drawer).findByRole('table', { name: 'Integrantes' })).toHaveTextContent('Valentina Sepúlveda Hernández');
    expect(within(drawer).getByRole('table', { name: 'Líderes' })).toHaveTextContent('Martina Torres Rojas');
    expect(within(drawer).getByRole('link', { name: 'Editar integrantes' })).toHaveAttribute('href', `/dashboard/group/edit?id=${group.id}`);
  });

  it('a supervisor sees only their groups, without administration', async () => {
    mockRoutes({ ...signedInAs('supervisor'), ...SITES, 'GET /v1/grupos': () => ({ body: page([]) }) });
    renderPage(<DashboardGroupsPage />, { path: '/dashboard/group' });
    expect(await screen.findByText('No lideras ningún grupo')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Nuevo grupo' })).not.toBeInTheDocument();
  });

  it('/group shows the same groups page when signed in', async () => {
    mockRoutes({ ...signedInAs('administrador'), ...SITES, 'GET /v1/grupos': () => ({ body: page([makeGroup()]) }) });
    renderPage(<GroupPage />, { path: '/group' });
    expect(await screen.findByRole('heading', { name: 'Grupos', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Grupos' })).toHaveTextContent('Sala de ventas');
    expect(screen.getByRole('link', { name: 'Ir al panel' })).toHaveAttribute('href', '/dashboard');
  });

  it('/group tells a trabajador there are no groups to see, without calling the API', async () => {
    const { calls } = mockRoutes({ ...signedInAs('trabajador') });
    renderPage(<GroupPage />, { path: '/group' });
    expect(await screen.findByText(/Tu perfil no administra grupos/)).toBeInTheDocument();
    expect(calls.some((c) => c.path.startsWith('/v1/grupos'))).toBe(false);
  });

  it('the states page deactivates a group with a required reason', async () => {
    const group = makeGroup();
    const { calls } = mockRoutes({
      ...signedInAs('administrador'),
      'GET /v1/grupos': () => ({ body: page([group]) }),
      'PATCH /v1/grupos/:id/estado': () => ({ body: { ...group, estado: 'inactivo' } }),
    });
    renderPage(<GroupStatesPage />, { path: '/dashboard/group/states' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Desactivar Sala de ventas' }));
    const dialog = await screen.findByRole('dialog', { name: 'Desactivar grupo' });
    await user.click(within(dialog).getByRole('button', { name: 'Desactivar grupo' }));
    expect(await within(dialog).findByText('Ingresa el motivo del cambio de estado.')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Motivo/ }), 'Cierre de la sala');
    await user.click(within(dialog).getByRole('button', { name: 'Desactivar grupo' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ estado: 'inactivo', motivo: 'Cierre de la sala' }));
  });

  it('the states page shows a group’s history', async () => {
    mockRoutes({
      ...signedInAs('administrador'),
      'GET /v1/grupos': () => ({ body: page([makeGroup()]) }),
      'GET /v1/grupos/:id/historial-estados': () => ({
        body: {
          items: [
            { id: 'h2', estadoAnterior: 'activo', estadoNuevo: 'inactivo', motivo: 'Temporada baja', cambiadoPor: { id: 'u1', nombre: 'Camila', apellidos: 'Rojas' }, cambiadoEn: '2025-06-02T13:30:00.000Z' },
            { id: 'h1', estadoAnterior: null, estadoNuevo: 'activo', motivo: 'Creación del grupo', cambiadoPor: null, cambiadoEn: '2025-03-01T12:00:00.000Z' },
          ],
        },
      }),
    });
    renderPage(<GroupStatesPage />, { path: '/dashboard/group/states' });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Historial de Sala de ventas' }));
    const drawer = await screen.findByRole('dialog', { name: 'Historial de Sala de ventas' });
    expect(await within(drawer).findByText('Activo → Inactivo')).toBeInTheDocument();
    expect(within(drawer).getByText('02-06-2025 09:30 · Camila Rojas')).toBeInTheDocument();
    expect(within(drawer).getByText('Creado como activo')).toBeInTheDocument();
  });

  it('mass assignment previews what changes and then applies it', async () => {
    const leader = makeUser({ id: 'l1', nombre: 'Ignacia', apellidos: 'Gutiérrez', perfil: 'supervisor', rut: '24.717.384-6' });
    const group = makeGroup({ lideres: [] });
    const outcome = (aplicado: boolean) => ({
      aplicado,
      cambios: [{ grupo: { id: group.id, nombre: group.nombre }, lideresAntes: [], lideresDespues: [summary(leader)], agregados: [summary(leader)], quitados: [] }],
      resumen: { grupos: 1, gruposConCambios: 1, lideresAgregados: 1, lideresQuitados: 0 },
    });
    const { calls } = mockRoutes({
      ...signedInAs('administrador'),
      'GET /v1/grupos': () => ({ body: page([group]) }),
      'GET /v1/usuarios': (call) => ({ body: page(call.url.searchParams.get('perfil') === 'supervisor' ? [leader] : []) }),
      'POST /v1/grupos/asignacion-masiva/vista-previa': () => ({ body: outcome(false) }),
      'POST /v1/grupos/asignacion-masiva': () => ({ body: outcome(true) }),
    });
    renderPage(<MassAssignmentPage />, { path: '/dashboard/group/assignment-masiva' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Revisar cambios' }));
    expect(await screen.findByText('Elige al menos un grupo.')).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Elegir Sala de ventas' }));
    await user.click(screen.getByRole('combobox', { name: 'Líderes' }));
    await user.click(await screen.findByText('Ignacia Gutiérrez · 24.717.384-6 · Supervisor'));
    await user.click(screen.getByRole('button', { name: 'Revisar cambios' }));

    const table = await screen.findByRole('table', { name: 'Cambios por grupo' });
    expect(within(table).getByText('Sala de ventas')).toBeInTheDocument();
    expect(within(table).getByText('+1')).toBeInTheDocument();
    expect(calls.find((c) => c.path.endsWith('vista-previa'))!.body).toEqual({ grupoIds: [group.id], liderIds: ['l1'], modo: 'agregar' });

    await user.click(screen.getByRole('button', { name: 'Confirmar asignación' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/v1/grupos/asignacion-masiva')).toBe(true));
    await waitFor(() => expect(screen.queryByRole('table', { name: 'Cambios por grupo' })).not.toBeInTheDocument());
  });

  it('edit page shows a load failure with retry', async () => {
    mockRoutes({
      ...signedInAs('administrador'),
      ...SITES,
      'GET /v1/grupos': () => ({ body: page([makeGroup()]) }),
      'GET /v1/grupos/:id': () => apiError(404, 'NOT_FOUND', 'El grupo no existe.'),
    });
    renderPage(<GroupEditPage />, { path: '/dashboard/group/edit?id=zzz' });
    expect(await screen.findByRole('alert', {}, { timeout: 4000 })).toHaveTextContent('El grupo no existe.');
  });

  it('the group form names the DT resolution its members are under (art. 38) and saves it with the group', async () => {
    const group = makeGroup();
    const schedule = { id: 'j1', numero: 'Res. 123', fecha: null, diasTrabajo: 7, diasDescanso: 7, horasDiarias: 12, vigenteDesde: null, vigenteHasta: null, trabajadores: 0, grupos: 0, creadoEn: '', actualizadoEn: '' };
    const { calls } = mockRoutes({
      ...signedInAs('administrador'),
      ...SITES,
      'GET /v1/jornadas-excepcionales': () => ({ body: { items: [schedule] } }),
      'GET /v1/grupos': () => ({ body: page([group]) }),
      'GET /v1/grupos/:id': () => ({ body: group }),
      'GET /v1/usuarios': () => ({ body: page([]) }),
      'PATCH /v1/grupos/:id': () => ({ body: { ...group, jornadaExcepcional: { id: 'j1', nombre: '7x7 · Res. 123' } } }),
    });
    renderPage(<GroupEditPage />, { path: `/dashboard/group/edit?id=${group.id}` });
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Datos del grupo' });
    await user.click(within(form).getByRole('combobox', { name: /Jornada excepcional \(art\. 38\)/ }));
    await user.click(await screen.findByRole('option', { name: '7x7 · Res. 123', hidden: true }));
    await user.click(within(form).getByRole('button', { name: 'Guardar datos' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({ jornadaExcepcionalId: 'j1' }));
  });

  it('the list shows each group’s resolution', async () => {
    mockRoutes({
      ...signedInAs('administrador'),
      ...SITES,
      'GET /v1/grupos': () => ({ body: page([makeGroup({ jornadaExcepcional: { id: 'j1', nombre: '7x7 · Res. 123' } })]) }),
    });
    renderPage(<DashboardGroupsPage />, { path: '/dashboard/group' });
    const table = await screen.findByRole('table', { name: 'Grupos' });
    expect(within(table).getByText('7x7 · Res. 123')).toBeInTheDocument();
  });
});
