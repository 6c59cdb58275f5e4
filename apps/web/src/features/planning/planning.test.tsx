import type { PlanificacionGrilla, ResultadoPatron, Turno } from '@jornada/contracts';
import { eachDate } from '@jornada/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { SAMPLE_USER } from '../../test/api-stubs';
import { renderApp } from '../../test/render-app';
import { renderPage } from '../../test/render-page';
import { PlanningPage } from '.';
import { CreatePlanningPage } from './create';

afterEach(() => {
  vi.unstubAllGlobals();
});

interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

type Handler = (call: Call) => { status?: number; body?: unknown } | Promise<{ status?: number; body?: unknown }>;

/** Routes fetch by "METHOD /path" (query string apart); unknown calls fail like a dropped connection. */
function routeApi(handlers: Record<string, Handler>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const method = (init.method ?? 'GET').toUpperCase();
      const path = url.pathname.replace(/^\/api/, '');
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
      const call = { method, path, query: url.searchParams, body };
      calls.push(call);
      const handler = handlers[`${method} ${path}`];
      if (!handler) throw new TypeError(`Failed to fetch ${method} ${path}`);
      const reply = await handler(call);
      return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
        status: reply.status ?? 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}

function signIn(perfil = 'administrador') {
  localStorage.setItem('token', 'tok-1');
  localStorage.setItem('token_set_at', String(Date.now()));
  return { 'POST /usuarios/profile': () => ({ body: { ...SAMPLE_USER, perfil } }) };
}

const OFICINA: Turno = {
  id: '11111111-1111-4111-8111-111111111111',
  codigo: 'OF',
  nombre: 'Oficina',
  color: '#1c7ed6',
  inicio: '09:00',
  fin: '18:00',
  colacion: { tipo: 'fija', inicio: '13:00', fin: '14:00' },
  toleranciaAtrasoMin: 5,
  toleranciaSalidaMin: 5,
  diasPorSemana: 5,
  sedeIds: [],
  cargos: [],
  activo: true,
  cruzaMedianoche: false,
  duracionMin: 540,
  colacionMin: 60,
  duracionNetaMin: 480,
  horasSemanalesReferencia: 40,
  etiqueta: '09:00–18:00',
  version: 1,
  creadoEn: '2026-10-01T12:00:00Z',
  actualizadoEn: '2026-10-01T12:00:00Z',
};
const PLANNED = { id: OFICINA.id, codigo: 'OF', nombre: 'Oficina', color: OFICINA.color, inicio: '09:00', fin: '18:00', etiqueta: '09:00–18:00', version: 1 };
const ANA = { id: 'u-ana', rut: '12.345.678-5', nombre: 'Ana', apellidos: 'Pérez', cargo: 'Cajera', grupo: null, zonaHoraria: 'America/Santiago' };

/** November 2026 (whole weeks: 26-10 to 06-12); Ana works Monday 2 (a past day, today is the 21st). */
function grid(): PlanificacionGrilla {
  const dates = eachDate('2026-10-26', '2026-12-06');
  return {
    desde: '2026-10-26',
    hasta: '2026-12-06',
    hoy: '2026-11-21',
    dias: dates.map((fecha) => ({ fecha, diaSemana: 1, feriado: fecha === '2026-11-01' ? { nombre: 'Día de Todos los Santos', irrenunciable: false } : null })),
    filas: [
      {
        usuario: ANA,
        dias: dates.map((fecha) => ({
          fecha,
          tipo: fecha === '2026-11-02' ? ('turno' as const) : ('sin_planificar' as const),
          turnoId: fecha === '2026-11-02' ? OFICINA.id : null,
          turno: fecha === '2026-11-02' ? PLANNED : null,
          segundosPlanificados: fecha === '2026-11-02' ? 8 * 3600 : 0,
          feriado: null,
          modificado: false,
          permiso: fecha === '2026-11-03' ? { codigo: 'VAC.', porHoras: false } : null,
        })),
        semanas: [],
        segundosPlanificados: 8 * 3600,
        alertas: [],
      },
    ],
    total: 1,
    page: 1,
    pageSize: 100,
  };
}

const EMPTY_PAGE = { items: [], total: 0, page: 1, pageSize: 20 };

function planningHandlers(extra: Record<string, Handler> = {}): Record<string, Handler> {
  return {
    ...signIn(),
    'GET /v1/planificaciones': () => ({ body: grid() }),
    'GET /v1/turnos': () => ({ body: { items: [OFICINA], total: 1, page: 1, pageSize: 100 } }),
    'GET /v1/grupos': () => ({ body: EMPTY_PAGE }),
    'GET /v1/sedes': () => ({ body: EMPTY_PAGE }),
    'GET /v1/planificaciones/cambios': () => ({ body: EMPTY_PAGE }),
    'GET /v1/planificaciones/extension-diciembre': () => ({ body: extension(false) }),
    ...extra,
  };
}

function extension(comercio: boolean, dias: { fecha: string; minutos: number }[] = []) {
  return { anio: 2026, comercio, desde: '2026-12-10', hasta: '2026-12-24', maxDias: 9, maxMinutos: 120, dias: dias.map((d) => ({ ...d, declaradoPor: 'Carolina Rojas', declaradoEn: '2026-11-20T12:00:00.000Z' })) };
}

function dayResponse(fecha: string, tipo: 'turno' | 'libre') {
  return {
    dia: { fecha, tipo, turnoId: tipo === 'turno' ? OFICINA.id : null, turno: tipo === 'turno' ? PLANNED : null, segundosPlanificados: tipo === 'turno' ? 8 * 3600 : 0, feriado: null },
    cambiado: true,
    cambioId: tipo === 'libre' ? 'c1' : null,
    semana: {
      inicio: '2026-11-02',
      fin: '2026-11-08',
      segundosPlanificados: 0,
      horasPlanificadas: '00:00',
      diasTrabajo: 0,
      limiteHorasSemanales: 42,
      sobreLimiteSemanal: false,
      diaSobreDiezHoras: false,
      diasFueraDeRango: false,
      incompleta: false,
      alertas: [],
    },
  };
}

describe('December extension days (art. 24)', () => {
  it('commerce declares days in November: the count, the server error in the form, then the saved set refreshes the grid', async () => {
    let saves = 0;
    const calls = routeApi(
      planningHandlers({
        'GET /v1/planificaciones/extension-diciembre': () => ({ body: extension(true, [{ fecha: '2026-12-15', minutos: 120 }]) }),
        'PUT /v1/planificaciones/extension-diciembre': (call) => {
          saves++;
          if (saves === 1) {
            const message = 'El mes de diciembre de 2026 está cerrado para remuneraciones: no admite cambios. Un administrador puede reabrirlo indicando el motivo.';
            return { status: 409, body: { error: { code: 'CONFLICT', message, fields: { periodo: message } } } };
          }
          return { body: extension(true, (call.body as { dias: { fecha: string; minutos: number }[] }).dias) };
        },
      }),
    );
    renderPage(<PlanningPage />, { path: '/dashboard/planning?mes=2026-11' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Extensión de diciembre (art. 24)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Extensión de diciembre 2026 (art. 24)' });
    expect(within(dialog).getByText('1 de 9 días')).toBeInTheDocument();
    expect(within(dialog).getByRole('checkbox', { name: 'Martes 15 de diciembre' })).toBeChecked();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Viernes 18 de diciembre' }));
    expect(within(dialog).getByText('2 de 9 días')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Guardar días' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('El mes de diciembre de 2026 está cerrado para remuneraciones');
    const gridLoads = calls.filter((call) => call.method === 'GET' && call.path === '/v1/planificaciones').length;

    await user.click(within(dialog).getByRole('button', { name: 'Guardar días' }));
    await screen.findByText('Extensión de diciembre guardada: 2 días.');
    const put = calls.filter((call) => call.method === 'PUT').at(-1)!;
    expect(put.body).toEqual({ anio: 2026, dias: [{ fecha: '2026-12-15', minutos: 120 }, { fecha: '2026-12-18', minutos: 120 }] });
    // The plan's alerts read the declaration: the grid loads again.
    await vi.waitFor(() => expect(calls.filter((call) => call.method === 'GET' && call.path === '/v1/planificaciones').length).toBeGreaterThan(gridLoads));
  });

  it('is not offered outside commerce', async () => {
    const calls = routeApi(planningHandlers());
    renderPage(<PlanningPage />, { path: '/dashboard/planning?mes=2026-11' });
    await screen.findByRole('button', { name: 'Lunes 23 de noviembre, Ana Pérez: sin planificación' });
    expect(screen.queryByRole('button', { name: 'Extensión de diciembre (art. 24)' })).toBeNull();
    expect(calls.some((call) => call.path === '/v1/planificaciones/extension-diciembre')).toBe(true);
  });
});

describe('planning page', () => {
  it('loads whole weeks of the month and plans an empty future day at once', async () => {
    // The 23rd must be a future day whatever day the suite runs: only the clock is fixed, timers run.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-21T12:00:00-03:00'));
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const calls = routeApi(planningHandlers({ 'PUT /v1/planificaciones/u-ana/2026-11-23': () => ({ body: dayResponse('2026-11-23', 'turno') }) }));
    renderPage(<PlanningPage />, { path: '/dashboard/planning?mes=2026-11' });
    const cell = await screen.findByRole('button', { name: 'Lunes 23 de noviembre, Ana Pérez: sin planificación' });
    const load = calls.find((call) => call.path === '/v1/planificaciones')!;
    expect(load.query.get('desde')).toBe('2026-10-26');
    expect(load.query.get('hasta')).toBe('2026-12-06');

    const user = userEvent.setup();
    await user.click(cell);
    const editor = await screen.findByRole('dialog', { name: /Lunes 23 de noviembre, Ana Pérez/ });
    await user.click(within(editor).getByRole('button', { name: 'Turno Oficina 09:00–18:00' }));
    expect(await screen.findByRole('button', { name: 'Lunes 23 de noviembre, Ana Pérez: turno Oficina 09:00–18:00' })).toBeInTheDocument();
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(put.body).toEqual({ tipo: 'turno', turnoId: OFICINA.id, solicitadoPor: 'empleador' });
  });

  it('marks an approved permission on the days it covers with its code', async () => {
    routeApi(planningHandlers());
    renderPage(<PlanningPage />, { path: '/dashboard/planning?mes=2026-11' });
    const cell = await screen.findByRole('button', { name: 'Martes 3 de noviembre, Ana Pérez: sin planificación. Permiso aprobado VAC.' }, { timeout: 20_000 });
    expect(cell).toHaveTextContent('VAC.');
    expect(screen.getByRole('button', { name: 'Miércoles 4 de noviembre, Ana Pérez: sin planificación' })).not.toHaveTextContent('VAC.');
  });

  it('shows the engine\'s weekly alerts, the contract\'s agreed hours included, with their Spanish label', async () => {
    const pactada = {
      codigo: 'jornada_semanal_sobre_pactada' as const,
      fecha: '2026-11-09',
      mensaje: 'Semana del 09-11-2026: 37:30 planificadas superan las 20 horas semanales pactadas en el contrato.',
      valor: 37.5 * 3600,
      limite: 20 * 3600,
    };
    const semana = (inicio: string, alertas: (typeof pactada)[]) => ({
      inicio,
      fin: eachDate(inicio, '2026-12-31')[6]!,
      segundosPlanificados: alertas.length ? 37.5 * 3600 : 0,
      horasPlanificadas: alertas.length ? '37:30' : '00:00',
      diasTrabajo: alertas.length ? 5 : 0,
      limiteHorasSemanales: 42,
      sobreLimiteSemanal: false,
      diaSobreDiezHoras: false,
      diasFueraDeRango: false,
      incompleta: false,
      alertas,
    });
    const base = grid();
    const mondays = ['2026-10-26', '2026-11-02', '2026-11-09', '2026-11-16', '2026-11-23', '2026-11-30'];
    const withWeeks = { ...base, filas: [{ ...base.filas[0]!, semanas: mondays.map((m) => semana(m, m === '2026-11-09' ? [pactada] : [])), alertas: [pactada] }] };
    routeApi(planningHandlers({ 'GET /v1/planificaciones': () => ({ body: withWeeks }) }));
    renderPage(<PlanningPage />, { path: '/dashboard/planning?mes=2026-11' });
    const flagged = await screen.findByLabelText(/^Semana del 09-11: 37:30 horas planificadas en 5 días\. Alerta: Semana sobre la jornada pactada: /);
    expect(flagged.getAttribute('aria-label')).toContain('20 horas semanales pactadas');
    expect(flagged.closest('[role="gridcell"]')).toHaveAttribute('data-warn');
    expect(screen.getByLabelText(/^Semana del 16-11: 00:00 horas planificadas en 0 días$/)).toBeInTheDocument();
    expect(screen.getByText('1 trabajador con alertas legales')).toBeInTheDocument();
  });

  it('a past planned day asks for motivo, who asked and an observation before saving', async () => {
    const calls = routeApi(planningHandlers({ 'PUT /v1/planificaciones/u-ana/2026-11-02': () => ({ body: dayResponse('2026-11-02', 'libre') }) }));
    renderPage(<PlanningPage />, { path: '/dashboard/planning?mes=2026-11' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Lunes 2 de noviembre, Ana Pérez: turno Oficina 09:00–18:00' }));
    const editor = await screen.findByRole('dialog');
    expect(within(editor).getByText('Este día ya pasó: el cambio queda registrado con su motivo.')).toBeInTheDocument();
    await user.click(within(editor).getByRole('button', { name: 'Libre (descanso)' }));

    // Nothing is sent without a reason.
    await user.click(within(editor).getByRole('button', { name: 'Guardar cambio' }));
    expect(await within(editor).findByText('Indica el motivo: el día ya pasó.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    await user.click(within(editor).getByRole('radio', { name: 'Trabajador' }));
    await user.type(within(editor).getByRole('textbox', { name: /Motivo/ }), 'Pidió el día');
    await user.type(within(editor).getByRole('textbox', { name: 'Observación' }), 'Compensa el sábado');
    await user.click(within(editor).getByRole('button', { name: 'Guardar cambio' }));

    expect(await screen.findByRole('button', { name: 'Lunes 2 de noviembre, Ana Pérez: libre' })).toBeInTheDocument();
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(put.body).toEqual({ tipo: 'libre', turnoId: null, solicitadoPor: 'trabajador', motivo: 'Pidió el día', observacion: 'Compensa el sábado' });
  });

  it('goes back to the previous plan when the server refuses the change', async () => {
    let release: (value: { status: number; body: unknown }) => void = () => undefined;
    routeApi(
      planningHandlers({
        'PUT /v1/planificaciones/u-ana/2026-11-24': () =>
          new Promise((resolve) => {
            release = resolve;
          }),
      }),
    );
    renderPage(<PlanningPage />, { path: '/dashboard/planning?mes=2026-11' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Martes 24 de noviembre, Ana Pérez: sin planificación' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Libre (descanso)' }));
    // Optimistic: the day shows the new plan while the server answers.
    expect(await screen.findByRole('button', { name: 'Martes 24 de noviembre, Ana Pérez: libre' })).toHaveAttribute('aria-busy', 'true');
    release({ status: 400, body: { error: { code: 'VALIDATION', message: 'El turno está inactivo.', fields: { turnoId: 'El turno está inactivo.' } } } });
    expect(await screen.findByRole('button', { name: 'Martes 24 de noviembre, Ana Pérez: sin planificación' })).toBeInTheDocument();
  });

  it('a trabajador sees only their own month, without the grid or the actions', async () => {
    routeApi({ ...signIn('trabajador'), 'GET /v1/planificaciones': () => ({ body: grid() }), 'GET /v1/planificaciones/cambios': () => ({ body: EMPTY_PAGE }) });
    renderPage(<PlanningPage />, { path: '/dashboard/planning?mes=2026-11' });
    expect(await screen.findByRole('heading', { name: 'Mi planificación' })).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Mi planificación' })).toBeInTheDocument();
    expect(screen.getByText('Permiso VAC.')).toBeInTheDocument();
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Crear planificación/ })).not.toBeInTheDocument();
    expect(await screen.findByText('Sin cambios o modificaciones en el periodo consultado')).toBeInTheDocument();
  });

  it('a fiscalizador may not open planning', async () => {
    routeApi(signIn('fiscalizador'));
    renderApp('/dashboard/planning');
    expect(await screen.findByRole('heading', { name: 'No tienes acceso a esta sección' })).toBeInTheDocument();
  });
});

function previewResult(conflictos: 'conservar' | 'reemplazar', applied = false): ResultadoPatron {
  const dates = eachDate('2026-12-01', '2026-12-31');
  return {
    aplicado: applied,
    desde: '2026-12-01',
    hasta: '2026-12-31',
    conflictos,
    trabajadores: [
      {
        usuario: ANA,
        dias: dates.map((fecha, index) => {
          const work = index % 8 < 4;
          const conflict = fecha === '2026-12-02';
          return {
            fecha,
            tipo: work ? ('turno' as const) : ('libre' as const),
            turnoId: work ? OFICINA.id : null,
            turno: work ? PLANNED : null,
            segundosPlanificados: work ? 8 * 3600 : 0,
            feriado: fecha === '2026-12-08' ? { nombre: 'Inmaculada Concepción', irrenunciable: false } : null,
            existente: conflict ? { tipo: 'libre' as const, turnoId: null, turno: null, segundosPlanificados: 0 } : null,
            conflicto: conflict,
            pasado: false,
            accion: conflict ? (conflictos === 'reemplazar' ? ('reemplazar' as const) : ('conservar' as const)) : ('crear' as const),
          };
        }),
        semanas: [],
        alertas: [],
      },
    ],
    resumen: {
      trabajadores: 1,
      dias: 31,
      crear: 30,
      reemplazar: conflictos === 'reemplazar' ? 1 : 0,
      conservar: conflictos === 'conservar' ? 1 : 0,
      sinCambios: 0,
      conflictos: 1,
      diasPasados: 0,
      trabajadoresConAlertas: 0,
    },
  };
}

describe('create planning wizard', () => {
  it('chooses workers, a 4x4 rotation, previews with the conflict marked, resolves it and saves', async () => {
    const calls = routeApi({
      ...signIn(),
      'GET /v1/grupos': () => ({
        body: { items: [{ id: 'g1', nombre: 'Cajas', totalMiembros: 8, estado: 'activo' }], total: 1, page: 1, pageSize: 100 },
      }),
      'GET /v1/usuarios': () => ({ body: EMPTY_PAGE }),
      'GET /v1/turnos': () => ({ body: { items: [OFICINA], total: 1, page: 1, pageSize: 100 } }),
      'POST /v1/planificaciones/patron/vista-previa': (call) => ({ body: previewResult((call.body as { conflictos: 'conservar' | 'reemplazar' }).conflictos) }),
      'POST /v1/planificaciones/patron': () => ({ body: previewResult('reemplazar', true) }),
    });
    renderPage(<CreatePlanningPage />, { path: '/dashboard/create-planning' });
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Crear planificación' })).toBeInTheDocument();

    // Step 1: nobody chosen yet.
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByText('Elige al menos un grupo o un trabajador.')).toBeInTheDocument();
    await user.click(screen.getAllByLabelText('Grupos')[0]!);
    await user.click(await screen.findByRole('option', { name: 'Cajas (8)', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));

    // Step 2: dates and a 4x4 rotation.
    const desde = await screen.findByLabelText(/^Desde/);
    await user.clear(desde);
    await user.type(desde, '01-12-2026');
    await user.tab();
    const hasta = screen.getByLabelText(/^Hasta/);
    await user.clear(hasta);
    await user.type(hasta, '31-12-2026');
    await user.tab();
    await user.click(screen.getByRole('radio', { name: 'Rotación' }));
    await user.click(screen.getByRole('button', { name: '4x4' }));
    await user.click(screen.getByRole('button', { name: 'Ver vista previa' }));
    expect(await screen.findByText('Elige el turno de la rotación.')).toBeInTheDocument();
    await user.click(screen.getAllByLabelText(/^Turno/)[0]!);
    await user.click(await screen.findByRole('option', { name: /OF · Oficina/, hidden: true }));
    const strip = screen.getByRole('list', { name: 'Primeras dos semanas del patrón' });
    expect(within(strip).getByLabelText('01-12-2026: turno Oficina')).toBeInTheDocument();
    expect(within(strip).getByLabelText('05-12-2026: libre')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ver vista previa' }));

    // Step 3: preview with the conflict kept, then replaced (asks for motivo).
    const summary = await screen.findByRole('status', { name: 'Resumen de la vista previa' });
    expect(within(summary).getByText('1 conflicto')).toBeInTheDocument();
    const previewBody = calls.find((call) => call.path === '/v1/planificaciones/patron/vista-previa')!.body;
    expect(previewBody).toMatchObject({
      grupoIds: ['g1'],
      usuarioIds: [],
      desde: '2026-12-01',
      hasta: '2026-12-31',
      patron: { tipo: 'rotacion', turnoId: OFICINA.id, diasTrabajo: 4, diasLibres: 4, desfase: 0 },
      conflictos: 'conservar',
    });
    expect(screen.getByRole('grid', { name: 'Vista previa de diciembre de 2026' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Miércoles 2 de diciembre, Ana Pérez: .*Conflicto con la planificación existente$/)).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: /Reemplazar con el patrón/ }));
    expect(await screen.findByLabelText(/^Miércoles 2 de diciembre, Ana Pérez: .*Cambia la planificación existente$/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Guardar planificación' }));
    expect(await screen.findByText(/Indica el motivo: el patrón cambia días pasados/)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Motivo/ }), 'Nueva rotación de diciembre');
    await user.click(screen.getByRole('button', { name: 'Guardar planificación' }));

    // Step 4: summary.
    expect(await screen.findByText('Planificación guardada')).toBeInTheDocument();
    expect(screen.getByText(/Se planificaron 31 días de 1 trabajador entre el 01-12-2026 y el 31-12-2026/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver planificación' })).toHaveAttribute('href', '/dashboard/planning?mes=2026-12');
    const saved = calls.find((call) => call.path === '/v1/planificaciones/patron')!.body;
    expect(saved).toMatchObject({ conflictos: 'reemplazar', motivo: 'Nueva rotación de diciembre', solicitadoPor: 'empleador' });
  }, 30_000);
});

describe('create planning preview', () => {
  /** A preview from 20-12-2026 to 10-01-2027 whose worker's days start on `first` (the contract's first day). */
  function lateStart(first: string): ResultadoPatron {
    const dates = eachDate(first, '2027-01-10');
    return {
      ...previewResult('conservar'),
      desde: '2026-12-20',
      hasta: '2027-01-10',
      trabajadores: [
        {
          usuario: ANA,
          dias: dates.map((fecha) => ({
            fecha,
            tipo: 'turno' as const,
            turnoId: OFICINA.id,
            turno: PLANNED,
            segundosPlanificados: 8 * 3600,
            feriado: null,
            existente: null,
            conflicto: false,
            pasado: false,
            accion: 'crear' as const,
          })),
          semanas: [],
          alertas: [],
        },
      ],
    };
  }

  async function openPreview(result: ResultadoPatron) {
    routeApi({
      ...signIn(),
      'GET /v1/grupos': () => ({ body: { items: [{ id: 'g1', nombre: 'Cajas', totalMiembros: 8, estado: 'activo' }], total: 1, page: 1, pageSize: 100 } }),
      'GET /v1/usuarios': () => ({ body: EMPTY_PAGE }),
      'GET /v1/turnos': () => ({ body: { items: [OFICINA], total: 1, page: 1, pageSize: 100 } }),
      'POST /v1/planificaciones/patron/vista-previa': () => ({ body: result }),
    });
    renderPage(<CreatePlanningPage />, { path: '/dashboard/create-planning' });
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Crear planificación' });
    await user.click(screen.getAllByLabelText('Grupos')[0]!);
    await user.click(await screen.findByRole('option', { name: 'Cajas (8)', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    const desde = await screen.findByLabelText(/^Desde/);
    await user.clear(desde);
    await user.type(desde, '20-12-2026');
    await user.tab();
    const hasta = screen.getByLabelText(/^Hasta/);
    await user.clear(hasta);
    await user.type(hasta, '10-01-2027');
    await user.tab();
    await user.click(screen.getByRole('radio', { name: 'Rotación' }));
    await user.click(screen.getByRole('button', { name: '4x4' }));
    await user.click(screen.getAllByLabelText(/^Turno/)[0]!);
    await user.click(await screen.findByRole('option', { name: /OF · Oficina/, hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Ver vista previa' }));
  }

  it('opens on the month of the first planned date, not the month of "desde"', async () => {
    await openPreview(lateStart('2027-01-04'));
    expect(await screen.findByRole('grid', { name: /^Vista previa de enero de 2027$/i })).toBeInTheDocument();
  });

  it('scrolls the first planned date into view, right after the worker column', async () => {
    // jsdom has no layout: day headers sit 40 px apart after a 200 px worker column.
    const rect = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      const date = this.dataset.date;
      const left = date ? 200 + (Number(date.slice(8, 10)) - 1) * 40 : 0;
      const width = this.getAttribute('aria-colindex') === '1' ? 200 : 40;
      return { left, right: left + width, width, top: 0, bottom: 0, height: 0, x: left, y: 0, toJSON: () => ({}) } as DOMRect;
    });
    try {
      await openPreview(lateStart('2026-12-22'));
      const grid = await screen.findByRole('grid', { name: /^Vista previa de diciembre de 2026$/i });
      expect(grid.parentElement!.scrollLeft).toBe(21 * 40);
    } finally {
      rect.mockRestore();
    }
  });
});
