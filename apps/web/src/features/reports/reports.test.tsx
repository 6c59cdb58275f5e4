import type { BloqueReporteMarcas, FilaReporteMarca, ReporteMarcas } from '@jornada/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SITE } from '../../test/fixtures';
import { apiError, mockRoutes, signedInAs } from '../../test/mock-api';
import { renderPage } from '../../test/render-page';
import { PrivateLayout } from '../../app/layouts/private-layout';
import { MarksReportPage } from './marks';
import { presetRange } from './period';
import { todayInChile } from '../../lib/format';

afterEach(() => {
  vi.unstubAllGlobals();
});

const HASH = 'a1b2c3d4e5f60718293a4b5c6d7e8f90112233445566778899aabbccddeeff00';

function fila(overrides: Partial<FilaReporteMarca> = {}): FilaReporteMarca {
  return {
    marcaId: 'm1',
    secuencia: 1,
    fecha: '02/06/25',
    hora: '09:00:00',
    zonaHoraria: 'America/Santiago',
    instante: '2025-06-02T13:00:00.000Z',
    recibidaEn: null,
    tipo: 'entrada',
    tipoEtiqueta: 'Entrada',
    metodo: 'web',
    metodoEtiqueta: 'Web',
    sede: { id: SITE.id, nombre: SITE.nombre },
    offline: false,
    fueraDeGeocerca: false,
    hash: HASH,
    hashCorto: HASH.slice(0, 12),
    corrigeA: null,
    corregidaPor: null,
    integridad: 'integra',
    integridadEtiqueta: 'Íntegra',
    integridadDetalle: 'Hash y enlace con la marca anterior verificados.',
    hashRecalculado: null,
    ...overrides,
  };
}

function block(overrides: Partial<BloqueReporteMarcas> = {}): BloqueReporteMarcas {
  const marcas = overrides.marcas ?? [fila()];
  return {
    trabajador: { id: 'w1', nombre: 'Valentina', apellidos: 'Sepúlveda Hernández', rut: '12.345.678-5', cargo: 'Vendedora', grupo: 'Sala de ventas', sede: SITE.nombre },
    marcas,
    resumen: { marcas: marcas.length, alteradas: marcas.filter((m) => m.integridad !== 'integra').length },
    alertaCadena: null,
    ...overrides,
  };
}

function report(bloques: BloqueReporteMarcas[], overrides: Partial<ReporteMarcas> = {}): ReporteMarcas {
  const rows = bloques.flatMap((b) => b.marcas);
  const alteradas = rows.filter((r) => r.integridad === 'alterada').length;
  const cadenaRota = rows.filter((r) => r.integridad === 'cadena_rota').length;
  return {
    empresa: { razonSocial: 'Panadería Los Aromos SpA', rut: '76.543.210-3' },
    periodo: { desde: '2025-06-01', hasta: '2025-06-30' },
    generadoEn: '30/06/2025 18:00:00',
    resumen: {
      trabajadores: bloques.length,
      marcas: rows.length,
      marcasAlteradas: alteradas + cadenaRota,
      alteradas,
      cadenaRota,
      trabajadoresConAlteraciones: bloques.filter((b) => b.resumen.alteradas > 0).length,
    },
    bloques,
    total: bloques.length,
    page: 1,
    pageSize: 10,
    ...overrides,
  };
}

const OPTIONS = { grupos: [{ id: 'g1', nombre: 'Sala de ventas' }], sedes: [{ id: SITE.id, nombre: SITE.nombre }] };

describe('marks report (/dashboard/reports/brand)', () => {
  it('shows one block per worker, flags the altered rows in red with the reason, and warns above', async () => {
    const tampered = block({
      marcas: [
        fila(),
        fila({
          marcaId: 'm2',
          secuencia: 2,
          hora: '12:30:00',
          tipo: 'inicio_colacion',
          tipoEtiqueta: 'Inicio de colación',
          integridad: 'alterada',
          integridadEtiqueta: 'ALTERADA',
          integridadDetalle: 'Los datos de esta marca fueron modificados después de registrarse: su hash ya no corresponde a su contenido.',
          hashRecalculado: 'ffff' + HASH.slice(4),
        }),
        fila({ marcaId: 'm4', secuencia: 4, hora: '18:00:00', tipo: 'salida', tipoEtiqueta: 'Salida', integridad: 'cadena_rota', integridadEtiqueta: 'ALTERADA (cadena rota)', integridadDetalle: 'Falta la marca N° 3 de la cadena, justo antes de esta: fue borrada de la base de datos.', offline: true, recibidaEn: '02/06/25 18:05:00' }),
      ],
    });
    const clean = block({ trabajador: { ...tampered.trabajador, id: 'w2', nombre: 'Martina', apellidos: 'Torres Rojas' }, marcas: [fila({ marcaId: 'm9', corregidaPor: { marcaId: 'm10', secuencia: 2 } })] });
    const { calls } = mockRoutes({
      ...signedInAs('administrador'),
      'GET /v1/reportes/marcas': () => ({ body: report([tampered, clean]) }),
      'GET /v1/reportes/opciones': () => ({ body: OPTIONS }),
      'GET /v1/reportes/trabajadores': () => ({ body: { items: [] } }),
    });
    renderPage(<MarksReportPage />, { path: '/dashboard/reports/brand' });
    expect(await screen.findByRole('heading', { name: 'Reporte de marcas', level: 1 }, { timeout: 15_000 })).toBeInTheDocument();

    const banner = await screen.findByRole('alert');
    expect(within(banner).getByRole('heading', { name: '2 marcas alteradas' })).toBeInTheDocument();
    expect(banner).toHaveTextContent('1 con datos modificados y 1 con la cadena rota');

    const valentina = screen.getByRole('region', { name: 'Valentina Sepúlveda Hernández' });
    expect(valentina).toHaveTextContent('RUT 12.345.678-5 · Vendedora · Grupo Sala de ventas');
    const table = within(valentina).getByRole('table', { name: 'Marcas de Valentina Sepúlveda Hernández' });
    const headers = within(table).getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(['N°', 'Fecha', 'Hora', 'Tipo', 'Método', 'Sede', 'Observaciones', 'Corrección', 'Hash', 'Integridad']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveAttribute('data-integridad', 'integra');
    expect(within(rows[0]!).getByText('Íntegra')).toBeInTheDocument();
    // Not colour alone: the word, an icon and the reason are in the row.
    expect(rows[1]).toHaveAttribute('data-integridad', 'alterada');
    expect(within(rows[1]!).getByText('ALTERADA')).toBeInTheDocument();
    expect(within(rows[1]!).getByText(/fueron modificados después de registrarse/)).toBeInTheDocument();
    expect(within(rows[1]!).getByText('12:30:00')).toBeInTheDocument();
    expect(rows[2]).toHaveAttribute('data-integridad', 'cadena_rota');
    expect(within(rows[2]!).getByText('ALTERADA (cadena rota)')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Sin conexión (recibida 02/06/25 18:05:00)')).toBeInTheDocument();
    // The first 12 characters, the whole hash in the title and copied by a button, never printed whole.
    expect(within(rows[0]!).getByTitle(HASH)).toHaveTextContent(`${HASH.slice(0, 12)}…`);
    expect(within(rows[0]!).getByRole('button', { name: `Copiar el hash completo de la marca ${HASH.slice(0, 12)}` })).toBeInTheDocument();
    expect(rows[0]!).not.toHaveTextContent(HASH);

    const martina = screen.getByRole('region', { name: 'Martina Torres Rojas' });
    expect(within(martina).getByRole('link', { name: 'Corregida por la N° 2' })).toHaveAttribute('href', '/dashboard/comprobantes/m10');

    // The period is always sent (this month by default), so the download is what the screen shows.
    const month = presetRange('mes', todayInChile());
    const first = calls.find((c) => c.path === '/v1/reportes/marcas')!;
    expect(Object.fromEntries(first.url.searchParams)).toMatchObject({ desde: month.desde, hasta: month.hasta, page: '1', pageSize: '10' });
    expect(screen.getByRole('button', { name: 'Exportar Excel' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Exportar PDF' })).toBeEnabled();
    expect(screen.getByRole('heading', { name: 'Glosario' })).toBeInTheDocument();
    expect(screen.getByText('Trabajadores 1–2 de 2')).toBeInTheDocument();
  });

  it('says exactly that no worker matches, and sends every filter, the period in one change', async () => {
    const { calls } = mockRoutes({
      ...signedInAs('supervisor'),
      'GET /v1/reportes/marcas': () => ({ body: report([]) }),
      'GET /v1/reportes/opciones': () => ({ body: OPTIONS }),
      'GET /v1/reportes/trabajadores': () => ({ body: { items: [] } }),
    });
    renderPage(<MarksReportPage />, { path: '/dashboard/reports/brand?desde=2025-06-01&hasta=2025-06-30&grupoId=g1' });
    expect(await screen.findByText('No hay trabajadores que coincidan con la selección', {}, { timeout: 15_000 })).toBeInTheDocument();
    // Every filter at once.
    for (const name of ['Periodo', 'Trabajador', 'Grupo', 'Sede', 'Tipo', 'Método']) expect(screen.getByRole('combobox', { name })).toBeInTheDocument();
    expect(screen.getByLabelText('Desde')).toBeInTheDocument();
    expect(screen.getByLabelText('Hasta')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Tipo' }));
    await user.click(await screen.findByRole('option', { name: 'Salida', hidden: true }));
    await waitFor(() => {
      const last = calls.filter((c) => c.path === '/v1/reportes/marcas').at(-1)!;
      expect(Object.fromEntries(last.url.searchParams)).toMatchObject({ desde: '2025-06-01', hasta: '2025-06-30', grupoId: 'g1', tipo: 'salida' });
    });
    await user.click(screen.getByRole('combobox', { name: 'Periodo' }));
    await user.click(await screen.findByRole('option', { name: 'Mes anterior', hidden: true }));
    const previous = presetRange('mes-anterior', todayInChile());
    await waitFor(() => {
      const last = calls.filter((c) => c.path === '/v1/reportes/marcas').at(-1)!;
      expect(Object.fromEntries(last.url.searchParams)).toMatchObject({ desde: previous.desde, hasta: previous.hasta, tipo: 'salida' });
    });
  });

  it('a worker gets only the filters that make sense for their own marks', async () => {
    mockRoutes({
      ...signedInAs('trabajador'),
      'GET /v1/reportes/marcas': () => ({ body: report([block()]) }),
      'GET /v1/reportes/opciones': () => ({ body: { grupos: [], sedes: OPTIONS.sedes } }),
    });
    const first = renderPage(<MarksReportPage />, { path: '/dashboard/reports/brand' });
    expect(await screen.findByRole('region', { name: 'Valentina Sepúlveda Hernández' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Trabajador' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Grupo' })).not.toBeInTheDocument();
    expect(screen.getByText(/Tus marcas de asistencia, hasta 5 años atrás/)).toBeInTheDocument();
    first.unmount();
  });

  it('a fiscalizador reads the report without links to receipts, and finds it under "Reportes"', async () => {
    mockRoutes({
      ...signedInAs('fiscalizador'),
      'GET /v1/reportes/marcas': () => ({ body: report([block({ marcas: [fila({ corrigeA: { marcaId: 'm0', secuencia: 7 } })] })]) }),
      'GET /v1/reportes/opciones': () => ({ body: OPTIONS }),
      'GET /v1/reportes/trabajadores': () => ({ body: { items: [] } }),
    });
    renderPage(<MarksReportPage />, { path: '/dashboard/reports/brand', frame: PrivateLayout });
    const region = await screen.findByRole('region', { name: 'Valentina Sepúlveda Hernández' }, { timeout: 15_000 });
    expect(within(region).getByText('Corrige la N° 7')).toBeInTheDocument();
    expect(within(region).queryByRole('link', { name: 'Corrige la N° 7' })).not.toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Navegación principal' });
    // The fiscalizador's «Reportes» holds the marks report and the legal reports.
    expect(within(nav).getByRole('link', { name: 'Marcas' })).toHaveAttribute('href', '/dashboard/reports/brand');
    expect(within(nav).getByRole('link', { name: 'Reportes legales' })).toHaveAttribute('href', '/dashboard/reports/legal');
  });

  it('shows the server’s message and retries', async () => {
    let fail = true;
    mockRoutes({
      ...signedInAs('administrador'),
      'GET /v1/reportes/marcas': () => (fail ? apiError(400, 'VALIDATION', 'Hay un error en la data ingresada. Revisa los campos marcados.') : { body: report([block()]) }),
      'GET /v1/reportes/opciones': () => ({ body: OPTIONS }),
      'GET /v1/reportes/trabajadores': () => ({ body: { items: [] } }),
    });
    renderPage(<MarksReportPage />, { path: '/dashboard/reports/brand' });
    const alert = await screen.findByRole('alert', {}, { timeout: 15_000 });
    expect(alert).toHaveTextContent('No pudimos cargar el reporte');
    fail = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('region', { name: 'Valentina Sepúlveda Hernández' })).toBeInTheDocument();
  });

  it('downloads a streamed export showing the bytes received, with the filters of the screen', async () => {
    let push: ((bytes: Uint8Array) => void) | null = null;
    let end: (() => void) | null = null;
    const { calls } = mockRoutes({
      ...signedInAs('administrador'),
      'GET /v1/reportes/marcas': () => ({ body: report([block()]) }),
      'GET /v1/reportes/opciones': () => ({ body: OPTIONS }),
      'GET /v1/reportes/trabajadores': () => ({ body: { items: [] } }),
      // Streamed: no Content-Length, the body arrives in parts.
      'GET /v1/reportes/marcas/exportar': () =>
        new Response(
          new ReadableStream<Uint8Array>({
            start(controller) {
              push = (bytes) => controller.enqueue(bytes);
              end = () => controller.close();
            },
          }),
          { status: 200, headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="reporte-marcas.csv"' } },
        ),
    });
    const createObjectURL = vi.fn(() => 'blob:reporte');
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = createObjectURL;
        static override revokeObjectURL = vi.fn();
      },
    );
    renderPage(<MarksReportPage />, { path: '/dashboard/reports/brand?desde=2025-06-01&hasta=2025-06-30&tipo=salida' });
    await screen.findByRole('region', { name: 'Valentina Sepúlveda Hernández' }, { timeout: 15_000 });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Exportar CSV' }));
    await waitFor(() => expect(push).not.toBeNull());
    push!(new Uint8Array(300 * 1024));
    expect(await screen.findByRole('button', { name: 'Descargando… 300 KB' })).toBeDisabled();
    push!(new Uint8Array(2 * 1024 * 1024));
    expect(await screen.findByRole('button', { name: 'Descargando… 2,3 MB' })).toBeDisabled();
    end!();
    expect(await screen.findByRole('button', { name: 'Exportar CSV' })).toBeEnabled();
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    const download = calls.find((c) => c.path === '/v1/reportes/marcas/exportar')!;
    expect(Object.fromEntries(download.url.searchParams)).toMatchObject({ desde: '2025-06-01', hasta: '2025-06-30', tipo: 'salida', formato: 'csv' });
    expect(download.url.searchParams.has('page')).toBe(false);
  });
});
