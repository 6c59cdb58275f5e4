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
    aprobableSegundos: 5400,
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
  totales: { encontradaSegundos: 3 * 3600, aprobadaSegundos: 0, pendientes: items.length, conAlertas: items.length },
});

describe('overtime', () => {
  it('says durations to the second, and is in the navigation by perfil', () => {
    expect(formatSeconds(5400)).toBe('1 h 30 min');
    expect(formatSeconds(4200)).toBe('1 h 10 min');
    expect(formatSeconds(3600)).toBe('1 h');
    expect(formatSeconds(2712)).toBe('45 min 12 s');
    expect(formatSeconds(0)).toBe('0 min');
    const section = (perfil: 'administrador' | 'supervisor' | 'trabajador' | 'fiscalizador') => navItemsFor(perfil).find((item) => item.label === 'Horas extra');
    expect(section('supervisor')?.children?.map((c) => c.to)).toEqual(['/dashboard/extra-time/approvals', '/dashboard/extra-time/pacts', '/dashboard/extra-time/mine']);
    expect(section('trabajador')).toMatchObject({ to: '/dashboard/extra-time/mine' });
    expect(section('fiscalizador')).toBeUndefined();
  });

  it('approves part, never beyond what the pact allows, and a rejection needs its reason', async () => {
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

    await user.click(within(row).getByRole('button', { name: /^Rechazar las horas extra de Juan Pérez Soto/ }));
    let dialog = await screen.findByRole('dialog', { name: 'Rechazar horas extra' });
    await user.click(within(dialog).getByRole('button', { name: 'Rechazar' }));
    expect(await within(dialog).findByText('Ingresa el motivo del rechazo.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));

    await user.click(within(row).getByRole('button', { name: /^Aprobar las horas extra de Juan Pérez Soto/ }));
    dialog = await screen.findByRole('dialog', { name: 'Aprobar horas extra' });
    expect(dialog).toHaveTextContent('Todo lo aprobable: 1 h 30 min');
    expect(dialog).toHaveTextContent('Lo que supera el máximo del pacto (1 h 30 min) no se puede aprobar.');
    await user.click(within(dialog).getByRole('radio', { name: 'Una parte' }));
    const hours = within(dialog).getByRole('textbox', { name: 'Horas' });
    await user.clear(hours);
    await user.type(hours, '2');
    await user.click(within(dialog).getByRole('button', { name: 'Aprobar' }));
    expect(await within(dialog).findByText('Como máximo 1 h 30 min.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.path.startsWith('/v1/'))).toBe(false);
    await user.clear(hours);
    await user.type(hours, '1');
    const minutes = within(dialog).getByRole('textbox', { name: 'Minutos' });
    await user.clear(minutes);
    await user.type(minutes, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Aprobar' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST' && c.path.startsWith('/v1/'))?.body).toEqual({ segundos: 3600 }));
    expect(calls.find((c) => c.method === 'POST' && c.path.startsWith('/v1/'))!.path).toBe('/v1/horas-extra/w1/2026-03-02/aprobar');
  }, 90_000);
});
