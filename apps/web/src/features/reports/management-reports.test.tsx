import type { ReporteGestionResponse } from '@jornada/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockRoutes, signedInAs } from '../../test/mock-api';
import { renderPage } from '../../test/render-page';
import { managementReportPage } from './management';

// Made once, as the route does: a new component on every render would remount the page.
const ArrearsReportPage = managementReportPage('arrears');
const AbsencesReportPage = managementReportPage('absences');

afterEach(() => {
  vi.unstubAllGlobals();
});

const col = (clave: string, etiqueta: string, tipo: 'texto' | 'numero' | 'duracion' | 'fecha', ordenable = false, total = false) => ({ clave, etiqueta, tipo, ordenable, total });

function lateness(overrides: Partial<ReporteGestionResponse> = {}): ReporteGestionResponse {
  return {
    reporte: 'atrasos',
    titulo: 'Reporte de atrasos',
    empresa: { razonSocial: 'Panadería Los Aromos SpA', rut: '76.543.210-3' },
    desde: '2026-03-02',
    hasta: '2026-03-08',
    hastaCerrado: '2026-03-08',
    generadoEn: '20/03/2026 12:00:00',
    filtros: [],
    columnas: [col('trabajador', 'Trabajador', 'texto', true), col('rut', 'RUT', 'texto'), col('diasAtraso', 'Días con atraso', 'numero', true, true), col('atraso', 'Atraso', 'duracion', true, true)],
    columnasDetalle: [col('fecha', 'Fecha', 'fecha'), col('entrada', 'Entrada', 'texto'), col('atraso', 'Atraso', 'duracion')],
    filas: [
      { id: 'w1', celdas: { trabajador: 'Carla Cáceres', rut: '12.345.678-5', diasAtraso: 1, atraso: 1800 }, detalle: [{ fecha: '2026-03-02', entrada: '08:30', atraso: 1800 }] },
      { id: 'w2', celdas: { trabajador: 'Ana Arancibia', rut: '15.509.661-6', diasAtraso: 1, atraso: 1200 }, detalle: [{ fecha: '2026-03-03', entrada: '08:20', atraso: 1200 }] },
    ],
    total: 2,
    page: 1,
    pageSize: 25,
    orden: 'atraso',
    direccion: 'desc',
    totales: { diasAtraso: 2, atraso: 3000 },
    grafico: { titulo: 'Atrasos por semana', unidad: 'duracion', series: [{ clave: 'atraso', etiqueta: 'Atraso' }], puntos: [{ etiqueta: 'Sem. 02/03', valores: { atraso: 3000 } }] },
    nota: 'El atraso no se descuenta día a día.',
    ...overrides,
  };
}

const OPTIONS = { grupos: [{ id: 'g1', nombre: 'Ventas' }], sedes: [], cargos: ['Vendedora'], turnos: [{ id: 't1', nombre: 'D · Diurno' }] };

describe('management reports (/dashboard/reports/arrears)', () => {
  it('shows the totals, the chart, the rows and a row’s days, and sorts on the server', async () => {
    const { calls } = mockRoutes({
      ...signedInAs('administrador'),
      'GET /v1/reportes/atrasos': () => ({ body: lateness() }),
      'GET /v1/reportes/opciones-gestion': () => ({ body: OPTIONS }),
      'GET /v1/reportes/trabajadores': () => ({ body: { items: [] } }),
    });
    renderPage(<ArrearsReportPage />, { path: '/dashboard/reports/arrears' });
    expect(await screen.findByRole('heading', { name: 'Reporte de atrasos', level: 1 }, { timeout: 30_000 })).toBeInTheDocument();
    const totals = await screen.findByRole('region', { name: 'Totales del periodo' });
    expect(totals).toHaveTextContent('Atraso0:50:00');
    expect(screen.getByRole('table', { name: 'Atrasos por semana' })).toHaveTextContent('0:50:00');
    const table = screen.getByRole('table', { name: 'Reporte de atrasos' });
    const carla = within(table).getAllByRole('row')[1]!;
    expect(carla).toHaveTextContent('Carla Cáceres');
    expect(carla).toHaveTextContent('0:30:00');
    // Every filter at once, the cargo and shift among them.
    for (const label of ['Periodo', 'Trabajador', 'Grupo', 'Sede', 'Cargo', 'Turno']) expect(screen.getByRole('combobox', { name: label })).toBeInTheDocument();

    await userEvent.click(within(carla).getByRole('button', { name: 'Ver el detalle de Carla Cáceres' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByRole('row')[1]).toHaveTextContent('02/03/202608:300:30:00');

    await userEvent.click(screen.getByRole('button', { name: 'Cerrar' }));
    await userEvent.click(within(table).getByRole('button', { name: /Trabajador/ }));
    await waitFor(() => expect(calls.some((c) => c.path === '/v1/reportes/atrasos' && c.url.searchParams.get('orden') === 'trabajador')).toBe(true));
  }, 60_000);

  it('says so when nothing matches, and shows the server’s error', async () => {
    mockRoutes({
      ...signedInAs('trabajador'),
      'GET /v1/reportes/atrasos': () => ({ body: lateness({ filas: [], total: 0, totales: { diasAtraso: 0, atraso: 0 } }) }),
      'GET /v1/reportes/opciones-gestion': () => ({ body: OPTIONS }),
    });
    renderPage(<ArrearsReportPage />, { path: '/dashboard/reports/arrears' });
    expect(await screen.findByText('No hay trabajadores que coincidan con la selección', undefined, { timeout: 30_000 })).toBeInTheDocument();
    // A worker filters only their own records: no worker, group, site or cargo filters.
    expect(screen.queryByRole('combobox', { name: 'Grupo' })).not.toBeInTheDocument();
    vi.unstubAllGlobals();

    mockRoutes({
      ...signedInAs('administrador'),
      'GET /v1/reportes/ausencias': () => apiError(400, 'VALIDATION', 'No se puede ordenar por «x».'),
      'GET /v1/reportes/opciones-gestion': () => ({ body: OPTIONS }),
      'GET /v1/reportes/trabajadores': () => ({ body: { items: [] } }),
    });
    renderPage(<AbsencesReportPage />, { path: '/dashboard/reports/absences' });
    expect(await screen.findByText(/No se puede ordenar por/, undefined, { timeout: 30_000 })).toBeInTheDocument();
  }, 60_000);
});
