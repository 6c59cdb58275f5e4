import type { CargaDemandaResultado, Demanda } from '@jornada/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EsDatesProvider } from '../../lib/dates';
import { SAMPLE_USER } from '../../test/api-stubs';
import { renderPage } from '../../test/render-page';
import { useDemand } from './api/demand';
import { DemandSection } from './components/demand-section';

const STORED: Demanda = {
  sedeId: 's1',
  bandas: [{ diaSemana: 1, inicio: '09:00', fin: '18:00', personas: 2 }],
  excepciones: [{ fecha: '2026-05-01', inicio: '10:00', fin: '14:00', personas: 1 }],
  actualizadaEn: '2026-11-20T12:00:00.000Z',
};

const LOADED: Demanda = {
  sedeId: 's1',
  bandas: [
    { diaSemana: 1, inicio: '09:00', fin: '18:00', personas: 4 },
    { diaSemana: 6, inicio: '10:00', fin: '14:00', personas: 1 },
  ],
  excepciones: [{ fecha: '2026-09-18', inicio: '00:00', fin: '23:59', personas: 0 }],
  actualizadaEn: '2026-11-28T12:00:00.000Z',
};

const result = (over: Partial<CargaDemandaResultado>): CargaDemandaResultado => ({
  archivo: 'demanda.csv',
  valido: true,
  aplicado: false,
  resumen: { totalFilas: 3, crear: 2, actualizar: 1, sinCambios: 0, conErrores: 0 },
  filas: [
    { fila: 2, accion: 'actualizar', clave: 'lunes', descripcion: '09:00–18:00 · 4 personas', cambios: ['Personas'] },
    { fila: 3, accion: 'crear', clave: 'sábado', descripcion: '10:00–14:00 · 1 persona', cambios: [] },
    { fila: 4, accion: 'crear', clave: '2026-09-18', descripcion: 'Sin demanda', cambios: [] },
  ],
  errores: [],
  quitar: 1,
  demanda: null,
  ...over,
});

/** The API of one site's demand: GET and PUT keep `stored`; the upload answers `preview` and `commit`. */
function stubApi(options: { preview: CargaDemandaResultado; commit?: CargaDemandaResultado; perfil?: string }) {
  let stored = STORED;
  const calls: { method: string; path: string; body?: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const path = new URL(String(input), 'http://localhost').pathname.replace(/^\/api/, '');
      const method = init.method ?? 'GET';
      calls.push({ method, path, ...(typeof init.body === 'string' ? { body: JSON.parse(init.body) } : {}) });
      if (path === '/usuarios/profile') return Response.json({ ...SAMPLE_USER, perfil: options.perfil ?? 'administrador' });
      if (path === '/v1/sedes/s1/demanda' && method === 'PUT') {
        stored = { ...stored, ...(JSON.parse(String(init.body)) as Pick<Demanda, 'bandas' | 'excepciones'>), actualizadaEn: new Date().toISOString() };
        return Response.json(stored);
      }
      if (path === '/v1/sedes/s1/demanda') return Response.json(stored);
      if (path === '/v1/sedes/s1/demanda/carga/vista-previa') return Response.json(options.preview);
      if (path === '/v1/sedes/s1/demanda/carga') {
        const answer = options.commit!;
        if (answer.aplicado && answer.demanda) stored = answer.demanda;
        return Response.json(answer, { status: answer.aplicado ? 200 : 400 });
      }
      return Response.json({});
    }),
  );
  localStorage.setItem('token', 'tok-1');
  localStorage.setItem('token_set_at', String(Date.now()));
  return calls;
}

/** What the page does: the site's demand from its query, in the demand section. */
function Harness({ canManage = true }: { canManage?: boolean }) {
  const demand = useDemand('s1');
  if (!demand.data) return <p>Cargando</p>;
  return (
    <EsDatesProvider>
      <DemandSection siteId="s1" siteName="Tienda Centro" demand={demand.data} canManage={canManage} />
    </EsDatesProvider>
  );
}

const openPage = (canManage = true) => renderPage(<Harness canManage={canManage} />, { path: '/dashboard/planning/automatic' });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('demand upload', () => {
  it('previews the file, says which bands it removes, loads it and redraws the grid', async () => {
    const calls = stubApi({ preview: result({}), commit: result({ aplicado: true, demanda: LOADED }) });
    openPage();
    const user = userEvent.setup();
    expect(await screen.findByRole('textbox', { name: 'Personas el Lun de 09:00 a 18:00' })).toHaveValue('2');
    expect(screen.getByRole('button', { name: 'Descargar plantilla Excel' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cargar demanda' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cargar demanda de Tienda Centro' });
    await user.upload(dialog.querySelector<HTMLInputElement>('input[type="file"]')!, new File(['Día;Hora desde;Hora hasta;Personas\n'], 'demanda.csv', { type: 'text/csv' }));

    expect(await within(dialog).findByText('La demanda actual tiene 1 banda que no está en el archivo: al confirmar se quita.')).toBeInTheDocument();
    const preview = within(dialog).getByRole('table', { name: 'Vista previa de bandas' });
    expect(within(preview).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Fila', 'Acción', 'Día o fecha', 'Banda', 'Cambios']);
    expect(within(preview).getByText('18-09-2026')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar carga' }));
    expect(await within(dialog).findByText('Carga completada')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Ver la demanda' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    expect(await screen.findByRole('textbox', { name: 'Personas el Lun de 09:00 a 18:00' })).toHaveValue('4');
    expect(screen.getByRole('textbox', { name: 'Personas el Sáb de 10:00 a 14:00' })).toHaveValue('1');
    const dates = screen.getByRole('list', { name: 'Fechas especiales de la demanda' });
    expect(within(dates).getByText('viernes 18-09-2026')).toBeInTheDocument();
    expect(within(dates).getByText('Sin demanda')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST' && c.path.startsWith('/v1/')).map((c) => c.path)).toEqual(['/v1/sedes/s1/demanda/carga/vista-previa', '/v1/sedes/s1/demanda/carga']);
  });

  it('lists every row error and keeps the load disabled', async () => {
    const errores = [
      { fila: 3, columna: 'Día', mensaje: 'Valor no válido. Usa: lunes, martes, miércoles, jueves, viernes, sábado, domingo.' },
      { fila: 4, columna: 'Personas', mensaje: 'Como máximo 500 personas por banda.' },
    ];
    const calls = stubApi({ preview: result({ valido: false, errores, resumen: { totalFilas: 3, crear: 1, actualizar: 0, sinCambios: 0, conErrores: 2 } }) });
    openPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cargar demanda' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cargar demanda de Tienda Centro' });
    await user.upload(dialog.querySelector<HTMLInputElement>('input[type="file"]')!, new File(['x'], 'demanda.csv', { type: 'text/csv' }));
    const table = await within(dialog).findByRole('table', { name: 'Errores por fila' });
    expect(within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual(errores.map((e) => [String(e.fila), e.columna, e.mensaje]));
    expect(within(dialog).getByRole('button', { name: 'Confirmar carga' })).toBeDisabled();
    expect(within(dialog).queryByText(/al confirmar se quita/)).toBeNull();
    expect(calls.some((c) => c.path === '/v1/sedes/s1/demanda/carga')).toBe(false);
  });
});

describe('special dates', () => {
  it('adds a day without demand and saves it with the stored week', async () => {
    const calls = stubApi({ preview: result({}) });
    openPage();
    const user = userEvent.setup();
    const dates = await screen.findByRole('list', { name: 'Fechas especiales de la demanda' });
    expect(within(dates).getByText('viernes 01-05-2026')).toBeInTheDocument();
    expect(within(dates).getByText('10:00–14:00 · 1 persona')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Agregar fecha' }));
    const dialog = await screen.findByRole('dialog', { name: 'Agregar fecha especial' });
    // The date is obligatory, and one already in the list is edited there.
    await user.click(within(dialog).getByRole('button', { name: 'Guardar fecha' }));
    expect(await within(dialog).findByText('Indica la fecha.')).toBeInTheDocument();
    const field = within(dialog).getByRole('textbox', { name: /^Fecha/ });
    await user.type(field, '01-05-2026');
    await user.tab();
    await user.click(within(dialog).getByRole('button', { name: 'Guardar fecha' }));
    expect(await within(dialog).findByText('Esa fecha ya es una fecha especial: edítala en la lista.')).toBeInTheDocument();

    await user.clear(field);
    await user.type(field, '18-09-2026');
    await user.tab();
    await user.click(within(dialog).getByRole('checkbox', { name: /Sin demanda ese día/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Guardar fecha' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toEqual({
      bandas: STORED.bandas,
      excepciones: [...STORED.excepciones, { fecha: '2026-09-18', inicio: '00:00', fin: '23:59', personas: 0 }],
    });
    expect(await within(dates).findByText('viernes 18-09-2026')).toBeInTheDocument();
    expect(within(dates).getByText('Sin demanda')).toBeInTheDocument();
  });

  it('shows the PUT’s own messages under a band and saves nothing', async () => {
    const calls = stubApi({ preview: result({}) });
    openPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Editar el 01-05-2026' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar el 01-05-2026' });
    const until = within(dialog).getByRole('textbox', { name: 'Hasta, banda 1' });
    await user.clear(until);
    await user.type(until, '10:00');
    await user.click(within(dialog).getByRole('button', { name: 'Agregar banda' }));
    await user.clear(within(dialog).getByRole('textbox', { name: 'Personas, banda 2' }));
    await user.click(within(dialog).getByRole('button', { name: 'Guardar fecha' }));
    expect(await within(dialog).findByText('El inicio y el fin de la banda no pueden ser iguales.')).toBeInTheDocument();
    expect(within(dialog).getByText('Indica cuántas personas se necesitan.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    // Removing one asks first.
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await user.click(screen.getByRole('button', { name: 'Quitar el 01-05-2026' }));
    const confirm = await screen.findByRole('dialog', { name: '¿Quitar el 01-05-2026?' });
    await user.click(within(confirm).getByRole('button', { name: 'Quitar fecha' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ bandas: STORED.bandas, excepciones: [] }));
    expect(await screen.findByText('No hay fechas especiales: cada fecha sigue la demanda de su día de la semana.')).toBeInTheDocument();
  });

  it('is read only for who may not change the demand', async () => {
    stubApi({ preview: result({}), perfil: 'supervisor' });
    openPage(false);
    expect(await screen.findByRole('list', { name: 'Fechas especiales de la demanda' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cargar demanda' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Descargar plantilla Excel' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Agregar fecha' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Editar el/ })).toBeNull();
  });
});
