import type { CalendarioFeriados, Feriado } from '@jornada/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockRoutes, signedInAs } from '../../test/mock-api';
import { renderPage } from '../../test/render-page';
import { HolidaysPage } from '.';

afterEach(() => {
  vi.unstubAllGlobals();
});

const law = (fecha: string, nombre: string, extra: Partial<Feriado> = {}): Feriado => ({
  id: null,
  fecha,
  nombre,
  tipo: 'nacional',
  irrenunciable: false,
  ley: null,
  regiones: [],
  comunas: [],
  creadoPor: null,
  creadoEn: null,
  eliminable: false,
  ...extra,
});

const OWN: Feriado = {
  ...law('2026-03-20', 'Aniversario de la empresa'),
  id: 'f1',
  tipo: 'empresa',
  irrenunciable: true,
  creadoPor: 'Adela Administradora',
  creadoEn: '2026-02-10T15:00:00.000Z',
  eliminable: true,
};

function calendar(anio: number, feriados: Feriado[] = []): CalendarioFeriados {
  return {
    anio,
    hoy: '2026-03-01',
    feriados: [
      law(`${anio}-01-01`, 'Año Nuevo', { irrenunciable: true }),
      law(`${anio}-06-07`, 'Asalto y Toma del Morro de Arica', { tipo: 'regional', regiones: ['AP'], ley: 'Ley 20.663' }),
      ...feriados,
    ],
    eliminados: [],
  };
}

const yearOf = (url: URL) => Number(url.searchParams.get('anio'));

describe('HolidaysPage', () => {
  it("lists the year's calendar with its kind and irrenunciable badges, and changes year", async () => {
    const { calls } = mockRoutes({
      ...signedInAs('administrador'),
      'GET /v1/feriados': (call) => ({ body: calendar(yearOf(call.url), yearOf(call.url) === 2026 ? [OWN] : []) }),
    });
    renderPage(<HolidaysPage />, { path: '/dashboard/settings/holidays' });
    const table = await screen.findByRole('table', { name: /^Feriados de \d{4}$/ });
    const thisYear = new Date().getFullYear();
    expect(calls.find((c) => c.method === 'GET' && c.path === '/v1/feriados')?.url.searchParams.get('anio')).toBe(String(thisYear));
    expect(within(table).getByText('Año Nuevo')).toBeInTheDocument();
    expect(within(table).getAllByText('Irrenunciable').length).toBeGreaterThan(0);
    expect(within(table).getByText('Regional')).toBeInTheDocument();
    expect(within(table).getByText('Solo en Arica y Parinacota.')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Año' }));
    await user.click(await screen.findByRole('option', { name: '2026', hidden: true }));
    const year2026 = await screen.findByRole('table', { name: 'Feriados de 2026' });
    expect(await within(year2026).findByText('Aniversario de la empresa')).toBeInTheDocument();
    expect(within(year2026).getByText('Empresa')).toBeInTheDocument();
    expect(within(year2026).getByText(/Agregado por Adela Administradora/)).toBeInTheDocument();
    expect(within(year2026).getByText('20-03-2026')).toBeInTheDocument();
  });

  it('adds a holiday: says what is missing in Spanish, sends the date as aaaa-mm-dd and shows the server refusal on its field', async () => {
    let duplicate = false;
    const { calls } = mockRoutes({
      ...signedInAs('administrador'),
      'GET /v1/feriados': (call) => ({ body: calendar(yearOf(call.url)) }),
      'POST /v1/feriados': (call) =>
        duplicate
          ? { status: 400, body: { error: { code: 'VALIDATION', message: 'La empresa ya tiene un feriado en esa fecha.', fields: { fecha: 'La empresa ya tiene un feriado en esa fecha.' } } } }
          : { status: 201, body: { ...OWN, ...(call.body as object) } },
    });
    renderPage(<HolidaysPage />, { path: '/dashboard/settings/holidays' });
    await screen.findByRole('table', { name: /^Feriados de/ });
    const user = userEvent.setup();
    const form = screen.getByRole('form', { name: 'Agregar feriado' });
    await user.click(within(form).getByRole('button', { name: 'Agregar feriado' }));
    expect(await screen.findByText('Ingresa la fecha del feriado.')).toBeInTheDocument();
    expect(screen.getByText('Ingresa el nombre del feriado.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/v1/feriados')).toBe(false);

    await user.type(within(form).getByRole('textbox', { name: /^Fecha/ }), '20-03-2026');
    await user.type(within(form).getByRole('textbox', { name: /^Nombre/ }), 'Aniversario de la empresa');
    await user.click(within(form).getByRole('switch', { name: /Irrenunciable para el comercio/ }));
    await user.click(within(form).getByRole('button', { name: 'Agregar feriado' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST' && c.path === '/v1/feriados')?.body).toEqual({ fecha: '2026-03-20', nombre: 'Aniversario de la empresa', tipo: 'empresa', irrenunciable: true }));
    expect(await screen.findByText(/Feriado agregado: Aniversario de la empresa, 20-03-2026/)).toBeInTheDocument();

    duplicate = true;
    await user.type(within(form).getByRole('textbox', { name: /^Fecha/ }), '20-03-2026');
    await user.type(within(form).getByRole('textbox', { name: /^Nombre/ }), 'Otro');
    await user.click(within(form).getByRole('button', { name: 'Agregar feriado' }));
    expect(await within(form).findByText('La empresa ya tiene un feriado en esa fecha.')).toBeInTheDocument();
  });

  it('refuses today or a past date before asking the server', async () => {
    const { calls } = mockRoutes({ ...signedInAs('administrador'), 'GET /v1/feriados': (call) => ({ body: calendar(yearOf(call.url)) }) });
    renderPage(<HolidaysPage />, { path: '/dashboard/settings/holidays' });
    await screen.findByRole('table', { name: /^Feriados de/ });
    const user = userEvent.setup();
    const form = screen.getByRole('form', { name: 'Agregar feriado' });
    await user.type(within(form).getByRole('textbox', { name: /^Fecha/ }), '01-03-2026');
    await user.type(within(form).getByRole('textbox', { name: /^Nombre/ }), 'Hoy');
    await user.click(within(form).getByRole('button', { name: 'Agregar feriado' }));
    expect(await within(form).findByText(/Como mínimo 02-03-2026|La fecha del feriado debe ser posterior a hoy./)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/v1/feriados')).toBe(false);
  });

  it('removes a company holiday after confirming', async () => {
    let removed = false;
    const { calls } = mockRoutes({
      ...signedInAs('administrador'),
      'GET /v1/feriados': (call) => ({ body: calendar(yearOf(call.url), removed ? [] : [{ ...OWN, fecha: `${yearOf(call.url)}-12-30` }]) }),
      'DELETE /v1/feriados/:id': () => {
        removed = true;
        return { status: 204 };
      },
    });
    renderPage(<HolidaysPage />, { path: '/dashboard/settings/holidays' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Eliminar Aniversario de la empresa/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar feriado' });
    expect(within(dialog).getByText(/Ese día vuelve a ser hábil/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar feriado' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'DELETE')?.path).toBe('/v1/feriados/f1'));
    await waitFor(() => expect(screen.queryByText('Aniversario de la empresa')).toBeNull());
  });

  it('shows an error with a retry when the calendar cannot load', async () => {
    mockRoutes({ ...signedInAs('administrador'), 'GET /v1/feriados': () => ({ status: 500, body: { error: { code: 'INTERNAL', message: 'Ocurrió un error inesperado. Inténtalo más tarde.' } } }) });
    renderPage(<HolidaysPage />, { path: '/dashboard/settings/holidays' });
    expect(await screen.findByRole('button', { name: /Reintentar/ }, { timeout: 5000 })).toBeInTheDocument();
  });
});
