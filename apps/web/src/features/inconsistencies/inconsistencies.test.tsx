import type { DiaInconsistenciaResponse, FilaInconsistencia, InconsistenciasResponse } from '@jornada/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockRoutes, signedInAs } from '../../test/mock-api';
import { renderPage } from '../../test/render-page';
import { InconsistenciesPage } from '.';

afterEach(() => {
  vi.unstubAllGlobals();
});

const WORKER_ID = 'a0000000-0000-4000-8000-000000000001';
const MARK_ID = 'b0000000-0000-4000-8000-000000000001';

const ROW: FilaInconsistencia = {
  usuarioId: WORKER_ID,
  nombre: 'Valentina',
  apellidos: 'Sepúlveda',
  rut: '12.345.678-5',
  grupo: { id: 'g1', nombre: 'Sala de ventas' },
  sede: null,
  zonaHoraria: 'America/Santiago',
  fecha: '2026-11-03',
  codigo: 'entrada_sin_salida',
  etiqueta: 'Entrada sin salida',
  estado: 'abierta',
  estadoDia: 'incompleto',
  plan: 'Turno 09:00–18:00',
  marcas: [{ id: MARK_ID, tipo: 'entrada', hora: '09:02:00', estado: 'atribuida' }],
  marcaIds: [MARK_ID],
  descarte: null,
};

const LIST: InconsistenciasResponse = {
  desde: '2026-11-01',
  hasta: '2026-11-30',
  items: [ROW],
  total: 1,
  page: 1,
  pageSize: 25,
  conteos: {
    entrada_sin_salida: 1,
    salida_sin_entrada: 0,
    colacion_incompleta: 0,
    marcas_fuera_de_orden: 0,
    marca_en_dia_libre: 0,
    marca_durante_permiso: 0,
    jornada_sobre_maximo_legal: 0,
  },
  conteosEstado: { abierta: 1, en_correccion: 0, descartada: 0 },
};

const DAY: DiaInconsistenciaResponse = {
  trabajador: { id: WORKER_ID, nombre: 'Valentina', apellidos: 'Sepúlveda', rut: '12.345.678-5', grupo: { id: 'g1', nombre: 'Sala de ventas' }, sede: null, zonaHoraria: 'America/Santiago' },
  dia: {
    fecha: '2026-11-03',
    estadoDia: 'incompleto',
    estado: 'incompleto',
    plan: 'turno',
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
    esDomingo: false,
    permiso: null,
    permisosPorHoras: [],
    marcas: [{ id: MARK_ID, tipo: 'entrada', instante: '2026-11-03T12:02:00.000Z', hora: '09:02:00', estado: 'atribuida', motivo: 'Entrada del turno.' }],
    primeraEntrada: '2026-11-03T12:02:00.000Z',
    ultimaSalida: null,
    horaEntrada: '09:02',
    horaSalida: null,
    segundos: { planificado: 28800, trabajado: 0, ordinario: 0, faltante: 28800, justificado: 0, atraso: 0, salidaAnticipada: 0, colacion: 0, extra: 0, extraDentroLimite: 0, extraSobreLimite: 0, extraSobrePactada: 0, domingo: 0, feriado: 0 },
    inconsistencias: [{ codigo: 'entrada_sin_salida', etiqueta: 'Entrada sin salida', marcaIds: [MARK_ID] }],
    explicacion: ['Turno 09:00–18:00 planificado.', 'Inconsistencia: Entrada sin salida.'],
    calculadoEn: '2026-11-04T10:00:00.000Z',
  },
  inconsistencias: [{ codigo: 'entrada_sin_salida', etiqueta: 'Entrada sin salida', marcaIds: [MARK_ID], estado: 'abierta', descartes: [] }],
  correccionesPendientes: [],
};

describe('inconsistencies page', () => {
  it('lists the inconsistencies with counts by kind, and the drawer proposes a changed time for a mark through the corrections flow', async () => {
    const { calls } = mockRoutes({
      ...signedInAs('administrador'),
      'GET /v1/inconsistencias': () => ({ body: LIST }),
      'GET /v1/inconsistencias/dia': () => ({ body: DAY }),
      'GET /v1/reportes/opciones': () => ({ body: { grupos: [{ id: 'g1', nombre: 'Sala de ventas' }], sedes: [] } }),
      'GET /v1/reportes/trabajadores': () => ({ body: { items: [], total: 0, page: 1, pageSize: 20 } }),
      'POST /v1/correcciones': () => apiError(400, 'VALIDATION', 'Hay un error en la data ingresada.', { hora: 'Una corrección no puede perjudicar al trabajador: la entrada solo puede adelantarse.' }),
    });
    renderPage(<InconsistenciesPage />, { path: '/dashboard/inconsistencies' });
    expect(await screen.findByRole('heading', { name: 'Inconsistencias', level: 1 }, { timeout: 15_000 })).toBeInTheDocument();
    const counts = await screen.findByRole('group', { name: 'Inconsistencias por tipo' });
    expect(within(counts).getByRole('button', { name: 'Entrada sin salida: 1' })).toHaveAttribute('aria-pressed', 'false');
    expect(within(counts).getByRole('button', { name: 'Colación incompleta: 0' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Inconsistencias' });
    expect(table).toHaveTextContent('Valentina Sepúlveda');
    expect(table).toHaveTextContent('Abierta');

    const user = userEvent.setup();
    await user.click(within(counts).getByRole('button', { name: 'Entrada sin salida: 1' }));
    expect(calls.filter((c) => c.path === '/v1/inconsistencias').at(-1)!.url.searchParams.get('codigo')).toBe('entrada_sin_salida');

    await user.click(within(table).getByRole('button', { name: /^Resolver/ }));
    const drawer = await screen.findByRole('dialog', { name: 'Valentina Sepúlveda, 03-11-2026' });
    expect(await within(drawer).findByText('Inconsistencia: Entrada sin salida.')).toBeInTheDocument();
    expect(within(drawer).getByRole('link', { name: 'Justificar con permiso' })).toHaveAttribute('href', `/dashboard/permisos?asignar=${WORKER_ID}&fecha=2026-11-03`);

    await user.click(within(drawer).getByRole('button', { name: 'Cambiar la hora: Entrada 09:02:00' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cambiar la hora de una marca' });
    await user.clear(within(dialog).getByLabelText(/Nueva hora/));
    await user.type(within(dialog).getByLabelText(/Nueva hora/), '09:30');
    await user.type(within(dialog).getByRole('textbox', { name: /^Motivo/ }), 'Llegó más tarde.');
    await user.click(within(dialog).getByRole('button', { name: 'Proponer corrección' }));
    expect(await within(dialog).findByText('Una corrección no puede perjudicar al trabajador: la entrada solo puede adelantarse.')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST' && c.path === '/v1/correcciones')!;
    expect(post.body).toMatchObject({ marcaId: MARK_ID, fecha: '2026-11-03', hora: '09:30', motivo: 'Llegó más tarde.' });
  }, 30_000);
});
