import type { AsistenciaTrabajadorResponse, MarcaListada, PlanificacionGrilla, SaldoPermiso, TotalesAsistencia } from '@jornada/contracts';
import { addDays, daysInMonth, formatLocalDate } from '@jornada/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { todayInChile } from '../lib/format';
import { makeUser } from '../test/fixtures';
import { apiError, mockRoutes, page, signedInAs, type RouteCall } from '../test/mock-api';
import { renderPage } from '../test/render-page';
import { UserRecordRoute } from './user-record-route';

afterEach(() => {
  vi.unstubAllGlobals();
});

const WORKER = makeUser({ id: 'u2', nombre: 'Renata', apellidos: 'Fuentes Vidal', rut: '15.678.901-2' });
const today = todayInChile();
const year = Number(today.slice(0, 4));
const month = Number(today.slice(5, 7));
const MES = today.slice(0, 7);
const MONTH_NAMES = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];
const MONTH = `${MONTH_NAMES[month - 1]} de ${year}`;
const FIRST = formatLocalDate(year, month, 1);
const LAST = formatLocalDate(year, month, daysInMonth(year, month));

/** An entrada on the 5th at 12:05:07 UTC, at a site in Punta Arenas (UTC−3 all year): 09:05:07 there. */
const MARK: MarcaListada = {
  id: 'm1',
  usuarioId: WORKER.id,
  tipo: 'entrada',
  metodo: 'web',
  instante: `${MES}-05T12:05:07.000Z`,
  horaOriginal: null,
  offline: false,
  fueraDeGeocerca: true,
  precisionBaja: false,
  posicion: { lat: -53.16, lng: -70.91, precisionM: 12 },
  distanciaM: 412,
  dispositivo: 'Chrome',
  sedeId: 's1',
  secuencia: 3,
  hash: 'a'.repeat(64),
  hashAnterior: 'b'.repeat(64),
  corrigeMarcaId: null,
  trabajador: 'Renata Fuentes Vidal',
  rut: WORKER.rut,
  sede: 'Punta Arenas',
  zonaHoraria: 'America/Punta_Arenas',
};

const SALDO: SaldoPermiso = {
  usuario: { id: WORKER.id, nombre: WORKER.nombre, apellidos: WORKER.apellidos, rut: WORKER.rut },
  tipo: { id: 't1', nombre: 'Vacaciones', codigo: 'VAC.', unidad: 'dias_habiles' },
  anio: new Date().getFullYear(),
  fuente: 'dias_anuales',
  asignados: 21,
  diasBase: 20,
  diasProgresivos: 1,
  fundamento: ['20 días por trabajar en la región de Magallanes (art. 67 inc. 2)'],
  usados: 5,
  pendientes: 2,
  disponibles: 14,
};

const ZERO_TOTALS: TotalesAsistencia = {
  planificadoSegundos: 0,
  trabajadoSegundos: 0,
  ordinarioSegundos: 0,
  justificadoSegundos: 0,
  atrasoSegundos: 0,
  salidaAnticipadaSegundos: 0,
  extraSegundos: 0,
  compensadoSegundos: 0,
  descontableSegundos: 0,
  atrasoDescontableSegundos: 0,
  salidaAnticipadaDescontableSegundos: 0,
  extraNetaSegundos: 0,
  extraNetaDentroLimiteSegundos: 0,
  extraNetaSobreLimiteSegundos: 0,
  pendienteSegundos: 0,
  domingoSegundos: 0,
  feriadoSegundos: 0,
  diasTrabajados: 0,
  ausencias: 0,
  diasConAtraso: 0,
  diasJustificados: 0,
  diasIncompletos: 0,
  diasConInconsistencias: 0,
  diasPorEstado: { presente: 0, ausente: 0, justificado: 0, libre: 0, feriado: 0, incompleto: 0 },
};

function attendanceMonth(): AsistenciaTrabajadorResponse {
  return {
    trabajador: {
      id: WORKER.id,
      nombre: WORKER.nombre,
      apellidos: WORKER.apellidos,
      rut: WORKER.rut,
      cargo: null,
      grupo: null,
      sede: null,
      zonaHoraria: 'America/Santiago',
      horasSemanales: 42,
      inicioContrato: '2024-01-01',
      finContrato: null,
    },
    desde: FIRST,
    hasta: LAST,
    hastaCerrado: LAST,
    dias: [],
    semanas: [],
    totales: ZERO_TOTALS,
  };
}

const SHIFT = { id: 'sh1', codigo: 'OF', nombre: 'Oficina', color: '#1c7ed6', inicio: '09:00', fin: '18:00', etiqueta: '09:00–18:00', version: 1 };

/** The weeks of this month; the worker works the Monday of the second week, rests the Tuesday, and that week breaks a limit. */
function planning(query: URLSearchParams): PlanificacionGrilla {
  const desde = query.get('desde')!;
  const hasta = query.get('hasta')!;
  const dates: string[] = [];
  for (let d = desde; d <= hasta; d = addDays(d, 1)) dates.push(d);
  const monday = addDays(desde, 7);
  return {
    desde,
    hasta,
    hoy: today,
    dias: dates.map((fecha) => ({ fecha, diaSemana: 1, feriado: null })),
    filas: [
      {
        usuario: { id: WORKER.id, rut: WORKER.rut, nombre: WORKER.nombre, apellidos: WORKER.apellidos, cargo: null, grupo: null, zonaHoraria: 'America/Santiago' },
        dias: dates.map((fecha) => ({
          fecha,
          tipo: fecha === monday ? ('turno' as const) : fecha === addDays(monday, 1) ? ('libre' as const) : ('sin_planificar' as const),
          turnoId: fecha === monday ? SHIFT.id : null,
          turno: fecha === monday ? SHIFT : null,
          segundosPlanificados: fecha === monday ? 8 * 3600 : 0,
          feriado: null,
          modificado: false,
          permiso: fecha === addDays(monday, 2) ? { codigo: 'VAC.', porHoras: false } : null,
        })),
        semanas: [
          // Nothing planned in the first week: incomplete, with no alert.
          {
            inicio: desde,
            fin: addDays(desde, 6),
            segundosPlanificados: 0,
            horasPlanificadas: '00:00',
            diasTrabajo: 0,
            limiteHorasSemanales: 42,
            sobreLimiteSemanal: false,
            diaSobreDiezHoras: false,
            diasFueraDeRango: false,
            incompleta: true,
            alertas: [],
          },
          {
            inicio: monday,
            fin: addDays(monday, 6),
            segundosPlanificados: 8 * 3600,
            horasPlanificadas: '08:00',
            diasTrabajo: 1,
            limiteHorasSemanales: 42,
            sobreLimiteSemanal: false,
            diaSobreDiezHoras: false,
            diasFueraDeRango: true,
            incompleta: false,
            alertas: [{ codigo: 'dias_por_semana_fuera_de_rango', fecha: monday, mensaje: 'Planifica 1 día de trabajo; la jornada se distribuye en 5 o 6 días.', valor: 1, limite: 5 }],
          },
        ],
        segundosPlanificados: 8 * 3600,
        alertas: [],
      },
    ],
    total: 1,
    page: 1,
    pageSize: 100,
  };
}

function routes(extra: Record<string, (call: RouteCall) => unknown> = {}) {
  return {
    ...signedInAs('administrador'),
    'GET /v1/usuarios/:id': (call: RouteCall) => ({ body: call.path.endsWith('/u1') ? makeUser({ id: 'u1', perfil: 'administrador' }) : WORKER }),
    'GET /v1/marcas': () => ({ body: page([MARK], 1, 1, 25) }),
    'GET /v1/asistencia/trabajadores/:id': () => ({ body: attendanceMonth() }),
    'GET /v1/permisos/saldos': () => ({ body: page([SALDO]) }),
    'GET /v1/permisos/mios/saldos': () => ({ body: { items: [SALDO] } }),
    'GET /v1/planificaciones': (call: RouteCall) => ({ body: planning(call.url.searchParams) }),
    ...extra,
  } as Parameters<typeof mockRoutes>[0];
}

const open = (path: string) => renderPage(<UserRecordRoute />, { path, routePath: '/dashboard/users/:id' });
const called = (calls: RouteCall[], path: string) => calls.filter((call) => call.path === path || call.path.startsWith(`${path}/`));

describe('a worker’s record (/dashboard/users/:id) with tabs', () => {
  it('opens the tab in the address, loads only its data, and keeps each switch in the address', async () => {
    const { calls } = mockRoutes(routes());
    const { router } = open(`/dashboard/users/${WORKER.id}?pestana=marcas`);
    const tabs = await screen.findByRole('tablist', { name: 'Secciones de la ficha de Renata Fuentes Vidal' });
    expect(within(tabs).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Datos', 'Asistencia', 'Saldos', 'Planificación', 'Marcas']);
    expect(within(tabs).getByRole('tab', { name: 'Marcas' })).toHaveAttribute('aria-selected', 'true');

    const table = await screen.findByRole('table', { name: `Marcas de ${MONTH}` });
    const row = within(table).getAllByRole('row')[1]!;
    // The site's local date and 24-hour time, the kind, method, site and the geofence flag.
    expect(row).toHaveTextContent(`05-${MES.slice(5, 7)}-${year}`);
    expect(row).toHaveTextContent('09:05:07');
    expect(row).toHaveTextContent('Entrada');
    expect(row).toHaveTextContent('Punta Arenas');
    expect(row).toHaveTextContent('Fuera de la geocerca (a 412 m)');
    expect(within(row).getByRole('link', { name: `Comprobante de la marca de entrada del 05-${MES.slice(5, 7)}-${year} a las 09:05:07` })).toHaveAttribute(
      'href',
      '/dashboard/comprobantes/m1',
    );
    expect(screen.getByText(`1 marca en ${MONTH}`)).toBeInTheDocument();
    const markCall = called(calls, '/v1/marcas')[0]!;
    expect(Object.fromEntries(markCall.url.searchParams)).toEqual({ usuarioId: WORKER.id, desde: FIRST, hasta: LAST, page: '1', pageSize: '25' });
    // Only the open tab's data.
    expect(called(calls, '/v1/asistencia/trabajadores')).toHaveLength(0);
    expect(called(calls, '/v1/planificaciones')).toHaveLength(0);
    expect(called(calls, '/v1/permisos/saldos')).toHaveLength(0);

    const u = userEvent.setup();
    await u.click(within(tabs).getByRole('tab', { name: 'Asistencia' }));
    await waitFor(() => expect(router.state.location.search).toBe('?pestana=asistencia'));
    expect(await screen.findByRole('heading', { name: 'Totales del mes' })).toBeInTheDocument();
    expect(called(calls, `/v1/asistencia/trabajadores/${WORKER.id}`)[0]!.url.searchParams.get('desde')).toBe(FIRST);
    expect(screen.queryByRole('table', { name: `Marcas de ${MONTH}` })).not.toBeInTheDocument();

    await u.click(within(tabs).getByRole('tab', { name: 'Datos' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByText('15.678.901-2')).toBeInTheDocument();
    expect(called(calls, '/v1/planificaciones')).toHaveLength(0);
  });

  it('shows the balances of someone else from the team’s balances, and the year in the address', async () => {
    const { calls } = mockRoutes(routes());
    const { router } = open(`/dashboard/users/${WORKER.id}?pestana=saldos`);
    const cards = await screen.findByRole('region', { name: `Saldo ${SALDO.anio}` });
    expect(cards).toHaveTextContent(`Vacaciones ${SALDO.anio}`);
    expect(cards).toHaveTextContent('14 días hábiles disponibles');
    expect(cards).toHaveTextContent('21 del año (con 1 progresivo) · 5 usados · 2 pendientes');
    expect(cards).toHaveTextContent('20 días por trabajar en la región de Magallanes (art. 67 inc. 2)');
    expect(Object.fromEntries(called(calls, '/v1/permisos/saldos')[0]!.url.searchParams)).toMatchObject({ usuarioId: WORKER.id, anio: String(SALDO.anio) });
    expect(called(calls, '/v1/permisos/mios/saldos')).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Ver sus permisos y solicitudes' })).toHaveAttribute('href', `/dashboard/permisos?usuarioId=${WORKER.id}`);

    const u = userEvent.setup();
    await u.click(screen.getByRole('combobox', { name: 'Año' }));
    await u.click(await screen.findByRole('option', { name: String(SALDO.anio - 1), hidden: true }));
    await waitFor(() => expect(router.state.location.search).toBe(`?pestana=saldos&anio=${SALDO.anio - 1}`));
    await waitFor(() => expect(called(calls, '/v1/permisos/saldos').some((call) => call.url.searchParams.get('anio') === String(SALDO.anio - 1))).toBe(true));
  });

  it('shows the planned weeks of the month with their hours and legal alerts', async () => {
    const { calls } = mockRoutes(routes());
    open(`/dashboard/users/${WORKER.id}?pestana=planificacion`);
    const call = await waitFor(() => {
      const first = called(calls, '/v1/planificaciones')[0];
      expect(first).toBeDefined();
      return first!;
    });
    expect(call.url.searchParams.get('usuarioIds')).toBe(WORKER.id);
    const desde = call.url.searchParams.get('desde')!;
    const monday = addDays(desde, 7);
    const ddmm = (date: string) => `${date.slice(8, 10)}-${date.slice(5, 7)}-${date.slice(0, 4)}`;
    const week = await screen.findByRole('region', { name: `Semana del ${ddmm(monday)} al ${ddmm(addDays(monday, 6))}` });
    expect(week).toHaveTextContent('08:00 h planificadas de 42 h · 1 día de trabajo');
    expect(within(week).getByRole('list', { name: 'Alertas legales de la semana' })).toHaveTextContent('Planifica 1 día de trabajo');
    expect(week).toHaveTextContent('OF 09:00–18:00');
    expect(week).toHaveTextContent('Libre');
    expect(week).toHaveTextContent('Permiso VAC.');
    expect(desde <= FIRST && call.url.searchParams.get('hasta')! >= LAST).toBe(true);
    const first = screen.getByRole('region', { name: `Semana del ${ddmm(desde)} al ${ddmm(addDays(desde, 6))}` });
    expect(first).toHaveTextContent('00:00 h planificadas de 42 h · 0 días de trabajo');
    expect(within(first).queryByRole('list', { name: 'Alertas legales de la semana' })).not.toBeInTheDocument();
  });

  it('says so when a tab’s data fails, and retries', async () => {
    let fail = true;
    mockRoutes(routes({ 'GET /v1/marcas': () => (fail ? apiError(500, 'INTERNAL', 'Algo salió mal.') : { body: page([], 0, 1, 25) }) }));
    open(`/dashboard/users/${WORKER.id}?pestana=marcas`);
    const alert = await screen.findByRole('alert');
    fail = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText(`Sin marcas en ${MONTH}`)).toBeInTheDocument();
    expect(screen.getByText('No registró marcas este mes. Elige otro mes para ver sus marcas anteriores.')).toBeInTheDocument();
  });

  it('a trabajador’s own record at /me: their own balance call, and the tabs that make sense for them', async () => {
    const own = makeUser({ id: 'u1' });
    const { calls } = mockRoutes({ ...routes(), ...signedInAs('trabajador'), 'GET /v1/usuarios/:id': () => ({ body: own }) });
    open('/dashboard/users/me?pestana=saldos');
    const tabs = await screen.findByRole('tablist', { name: 'Secciones de mis datos' });
    expect(within(tabs).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Datos', 'Asistencia', 'Saldos', 'Planificación', 'Marcas']);
    expect(await screen.findByRole('region', { name: `Mi saldo ${SALDO.anio}` })).toHaveTextContent('14 días hábiles disponibles');
    expect(called(calls, '/v1/permisos/mios/saldos')).toHaveLength(1);
    expect(called(calls, '/v1/permisos/saldos')).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Ver mis permisos y solicitudes' })).toHaveAttribute('href', '/dashboard/permisos/mios');
  });

  it('a labour inspector’s record has no work tabs', async () => {
    const { calls } = mockRoutes(routes({ 'GET /v1/usuarios/:id': () => ({ body: makeUser({ id: 'u9', perfil: 'fiscalizador', grupo: null }) }) }));
    open('/dashboard/users/u9?pestana=marcas');
    expect(await screen.findByText('valentina@example.cl')).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(called(calls, '/v1/marcas')).toHaveLength(0);
  });

  it('an unknown tab in the address opens «Datos»', async () => {
    mockRoutes(routes());
    open(`/dashboard/users/${WORKER.id}?pestana=sueldos`);
    const tabs = await screen.findByRole('tablist', { name: 'Secciones de la ficha de Renata Fuentes Vidal' });
    expect(within(tabs).getByRole('tab', { name: 'Datos' })).toHaveAttribute('aria-selected', 'true');
  });
});
