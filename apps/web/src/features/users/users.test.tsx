import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../test/fixtures';
import { apiError, mockRoutes, page, signedInAs } from '../../test/mock-api';
import { renderPage } from '../../test/render-page';
import { UserDetailPage } from './detail';
import { UsersPage } from './list';
import { RegisterUserPage } from './register';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const OPTIONS = {
  'GET /v1/sedes': () => ({ body: page([]) }),
  'GET /v1/grupos': () => ({ body: page([]) }),
};


/** A user's page as an administrador sees it, whose PATCH saves into the shown user; `calls` are the requests made. */
function editUserPage(user: ReturnType<typeof makeUser>, routes: Parameters<typeof mockRoutes>[0] = {}) {
  let current = user;
  const mocked = mockRoutes({
    ...signedInAs('administrador'),
    ...OPTIONS,
    ...routes,
    'GET /v1/usuarios/:id': () => ({ body: current }),
    'PATCH /v1/usuarios/:id': (call) => {
      current = { ...current, ...(call.body as Partial<typeof current>) };
      return { body: current };
    },
  });
  renderPage(<UserDetailPage />, { path: `/dashboard/users/${user.id}`, routePath: '/dashboard/users/:id' });
  return mocked;
}

describe('/dashboard/users', () => {
  it('loads the first page sorted by apellidos and shows RUT, dates and state', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { calls } = mockRoutes({
      ...signedInAs('administrador'),
      ...OPTIONS,
      'GET /v1/usuarios': async () => {
        await gate;
        return { body: page([makeUser(), makeUser({ id: 'x2', nombre: 'Tomás', apellidos: 'Vidal', rut: '9.876.543-3', activo: false })], 60) };
      },
    });
    renderPage(<UsersPage />, { path: '/dashboard/users' });
    expect(await screen.findByRole('status', { name: 'Cargando usuarios' })).toBeInTheDocument();
    release();
    const table = await screen.findByRole('table', { name: 'Usuarios' });
    expect(within(table).getByRole('link', { name: 'Valentina Sepúlveda Hernández' })).toHaveAttribute('href', '/dashboard/users/a0000000-0000-4000-8000-000000000001');
    expect(within(table).getByText('12.345.678-5')).toBeInTheDocument();
    expect(within(table).getAllByText('01-03-2024')).toHaveLength(2);
    expect(within(table).getByText('Inactivo')).toBeInTheDocument();
    expect(screen.getByText('1–2 de 60')).toBeInTheDocument();
    const list = calls.find((c) => c.path === '/v1/usuarios')!;
    expect(Object.fromEntries(list.url.searchParams)).toMatchObject({ page: '1', pageSize: '25', sort: 'apellidos', order: 'asc' });
    expect(list.headers.get('authorization')).toBe('Bearer tok-1');
    expect(screen.getByRole('button', { name: 'Exportar Excel' })).toBeEnabled();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Registrar usuario' })).toHaveAttribute('href', '/dashboard/users/register');
  });

  it('sends the search to the server and offers to clear it when nothing matches', async () => {
    const { calls } = mockRoutes({
      ...signedInAs('administrador'),
      ...OPTIONS,
      'GET /v1/usuarios': (call) => ({ body: call.url.searchParams.get('q') ? page([]) : page([makeUser()]) }),
    });
    renderPage(<UsersPage />, { path: '/dashboard/users' });
    await screen.findByRole('table', { name: 'Usuarios' });
    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: 'Buscar' }), '11.111{Enter}');
    expect(await screen.findByText('Nadie coincide con la búsqueda')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/v1/usuarios' && c.url.searchParams.get('q') === '11.111')).toBe(true);
    await user.click(screen.getAllByRole('button', { name: 'Limpiar filtros' })[0]!);
    expect(await screen.findByRole('table', { name: 'Usuarios' })).toBeInTheDocument();
  });

  it('shows the empty state of a company without users', async () => {
    mockRoutes({ ...signedInAs('administrador'), ...OPTIONS, 'GET /v1/usuarios': () => ({ body: page([]) }) });
    renderPage(<UsersPage />, { path: '/dashboard/users' });
    expect(await screen.findByText('Todavía no hay usuarios')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Exportar Excel' })).toBeDisabled();
  });

  it('shows the error and retries', async () => {
    let fail = true;
    mockRoutes({
      ...signedInAs('administrador'),
      ...OPTIONS,
      'GET /v1/usuarios': () => (fail ? apiError(500, 'INTERNAL', 'El servidor tuvo un problema.') : { body: page([makeUser()]) }),
    });
    renderPage(<UsersPage />, { path: '/dashboard/users' });
    expect(await screen.findByRole('alert', {}, { timeout: 4000 })).toHaveTextContent('El servidor tuvo un problema.');
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('table', { name: 'Usuarios' })).toBeInTheDocument();
  });

  it('a supervisor gets the list of their members without "Registrar usuario"', async () => {
    mockRoutes({ ...signedInAs('supervisor'), ...OPTIONS, 'GET /v1/usuarios': () => ({ body: page([makeUser()]) }) });
    renderPage(<UsersPage />, { path: '/dashboard/users' });
    await screen.findByRole('table', { name: 'Usuarios' });
    expect(screen.getByText('Las personas de los grupos que lideras.')).toBeInTheDocument();
    expect(within(screen.getByRole('main')).queryByRole('link', { name: 'Registrar usuario' })).not.toBeInTheDocument();
  });
});

describe('the invitations banner of /dashboard/users', () => {
  const STATUS = { pendientes: 3, enviadasHoy: 0, maximoDiario: 200, correoEmpresa: 'contacto@losandes.cl', correoConfirmado: false };

  it('asks to confirm the company e-mail and sends the link again, saying when it cannot', async () => {
    let resends = 0;
    const { calls } = mockRoutes({
      ...signedInAs('administrador'),
      ...OPTIONS,
      'GET /v1/usuarios': () => ({ body: page([makeUser()]) }),
      'GET /v1/usuarios/invitaciones': () => ({ body: STATUS }),
      'POST /v1/empresa/confirmacion-correo': () =>
        ++resends === 1
          ? { body: { ok: true, email: 'contacto@losandes.cl', message: 'Te enviamos a contacto@losandes.cl un nuevo enlace para confirmar el correo de la empresa. Vence en 72 horas.' } }
          : apiError(429, 'RATE_LIMITED', 'Ya enviamos el correo de confirmación a contacto@losandes.cl hace menos de un minuto. Revisa la bandeja de entrada y la carpeta de spam antes de pedir otro.'),
    });
    renderPage(<UsersPage />, { path: '/dashboard/users' });
    const banner = await screen.findByRole('status', { name: 'Falta confirmar el correo de la empresa' });
    expect(banner).toHaveTextContent('Confirma el correo de la empresa (contacto@losandes.cl) para enviar las invitaciones pendientes. Hay 3 invitaciones esperando.');
    const u = userEvent.setup();
    await u.click(within(banner).getByRole('button', { name: 'Reenviar correo de confirmación' }));
    expect(await screen.findByText('Te enviamos a contacto@losandes.cl un nuevo enlace para confirmar el correo de la empresa. Vence en 72 horas.')).toBeInTheDocument();
    await u.click(within(banner).getByRole('button', { name: 'Reenviar correo de confirmación' }));
    expect(await screen.findByText(/hace menos de un minuto/)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/v1/empresa/confirmacion-correo')).toHaveLength(2);
  });

  it('says when the daily maximum holds invitations back', async () => {
    mockRoutes({
      ...signedInAs('administrador'),
      ...OPTIONS,
      'GET /v1/usuarios': () => ({ body: page([makeUser()]) }),
      'GET /v1/usuarios/invitaciones': () => ({ body: { ...STATUS, pendientes: 50, enviadasHoy: 200, correoConfirmado: true } }),
    });
    renderPage(<UsersPage />, { path: '/dashboard/users' });
    expect(await screen.findByRole('status', { name: 'Invitaciones pendientes' })).toHaveTextContent(
      '50 invitaciones se enviarán mañana: el máximo es de 200 invitaciones por día por empresa.',
    );
  });

  it('shows nothing when nothing waits', async () => {
    const { calls } = mockRoutes({
      ...signedInAs('administrador'),
      ...OPTIONS,
      'GET /v1/usuarios': () => ({ body: page([makeUser()]) }),
      'GET /v1/usuarios/invitaciones': () => ({ body: { ...STATUS, pendientes: 0, correoConfirmado: true } }),
    });
    renderPage(<UsersPage />, { path: '/dashboard/users' });
    await screen.findByRole('table', { name: 'Usuarios' });
    await waitFor(() => expect(calls.some((c) => c.path === '/v1/usuarios/invitaciones')).toBe(true));
    expect(screen.queryByRole('status', { name: /Invitaciones pendientes|correo de la empresa/ })).not.toBeInTheDocument();
  });

  it('is not asked for by a supervisor', async () => {
    const { calls } = mockRoutes({ ...signedInAs('supervisor'), ...OPTIONS, 'GET /v1/usuarios': () => ({ body: page([makeUser()]) }) });
    renderPage(<UsersPage />, { path: '/dashboard/users' });
    await screen.findByRole('table', { name: 'Usuarios' });
    expect(calls.some((c) => c.path === '/v1/usuarios/invitaciones')).toBe(false);
  });
});

describe('/dashboard/users/register', () => {
  it('validates on the client with the contracts’ messages', async () => {
    const { calls } = mockRoutes({ ...signedInAs('administrador'), ...OPTIONS });
    renderPage(<RegisterUserPage />, { path: '/dashboard/users/register' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Registrar usuario' }));
    expect(await screen.findByText('Ingresa el nombre.')).toBeInTheDocument();
    expect(screen.getByText('Ingresa los apellidos.')).toBeInTheDocument();
    expect(screen.getByText('El RUT no es válido.')).toBeInTheDocument();
    expect(screen.getByText('El correo electrónico no es válido.')).toBeInTheDocument();
    expect(screen.getByText('Ingresa la fecha de inicio de contrato.')).toBeInTheDocument();
    // Recognised years for the progressive vacation: 0 to 60 are recorded (only 10 count, the help says).
    const years = screen.getByRole('textbox', { name: 'Años trabajados con empleadores anteriores (art. 68)' });
    expect(years).toHaveValue('0');
    expect(screen.getByText('Acreditados con certificado; para el feriado progresivo solo cuentan 10')).toBeInTheDocument();
    await user.clear(years);
    await user.type(years, '61');
    await user.click(screen.getByRole('button', { name: 'Registrar usuario' }));
    expect(await screen.findByText('Los años trabajados con empleadores anteriores no pueden superar 60.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/v1/usuarios')).toBe(false);
  });

  it('sends the user, shows the server’s field error on its field, then succeeds with a link to the new user', async () => {
    // Only the date is fixed (timers stay real): 4 May 2026, when Ley 21.561's limit is 42 hours.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-05-04T15:00:00Z') });
    let taken = true;
    const { calls } = mockRoutes({
      ...signedInAs('administrador'),
      ...OPTIONS,
      'POST /v1/usuarios': () =>
        taken
          ? apiError(409, 'CONFLICT', 'Ya existe un usuario con ese RUT.', { rut: 'Ya existe un usuario con ese RUT.' })
          : {
              status: 201,
              body: {
                ...makeUser({ id: 'new-1', nombre: 'Ana', apellidos: 'Pérez', email: 'ana@example.cl' }),
                invitaciones: { enviadas: 1, pendientes: 0, mensaje: 'Se envió la invitación para crear la contraseña.' },
              },
            },
    });
    renderPage(<RegisterUserPage />, { path: '/dashboard/users/register' });
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /^Nombre/ }), 'Ana');
    await user.type(screen.getByRole('textbox', { name: /^Apellidos/ }), 'Pérez');
    await user.type(screen.getByRole('textbox', { name: /^RUT/ }), '123456785');
    await user.type(screen.getByRole('textbox', { name: /^Correo electrónico/ }), 'ana@example.cl');
    // The weekly hours start at the legal limit in force today, which the server accepts.
    expect(screen.getByRole('textbox', { name: /^Horas semanales/ })).toHaveValue('42 h');
    await user.type(screen.getByRole('textbox', { name: /^Inicio de contrato/ }), '01-03-2025');
    await user.tab();
    const years = screen.getByRole('textbox', { name: /^Años trabajados con empleadores anteriores/ });
    await user.clear(years);
    await user.type(years, '12');
    // A retail worker: excepted from Sunday rest (art. 38), off by default.
    const sundays = screen.getByRole('switch', { name: /^Exceptuado del descanso dominical \(art\. 38\)/ });
    expect(sundays).not.toBeChecked();
    await user.click(sundays);
    // Excepted from a date (moved to a store open on Sundays), to the end of the contract; a last day before the first is refused before sending.
    await user.type(screen.getByRole('textbox', { name: /^Exceptuado desde/ }), '01-06-2025');
    const exceptionTo = screen.getByRole('textbox', { name: /^Exceptuado hasta/ });
    await user.type(exceptionTo, '31-05-2025');
    await user.click(screen.getByRole('button', { name: 'Registrar usuario' }));
    expect(await screen.findByText('El término de la excepción del descanso dominical no puede ser anterior a su inicio.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/v1/usuarios')).toBe(false);
    await user.clear(exceptionTo);
    // A branch manager: excluded from the hours limit (art. 22 inc. 2), off by default, beside the art. 38 switch.
    const excluded = screen.getByRole('switch', { name: /^Excluido de la limitación de jornada \(art\. 22 inc\. 2\)/ });
    expect(excluded).not.toBeChecked();
    expect(screen.getByText(/quien trabaja sin fiscalización superior inmediata: sin límite de horas, atrasos ni horas extra/)).toBeInTheDocument();
    await user.click(excluded);
    await user.click(screen.getByRole('button', { name: 'Registrar usuario' }));

    expect(await screen.findByText('Ya existe un usuario con ese RUT.')).toBeInTheDocument();
    const sent = calls.find((c) => c.method === 'POST' && c.path === '/v1/usuarios')!.body as Record<string, unknown>;
    expect(sent).toMatchObject({
      nombre: 'Ana',
      apellidos: 'Pérez',
      rut: '12.345.678-5',
      email: 'ana@example.cl',
      perfil: 'trabajador',
      horasSemanales: 42,
      metodosMarcaje: ['web'],
      inicioContrato: '2025-03-01',
      finContrato: null,
      sueldoBase: null,
      aniosReconocidosAnteriores: 12,
      exceptuadoDescansoDominical: true,
      exceptuadoDescansoDominicalDesde: '2025-06-01',
      exceptuadoDescansoDominicalHasta: null,
      excluidoLimiteJornada: true,
    });
    expect(sent).not.toHaveProperty('password');

    taken = false;
    await user.click(screen.getByRole('button', { name: 'Registrar usuario' }));
    expect(await screen.findByRole('link', { name: 'Ver ficha de Ana' })).toHaveAttribute('href', '/dashboard/users/new-1');
    expect(screen.getByRole('status', { name: 'Usuario registrado' })).toHaveTextContent('Ana Pérez recibirá un correo en ana@example.cl para crear su contraseña.');
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Nombre/ })).toHaveValue(''));
  });

  it("records the parents' rights of the contract (art. 27 band, art. 206 feeding hour), checked in Spanish before sending", async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-05-04T15:00:00Z') });
    const { calls } = mockRoutes({
      ...signedInAs('administrador'),
      ...OPTIONS,
      'POST /v1/usuarios': () => ({
        status: 201,
        body: { ...makeUser({ id: 'new-2' }), invitaciones: { enviadas: 1, pendientes: 0, mensaje: 'Se envió la invitación para crear la contraseña.' } },
      }),
    });
    renderPage(<RegisterUserPage />, { path: '/dashboard/users/register' });
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /^Nombre/ }), 'Lucía');
    await user.type(screen.getByRole('textbox', { name: /^Apellidos/ }), 'López');
    await user.type(screen.getByRole('textbox', { name: /^RUT/ }), '123456785');
    await user.type(screen.getByRole('textbox', { name: /^Correo electrónico/ }), 'lucia@example.cl');
    await user.type(screen.getByRole('textbox', { name: /^Inicio de contrato/ }), '01-03-2025');
    expect(screen.getByText(/Madres y padres de niños de hasta 12 años \(Ley 21\.561\)/)).toBeInTheDocument();
    const band = screen.getByRole('textbox', { name: /^Banda de inicio flexible \(art\. 27\)/ });
    await user.type(band, '150');
    await user.click(screen.getByRole('button', { name: 'Registrar usuario' }));
    expect(await screen.findByText('La banda de inicio flexible no puede superar 120 minutos (art. 27: dos horas en total).')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/v1/usuarios')).toBe(false);
    await user.clear(band);
    await user.type(band, '60');
    await user.type(screen.getByRole('textbox', { name: /^Derecho a alimentación hasta \(art\. 206\)/ }), '15-01-2027');
    await user.tab();
    await user.click(screen.getByRole('combobox', { name: /^Uso de la hora de alimentación/ }));
    await user.click(await screen.findByRole('option', { name: /^Dividida/, hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Registrar usuario' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/v1/usuarios')).toBe(true));
    expect(calls.find((c) => c.method === 'POST' && c.path === '/v1/usuarios')!.body).toMatchObject({
      bandaInicioFlexibleMinutos: 60,
      derechoAlimentacionHasta: '2027-01-15',
      derechoAlimentacionModo: 'dividido',
    });
  }, 30_000);

  it('says when the new user’s invitation waits, and why', async () => {
    const mensaje = 'La invitación se enviará cuando se confirme el correo de la empresa (contacto@losandes.cl) con el enlace que le enviamos.';
    mockRoutes({
      ...signedInAs('administrador'),
      ...OPTIONS,
      'POST /v1/usuarios': () => ({
        status: 201,
        body: { ...makeUser({ id: 'new-2', nombre: 'Luis', apellidos: 'Mora', email: 'luis@example.cl' }), invitaciones: { enviadas: 0, pendientes: 1, mensaje } },
      }),
    });
    renderPage(<RegisterUserPage />, { path: '/dashboard/users/register' });
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /^Nombre/ }), 'Luis');
    await user.type(screen.getByRole('textbox', { name: /^Apellidos/ }), 'Mora');
    await user.type(screen.getByRole('textbox', { name: /^RUT/ }), '123456785');
    await user.type(screen.getByRole('textbox', { name: /^Correo electrónico/ }), 'luis@example.cl');
    await user.type(screen.getByRole('textbox', { name: /^Inicio de contrato/ }), '01-03-2025');
    await user.tab();
    await user.click(screen.getByRole('button', { name: 'Registrar usuario' }));
    expect(await screen.findByRole('status', { name: 'Usuario registrado' })).toHaveTextContent(`Luis Mora recibirá en luis@example.cl el correo para crear su contraseña. ${mensaje}`);
  });

  it('tells after a bulk upload how many invitations went out and how many wait', async () => {
    const result = {
      archivo: 'usuarios.csv',
      valido: true,
      aplicado: false,
      resumen: { totalFilas: 250, crear: 250, actualizar: 0, sinCambios: 0, conErrores: 0 },
      filas: [],
      errores: [],
    };
    const mensaje = 'Se enviaron 200 invitaciones; las otras 50 se enviarán mañana: el máximo es de 200 invitaciones por día por empresa.';
    mockRoutes({
      ...signedInAs('administrador'),
      ...OPTIONS,
      'POST /v1/usuarios/carga-masiva/vista-previa': () => ({ body: result }),
      'POST /v1/usuarios/carga-masiva': () => ({ body: { ...result, aplicado: true, invitaciones: { enviadas: 200, pendientes: 50, mensaje } } }),
    });
    renderPage(<RegisterUserPage />, { path: '/dashboard/users/register?tab=masivo' });
    const user = userEvent.setup();
    await screen.findByRole('button', { name: /Archivo Excel o CSV/ });
    await user.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, new File(['RUT;Nombre\n'], 'usuarios.csv', { type: 'text/csv' }));
    await user.click(await screen.findByRole('button', { name: 'Confirmar carga' }));
    const done = await screen.findByRole('status', { name: 'Carga completada' });
    expect(done).toHaveTextContent('Se crearon 250.');
    expect(done).toHaveTextContent(mensaje);
  });
});

describe('/dashboard/users/:id', () => {
  it('shows the user with money and dates formatted, and deactivates at the end of the contract', async () => {
    let user = makeUser({ sueldoBase: 1234567, aniosReconocidosAnteriores: 7 });
    const { calls } = mockRoutes({
      ...signedInAs('administrador'),
      ...OPTIONS,
      'GET /v1/usuarios/:id': () => ({ body: user }),
      'POST /v1/usuarios/:id/desactivar': (call) => {
        user = { ...user, activo: false, finContrato: (call.body as { finContrato: string }).finContrato, desactivadoEn: '2025-03-10T15:00:00.000Z' };
        return { body: user };
      },
    });
    renderPage(<UserDetailPage />, { path: `/dashboard/users/${user.id}`, routePath: '/dashboard/users/:id' });
    expect(await screen.findByRole('heading', { name: 'Valentina Sepúlveda Hernández', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('$ 1.234.567')).toBeInTheDocument();
    expect(screen.getByText('01-03-2024')).toBeInTheDocument();
    expect(screen.getByText('Años con empleadores anteriores (art. 68)').nextSibling).toHaveTextContent('7');

    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Desactivar (finiquito)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Desactivar por finiquito' });
    await u.click(within(dialog).getByRole('button', { name: 'Desactivar usuario' }));
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/desactivar'))).toBe(true));
    const body = calls.find((c) => c.path.endsWith('/desactivar'))!.body as { finContrato: string };
    expect(body.finContrato).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await screen.findByText('Usuario inactivo')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reactivar' })).toBeInTheDocument();
  });

  it('shows whether the worker is excluded from the hours limit (art. 22 inc. 2) and sends the change from the edit drawer', async () => {
    const { calls } = editUserPage(makeUser({ id: 'u2', perfil: 'trabajador', grupo: null, horasSemanales: 42, excluidoLimiteJornada: false }));
    expect(await screen.findByText('Limitación de jornada', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('Limitación de jornada').nextSibling).toHaveTextContent('Afecto a la jornada pactada');
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Editar' }));
    const drawer = await screen.findByRole('form', { name: 'Editar usuario' });
    const excluded = within(drawer).getByRole('switch', { name: /^Excluido de la limitación de jornada \(art\. 22 inc\. 2\)/ });
    expect(excluded).not.toBeChecked();
    await u.click(excluded);
    await u.click(within(drawer).getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')!.body).toMatchObject({ excluidoLimiteJornada: true });
    await waitFor(() =>
      expect(screen.getByText('Limitación de jornada').nextSibling).toHaveTextContent('Excluido (art. 22 inc. 2): sin límite de horas, atrasos ni horas extra; sus marcas se registran'),
    );
  }, 30_000);

  it('shows the exceptional schedule in force and where it comes from; editing does not make the group’s their own (art. 38)', async () => {
    const current = makeUser({ id: 'u4', perfil: 'trabajador', horasSemanales: 42, grupo: { id: 'a1000000-0000-4000-8000-000000000001', nombre: 'Bodega' }, jornadaExcepcional: { id: 'a2000000-0000-4000-8000-000000000002', nombre: '7x7 · Res. 123', origen: 'grupo' } });
    const { calls } = editUserPage(current, { 'GET /v1/jornadas-excepcionales': () => ({ body: { items: [] } }) });
    expect(await screen.findByText('Jornada excepcional (art. 38)', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('Jornada excepcional (art. 38)').nextSibling).toHaveTextContent('7x7 · Res. 123 (por su grupo Bodega)');
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Editar' }));
    const drawer = await screen.findByRole('form', { name: 'Editar usuario' });
    await u.click(within(drawer).getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect((calls.find((c) => c.method === 'PATCH')!.body as { jornadaExcepcionalId?: unknown }).jornadaExcepcionalId ?? null).toBeNull();
  }, 30_000);

  it('records an averaged distribution pact (art. 22 bis), checked in Spanish, and shows it', async () => {
    const { calls } = editUserPage(makeUser({ id: 'u3', perfil: 'trabajador', grupo: null, horasSemanales: 42 }));
    expect(await screen.findByText('Jornada promedio (art. 22 bis)', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('Jornada promedio (art. 22 bis)').nextSibling).toHaveTextContent('Sin pacto: cada semana por separado');
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Editar' }));
    const drawer = await screen.findByRole('form', { name: 'Editar usuario' });
    expect(within(drawer).queryByRole('textbox', { name: /^Inicio del pacto/ })).toBeNull();
    await u.click(within(drawer).getByRole('combobox', { name: /^Ciclo de la jornada promedio/ }));
    await u.click(await screen.findByRole('option', { name: '2 semanas', hidden: true }));
    const desde = within(drawer).getByRole('textbox', { name: /^Inicio del pacto \(lunes\)/ });
    await u.type(desde, '03-06-2026');
    await u.tab();
    await u.click(within(drawer).getByRole('button', { name: 'Guardar cambios' }));
    expect(await within(drawer).findByText('El pacto de jornada promedio empieza un lunes: su primer ciclo parte ese día.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
    await u.clear(desde);
    await u.type(desde, '01-06-2026');
    await u.tab();
    await u.click(within(drawer).getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')!.body).toMatchObject({ jornadaPromedio: { semanasCiclo: 2, desde: '2026-06-01', hasta: null } });
    await waitFor(() =>
      expect(screen.getByText('Jornada promedio (art. 22 bis)').nextSibling).toHaveTextContent(
        'Ciclos de 2 semanas desde el 01-06-2026: la planificación y lo trabajado se revisan contra el promedio del ciclo; horas extra y atrasos, por ciclo',
      ),
    );
  }, 30_000);

  it('a trabajador opens their own data at /dashboard/users/me, read-only', async () => {
    const { calls } = mockRoutes({ ...signedInAs('trabajador'), 'GET /v1/usuarios/:id': () => ({ body: makeUser({ id: 'u1' }) }) });
    renderPage(<UserDetailPage />, { path: '/dashboard/users/me', routePath: '/dashboard/users/:id' });
    expect(await screen.findByRole('heading', { name: 'Mis datos', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('valentina@example.cl')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/v1/usuarios/u1')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Editar' })).not.toBeInTheDocument();
  });

  it('an administrator changing their own e-mail re-enters their password', async () => {
    const self = makeUser({ id: 'u1', perfil: 'administrador', email: 'camila@example.cl', rut: '12.345.678-5', grupo: null });
    const { calls } = mockRoutes({
      ...signedInAs('administrador'),
      ...OPTIONS,
      'GET /v1/usuarios/:id': () => ({ body: self }),
      'PATCH /v1/usuarios/:id': (call) =>
        (call.body as { passwordActual?: string }).passwordActual === 'mi-clave-2026'
          ? { body: { ...self, email: 'nuevo@example.cl' } }
          : apiError(400, 'VALIDATION', 'Hay un error en la data ingresada. Revisa los campos marcados.', { passwordActual: 'La contraseña actual no es correcta.' }),
    });
    renderPage(<UserDetailPage />, { path: '/dashboard/users/u1', routePath: '/dashboard/users/:id' });
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Editar' }, { timeout: 15_000 }));
    const drawer = await screen.findByRole('form', { name: 'Editar usuario' });
    expect(within(drawer).queryByLabelText(/Tu contraseña actual/)).not.toBeInTheDocument();
    const email = within(drawer).getByRole('textbox', { name: /Correo electrónico/ });
    await u.clear(email);
    await u.type(email, 'nuevo@example.cl');
    const password = within(drawer).getByLabelText(/Tu contraseña actual/);
    // Beside the changed field (under the e-mail's row, before Teléfono), not at the end of the form.
    expect(within(within(drawer).getByRole('group', { name: 'Datos personales' })).getByLabelText(/Tu contraseña actual/)).toBe(password);
    expect(email.compareDocumentPosition(password) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(password.compareDocumentPosition(within(drawer).getByRole('textbox', { name: 'Teléfono' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await u.type(password, 'equivocada');
    await u.click(within(drawer).getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1));
    expect(await within(drawer).findByText('La contraseña actual no es correcta.')).toBeInTheDocument();
    await u.clear(password);
    await u.type(password, 'mi-clave-2026');
    await u.click(within(drawer).getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'PATCH').at(-1)!.body).toMatchObject({ email: 'nuevo@example.cl', passwordActual: 'mi-clave-2026' });
  }, 60_000);

  it('shows another administrator’s RUT and e-mail as read-only in the edit drawer', async () => {
    mockRoutes({ ...signedInAs('administrador'), ...OPTIONS, 'GET /v1/usuarios/:id': () => ({ body: makeUser({ id: 'u2', perfil: 'administrador', email: 'otro@example.cl' }) }) });
    renderPage(<UserDetailPage />, { path: '/dashboard/users/u2', routePath: '/dashboard/users/:id' });
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Editar' }, { timeout: 15_000 }));
    const drawer = await screen.findByRole('form', { name: 'Editar usuario' });
    expect(within(drawer).getByRole('textbox', { name: /Correo electrónico/ })).toHaveAttribute('readonly');
    expect(within(drawer).getByText('Solo este administrador puede cambiar su correo')).toBeInTheDocument();
  }, 30_000);

  it('shows the principal administrator’s identity and contract read-only to another administrator, and does not send them', async () => {
    const principal = makeUser({ id: 'u2', perfil: 'administrador', principal: true, email: 'principal@example.cl', grupo: null });
    const { calls } = mockRoutes({
      ...signedInAs('administrador'),
      ...OPTIONS,
      'GET /v1/usuarios/:id': () => ({ body: principal }),
      'PATCH /v1/usuarios/:id': () => ({ body: { ...principal, cargo: 'Gerenta general' } }),
    });
    renderPage(<UserDetailPage />, { path: '/dashboard/users/u2', routePath: '/dashboard/users/:id' });
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Editar' }, { timeout: 15_000 }));
    const drawer = await screen.findByRole('form', { name: 'Editar usuario' });
    for (const name of ['Nombre', 'Apellidos', /Correo personal/, 'Número de contrato']) {
      expect(within(drawer).getByRole('textbox', { name })).toHaveAttribute('readonly');
    }
    expect(within(drawer).getByRole('textbox', { name: /Fin de contrato/ })).toHaveAttribute('readonly');
    expect(within(drawer).getAllByText('Solo el administrador principal puede cambiarlo').length).toBeGreaterThan(5);
    const cargo = within(drawer).getByRole('textbox', { name: 'Cargo' });
    await u.clear(cargo);
    await u.type(cargo, 'Gerenta general');
    await u.click(within(drawer).getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1));
    const body = calls.find((c) => c.method === 'PATCH')!.body as Record<string, unknown>;
    expect(body.cargo).toBe('Gerenta general');
    expect(within(drawer).getByRole('textbox', { name: /^Años trabajados con empleadores anteriores/ })).toHaveAttribute('readonly');
    for (const key of ['nombre', 'rut', 'email', 'emailPersonal', 'horasSemanales', 'sueldoBase', 'aniosReconocidosAnteriores', 'exceptuadoDescansoDominical', 'excluidoLimiteJornada', 'metodosMarcaje', 'inicioContrato', 'finContrato', 'perfil']) {
      expect(body).not.toHaveProperty(key);
    }
  }, 30_000);

  it('lets the principal hand the role to another active administrator, with their password', async () => {
    const me = makeUser({ id: 'u1', perfil: 'administrador', principal: true, grupo: null });
    const other = makeUser({ id: 'u3', perfil: 'administrador', principal: false, nombre: 'Rodrigo', apellidos: 'Mena', grupo: null });
    const { calls } = mockRoutes({
      ...signedInAs('administrador'),
      ...OPTIONS,
      'GET /v1/usuarios/:id': (call) => ({ body: call.path.endsWith('/u1') ? me : other }),
      'POST /v1/usuarios/:id/transferir-principal': (call) =>
        (call.body as { passwordActual: string }).passwordActual === 'mi-clave-2026'
          ? { body: { ...other, principal: true } }
          : { status: 400, body: { error: { code: 'VALIDATION', message: 'Revisa los campos marcados.', fields: { passwordActual: 'La contraseña actual no es correcta.' } } } },
    });
    renderPage(<UserDetailPage />, { path: '/dashboard/users/u3', routePath: '/dashboard/users/:id' });
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Transferir rol principal' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Transferir el rol de administrador principal' });
    const password = within(dialog).getByLabelText(/Tu contraseña actual/);
    await u.type(password, 'equivocada');
    await u.click(within(dialog).getByRole('button', { name: 'Transferir rol' }));
    expect(await within(dialog).findByText('La contraseña actual no es correcta.')).toBeInTheDocument();
    await u.clear(password);
    await u.type(password, 'mi-clave-2026');
    await u.click(within(dialog).getByRole('button', { name: 'Transferir rol' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Transferir el rol de administrador principal' })).not.toBeInTheDocument());
    const posts = calls.filter((c) => c.method === 'POST' && c.path.endsWith('/transferir-principal'));
    expect(posts.map((c) => [c.path, c.body])).toEqual([
      ['/v1/usuarios/u3/transferir-principal', { passwordActual: 'equivocada' }],
      ['/v1/usuarios/u3/transferir-principal', { passwordActual: 'mi-clave-2026' }],
    ]);
  }, 30_000);

  it('offers the transfer to nobody but the principal', async () => {
    mockRoutes({
      ...signedInAs('administrador'),
      ...OPTIONS,
      'GET /v1/usuarios/:id': (call) => ({ body: makeUser({ id: call.path.split('/').at(-1)!, perfil: 'administrador', principal: false, grupo: null }) }),
    });
    renderPage(<UserDetailPage />, { path: '/dashboard/users/u3', routePath: '/dashboard/users/:id' });
    expect(await screen.findByRole('button', { name: 'Editar' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Transferir rol principal' })).not.toBeInTheDocument();
  }, 30_000);
});
