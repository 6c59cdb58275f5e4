import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockRoutes, page, signedInAs } from '../test/mock-api';
import { renderApp } from '../test/render-app';
import { navItemsFor } from './navigation';

afterEach(() => {
  vi.unstubAllGlobals();
});

const labels = (perfil: Parameters<typeof navItemsFor>[0]) =>
  navItemsFor(perfil).map((item) => (item.children ? `${item.label}[${item.children.map((c) => c.label).join(',')}]` : item.label));

describe('navigation by perfil', () => {
  it('lists only the areas each perfil may open', () => {
    const admin = labels('administrador');
    expect(admin[0]).toBe('Inicio');
    expect(admin).toContain('Usuarios[Lista de usuarios,Registrar usuario]');
    expect(admin).toContain('Grupos[Grupos,Editar grupo,Estados de grupos,Asignar líderes,Asignación masiva]');
    expect(admin).toContain('Configuración[Empresa,Sedes,Jornadas excepcionales,Feriados,Relojes control,Tipos de permiso,Alertas,Accesos de fiscalizadores,Incidentes técnicos]');
    expect(admin).toContain('Permisos[Permisos del equipo,Mis permisos]');
    expect(admin).toEqual(expect.arrayContaining(['Marcar asistencia', 'Intentos de marcaje']));
    expect(admin).toContain('Mis datos');

    const supervisor = labels('supervisor');
    expect(supervisor).toEqual(expect.arrayContaining(['Inicio', 'Usuarios', 'Grupos', 'Mis datos']));
    expect(supervisor).toEqual(expect.arrayContaining(['Marcar asistencia', 'Intentos de marcaje']));
    expect(supervisor.join()).not.toMatch(/Configuración|Registrar usuario|Asignación masiva|Relojes control/);

    const trabajador = labels('trabajador');
    expect(trabajador).toEqual(expect.arrayContaining(['Inicio', 'Marcar asistencia', 'Mis datos']));
    expect(trabajador.join()).not.toMatch(/Usuarios|Grupos|Configuración|Intentos de marcaje|Permisos del equipo/);
    expect(trabajador).toContain('Permisos');

    const fiscalizador = labels('fiscalizador');
    expect(fiscalizador).toContain('Inicio');
    // «Cambiar empleador» only for a DT inspector's visit, never for a password account.
    expect(fiscalizador).not.toContain('Cambiar empleador');
    expect(navItemsFor('fiscalizador', { inspectorVisit: true }).map((item) => item.label)).toContain('Cambiar empleador');
    expect(fiscalizador.join()).not.toMatch(/Usuarios|Grupos|Configuración|Marcar asistencia|Mis datos|Planificación|Permisos/);
    expect(fiscalizador).not.toContain('Asistencia');
    // Attendance: a section for whoever sees others (A, S); a worker's single page becomes the link "Asistencia".
    const attendance = (perfil: 'administrador' | 'supervisor' | 'trabajador') => navItemsFor(perfil).find((item) => item.label === 'Asistencia');
    expect(attendance('administrador')?.children?.map((c) => c.to)).toEqual(['/dashboard/assists', '/dashboard/settings/assists-user', '/dashboard/inconsistencies']);
    expect(attendance('supervisor')?.children?.map((c) => c.label)).toEqual(['Asistencia del día', 'Asistencia por trabajador', 'Inconsistencias']);
    expect(attendance('trabajador')).toMatchObject({ to: '/dashboard/settings/assists-user' });
    expect(attendance('trabajador')?.children).toBeUndefined();
    expect(labels('')).toEqual([]);
  });

  it('the private layout shows a supervisor their areas and nothing of administration', async () => {
    mockRoutes({ ...signedInAs('supervisor') });
    renderApp('/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Navegación principal' });
    expect(await within(nav).findByRole('link', { name: 'Grupos' })).toHaveAttribute('href', '/dashboard/group');
    expect(within(nav).getByRole('link', { name: 'Usuarios' })).toHaveAttribute('href', '/dashboard/users');
    expect(within(nav).queryByText('Configuración')).not.toBeInTheDocument();
    expect(within(nav).queryByText('Registrar usuario')).not.toBeInTheDocument();
  });

  it('a fiscalizador sees no administration, and an address outside their perfil says so', async () => {
    mockRoutes({ ...signedInAs('fiscalizador'), 'GET /v1/usuarios': () => ({ body: page([]) }), 'GET /v1/fiscalizacion/sesion': () => ({ status: 401, body: { error: { code: 'UNAUTHENTICATED', message: 'x' } } }) });
    renderApp('/dashboard/users');
    expect(await screen.findByRole('heading', { name: 'No tienes acceso a esta sección' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Navegación principal' });
    const links = within(nav).getAllByRole('link').map((link) => link.textContent);
    expect(links).toContain('Inicio');
    expect(links.join()).not.toMatch(/Usuarios|Configuración|Marcar asistencia|Cambiar empleador/);
  });

  it('a DT inspector on a visit may change employer from the navigation', async () => {
    const visit = { fiscalizador: { email: 'ana@dt.gob.cl', nombre: 'Ana', apellidos: 'Soto', rut: '12.345.678-5' }, expiraEn: '2025-06-02T15:00:00.000Z', claveVenceEn: '2025-06-03T13:00:00.000Z', empleadorActual: null };
    mockRoutes({ ...signedInAs('fiscalizador'), 'GET /v1/fiscalizacion/sesion': () => ({ body: visit }) });
    renderApp('/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Navegación principal' });
    expect(await within(nav).findByRole('link', { name: 'Cambiar empleador' })).toHaveAttribute('href', '/fiscalizacion');
  });

  it('an administrator sees the sections and opens one', async () => {
    mockRoutes({ ...signedInAs('administrador') });
    renderApp('/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Navegación principal' });
    expect(await within(nav).findByText('Configuración')).toBeInTheDocument();
    expect(within(nav).getByText('Usuarios')).toBeInTheDocument();
    expect(within(nav).getByText('Grupos')).toBeInTheDocument();
  });
});
