import type { Intento } from '@jornada/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser, SITE } from '../../test/fixtures';
import { mockRoutes, page, signedInAs } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';

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
          attempt(),
          attempt({ id: 'i2', usuarioId: null, trabajador: null, rut: null, metodo: 'reloj', motivo: 'credencial_desconocida', motivoEtiqueta: 'Credencial desconocida', marcaId: null, detalle: 'PIN 99999 del reloj', posicion: null }),
        ], 2),
      }),
      'GET /v1/sedes': () => ({ body: page([SITE]) }),
      'GET /v1/usuarios': () => ({ body: page([makeUser()]) }),
    });
    renderApp('/dashboard/marking-attempts');
    const table = await screen.findByRole('table', { name: 'Intentos de marcaje' }, { timeout: 15_000 });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByText('20-11-2026 09:01:02')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Valentina Sepúlveda Hernández')).toBeInTheDocument();
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
    const { router } = renderApp(`/dashboard/marking-attempts?desde=2026-11-01&hasta=2026-11-30&usuarioId=${makeUser().id}&sedeId=${SITE.id}`);
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

  it('is closed to a trabajador', async () => {
    mockRoutes({ ...signedInAs('trabajador') });
    renderApp('/dashboard/marking-attempts');
    expect(await screen.findByRole('heading', { name: 'No tienes acceso a esta sección' })).toBeInTheDocument();
  });
});
