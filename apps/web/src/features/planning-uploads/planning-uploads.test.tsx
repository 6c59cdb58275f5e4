import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SAMPLE_USER } from '../../test/api-stubs';
import { renderApp } from '../../test/render-app';
import { renderPage } from '../../test/render-page';
import { BulkPlannerPage } from './planner';
import { BulkPlanningUploadPage } from './planning';
import { BulkShiftUploadPage } from './shifts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const RESULT_WITH_ERRORS = {
  archivo: 'planificacion.csv',
  valido: false,
  aplicado: false,
  resumen: { totalFilas: 2, crear: 1, actualizar: 0, sinCambios: 0, conErrores: 1 },
  filas: [
    { fila: 2, accion: 'crear', clave: '12.345.678-5 · 03-11-2026', descripcion: 'Ana Pérez', cambios: [] },
    { fila: 3, accion: 'error', clave: '11.111.111-2 · 04-11-2026', descripcion: '', cambios: [] },
  ],
  errores: [{ fila: 3, columna: 'RUT', mensaje: 'No hay un trabajador con ese RUT en la empresa.' }],
  dias: { crear: 1, reemplazar: 0, conservar: 0, sinCambios: 0, pasados: 0, trabajadores: 1 },
};

const RESULT_REPEATED = {
  ...RESULT_WITH_ERRORS,
  valido: true,
  aplicado: true,
  resumen: { totalFilas: 1, crear: 0, actualizar: 0, sinCambios: 1, conErrores: 0 },
  filas: [{ fila: 2, accion: 'sin_cambios', clave: '12.345.678-5 · 03-11-2026', descripcion: 'Ana Pérez', cambios: [] }],
  errores: [],
  dias: { crear: 0, reemplazar: 0, conservar: 0, sinCambios: 1, pasados: 0, trabajadores: 1 },
};

function stubFetch(handler: (path: string, init: RequestInit) => { status?: number; body: unknown }) {
  const calls: { path: string; init: RequestInit }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const path = `${url.pathname.replace(/^\/api/, '')}${url.search}`;
      calls.push({ path, init });
      if (path === '/usuarios/profile') return Response.json(SAMPLE_USER);
      const reply = handler(path, init);
      return new Response(JSON.stringify(reply.body), { status: reply.status ?? 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return calls;
}

describe('planning uploads', () => {
  it('explains the columns, previews row errors by fila and columna, and keeps the commit disabled', async () => {
    const calls = stubFetch(() => ({ body: RESULT_WITH_ERRORS }));
    localStorage.setItem('token', 'tok-1');
    localStorage.setItem('token_set_at', String(Date.now()));
    renderPage(<BulkPlanningUploadPage />, { path: '/dashboard/bulk-planning-upload' });
    expect(await screen.findByRole('heading', { name: 'Carga masiva de planificación' })).toBeInTheDocument();
    const columns = screen.getByRole('table', { name: /Columnas del archivo/ });
    expect(within(columns).getByText('Solicitado por')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Plantilla Excel' })).toBeInTheDocument();

    const user = userEvent.setup();
    const file = new File(['RUT;Fecha;Turno\n'], 'planificacion.csv', { type: 'text/csv' });
    await user.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, file);

    const errors = await screen.findByRole('table', { name: 'Errores por fila' });
    const row = within(errors).getAllByRole('row')[1]!;
    expect(within(row).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['3', 'RUT', 'No hay un trabajador con ese RUT en la empresa.']);
    expect(screen.getByRole('button', { name: 'Confirmar carga' })).toBeDisabled();
    const upload = calls.find((call) => call.path === '/v1/cargas/planificacion/vista-previa')!;
    expect(upload.init.method).toBe('POST');
    expect((upload.init.body as FormData).get('archivo')).toBeInstanceOf(File);
    expect(calls.some((call) => call.path === '/v1/cargas/planificacion')).toBe(false);
  });

  it('the planner sends the conflict choice and a repeated file says "sin cambios"', async () => {
    const calls = stubFetch(() => ({ body: { ...RESULT_REPEATED, aplicado: false } }));
    localStorage.setItem('token', 'tok-1');
    localStorage.setItem('token_set_at', String(Date.now()));
    renderPage(<BulkPlannerPage />, { path: '/dashboard/bulk-planner' });
    expect(await screen.findByRole('heading', { name: 'Planificador masivo' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'Conservar lo planificado' }));
    await user.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, new File(['x'], 'planificador.xlsx'));
    expect(await screen.findByText(/todos los días del archivo ya tienen esa planificación/)).toBeInTheDocument();
    expect(calls.find((call) => call.path.startsWith('/v1/cargas/planificador/vista-previa'))!.path).toBe('/v1/cargas/planificador/vista-previa?conflictos=conservar');

    vi.unstubAllGlobals();
    stubFetch(() => ({ body: RESULT_REPEATED }));
    await user.click(screen.getByRole('button', { name: 'Confirmar carga' }));
    expect(await screen.findByText('Carga completada')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText(/Sin cambios: el archivo ya estaba aplicado/)).toBeInTheDocument());
  });

  it('shows the rows whose shift breaks the law as warnings; the commit waits for «Entiendo…» and sends the confirmation', async () => {
    const warning = 'El turno 07:00–20:00 tiene 13 h 00 min ordinarias al día: supera el máximo legal de 10 horas diarias (art. 22 y 28 del Código del Trabajo).';
    const preview = {
      archivo: 'turnos.csv',
      valido: true,
      aplicado: false,
      resumen: { totalFilas: 1, crear: 1, actualizar: 0, sinCambios: 0, conErrores: 0 },
      filas: [{ fila: 2, accion: 'crear', clave: 'LARGO', descripcion: 'Largo 07:00–20:00', cambios: [] }],
      errores: [],
      advertencias: [{ fila: 2, columna: null, mensaje: warning }],
      confirmacionRequerida: true,
    };
    const calls = stubFetch((path) => ({ body: path.startsWith('/v1/cargas/turnos/vista-previa') ? preview : { ...preview, aplicado: true } }));
    localStorage.setItem('token', 'tok-1');
    localStorage.setItem('token_set_at', String(Date.now()));
    renderPage(<BulkShiftUploadPage />, { path: '/dashboard/bulk-shift-upload' });
    expect(await screen.findByRole('heading', { name: 'Carga masiva de turnos' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, new File(['x'], 'turnos.csv', { type: 'text/csv' }));

    const warnings = await screen.findByRole('table', { name: 'Advertencias por fila' });
    expect(within(warnings).getAllByRole('row')[1]!.textContent).toContain(warning);
    const confirm = screen.getByRole('button', { name: 'Confirmar carga' });
    expect(confirm).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: /Entiendo que estas filas no cumplen la ley/ }));
    expect(confirm).toBeEnabled();
    await user.click(confirm);
    expect(await screen.findByText('Carga completada')).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/v1/cargas/turnos?confirmarAdvertencias=true')).toBe(true);
  });

  it('a supervisor may not upload shifts', async () => {
    stubFetch(() => ({ body: {} }));
    vi.unstubAllGlobals();
    vi.stubGlobal('fetch', vi.fn(async () => Response.json({ ...SAMPLE_USER, perfil: 'supervisor' })));
    localStorage.setItem('token', 'tok-1');
    localStorage.setItem('token_set_at', String(Date.now()));
    renderApp('/dashboard/bulk-shift-upload');
    expect(await screen.findByRole('heading', { name: 'No tienes acceso a esta sección' })).toBeInTheDocument();
  });
});
