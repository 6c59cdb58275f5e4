import type { Correccion, Intento } from '@jornada/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser, SITE } from '../../test/fixtures';
import { apiError, mockRoutes, page, signedInAs } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';
import { renderPage } from '../../test/render-page';
import { MarkingAttemptsPage } from '.';

afterEach(() => {
  vi.unstubAllGlobals();
});

function attempt(overrides: Partial<Intento> = {}): Intento {
  return {
    id: 'i1',
    usuarioId: 'a0000000-0000-4000-8000-000000000001',
    trabajador: 'Valentina Sepúlveda Hernández',
    rut: '12.345.678-5',
    tipo: 'entrada',
    metodo: 'web',
    motivo: 'fuera_de_geocerca',
    motivoEtiqueta: 'Fuera de la geocerca (marca registrada)',
    instante: '2026-11-20T12:01:02.000Z',
    sedeId: SITE.id,
    marcaId: 'm1',
    detalle: 'A 850 m de la sede (radio 150 m).',
    dispositivo: 'Navegador web',
    posicion: { lat: -33.42, lng: -70.59, precisionM: 12 },
    ...overrides,
  };
}

describe('marking attempts', () => {
  it('lists attempts with reason, worker, detail and a link to the recorded mark', async () => {
    mockRoutes({
      ...signedInAs('administrador'),
      'GET /v1/intentos-marcaje': () => ({
        body: page([
          // The API sends the RUT as stored (no dots); the page shows it with dots.
          attempt({ rut: '12345678-5' }),
          attempt({ id: 'i2', usuarioId: null, trabajador: null, rut: null, metodo: 'reloj', motivo: 'credencial_desconocida', motivoEtiqueta: 'Credencial desconocida', marcaId: null, detalle: 'PIN 99999 del reloj', posicion: null }),
        ], 2),
      }),
      'GET /v1/sedes': () => ({ body: page([SITE]) }),
      'GET /v1/usuarios': () => ({ body: page([makeUser()]) }),
    });
    renderPage(<MarkingAttemptsPage />, { path: '/dashboard/marking-attempts' });
    const table = await screen.findByRole('table', { name: 'Intentos de marcaje' }, { timeout: 15_000 });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByText('20-11-2026 09:01:02')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Valentina Sepúlveda Hernández')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('12.345.678-5')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Fuera de la geocerca (marca registrada)')).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('link', { name: 'Ver la marca registrada' })).toHaveAttribute('href', '/dashboard/comprobantes/m1');
    expect(within(rows[2]!).getByText('Sin identificar')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Reloj control')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('PIN 99999 del reloj')).toBeInTheDocument();
  });

  it('sends every filter (dates, worker, site, reason, method) and keeps them in the URL', async () => {
    const { calls } = mockRoutes({
      ...signedInAs('supervisor'),
      'GET /v1/intentos-marcaje': (call) => ({ body: call.url.searchParams.get('motivo') ? page([]) : page([attempt()]) }),
      'GET /v1/sedes': () => ({ body: page([SITE]) }),
      'GET /v1/usuarios': () => ({ body: page([makeUser()]) }),
      'GET /v1/usuarios/:id': () => ({ body: makeUser() }),
    });
    const { router } = renderPage(<MarkingAttemptsPage />, { path: `/dashboard/marking-attempts?desde=2026-11-01&hasta=2026-11-30&usuarioId=${makeUser().id}&sedeId=${SITE.id}` });
    await screen.findByRole('table', { name: 'Intentos de marcaje' }, { timeout: 15_000 });
    expect(screen.getByText(/de los grupos que lideras/)).toBeInTheDocument();
    const first = calls.find((c) => c.path === '/v1/intentos-marcaje')!;
    expect(Object.fromEntries(first.url.searchParams)).toMatchObject({ desde: '2026-11-01', hasta: '2026-11-30', usuarioId: makeUser().id, sedeId: SITE.id, page: '1' });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Trabajador' })).toHaveValue('Valentina Sepúlveda Hernández (12.345.678-5)'));

    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Motivo' }));
    await user.click(await screen.findByRole('option', { name: 'PIN incorrecto', hidden: true }));
    await user.click(screen.getByRole('combobox', { name: 'Método' }));
    await user.click(await screen.findByRole('option', { name: 'Kiosco con PIN', hidden: true }));
    await waitFor(() => {
      const last = calls.filter((c) => c.path === '/v1/intentos-marcaje').at(-1)!;
      expect(last.url.searchParams.get('motivo')).toBe('pin_incorrecto');
      expect(last.url.searchParams.get('metodo')).toBe('kiosco_pin');
    });
    expect(router.state.location.search).toContain('motivo=pin_incorrecto');
    expect(await screen.findByText('Ningún intento coincide con los filtros')).toBeInTheDocument();

    await user.click(screen.getAllByRole('button', { name: 'Limpiar filtros' })[0]!);
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('turns an attempt into a correction: "Corregir" with the attempt’s values, the kind changed, and the state shown afterwards', async () => {
    const repeated = attempt({ id: 'a0000000-0000-4000-8000-0000000000a1', motivo: 'marca_repetida', motivoEtiqueta: 'Marca repetida (ignorada)', instante: '2026-11-20T21:00:05.000Z', detalle: 'Se conserva la primera marca de este tipo.' });
    const flagged = attempt({ id: 'a0000000-0000-4000-8000-0000000000a2' });
    let proposed: Correccion | null = null;
    const { calls } = mockRoutes({
      ...signedInAs('administrador'),
      'GET /v1/intentos-marcaje': () => ({ body: page([repeated, flagged]) }),
      'GET /v1/correcciones': () => ({ body: page(proposed ? [proposed] : []) }),
      'POST /v1/correcciones': () => {
        proposed = { id: 'c1', estado: 'pendiente', estadoEtiqueta: 'Pendiente', intentoId: repeated.id, trabajador: { id: repeated.usuarioId!, nombre: 'Valentina Sepúlveda Hernández', rut: '12.345.678-5' } } as Correccion;
        return { status: 201, body: proposed };
      },
      'GET /v1/sedes': () => ({ body: page([SITE]) }),
      'GET /v1/usuarios': () => ({ body: page([makeUser()]) }),
    });
    renderPage(<MarkingAttemptsPage />, { path: '/dashboard/marking-attempts' });
    const table = await screen.findByRole('table', { name: 'Intentos de marcaje' }, { timeout: 15_000 });
    await waitFor(() => expect(calls.some((c) => c.path === '/v1/correcciones')).toBe(true));
    expect(calls.find((c) => c.path === '/v1/correcciones')!.url.searchParams.get('intentoIds')).toBe(`${repeated.id},${flagged.id}`);
    const [, repeatedRow, flaggedRow] = within(table).getAllByRole('row');
    // A flagged attempt already has its mark: nothing to correct.
    expect(within(flaggedRow!).queryByRole('button', { name: 'Corregir' })).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(repeatedRow!).getByRole('button', { name: 'Corregir' }));
    const dialog = await screen.findByRole('dialog', { name: 'Corregir intento de marcaje' });
    expect(dialog).toHaveTextContent('Intento de Valentina Sepúlveda Hernández: Entrada del 20-11-2026 a las 18:00:05 (Marca repetida (ignorada)).');
    expect(within(dialog).getByRole('textbox', { name: /^Fecha/ })).toHaveValue('20-11-2026');
    expect(within(dialog).getByLabelText(/^Hora/)).toHaveValue('18:00:05');
    await user.click(within(dialog).getByRole('button', { name: 'Proponer corrección' }));
    expect(await within(dialog).findByText('Ingresa el motivo de la corrección.')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('combobox', { name: /^Tipo de marca/ }));
    await user.click(await screen.findByRole('option', { name: 'Salida', hidden: true }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Motivo/ }), 'Marcó entrada en vez de salida.');
    await user.click(within(dialog).getByRole('button', { name: 'Proponer corrección' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST' && c.path === '/v1/correcciones')).toBeTruthy());
    // Date and time unchanged: the server takes the attempt's own instant.
    expect(calls.find((c) => c.method === 'POST' && c.path === '/v1/correcciones')!.body).toEqual({
      intentoId: repeated.id,
      tipo: 'salida',
      motivo: 'Marcó entrada en vez de salida.',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Corregir intento de marcaje' })).not.toBeInTheDocument());
    const row = within(await screen.findByRole('table', { name: 'Intentos de marcaje' })).getAllByRole('row')[1]!;
    expect(await within(row).findByText('Corrección pendiente')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Ver corrección' })).toHaveAttribute('href', '/dashboard/corrections?correccion=c1');
    expect(within(row).queryByRole('button', { name: 'Corregir' })).not.toBeInTheDocument();
  });

  it('adds a missing mark for a worker (opened by ?agregar=1), with the schema’s messages and the server’s field errors', async () => {
    const { calls } = mockRoutes({
      ...signedInAs('supervisor'),
      'GET /v1/intentos-marcaje': () => ({ body: page([]) }),
      'GET /v1/sedes': () => ({ body: page([SITE]) }),
      'GET /v1/usuarios': () => ({ body: page([makeUser()]) }),
      'POST /v1/correcciones': () => apiError(400, 'VALIDATION', 'Hay un error en la data ingresada.', { hora: 'La hora corregida no puede estar en el futuro.' }),
    });
    const { router } = renderPage(<MarkingAttemptsPage />, { path: '/dashboard/marking-attempts?agregar=1' });
    const dialog = await screen.findByRole('dialog', { name: 'Agregar marca faltante' }, { timeout: 15_000 });
    await waitFor(() => expect(router.state.location.search).toBe(''));
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('button', { name: 'Proponer corrección' }));
    expect(await within(dialog).findByText('Elige al trabajador.')).toBeInTheDocument();
    expect(within(dialog).getByText('Elige el tipo de marca.')).toBeInTheDocument();
    expect(within(dialog).getByText('Ingresa la fecha de la marca.')).toBeInTheDocument();
    expect(within(dialog).getByText('Ingresa la hora de la marca.')).toBeInTheDocument();

    const workerBox = within(dialog).getByRole('combobox', { name: /^Trabajador/ });
    await user.click(workerBox);
    // The page's "Trabajador" filter has the same options: pick from this field's own list.
    await waitFor(() => expect(document.getElementById(workerBox.getAttribute('aria-controls')!)).not.toBeNull());
    const listbox = document.getElementById(workerBox.getAttribute('aria-controls')!)!;
    await user.click(await within(listbox).findByRole('option', { name: 'Valentina Sepúlveda Hernández (12.345.678-5)', hidden: true }));
    await user.click(within(dialog).getByRole('combobox', { name: /^Tipo de marca/ }));
    await user.click(await screen.findByRole('option', { name: 'Salida', hidden: true }));
    const fecha = within(dialog).getByRole('textbox', { name: /^Fecha/ });
    await user.type(fecha, '19-11-2026');
    await user.tab();
    fireEvent.change(within(dialog).getByLabelText(/^Hora/), { target: { value: '18:30' } });
    await user.type(within(dialog).getByRole('textbox', { name: /^Motivo/ }), 'Olvidó marcar la salida.');
    await user.click(within(dialog).getByRole('button', { name: 'Proponer corrección' }));
    expect(await within(dialog).findByText('La hora corregida no puede estar en el futuro.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST' && c.path === '/v1/correcciones')!.body).toEqual({
      usuarioId: makeUser().id,
      tipo: 'salida',
      fecha: '2026-11-19',
      hora: '18:30:00',
      motivo: 'Olvidó marcar la salida.',
    });
  });

  it('asks which of the two only when the server says the date and time happen twice in the worker\'s zone', async () => {
    let answers = 0;
    const { calls } = mockRoutes({
      ...signedInAs('supervisor'),
      'GET /v1/intentos-marcaje': () => ({ body: page([]) }),
      'GET /v1/sedes': () => ({ body: page([SITE]) }),
      'GET /v1/usuarios': () => ({ body: page([makeUser()]) }),
      'POST /v1/correcciones': () =>
        answers++ === 0
          ? apiError(400, 'VALIDATION', 'Hay un error en la data ingresada.', {
              ocurrencia:
                'La hora 23:30 del 04-04-2026 ocurre dos veces en America/Santiago por el cambio de horario (primero en UTC-3 y luego en UTC-4): indique si es la primera o la segunda.',
            })
          : apiError(400, 'VALIDATION', 'Hay un error en la data ingresada.', { hora: 'La hora corregida no puede estar en el futuro.' }),
    });
    renderPage(<MarkingAttemptsPage />, { path: '/dashboard/marking-attempts?agregar=1' });
    const dialog = await screen.findByRole('dialog', { name: 'Agregar marca faltante' }, { timeout: 15_000 });
    const user = userEvent.setup();
    const workerBox = within(dialog).getByRole('combobox', { name: /^Trabajador/ });
    await user.click(workerBox);
    await waitFor(() => expect(document.getElementById(workerBox.getAttribute('aria-controls')!)).not.toBeNull());
    const listbox = document.getElementById(workerBox.getAttribute('aria-controls')!)!;
    await user.click(await within(listbox).findByRole('option', { name: 'Valentina Sepúlveda Hernández (12.345.678-5)', hidden: true }));
    await user.click(within(dialog).getByRole('combobox', { name: /^Tipo de marca/ }));
    await user.click(await screen.findByRole('option', { name: 'Salida', hidden: true }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Fecha/ }), '04-04-2026');
    await user.tab();
    fireEvent.change(within(dialog).getByLabelText(/^Hora/), { target: { value: '23:30' } });
    await user.type(within(dialog).getByRole('textbox', { name: /^Motivo/ }), 'Olvidó marcar la salida.');
    // An ordinary form: no question about the occurrence.
    expect(within(dialog).queryByRole('radiogroup')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Proponer corrección' }));

    const choice = await within(dialog).findByRole('radiogroup', { name: /Esa hora ocurre dos veces/ });
    expect(within(dialog).getByText(/ocurre dos veces en America\/Santiago por el cambio de horario/)).toBeInTheDocument();
    await user.click(within(choice).getByRole('radio', { name: 'La segunda vez (después del cambio de hora)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Proponer corrección' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST' && c.path === '/v1/correcciones')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/v1/correcciones')[1]!.body).toEqual({
      usuarioId: makeUser().id,
      tipo: 'salida',
      fecha: '2026-04-04',
      hora: '23:30:00',
      ocurrencia: 'segunda',
      motivo: 'Olvidó marcar la salida.',
    });

    // Another time: the question goes away with the answer.
    fireEvent.change(within(dialog).getByLabelText(/^Hora/), { target: { value: '22:30' } });
    await waitFor(() => expect(within(dialog).queryByRole('radiogroup')).not.toBeInTheDocument());
  });

  it('is closed to a trabajador', async () => {
    mockRoutes({ ...signedInAs('trabajador') });
    renderApp('/dashboard/marking-attempts');
    expect(await screen.findByRole('heading', { name: 'No tienes acceso a esta sección' })).toBeInTheDocument();
  });
});
