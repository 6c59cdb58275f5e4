import type { AlertaEnviada, ConfiguracionAlertas } from '@jornada/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockRoutes, page, signedInAs } from '../../test/mock-api';
import { renderPage } from '../../test/render-page';
import { AlertsSettingsPage } from '.';

afterEach(() => {
  vi.unstubAllGlobals();
});

const SETTINGS: ConfiguracionAlertas = { marcaOmitida: true, colacionOmitida: false, limiteDiario: true, limiteSemanal: true, copiaAdministradores: false };

const SENT: AlertaEnviada = {
  id: 'a1',
  tipo: 'entrada',
  trabajador: { id: 'u1', nombre: 'Ana Arancibia', rut: '12.345.678-5' },
  fecha: '2026-03-10',
  zonaHoraria: 'America/Santiago',
  esperadaEn: '2026-03-10T11:00:00.000Z',
  segundosTrabajados: null,
  segundosLimite: null,
  detectadaEn: '2026-03-10T11:30:00.000Z',
  enviadaEn: '2026-03-10T11:30:02.000Z',
  destinatario: 'ana@correo.cl',
  copias: ['lider@empresa.cl'],
};

describe('alerts settings', () => {
  it('shows each alert, saves the switches as one PUT and lists the alerts sent', async () => {
    const { calls } = mockRoutes({
      ...signedInAs('administrador'),
      'GET /v1/configuracion/alertas': () => ({ body: SETTINGS }),
      'PUT /v1/configuracion/alertas': (call) => ({ body: call.body }),
      'GET /v1/configuracion/alertas/enviadas': () => ({ body: page([SENT]) }),
    });
    renderPage(<AlertsSettingsPage />, { path: '/dashboard/settings/alerts' });
    const breaks = await screen.findByRole('switch', { name: /^Colación no registrada/ }, { timeout: 15_000 });
    expect(breaks).not.toBeChecked();
    expect(screen.getByRole('switch', { name: /^Entrada o salida no registrada/ })).toBeChecked();
    const table = await screen.findByRole('table', { name: 'Alertas enviadas' });
    expect(within(table).getByText('Entrada no registrada')).toBeInTheDocument();
    expect(within(table).getByText('Esperada el 10-03-2026 08:00:00')).toBeInTheDocument();
    expect(within(table).getByText('Copia: lider@empresa.cl')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(breaks);
    await user.click(screen.getByRole('switch', { name: /^Enviar copia a los administradores de la empresa/ }));
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ ...SETTINGS, colacionOmitida: true, copiaAdministradores: true }));
  });
});
