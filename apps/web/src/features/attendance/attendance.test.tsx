import type { AsistenciaDiaResponse, AsistenciaTrabajadorResponse, DiaTrabajador, EstadoAsistencia, FilaAsistenciaDia, TotalesAsistencia } from '@jornada/contracts';
import { addDays, daysInMonth, formatLocalDate } from '@jornada/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SITE } from '../../test/fixtures';
import { apiError, mockRoutes, signedInAs } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';
import { renderPage } from '../../test/render-page';
import { PrivateLayout } from '../../app/layouts/private-layout';
import { AttendanceDayPage } from './day';
import { WorkerAttendancePage } from './worker';
import { duration } from './components/status';
import { todayInChile } from '../../lib/format';

afterEach(() => {
  vi.unstubAllGlobals();
});

const OPTIONS = { grupos: [{ id: 'g1', nombre: 'Sala de ventas' }], sedes: [{ id: SITE.id, nombre: SITE.nombre }] };
const WORKER_ID = 'a0000000-0000-4000-8000-000000000001';

function row(overrides: Partial<FilaAsistenciaDia> = {}): FilaAsistenciaDia {
  return {
    usuarioId: WORKER_ID,
    nombre: 'Valentina',
    apellidos: 'Sepúlveda Hernández',
    rut: '12.345.678-5',
    cargo: 'Vendedora',
    grupo: { id: 'g1', nombre: 'Sala de ventas' },
    sede: { id: SITE.id, nombre: SITE.nombre },
    zonaHoraria: 'America/Santiago',
    estado: 'atrasado',
    estadoDia: 'presente',
    enJornada: true,
    turno: {
      etiqueta: '09:00–18:00',
      inicio: '09:00',
      fin: '18:00',
      inicioInstante: '2026-11-03T12:00:00.000Z',
      finInstante: '2026-11-03T21:00:00.000Z',
      colacionSegundos: 3600,
      toleranciaAtrasoSegundos: 300,
      toleranciaSalidaSegundos: 0,
    },
    feriado: null,
    permiso: null,
    primeraEntrada: '2026-11-03T12:12:00.000Z',
    ultimaSalida: null,
    horaEntrada: '09:12',
    horaSalida: null,
    atrasoSegundos: 720,
    salidaAnticipadaSegundos: 0,
    trabajadoSegundos: 7200,
    planificadoSegundos: 28800,
    extraSegundos: 0,
    inconsistencias: [],
    ...overrides,
  };
}

function board(items: FilaAsistenciaDia[], overrides: Partial<AsistenciaDiaResponse> = {}): AsistenciaDiaResponse {
  const conteos = { presente: 0, atrasado: 0, ausente: 0, con_permiso: 0, sin_marcar: 0, incompleto: 0, descanso: 0, feriado: 0 } as Record<EstadoAsistencia, number>;
  for (const item of items) conteos[item.estado] += 1;
  return {
    fecha: '2026-11-03',
    items,
    total: items.length,
    page: 1,
    pageSize: 50,
    conteos,
    trabajadores: items.length,
    llegadasPorHora: Array.from({ length: 24 }, (_, hora) => ({ hora, cantidad: items.filter((i) => i.horaEntrada?.startsWith(String(hora).padStart(2, '0'))).length })),
    calculadoEn: '2026-11-03T13:00:00.000Z',
    ...overrides,
  };
}

const ZERO_SECONDS = {
  planificado: 0,
  trabajado: 0,
  ordinario: 0,
  faltante: 0,
  justificado: 0,
  atraso: 0,
  salidaAnticipada: 0,
  colacion: 0,
  extra: 0,
  extraDentroLimite: 0,
  extraSobreLimite: 0,
  extraSobrePactada: 0,
  domingo: 0,
  feriado: 0,
};

function dayOf(fecha: string, overrides: Partial<DiaTrabajador> = {}): DiaTrabajador {
  return {
    fecha,
    estadoDia: 'libre',
    estado: 'descanso',
    plan: 'libre',
    turno: null,
    feriado: null,
    esDomingo: false,
    permiso: null,
    permisosPorHoras: [],
    marcas: [],
    primeraEntrada: null,
    ultimaSalida: null,
    horaEntrada: null,
    horaSalida: null,
    segundos: ZERO_SECONDS,
    inconsistencias: [],
    explicacion: ['Día libre en la planificación y sin marcas.'],
    calculadoEn: `${fecha}T23:00:00.000Z`,
    ...overrides,
  };
}

const TOTALS: TotalesAsistencia = {
  planificadoSegundos: 158_400,
  trabajadoSegundos: 151_200,
  ordinarioSegundos: 150_000,
  justificadoSegundos: 0,
  atrasoSegundos: 720,
  salidaAnticipadaSegundos: 0,
  extraSegundos: 3600,
  compensadoSegundos: 720,
  descontableSegundos: 0,
  atrasoDescontableSegundos: 0,
  salidaAnticipadaDescontableSegundos: 0,
  extraNetaSegundos: 2880,
  extraNetaDentroLimiteSegundos: 2880,
  extraNetaSobreLimiteSegundos: 0,
  pendienteSegundos: 0,
  domingoSegundos: 0,
  feriadoSegundos: 0,
  diasTrabajados: 20,
  ausencias: 1,
  diasConAtraso: 1,
  diasJustificados: 0,
  diasIncompletos: 0,
  diasConInconsistencias: 0,
  diasPorEstado: { presente: 20, ausente: 1, justificado: 0, libre: 9, feriado: 0, incompleto: 0 },
};

/** A past month (so every day is closed) with a late day on the 3rd and an absence on the 4th. */
function workerMonth(year: number, month: number): AsistenciaTrabajadorResponse {
  const desde = formatLocalDate(year, month, 1);
  const hasta = formatLocalDate(year, month, daysInMonth(year, month));
  const dias: DiaTrabajador[] = [];
  for (let d = desde; d <= hasta; d = addDays(d, 1)) {
    if (d.endsWith('-03')) {
      dias.push(
        dayOf(d, {
          estadoDia: 'presente',
          estado: 'atrasado',
          plan: 'turno',
          turno: row().turno,
          horaEntrada: '09:12',
          horaSalida: '18:05',
          marcas: [
            { id: 'm1', tipo: 'entrada', instante: `${d}T12:12:00.000Z`, hora: '09:12:00', estado: 'atribuida', motivo: 'Entrada del turno 09:00–18:00.' },
            { id: 'm2', tipo: 'entrada', instante: `${d}T12:13:00.000Z`, hora: '09:13:00', estado: 'ignorada', motivo: 'Entrada repetida un minuto después: no se cuenta.' },
            { id: 'm3', tipo: 'salida', instante: `${d}T21:05:00.000Z`, hora: '18:05:00', estado: 'atribuida', motivo: 'Salida del turno 09:00–18:00.' },
          ],
          segundos: { ...ZERO_SECONDS, planificado: 28_800, trabajado: 28_380, ordinario: 28_080, atraso: 720, colacion: 3600, extra: 300, extraDentroLimite: 300 },
          explicacion: ['Turno planificado de 09:00 a 18:00 con 60 minutos de colación.', 'Llegó 12 minutos tarde: la tolerancia es de 5 minutos.'],
        }),
      );
    } else if (d.endsWith('-04')) {
      dias.push(dayOf(d, { estadoDia: 'ausente', estado: 'ausente', plan: 'turno', turno: row().turno, explicacion: ['Turno planificado sin marcas ni permiso: ausencia.'] }));
    } else dias.push(dayOf(d));
  }
  return {
    trabajador: {
      id: WORKER_ID,
      nombre: 'Valentina',
      apellidos: 'Sepúlveda Hernández',
      rut: '12.345.678-5',
      cargo: 'Vendedora',
      grupo: { id: 'g1', nombre: 'Sala de ventas' },
      sede: { id: SITE.id, nombre: SITE.nombre },
      zonaHoraria: 'America/Santiago',
      horasSemanales: 44,
      inicioContrato: '2024-01-01',
      finContrato: null,
    },
    desde,
    hasta,
    hastaCerrado: hasta,
    dias,
    semanas: [],
    totales: TOTALS,
  };
}

function lastMonth(): { year: number; month: number; key: string } {
  const today = todayInChile();
  let year = Number(today.slice(0, 4));
  let month = Number(today.slice(5, 7)) - 1;
  if (month === 0) {
    month = 12;
    year -= 1;
  }
  return { year, month, key: `${year}-${String(month).padStart(2, '0')}` };
}

describe('duration', () => {
  it('shows exact seconds as hours and minutes, and a short lateness in seconds', () => {
    expect(duration(0)).toBe('0 min');
    expect(duration(40)).toBe('40 s');
    expect(duration(720)).toBe('12 min');
    expect(duration(8 * 3600 + 5 * 60 + 59)).toBe('8 h 05 min');
    expect(duration(-3600)).toBe('−1 h 00 min');
  });
});

describe('day board (/dashboard/assists)', () => {
  it('shows the counts, the arrivals by hour and a row that opens the worker’s day; a status card filters', async () => {
    const absent = row({ usuarioId: 'w2', nombre: 'Martina', apellidos: 'Torres Rojas', estado: 'ausente', estadoDia: 'ausente', enJornada: false, horaEntrada: null, primeraEntrada: null, atrasoSegundos: 0, trabajadoSegundos: 0 });
    const { calls } = mockRoutes({
      ...signedInAs('administrador'),
      'GET /v1/asistencia/dia': (call) => ({ body: call.url.searchParams.get('estado') === 'ausente' ? { ...board([row(), absent]), items: [absent], total: 1 } : board([row(), absent]) }),
      'GET /v1/reportes/opciones': () => ({ body: OPTIONS }),
    });
    renderPage(<AttendanceDayPage />, { path: '/dashboard/assists' });
    expect(await screen.findByRole('heading', { name: 'Asistencia del día', level: 1 }, { timeout: 15_000 })).toBeInTheDocument();

    const counts = await screen.findByRole('group', { name: 'Trabajadores por estado' });
    expect(within(counts).getByRole('button', { name: 'Atrasado: 1' })).toHaveAttribute('aria-pressed', 'false');
    expect(within(counts).getByRole('button', { name: 'Ausente: 1' })).toBeInTheDocument();
    expect(within(counts).getByRole('button', { name: 'Sin marcar aún: 0' })).toBeInTheDocument();
    expect(within(counts).getByRole('button', { name: 'Con permiso: 0' })).toBeInTheDocument();
    expect(within(counts).getByRole('button', { name: 'Descanso: 0' })).toBeInTheDocument();

    const chart = screen.getByRole('table', { name: 'Llegadas por hora' });
    expect(within(chart).getByRole('row', { name: '09:00–10:00 1' })).toBeInTheDocument();

    const table = screen.getByRole('table', { name: 'Asistencia del 03-11-2026' });
    const link = within(table).getByRole('link', { name: 'Valentina Sepúlveda Hernández' });
    expect(link).toHaveAttribute('href', `/dashboard/settings/assists-user?usuarioId=${WORKER_ID}&mes=2026-11&dia=2026-11-03`);
    const valentina = link.closest('tr')!;
    expect(within(valentina).getByText('Atrasado')).toBeInTheDocument();
    expect(within(valentina).getByText('En jornada')).toBeInTheDocument();
    // Lateness in its own column, beside what was worked and the overtime.
    expect(within(valentina).getByText('12 min')).toBeInTheDocument();
    expect(within(valentina).getByText('2 h 00 min')).toBeInTheDocument();
    expect(within(valentina).getByText('09:12 a —')).toBeInTheDocument();

    // Today by default: the page sends no date and shows the one the server chose.
    const first = calls.find((c) => c.path === '/v1/asistencia/dia')!;
    expect(Object.fromEntries(first.url.searchParams)).toEqual({ page: '1', pageSize: '50' });

    const user = userEvent.setup();
    await user.click(within(counts).getByRole('button', { name: 'Ausente: 1' }));
    await waitFor(() => expect(calls.filter((c) => c.path === '/v1/asistencia/dia').at(-1)!.url.searchParams.get('estado')).toBe('ausente'));
    expect(await within(counts).findByRole('button', { name: 'Ausente: 1', pressed: true })).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Asistencia del 03-11-2026' })).queryByText('Valentina Sepúlveda Hernández')).not.toBeInTheDocument());
  });

  it('keeps date, group, site, cargo and status in the URL and sends them; a filter with no match says so', async () => {
    const { calls } = mockRoutes({
      ...signedInAs('supervisor'),
      'GET /v1/asistencia/dia': (call) => ({ body: board([], { fecha: call.url.searchParams.get('fecha') ?? '2026-11-03' }) }),
      'GET /v1/reportes/opciones': () => ({ body: OPTIONS }),
    });
    renderPage(<AttendanceDayPage />, { path: `/dashboard/assists?fecha=2026-11-02&grupoId=g1&sedeId=${SITE.id}&estado=ausente` });
    expect(await screen.findByText('Nadie coincide con los filtros', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('Prueba con otro grupo, sede, cargo o estado, o limpia los filtros.')).toBeInTheDocument();
    const first = calls.find((c) => c.path === '/v1/asistencia/dia')!;
    expect(Object.fromEntries(first.url.searchParams)).toMatchObject({ fecha: '2026-11-02', grupoId: 'g1', sedeId: SITE.id, estado: 'ausente' });
    expect(screen.getByText('Aún no hay entradas registradas este día.')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Cargo' }), 'Cajero{Enter}');
    await waitFor(() => expect(calls.filter((c) => c.path === '/v1/asistencia/dia').at(-1)!.url.searchParams.get('cargo')).toBe('Cajero'));
    expect(screen.getByText(/en los grupos que lideras/)).toBeInTheDocument();
  });

  it('shows the server’s message and retries', async () => {
    let fail = true;
    mockRoutes({
      ...signedInAs('administrador'),
      'GET /v1/asistencia/dia': () => (fail ? apiError(404, 'NOT_FOUND', 'El grupo no existe.') : { body: board([row()]) }),
      'GET /v1/reportes/opciones': () => ({ body: OPTIONS }),
    });
    renderPage(<AttendanceDayPage />, { path: '/dashboard/assists?grupoId=otro' });
    const alert = await screen.findByRole('alert', {}, { timeout: 15_000 });
    expect(alert).toHaveTextContent('No pudimos cargar la asistencia');
    expect(alert).toHaveTextContent('El grupo no existe.');
    fail = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('link', { name: 'Valentina Sepúlveda Hernández' })).toBeInTheDocument();
  });

  it('is closed to a trabajador and a fiscalizador', async () => {
    mockRoutes({ ...signedInAs('trabajador') });
    renderApp('/dashboard/assists');
    expect(await screen.findByRole('heading', { name: 'No tienes acceso a esta sección' }, { timeout: 15_000 })).toBeInTheDocument();
  });
});

describe('a worker’s month (/dashboard/settings/assists-user)', () => {
  it('asks to choose a worker, then shows the month, the totals and the chosen day with the engine’s explanation', async () => {
    const { year, month, key } = lastMonth();
    const { calls } = mockRoutes({
      ...signedInAs('administrador'),
      'GET /v1/asistencia/trabajadores/:id': (call) => {
        const desde = call.url.searchParams.get('desde')!;
        return { body: workerMonth(Number(desde.slice(0, 4)), Number(desde.slice(5, 7))) };
      },
      'GET /v1/reportes/trabajadores': () => ({ body: { items: [{ id: WORKER_ID, nombre: 'Valentina', apellidos: 'Sepúlveda Hernández', rut: '12.345.678-5' }] } }),
    });
    const first = renderPage(<WorkerAttendancePage />, { path: `/dashboard/settings/assists-user?mes=${key}` });
    expect(await screen.findByText('Elige un trabajador', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(calls.some((c) => c.path.startsWith('/v1/asistencia/trabajadores'))).toBe(false);
    first.unmount();

    const day3 = `${key}-03`;
    renderPage(<WorkerAttendancePage />, { path: `/dashboard/settings/assists-user?usuarioId=${WORKER_ID}&mes=${key}&dia=${day3}` });
    expect(await screen.findByRole('heading', { name: 'Asistencia por trabajador', level: 1 }, { timeout: 15_000 })).toBeInTheDocument();
    const totals = await screen.findByRole('group', { name: 'Totales del periodo' });
    expect(totals).toHaveTextContent('Trabajado42 h 00 min');
    expect(totals).toHaveTextContent('Ausencias1 día');
    expect(totals).toHaveTextContent('Horas extra48 min');
    expect(totals).toHaveTextContent('Compensación semanal12 min');
    const call = calls.find((c) => c.path === `/v1/asistencia/trabajadores/${WORKER_ID}`)!;
    expect(Object.fromEntries(call.url.searchParams)).toEqual({ desde: `${key}-01`, hasta: formatLocalDate(year, month, daysInMonth(year, month)) });

    const days = screen.getByRole('group', { name: 'Días del mes' });
    const late = within(days).getByRole('button', { name: /: Atrasado\. Turno 09:00–18:00\. marcas de 09:12 a 18:05\. atraso de 12 min/ });
    expect(late).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Llegó 12 minutos tarde: la tolerancia es de 5 minutos.')).toBeInTheDocument();
    const marks = screen.getByRole('table', { name: /^Marcas del / });
    expect(within(marks).getByRole('row', { name: /09:13:00 Entrada No contada Entrada repetida/ })).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(days).getByRole('button', { name: /: Ausente\./ }));
    expect(await screen.findByText('Turno planificado sin marcas ni permiso: ausencia.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Mes anterior' }));
    await waitFor(() => {
      const last = calls.filter((c) => c.path.startsWith('/v1/asistencia/trabajadores')).at(-1)!;
      expect(last.url.searchParams.get('hasta')).toBe(addDays(`${key}-01`, -1));
    });
  });

  it('a trabajador sees only their own month, with no worker picker, and the 5-year limit', async () => {
    const { key } = lastMonth();
    const { calls } = mockRoutes({
      ...signedInAs('trabajador'),
      'GET /v1/asistencia/trabajadores/:id': (call) => {
        const desde = call.url.searchParams.get('desde')!;
        return { body: workerMonth(Number(desde.slice(0, 4)), Number(desde.slice(5, 7))) };
      },
    });
    renderPage(<WorkerAttendancePage />, { path: `/dashboard/settings/assists-user?usuarioId=otro&mes=2001-01`, frame: PrivateLayout });
    expect(await screen.findByRole('heading', { name: 'Mi asistencia', level: 1 }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Trabajador' })).not.toBeInTheDocument();
    await screen.findByRole('group', { name: 'Días del mes' });
    const call = calls.find((c) => c.path.startsWith('/v1/asistencia/trabajadores'))!;
    // Their own id (the session's), never the URL's; a month older than 5 years shows the oldest allowed.
    expect(call.path).toBe('/v1/asistencia/trabajadores/u1');
    const today = todayInChile();
    expect(call.url.searchParams.get('desde')).toBe(`${Number(today.slice(0, 4)) - 5}-${today.slice(5, 7)}-01`);
    expect(screen.getByRole('button', { name: 'Mes anterior' })).toBeDisabled();
    expect(key).toMatch(/^\d{4}-\d{2}$/);
    const nav = screen.getByRole('navigation', { name: 'Navegación principal' });
    expect(within(nav).getByRole('link', { name: 'Asistencia' })).toHaveAttribute('href', '/dashboard/settings/assists-user');
  });

  it('shows the server’s message when the worker is out of scope, and retries', async () => {
    mockRoutes({
      ...signedInAs('supervisor'),
      'GET /v1/asistencia/trabajadores/:id': () => apiError(404, 'NOT_FOUND', 'El trabajador no existe.'),
      'GET /v1/reportes/trabajadores': () => ({ body: { items: [] } }),
    });
    renderPage(<WorkerAttendancePage />, { path: `/dashboard/settings/assists-user?usuarioId=${WORKER_ID}`, frame: PrivateLayout });
    const alert = await screen.findByRole('alert', {}, { timeout: 15_000 });
    expect(alert).toHaveTextContent('El trabajador no existe.');
    expect(within(alert).getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Navegación principal' });
    expect(within(nav).getByRole('button', { name: /Asistencia/ })).toBeInTheDocument();
  });
});
