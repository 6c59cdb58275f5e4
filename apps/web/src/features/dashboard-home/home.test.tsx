import type { DiaTrabajador, EstadoAsistencia, Inicio, Permiso } from '@jornada/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockRoutes, signedInAs } from '../../test/mock-api';
import { renderPage } from '../../test/render-page';
import { HomePage } from '.';

afterEach(() => {
  vi.unstubAllGlobals();
});

const counts = (values: Partial<Record<EstadoAsistencia, number>>) =>
  ({ presente: 0, atrasado: 0, ausente: 0, con_permiso: 0, sin_marcar: 0, incompleto: 0, descanso: 0, feriado: 0, ...values }) as Record<EstadoAsistencia, number>;

const DAYS = ['2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25'];

const TEAM: Inicio = {
  vista: 'equipo',
  fecha: '2026-11-25',
  hoy: { conteos: counts({ presente: 12, atrasado: 3, ausente: 1, con_permiso: 2, sin_marcar: 4, descanso: 5 }), trabajadores: 27, calculadoEn: '2026-11-25T12:00:00.000Z' },
  tendencia: {
    desde: DAYS[0]!,
    hasta: DAYS[6]!,
    dias: DAYS.map((fecha, index) => ({ fecha, conteos: counts({ presente: 10 + index, atrasado: 2, ausente: index === 2 ? 3 : 0 }), trabajadores: 27, inconsistencias: index === 4 ? 2 : 0 })),
    inconsistencias: 2,
  },
  aprobacionesPendientes: 3,
  pactosPorVencer: { total: 2, dias: 14 },
};

const PENDING: Permiso = {
  id: 'p1',
  usuario: { id: 'u1', nombre: 'Camila', apellidos: 'Rojas', rut: '12.345.678-5', grupo: null },
  tipo: { id: 't1', nombre: 'Vacaciones', codigo: 'VAC.', unidad: 'dias_habiles', conGoce: true },
  desde: '2026-12-01',
  hasta: '2026-12-05',
  horaInicio: null,
  horaFin: null,
  cantidad: 5,
  estado: 'pendiente',
  origen: 'solicitado',
  comentario: null,
  creadoPor: null,
  creadoEn: '2026-11-24T12:00:00.000Z',
  decididoPor: null,
  decididoEn: null,
  comentarioDecision: null,
  adjunto: null,
  puedeDecidir: false,
  puedeAnular: true,
};

const TODAY: DiaTrabajador = {
  fecha: '2026-11-25',
  estadoDia: 'incompleto',
  estado: 'presente',
  plan: 'turno',
  turno: {
    etiqueta: '09:00–18:00',
    inicio: '09:00',
    fin: '18:00',
    inicioInstante: '2026-11-25T12:00:00.000Z',
    finInstante: '2026-11-25T21:00:00.000Z',
    colacionSegundos: 3600,
    toleranciaAtrasoSegundos: 300,
    toleranciaSalidaSegundos: 0,
  },
  feriado: null,
  esDomingo: false,
  permiso: null,
  permisosPorHoras: [],
  marcas: [{ id: 'm1', tipo: 'entrada', instante: '2026-11-25T11:58:00.000Z', hora: '08:58:00', estado: 'atribuida', motivo: 'Entrada del turno.' }],
  primeraEntrada: '2026-11-25T11:58:00.000Z',
  ultimaSalida: null,
  horaEntrada: '08:58',
  horaSalida: null,
  segundos: { planificado: 28800, trabajado: 0, ordinario: 0, faltante: 0, justificado: 0, atraso: 0, salidaAnticipada: 0, colacion: 0, extra: 0, extraDentroLimite: 0, extraSobreLimite: 0, extraSobrePactada: 0, domingo: 0, feriado: 0 },
  inconsistencias: [],
  explicacion: [],
  calculadoEn: '2026-11-25T12:00:00.000Z',
};

const PERSONAL: Inicio = {
  vista: 'personal',
  fecha: '2026-11-25',
  dia: TODAY,
  proximoTurno: { fecha: '2026-11-26', turno: { id: 's1', codigo: 'OF', nombre: 'Oficina', color: '#228be6', inicio: '09:00', fin: '18:00', etiqueta: '09:00–18:00', version: 1 } },
  permiso: null,
  solicitudesPendientes: { total: 1, items: [PENDING] },
};

const quietBell = { 'GET /v1/notificaciones': () => ({ body: { items: [], noVistas: 0, total: 0, vistoEn: null } }) };

describe('home page', () => {
  it('an administrador sees today by status, what waits for them and the last 7 days, each with its link', async () => {
    mockRoutes({ ...signedInAs('administrador'), ...quietBell, 'GET /v1/inicio': () => ({ body: TEAM }) });
    renderPage(<HomePage />, { path: '/dashboard' });
    expect(await screen.findByRole('heading', { name: 'Hoy en la empresa' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('27 trabajadores activos hoy')).toBeInTheDocument();
    const present = screen.getByTestId('hoy-presente');
    expect(present).toHaveTextContent('Presente12');
    expect(present).toHaveAttribute('href', '/dashboard/assists?estado=presente');
    expect(screen.getByTestId('hoy-sin_marcar')).toHaveTextContent('Sin marcar aún4');
    // The cards add up to the 27 active workers: rest days shown when there are any, holidays not (none today).
    expect(screen.getByTestId('hoy-descanso')).toHaveTextContent('5');
    expect(screen.queryByTestId('hoy-feriado')).toBeNull();
    expect(screen.getByTestId('aprobaciones-pendientes')).toHaveTextContent('3Solicitudes de permiso por aprobar');
    expect(screen.getByTestId('aprobaciones-pendientes')).toHaveAttribute('href', '/dashboard/permisos?estado=pendiente');
    expect(screen.getByTestId('inconsistencias-abiertas')).toHaveTextContent('2Días con inconsistencias');
    expect(screen.getByTestId('pactos-por-vencer')).toHaveTextContent('2Pactos de horas extra por vencerVencen en los próximos 14 días');
    expect(screen.getByTestId('pactos-por-vencer')).toHaveAttribute('href', '/dashboard/extra-time/pacts?venceEnDias=14');
    const table = screen.getByRole('table', { name: 'Asistencia de los últimos días' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(8);
    expect(within(rows[3]!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['12', '2', '0', '0', '0', '3']);
    expect(within(rows[1]!).getByRole('link', { name: '19-11' })).toHaveAttribute('href', '/dashboard/assists?fecha=2026-11-19');
  });

  it('tells an administrador that the invitations wait for the company e-mail’s confirmation', async () => {
    mockRoutes({
      ...signedInAs('administrador'),
      ...quietBell,
      'GET /v1/inicio': () => ({ body: TEAM }),
      'GET /v1/usuarios/invitaciones': () => ({
        body: { pendientes: 0, enviadasHoy: 0, maximoDiario: 200, correoEmpresa: 'contacto@losandes.cl', correoConfirmado: false },
      }),
    });
    renderPage(<HomePage />, { path: '/dashboard' });
    const banner = await screen.findByRole('status', { name: 'Falta confirmar el correo de la empresa' }, { timeout: 15_000 });
    expect(banner).toHaveTextContent(
      'Confirma el correo de la empresa (contacto@losandes.cl) para enviar las invitaciones pendientes. Hasta entonces, las invitaciones a los usuarios nuevos quedan pendientes.',
    );
    expect(within(banner).getByRole('button', { name: 'Reenviar correo de confirmación' })).toBeEnabled();
  });

  it('a supervisor’s counts are those of their groups', async () => {
    mockRoutes({ ...signedInAs('supervisor'), ...quietBell, 'GET /v1/inicio': () => ({ body: { ...TEAM, aprobacionesPendientes: 1, pactosPorVencer: { total: 1, dias: 14 } } }) });
    renderPage(<HomePage />, { path: '/dashboard' });
    expect(await screen.findByRole('heading', { name: 'Hoy en tus grupos' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByTestId('aprobaciones-pendientes')).toHaveTextContent('1Solicitud de permiso por aprobar');
    expect(screen.getByTestId('pactos-por-vencer')).toHaveTextContent('1Pacto de horas extra por vencerVence en los próximos 14 días: renuévalo a tiempo');
  });

  it('a trabajador sees their day with its marks, their next shift and their pending requests', async () => {
    mockRoutes({ ...signedInAs('trabajador'), ...quietBell, 'GET /v1/inicio': () => ({ body: PERSONAL }) });
    renderPage(<HomePage />, { path: '/dashboard' });
    const day = await screen.findByTestId('mi-dia', {}, { timeout: 15_000 });
    expect(within(day).getByText('Presente')).toBeInTheDocument();
    expect(within(day).getByText('Turno 09:00–18:00')).toBeInTheDocument();
    expect(within(within(day).getByRole('list', { name: 'Tus marcas de hoy' })).getByRole('listitem')).toHaveTextContent('Entrada08:58');
    expect(screen.getByTestId('proximo-turno')).toHaveTextContent('Jueves 26 de noviembre09:00–18:00Oficina');
    expect(screen.getByTestId('solicitudes-pendientes')).toHaveTextContent('VAC.Vacaciones01-12-2026 al 05-12-2026');
    expect(screen.getByRole('link', { name: 'Ver mis permisos' })).toHaveAttribute('href', '/dashboard/permisos/mios');
  });

  it('a trabajador on vacation is told so above the next shift after it', async () => {
    const onVacation = { ...PERSONAL, permiso: { codigo: 'VAC.', nombre: 'Vacaciones', conGoce: true, desde: '2026-11-23', hasta: '2026-12-05', hoy: true }, proximoTurno: { ...PERSONAL.proximoTurno!, fecha: '2026-12-07' } };
    mockRoutes({ ...signedInAs('trabajador'), ...quietBell, 'GET /v1/inicio': () => ({ body: onVacation }) });
    renderPage(<HomePage />, { path: '/dashboard' });
    expect(await screen.findByTestId('permiso-en-curso', {}, { timeout: 15_000 })).toHaveTextContent('Hoy estás de vacaciones (hasta el 05-12-2026).');
    expect(screen.getByTestId('proximo-turno')).toHaveTextContent('Lunes 7 de diciembre');
  });

  it('a trabajador without a day, shift or requests is told so', async () => {
    mockRoutes({
      ...signedInAs('trabajador'),
      ...quietBell,
      'GET /v1/inicio': () => ({ body: { ...PERSONAL, dia: null, proximoTurno: null, solicitudesPendientes: { total: 0, items: [] } } }),
    });
    renderPage(<HomePage />, { path: '/dashboard' });
    expect(await screen.findByText('Hoy no tienes una jornada registrada.', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('No tienes turnos planificados en los próximos 14 días.')).toBeInTheDocument();
    expect(screen.getByText('No tienes solicitudes esperando respuesta.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Solicitar un permiso' })).toBeInTheDocument();
  });

  it('shows the server’s reason when the home cannot load', async () => {
    mockRoutes({ ...signedInAs('administrador'), ...quietBell, 'GET /v1/inicio': () => apiError(500, 'INTERNAL', 'Algo salió mal. Inténtalo de nuevo.') });
    renderPage(<HomePage />, { path: '/dashboard' });
    expect(await screen.findByText('No pudimos cargar la información', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Reintentar/ })).toBeInTheDocument();
  });
});
