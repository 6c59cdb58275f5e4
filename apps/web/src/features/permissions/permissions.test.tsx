import type { Permiso, SaldoPermiso, TipoPermiso } from '@jornada/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { navItemsFor } from '../../app/navigation';
import { apiError, mockRoutes, page, signedInAs } from '../../test/mock-api';
import { renderPage } from '../../test/render-page';
import { MyPermissionsPage } from './mine';
import { PermissionsPage } from './team';
import { PermissionTypesPage } from './types';
import { formatAmount, periodText } from './components/labels';

afterEach(() => {
  vi.unstubAllGlobals();
});

const VAC: TipoPermiso = { id: 't1', nombre: 'Vacaciones', codigo: 'VAC.', conGoce: true, unidad: 'dias_habiles', solicitable: true, requiereAprobacion: true, diasAnuales: 15, diasPorEvento: null, activo: true };
const LM: TipoPermiso = { id: 't2', nombre: 'Licencia médica', codigo: 'L.M.', conGoce: false, unidad: 'dias_corridos', solicitable: false, requiereAprobacion: false, diasAnuales: null, diasPorEvento: null, activo: true };
const DC: TipoPermiso = { id: 't9', nombre: 'Descanso compensatorio (art. 38)', codigo: 'D.C.38', conGoce: true, unidad: 'dias_corridos', solicitable: true, requiereAprobacion: true, diasAnuales: null, diasPorEvento: null, activo: true };
const PH: TipoPermiso = { id: 't3', nombre: 'Permiso por horas', codigo: 'P.H.', conGoce: true, unidad: 'horas', solicitable: true, requiereAprobacion: true, diasAnuales: null, diasPorEvento: null, activo: true };

function permiso(overrides: Partial<Permiso> = {}): Permiso {
  return {
    id: 'p1',
    usuario: { id: 'w1', nombre: 'Juan', apellidos: 'Pérez Soto', rut: '12.345.678-5', grupo: { id: 'g1', nombre: 'Sala' } },
    tipo: { id: VAC.id, nombre: VAC.nombre, codigo: VAC.codigo, unidad: VAC.unidad, conGoce: true },
    desde: '2026-09-14',
    hasta: '2026-09-18',
    horaInicio: null,
    horaFin: null,
    cantidad: 4,
    estado: 'pendiente',
    origen: 'solicitado',
    comentario: 'Fiestas Patrias',
    creadoPor: { id: 'w1', nombre: 'Juan', apellidos: 'Pérez Soto' },
    creadoEn: '2026-09-01T13:00:00.000Z',
    decididoPor: null,
    decididoEn: null,
    comentarioDecision: null,
    adjunto: null,
    puedeDecidir: true,
    puedeAnular: true,
    ...overrides,
  };
}

const saldo: SaldoPermiso = {
  usuario: { id: 'w1', nombre: 'Juan', apellidos: 'Pérez Soto', rut: '12.345.678-5' },
  tipo: { id: VAC.id, nombre: VAC.nombre, codigo: VAC.codigo, unidad: VAC.unidad },
  anio: new Date().getFullYear(),
  fuente: 'dias_anuales',
  asignados: 21,
  diasBase: 20,
  diasProgresivos: 1,
  fundamento: ['20 días por trabajar en la región de Magallanes (art. 67 inc. 2)', '10 años reconocidos y 4 con la empresa: 1 día progresivo (art. 68)'],
  usados: 9,
  pendientes: 4,
  disponibles: 8,
};

/** The compensatory rest of art. 38 of an excepted worker: 2 owed (one Sunday, one holiday), 1 granted. */
const compensatorio: SaldoPermiso = {
  usuario: { id: 'w2', nombre: 'Elena', apellidos: 'Rojas', rut: '11.222.333-9' },
  tipo: { id: 't9', nombre: 'Descanso compensatorio (art. 38)', codigo: 'D.C.38', unidad: 'dias_corridos' },
  anio: new Date().getFullYear(),
  fuente: 'domingos_festivos_trabajados',
  asignados: 2,
  diasBase: 2,
  diasProgresivos: 0,
  fundamento: [`1 domingo y 1 festivo trabajados en ${new Date().getFullYear()}`],
  usados: 1,
  pendientes: 0,
  disponibles: 1,
};

describe('labels', () => {
  it('says amounts and periods in Spanish', () => {
    expect(formatAmount(1, 'dias_habiles')).toBe('1 día hábil');
    expect(formatAmount(15, 'dias_habiles')).toBe('15 días hábiles');
    expect(formatAmount(7, 'dias_corridos')).toBe('7 días corridos');
    expect(formatAmount(2.5, 'horas')).toBe('2,5 horas');
    expect(periodText({ desde: '2026-09-14', hasta: '2026-09-18', horaInicio: null, horaFin: null })).toBe('14-09-2026 al 18-09-2026');
    expect(periodText({ desde: '2026-09-21', hasta: '2026-09-21', horaInicio: '09:00', horaFin: '11:00' })).toBe('21-09-2026, 09:00 a 11:00');
  });

  it('puts the pages in the navigation by perfil', () => {
    const labels = (perfil: Parameters<typeof navItemsFor>[0]) => navItemsFor(perfil).flatMap((item) => [item.label, ...(item.children ?? []).map((c) => c.label)]);
    expect(labels('administrador')).toEqual(expect.arrayContaining(['Permisos', 'Permisos del equipo', 'Mis permisos', 'Tipos de permiso']));
    expect(labels('trabajador')).toContain('Permisos');
    expect(labels('trabajador')).not.toContain('Permisos del equipo');
    expect(navItemsFor('trabajador').find((item) => item.label === 'Permisos')!.to).toBe('/dashboard/permisos/mios');
    expect(labels('fiscalizador')).not.toContain('Permisos');
  });
});

describe('team permissions page', () => {
  it('lists with the pending count and filters, and approves with a comment', async () => {
    const pending = permiso();
    const { calls } = mockRoutes({
      ...signedInAs('supervisor'),
      'GET /v1/permisos': (call) => ({
        body: { ...page(call.url.searchParams.get('estado') === 'rechazado' ? [] : [pending, permiso({ id: 'p2', estado: 'aprobado', puedeDecidir: false, puedeAnular: true, decididoPor: { id: 's1', nombre: 'Lucía', apellidos: 'Líder' }, comentarioDecision: 'Ok' })], 2), pendientes: 1 },
      }),
      'GET /v1/tipos-permiso': () => ({ body: { items: [VAC, LM, PH] } }),
      'GET /v1/grupos': () => ({ body: page([]) }),
      'POST /v1/permisos/:id/aprobar': () => ({ body: { ...pending, estado: 'aprobado', puedeDecidir: false } }),
    });
    renderPage(<PermissionsPage />, { path: '/dashboard/permisos' });
    const table = await screen.findByRole('table', { name: 'Permisos' }, { timeout: 15_000 });
    expect(screen.getByText('1 solicitud pendiente de tu decisión.')).toBeInTheDocument();
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]!).getByText('14-09-2026 al 18-09-2026')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('4 días hábiles')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Pendiente')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Aprobado por Lucía Líder: Ok')).toBeInTheDocument();
    expect(within(rows[2]!).queryByRole('button', { name: /Aprobar/ })).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(rows[1]!).getByRole('button', { name: 'Aprobar el permiso de Juan Pérez Soto' }));
    const dialog = await screen.findByRole('dialog', { name: 'Aprobar permiso' });
    expect(dialog).toHaveTextContent('Vacaciones (VAC.) de Juan Pérez Soto: 14-09-2026 al 18-09-2026.');
    await user.type(within(dialog).getByRole('textbox', { name: /Comentario/ }), 'Que descanses');
    await user.click(within(dialog).getByRole('button', { name: 'Aprobar' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST' && c.path.startsWith('/v1/'))?.body).toEqual({ comentario: 'Que descanses' }));
    expect(calls.find((c) => c.method === 'POST' && c.path.startsWith('/v1/'))!.path).toBe('/v1/permisos/p1/aprobar');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Aprobar permiso' })).not.toBeInTheDocument());
  });

  it('a rejection needs its reason; the server’s refusal is shown', async () => {
    const { calls } = mockRoutes({
      ...signedInAs('administrador'),
      'GET /v1/permisos': () => ({ body: { ...page([permiso()]), pendientes: 1 } }),
      'GET /v1/tipos-permiso': () => ({ body: { items: [VAC] } }),
      'GET /v1/grupos': () => ({ body: page([]) }),
      'POST /v1/permisos/:id/rechazar': () => apiError(409, 'CONFLICT', 'Otra persona decidió este permiso mientras tanto. Recarga la lista.'),
    });
    renderPage(<PermissionsPage />, { path: '/dashboard/permisos' });
    const table = await screen.findByRole('table', { name: 'Permisos' }, { timeout: 15_000 });
    const user = userEvent.setup();
    await user.click(within(table).getByRole('button', { name: 'Rechazar el permiso de Juan Pérez Soto' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rechazar permiso' });
    await user.click(within(dialog).getByRole('button', { name: 'Rechazar' }));
    expect(await within(dialog).findByText('Ingresa el motivo del rechazo.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.path.startsWith('/v1/'))).toBe(false);
    await user.type(within(dialog).getByRole('textbox', { name: /Motivo del rechazo/ }), 'Semana de inventario');
    await user.click(within(dialog).getByRole('button', { name: 'Rechazar' }));
    expect(await screen.findByText('Otra persona decidió este permiso mientras tanto. Recarga la lista.')).toBeInTheDocument();
  });

  it('opens the assignment prefilled for a worker and a date from the address (an inconsistency sends there)', async () => {
    const worker = { id: 'a0000000-0000-4000-8000-000000000009', nombre: 'Valentina', apellidos: 'Soto', rut: '12.345.678-5' };
    mockRoutes({
      ...signedInAs('administrador'),
      'GET /v1/permisos': () => ({ body: { ...page([]), pendientes: 0 } }),
      'GET /v1/tipos-permiso': () => ({ body: { items: [VAC] } }),
      'GET /v1/grupos': () => ({ body: page([]) }),
      'GET /v1/usuarios': () => ({ body: page([]) }),
      'GET /v1/usuarios/:id': () => ({ body: worker }),
    });
    renderPage(<PermissionsPage />, { path: `/dashboard/permisos?asignar=${worker.id}&fecha=2026-11-03` });
    const dialog = await screen.findByRole('dialog', { name: 'Asignar permiso' }, { timeout: 15_000 });
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: /^Trabajador/ })).toHaveValue('Valentina Soto (12.345.678-5)'));
    expect(within(dialog).getByRole('textbox', { name: /^Desde/ })).toHaveValue('03-11-2026');
  });

  it('shows an empty state and an error state', async () => {
    mockRoutes({
      ...signedInAs('administrador'),
      'GET /v1/permisos': () => ({ body: { ...page([]), pendientes: 0 } }),
      'GET /v1/tipos-permiso': () => ({ body: { items: [VAC] } }),
      'GET /v1/grupos': () => ({ body: page([]) }),
    });
    renderPage(<PermissionsPage />, { path: '/dashboard/permisos' });
    expect(await screen.findByText('Aún no hay permisos', undefined, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('No hay solicitudes pendientes de tu decisión.')).toBeInTheDocument();
  });

  it('shows the balances tab with the far-south and progressive days and their basis, computed: nothing to type', async () => {
    mockRoutes({
      ...signedInAs('administrador'),
      'GET /v1/permisos/saldos': () => ({ body: page([saldo]) }),
      'GET /v1/tipos-permiso': () => ({ body: { items: [VAC] } }),
    });
    renderPage(<PermissionsPage />, { path: '/dashboard/permisos?vista=saldos' });
    const table = await screen.findByRole('table', { name: /Saldos/ }, { timeout: 15_000 });
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByText('21 días hábiles')).toBeInTheDocument();
    expect(within(row).getByText('8')).toBeInTheDocument();
    expect(within(row).getByText('20 días por trabajar en la región de Magallanes (art. 67 inc. 2)')).toBeInTheDocument();
    expect(within(row).getByText('10 años reconocidos y 4 con la empresa: 1 día progresivo (art. 68)')).toBeInTheDocument();
    // Progressive days are computed from the contract (art. 68): no control to type them.
    expect(within(row).queryByRole('button', { name: /Días progresivos/ })).not.toBeInTheDocument();
  });

  it('shows the compensatory rest (art. 38) as days owed for the Sundays and holidays worked, not an allowance', async () => {
    mockRoutes({
      ...signedInAs('administrador'),
      'GET /v1/permisos/saldos': () => ({ body: page([saldo, compensatorio]) }),
      'GET /v1/tipos-permiso': () => ({ body: { items: [VAC] } }),
    });
    renderPage(<PermissionsPage />, { path: '/dashboard/permisos?vista=saldos' });
    const table = await screen.findByRole('table', { name: /Saldos/ }, { timeout: 15_000 });
    const row = within(table).getAllByRole('row')[2]!;
    expect(within(row).getByText('Descanso compensatorio (art. 38) (D.C.38)')).toBeInTheDocument();
    expect(within(row).getByText('1 día por cada festivo trabajado, y por cada domingo trabajado en una semana sin descanso (art. 38)')).toBeInTheDocument();
    expect(within(row).getByText(`1 domingo y 1 festivo trabajados en ${compensatorio.anio}`)).toBeInTheDocument();
    expect(within(row).getByText('2 días corridos')).toBeInTheDocument();
    expect(within(row).getByText('adeudados')).toBeInTheDocument();
    expect(within(row).getByText('—')).toBeInTheDocument();
    expect(screen.getByText(/El descanso compensatorio aparece solo para quienes están exceptuados del descanso dominical/)).toBeInTheDocument();
  });
});

describe('my permissions page', () => {
  it('shows the balance and requests a vacation; the server’s reason lands on the field', async () => {
    let attempts = 0;
    const { calls } = mockRoutes({
      ...signedInAs('trabajador'),
      'GET /v1/permisos/mios': () => ({ body: { ...page([permiso({ puedeDecidir: false })]), pendientes: 0 } }),
      'GET /v1/permisos/mios/saldos': () => ({ body: { items: [saldo] } }),
      'GET /v1/tipos-permiso': () => ({ body: { items: [VAC, LM, PH] } }),
      'POST /v1/permisos/solicitudes': () => {
        attempts += 1;
        return attempts === 1
          ? apiError(400, 'VALIDATION', 'Hay un error en la data ingresada.', { hasta: 'El permiso excede el saldo: pide 12 días hábiles y quedan 8 días hábiles de Vacaciones en 2026.' })
          : { status: 201, body: permiso({ id: 'p9', puedeDecidir: false }) };
      },
    });
    renderPage(<MyPermissionsPage />, { path: '/dashboard/permisos/mios' });
    expect(await screen.findByText('8 días hábiles disponibles', undefined, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText(/21 del año \(con 1 progresivo\)/)).toBeInTheDocument();
    expect(screen.getByText('20 días por trabajar en la región de Magallanes (art. 67 inc. 2)')).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Mis permisos' });
    expect(within(table).getByRole('button', { name: 'Retirar la solicitud de Vacaciones' })).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getAllByRole('button', { name: 'Solicitar permiso' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Solicitar permiso' });
    await user.click(within(dialog).getByRole('button', { name: 'Enviar solicitud' }));
    expect(await within(dialog).findByText('Elige el tipo de permiso.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: /Tipo de permiso/ }));
    // Licencia médica is not requestable: only Vacaciones and the hour permission are offered.
    expect(screen.queryByRole('option', { name: /Licencia médica/, hidden: true })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('option', { name: 'Vacaciones (VAC.)', hidden: true }));
    await user.type(within(dialog).getByRole('textbox', { name: /Desde/ }), '05-10-2026');
    // «Hasta» takes the start date; the worker changes it.
    await user.clear(within(dialog).getByRole('textbox', { name: /Hasta/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /Hasta/ }), '21-10-2026');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar solicitud' }));
    expect(await within(dialog).findByText(/El permiso excede el saldo/)).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST' && c.path.startsWith('/v1/'))!;
    expect(post.body).toMatchObject({ tipoId: VAC.id, desde: '2026-10-05', hasta: '2026-10-21' });
  });
});

describe('my compensatory rest', () => {
  it('shows what is owed for the Sundays and holidays worked, what was granted and what is left', async () => {
    mockRoutes({
      ...signedInAs('trabajador'),
      'GET /v1/permisos/mios': () => ({ body: { ...page([]), pendientes: 0 } }),
      'GET /v1/permisos/mios/saldos': () => ({ body: { items: [saldo, compensatorio] } }),
      'GET /v1/tipos-permiso': () => ({ body: { items: [VAC] } }),
    });
    renderPage(<MyPermissionsPage />, { path: '/dashboard/permisos/mios' });
    const cards = await screen.findByRole('region', { name: `Saldo ${compensatorio.anio}` }, { timeout: 15_000 });
    expect(within(cards).getByText(`Descanso compensatorio (art. 38) ${compensatorio.anio}`)).toBeInTheDocument();
    expect(within(cards).getByText('1 día corrido disponible')).toBeInTheDocument();
    expect(within(cards).getByText(/2 adeudados · 1 otorgado · 0 pendientes/)).toBeInTheDocument();
    expect(within(cards).getByText('1 día por cada festivo trabajado, y por cada domingo trabajado en una semana sin descanso (art. 38)')).toBeInTheDocument();
    expect(within(cards).getByText(`1 domingo y 1 festivo trabajados en ${compensatorio.anio}`)).toBeInTheDocument();
  });

  async function requestOptions(items: SaldoPermiso[]) {
    mockRoutes({
      ...signedInAs('trabajador'),
      'GET /v1/permisos/mios': () => ({ body: { ...page([]), pendientes: 0 } }),
      'GET /v1/permisos/mios/saldos': () => ({ body: { items } }),
      'GET /v1/tipos-permiso': () => ({ body: { items: [VAC, DC] } }),
    });
    renderPage(<MyPermissionsPage />, { path: '/dashboard/permisos/mios' });
    await screen.findByRole('region', { name: /Saldo/ }, { timeout: 15_000 });
    const user = userEvent.setup();
    await user.click(screen.getAllByRole('button', { name: 'Solicitar permiso' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Solicitar permiso' });
    await user.click(within(dialog).getByRole('combobox', { name: /Tipo de permiso/ }));
    expect(await screen.findByRole('option', { name: 'Vacaciones (VAC.)', hidden: true })).toBeInTheDocument();
    return screen.queryByRole('option', { name: 'Descanso compensatorio (art. 38) (D.C.38)', hidden: true });
  }

  it('offers the compensatory rest in a request to whom it is owed', async () => {
    expect(await requestOptions([saldo, compensatorio])).toBeInTheDocument();
  });

  it('does not offer it to a worker not excepted from Sunday rest, who has no such balance', async () => {
    expect(await requestOptions([saldo])).not.toBeInTheDocument();
  });
});

describe('permission types page', () => {
  it('shows the days per event and the administrator edits them', async () => {
    const MAT: TipoPermiso = { id: 't4', nombre: 'Permiso por matrimonio o unión civil', codigo: 'P.MAT.', conGoce: true, unidad: 'dias_habiles', solicitable: true, requiereAprobacion: true, diasAnuales: null, diasPorEvento: 5, activo: true };
    const { calls } = mockRoutes({
      ...signedInAs('administrador'),
      'GET /v1/tipos-permiso': () => ({ body: { items: [VAC, MAT] } }),
      'PATCH /v1/tipos-permiso/t4': () => ({ body: { ...MAT, diasPorEvento: 6 } }),
    });
    renderPage(<PermissionTypesPage />, { path: '/dashboard/settings/permission' });
    const table = await screen.findByRole('table', undefined, { timeout: 15_000 });
    expect(within(table).getByRole('columnheader', { name: 'Días por evento' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(table).getByRole('button', { name: 'Editar Permiso por matrimonio o unión civil' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Permiso por matrimonio o unión civil' });
    const field = within(dialog).getByRole('textbox', { name: 'Días por evento' });
    expect(field).toHaveValue('5');
    await user.clear(field);
    await user.type(field, '6');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')!.body).toMatchObject({ diasPorEvento: 6, diasAnuales: null });
  });
});
