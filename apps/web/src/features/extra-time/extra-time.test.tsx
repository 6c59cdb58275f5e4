import type { HoraExtra, HorasExtraPage } from '@jornada/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { navItemsFor } from '../../app/navigation';
import { mockRoutes, page, signedInAs } from '../../test/mock-api';
import { renderPage } from '../../test/render-page';
import { ApprovalsPage } from './approvals';
import { formatSeconds } from './components/labels';

afterEach(() => {
  vi.unstubAllGlobals();
});

function horaExtra(overrides: Partial<HoraExtra> = {}): HoraExtra {
  return {
    usuario: { id: 'w1', nombre: 'Juan', apellidos: 'Pérez Soto', rut: '12.345.678-5', grupo: { id: 'g1', nombre: 'Sala' }, sede: null },
    fecha: '2026-03-02',
    encontradaSegundos: 3 * 3600,
    dentroLimiteSegundos: 2 * 3600,
    sobreLimiteSegundos: 3600,
    trabajadoSegundos: 11 * 3600,
    planificadoSegundos: 8 * 3600,
    pacto: { id: 'p1', desde: '2026-01-05', hasta: '2026-04-04', maxMinutosDia: 90 },
    aprobableSegundos: 3 * 3600,
    trabajoEnPermiso: null,
    estado: 'pendiente',
    aprobadaSegundos: null,
    motivo: null,
    encontradaAlDecidirSegundos: null,
    decididoPor: null,
    decididoEn: null,
    alertas: ['sobre_limite_legal', 'sobre_pacto'],
    puedeDecidir: true,
    ...overrides,
  };
}

const list = (items: HoraExtra[]): HorasExtraPage => ({
  ...page(items),
  desde: '2026-03-01',
  hasta: '2026-03-31',
  totales: {
    encontradaSegundos: 3 * 3600,
    aprobadaSegundos: 0,
    rechazadaSegundos: 0,
    pendienteSegundos: 3 * 3600,
    pendientes: items.length,
    rechazadas: 0,
    conAlertas: items.length,
    conIncumplimiento: items.length,
  },
  umbralRevisionMinutos: 30,
});

describe('overtime', () => {
  it('says durations in hours and minutes, and is in the navigation by perfil', () => {
    expect(formatSeconds(5400)).toBe('1 h 30 min');
    expect(formatSeconds(3900)).toBe('1 h 05 min');
    expect(formatSeconds(3600)).toBe('1 h');
    expect(formatSeconds(2712)).toBe('45 min');
    expect(formatSeconds(59)).toBe('menos de 1 min');
    expect(formatSeconds(0)).toBe('0 min');
    const section = (perfil: 'administrador' | 'supervisor' | 'trabajador' | 'fiscalizador') => navItemsFor(perfil).find((item) => item.label === 'Horas extra');
    expect(section('supervisor')?.children?.map((c) => c.to)).toEqual(['/dashboard/extra-time/approvals', '/dashboard/extra-time/pacts', '/dashboard/extra-time/mine']);
    expect(section('trabajador')).toMatchObject({ to: '/dashboard/extra-time/mine' });
    expect(section('fiscalizador')).toBeUndefined();
  });

  it('confirms part, never beyond what was found, and a dispute needs its reason', async () => {
    const item = horaExtra();
    const { calls } = mockRoutes({
      ...signedInAs('supervisor'),
      'GET /v1/horas-extra': () => ({ body: list([item]) }),
      'GET /v1/grupos': () => ({ body: page([]) }),
      'GET /v1/sedes': () => ({ body: page([]) }),
      'POST /v1/horas-extra/:usuarioId/:fecha/aprobar': () => ({ body: { ...item, estado: 'aprobado', aprobadaSegundos: 3600 } }),
    });
    renderPage(<ApprovalsPage />, { path: '/dashboard/extra-time/approvals' });
    const table = await screen.findByRole('table', { name: 'Horas extra' }, { timeout: 15_000 });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('02-03-2026');
    expect(row).toHaveTextContent('1 h sobre 2 h');
    expect(row).toHaveTextContent('Sobre el pacto');
    const user = userEvent.setup();

    await user.click(within(row).getByRole('button', { name: /^Disputar las horas extra de Juan Pérez Soto/ }));
    let dialog = await screen.findByRole('dialog', { name: 'Disputar horas extra' });
    expect(dialog).toHaveTextContent('Las horas en disputa se siguen pagando');
    await user.click(within(dialog).getByRole('button', { name: 'Disputar' }));
    expect(await within(dialog).findByText('Ingresa el motivo de la disputa.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));

    await user.click(within(row).getByRole('button', { name: /^Confirmar las horas extra de Juan Pérez Soto/ }));
    dialog = await screen.findByRole('dialog', { name: 'Confirmar horas extra' });
    expect(dialog).toHaveTextContent('Todo: 3 h');
    expect(dialog).toHaveTextContent('Todas las horas extra encontradas se pagan, con o sin pacto (art. 32).');
    await user.click(within(dialog).getByRole('radio', { name: 'Una parte (el resto queda en disputa)' }));
    const hours = within(dialog).getByRole('textbox', { name: 'Horas' });
    await user.clear(hours);
    await user.type(hours, '4');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    expect(await within(dialog).findByText('Como máximo lo encontrado: 3 h.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.path.startsWith('/v1/'))).toBe(false);
    await user.clear(hours);
    await user.type(hours, '1');
    const minutes = within(dialog).getByRole('textbox', { name: 'Minutos' });
    await user.clear(minutes);
    await user.type(minutes, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST' && c.path.startsWith('/v1/'))?.body).toEqual({ segundos: 3600 }));
    expect(calls.find((c) => c.method === 'POST' && c.path.startsWith('/v1/'))!.path).toBe('/v1/horas-extra/w1/2026-03-02/aprobar');
  }, 90_000);

  it('a day worked on a paid permission is flagged and offers no confirmation, only a dispute', async () => {
    const item = horaExtra({ fecha: '2026-03-04', encontradaSegundos: 8 * 3600, aprobableSegundos: 0, trabajoEnPermiso: 'VAC.', alertas: ['trabajo_en_permiso', 'sin_pacto'] });
    mockRoutes({
      ...signedInAs('supervisor'),
      'GET /v1/horas-extra': () => ({ body: list([item]) }),
      'GET /v1/grupos': () => ({ body: page([]) }),
      'GET /v1/sedes': () => ({ body: page([]) }),
    });
    renderPage(<ApprovalsPage />, { path: '/dashboard/extra-time/approvals' });
    const table = await screen.findByRole('table', { name: 'Horas extra' }, { timeout: 15_000 });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('Trabajo en permiso');
    expect(within(row).queryByRole('button', { name: /^Confirmar las horas extra/ })).not.toBeInTheDocument();
    expect(within(row).getByRole('button', { name: /^Disputar las horas extra/ })).toBeInTheDocument();
  }, 60_000);

  it('lists by exception and confirms every pending day of the filter at once', async () => {
    const { calls } = mockRoutes({
      ...signedInAs('supervisor'),
      'GET /v1/horas-extra': () => ({ body: list([horaExtra(), horaExtra({ fecha: '2026-03-03', alertas: ['sin_pacto', 'sobre_umbral'], pacto: null })]) }),
      'GET /v1/grupos': () => ({ body: page([]) }),
      'GET /v1/sedes': () => ({ body: page([]) }),
      'POST /v1/horas-extra/aprobar': () => ({ body: { confirmadas: 2, confirmadasSegundos: 6 * 3600, omitidas: [] } }),
    });
    renderPage(<ApprovalsPage />, { path: '/dashboard/extra-time/approvals?grupoId=g1' });
    await screen.findByRole('table', { name: 'Horas extra' }, { timeout: 15_000 });
    const listed = calls.find((c) => c.method === 'GET' && c.path === '/v1/horas-extra')!.url.searchParams;
    expect([listed.get('revision'), listed.get('grupoId')]).toEqual(['excepciones', 'g1']);
    expect(screen.getByText(/con más de 30 min de horas extra \(el umbral de revisión\)/)).toBeInTheDocument();
    expect(screen.getByText('3 h · 2 días')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Confirmar 2 días pendientes del filtro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmar los días pendientes del filtro' });
    expect(dialog).toHaveTextContent('Se confirmarán completas las horas extra de 2 días pendientes (3 h) del 01-03-2026 al 31-03-2026, solo las excepciones');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar todos' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST' && c.path === '/v1/horas-extra/aprobar')?.body).toEqual({
        filtro: { revision: 'excepciones', desde: '2026-03-01', hasta: '2026-03-31', grupoId: 'g1' },
      }),
    );
  }, 90_000);
});
