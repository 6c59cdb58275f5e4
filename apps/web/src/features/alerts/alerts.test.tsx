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

const SETTINGS: ConfiguracionAlertas = { marcaOmitida: true, colacionOmitida: false, limiteDiario: true, limiteSemanal: true, descansoCompensatorio: true, copiaAdministradores: false };

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

/** A Sunday worked by an excepted worker without its compensatory day in the week after it (art. 38 inc. 3). */
const UNCOMPENSATED: AlertaEnviada = {
  ...SENT,
  id: 'a2',
  tipo: 'descanso_compensatorio',
  trabajador: { id: 'u2', nombre: 'Elena Exceptuada', rut: '15.509.661-6' },
  fecha: '2026-05-10',
  esperadaEn: null,
  detectadaEn: '2026-05-18T12:00:00.000Z',
  enviadaEn: '2026-05-18T12:00:01.000Z',
  destinatario: 'elena@correo.cl',
};

describe('alerts settings', () => {
  it('shows each alert, saves the switches as one PUT and lists the alerts sent', async () => {
    const { calls } = mockRoutes({
      ...signedInAs('administrador'),
      'GET /v1/configuracion/alertas': () => ({ body: SETTINGS }),
      'PUT /v1/configuracion/alertas': (call) => ({ body: call.body }),
      'GET /v1/configuracion/alertas/enviadas': () => ({ body: page([SENT, UNCOMPENSATED]) }),
    });
    renderPage(<AlertsSettingsPage />, { path: '/dashboard/settings/alerts' });
    const breaks = await screen.findByRole('switch', { name: /^Colación no registrada/ }, { timeout: 15_000 });
    expect(breaks).not.toBeChecked();
    expect(screen.getByRole('switch', { name: /^Entrada o salida no registrada/ })).toBeChecked();
    const table = await screen.findByRole('table', { name: 'Alertas enviadas' });
    expect(within(table).getByText('Entrada no registrada')).toBeInTheDocument();
    expect(within(table).getByText('Esperada el 10-03-2026 08:00:00')).toBeInTheDocument();
    expect(within(table).getAllByText('Copia: lider@empresa.cl')).toHaveLength(2);
    // The compensatory rest not granted names the worker, the Sunday and the end of its term.
    expect(within(table).getByText('Descanso compensatorio no otorgado')).toBeInTheDocument();
    expect(
      within(table).getByText('Elena Exceptuada trabajó el domingo 10-05-2026 y no se le otorgó su día de descanso compensatorio hasta el 17-05-2026 (art. 38 inc. 3).'),
    ).toBeInTheDocument();
    const compensatory = screen.getByRole('switch', { name: /^Descanso compensatorio no otorgado/ });
    expect(compensatory).toBeChecked();

    const user = userEvent.setup();
    await user.click(breaks);
    await user.click(compensatory);
    await user.click(screen.getByRole('switch', { name: /^Enviar copia a los administradores de la empresa/ }));
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ ...SETTINGS, colacionOmitida: true, descansoCompensatorio: false, copiaAdministradores: true }));
  });
});
