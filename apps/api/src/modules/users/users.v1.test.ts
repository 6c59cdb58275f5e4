import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITATION_TTL_MS } from '@jornada/contracts';
import { formatRut } from '@jornada/domain';
import { sites, users } from '../../db/schema/index';
import { readSpreadsheet } from '../../lib/spreadsheet/index';
import { createTestApp, type TestApp } from '../../test/app';
import { dotted, uniqueRut } from '../../test/factories';
import { addPerson, companyWithAdmin } from '../../test/people';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const body = (overrides: Record<string, unknown> = {}) => ({
  nombre: 'Ana María',
  apellidos: 'Pérez Soto',
  cargo: 'Cajera',
  rut: dotted(uniqueRut()),
  email: `ana${Math.random().toString(36).slice(2, 8)}@empresa.cl`,
  emailPersonal: 'ana.personal@gmail.com',
  perfil: 'trabajador',
  horasSemanales: 44,
  sueldoBase: 650_000,
  metodosMarcaje: ['web', 'huella'],
  inicioContrato: '2025-01-02',
  ...overrides,
});

async function waitForMail(count: number) {
  for (let i = 0; i < 100 && t.mailer.sent.length < count; i++) await new Promise((r) => setTimeout(r, 10));
  return t.mailer.sent[count - 1]!;
}

describe('POST /api/v1/usuarios', () => {
  it('registers a user without password and e-mails a 72-hour link that sets it', async () => {
    const { admin, razonSocial } = await companyWithAdmin(t.app);
    const sent = t.mailer.sent.length;
    const input = body();
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/usuarios', headers: admin.headers, payload: input });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      rut: formatRut(input.rut),
      nombre: 'Ana María',
      perfil: 'trabajador',
      emailPersonal: 'ana.personal@gmail.com',
      horasSemanales: 44,
      sueldoBase: 650_000,
      metodosMarcaje: ['web', 'huella'],
      activo: true,
      claveDefinida: false,
      grupo: null,
      sede: null,
      invitaciones: { enviadas: 1, pendientes: 0, mensaje: 'Se envió la invitación para crear la contraseña.' },
    });

    const mail = await waitForMail(sent + 1);
    expect(mail.to).toBe(input.email);
    // A fixed subject; the names, the company's text, only quoted in the body.
    expect(mail.subject).toBe('Tu cuenta en Jornada');
    expect(mail.text).toContain(`La empresa «${razonSocial}» te registró en Jornada`);
    expect(mail.text).toContain('con el nombre «Ana María Pérez Soto»');
    expect(mail.text).toContain('Vence en 72 horas');
    const token = /\/reset-password\/([\w-]+)/.exec(mail.text)![1]!;
    expect(mail.text).toContain(`http://jornada.test/reset-password/${token}`);

    // No password yet: sign-in fails like any wrong password.
    const before = await t.app.inject({ method: 'POST', url: '/api/usuarios/auth', payload: { rut: input.rut, password: 'lo-que-sea-1' } });
    expect(before.statusCode).toBe(401);

    t.clock.advance(INVITATION_TTL_MS - 60_000);
    const reset = await t.app.inject({ method: 'POST', url: '/api/v1/auth/reset-password', payload: { token, password: 'mi-clave-nueva' } });
    expect(reset.statusCode, reset.body).toBe(200);
    const signIn = await t.app.inject({ method: 'POST', url: '/api/usuarios/auth', payload: { rut: input.rut, password: 'mi-clave-nueva' } });
    expect(signIn.statusCode).toBe(200);
  });

  it('lets the invitation link expire after 72 hours', async () => {
    const { admin } = await companyWithAdmin(t.app);
    const sent = t.mailer.sent.length;
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/usuarios', headers: admin.headers, payload: body() })).statusCode).toBe(201);
    const token = /\/reset-password\/([\w-]+)/.exec((await waitForMail(sent + 1)).text)![1]!;
    t.clock.advance(INVITATION_TTL_MS);
    const reset = await t.app.inject({ method: 'POST', url: '/api/v1/auth/reset-password', payload: { token, password: 'mi-clave-nueva' } });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().error.code).toBe('RESET_TOKEN_INVALID');
  });

  it('checks the weekly hours against the legal limit by date, and allows part time', async () => {
    const { admin } = await companyWithAdmin(t.app);
    t.clock.set('2025-06-02T13:00:00Z');
    const over = await t.app.inject({ method: 'POST', url: '/api/v1/usuarios', headers: admin.headers, payload: body({ horasSemanales: 45 }) });
    expect(over.statusCode).toBe(400);
    expect(over.json().error.fields).toEqual({
      horasSemanales: 'Las horas semanales no pueden superar el máximo legal de 44 horas para este contrato (Ley 21.561).',
    });
    // A contract that started in 2023 and ended before Ley 21.561's first step was bound by 45 hours.
    const past = await t.app.inject({
      method: 'POST',
      url: '/api/v1/usuarios',
      headers: admin.headers,
      payload: body({ horasSemanales: 45, inicioContrato: '2023-01-02', finContrato: '2023-12-31' }),
    });
    expect(past.statusCode, past.body).toBe(201);
    // A contract starting after 2026-04-26 is bound by 42.
    const future = await t.app.inject({
      method: 'POST',
      url: '/api/v1/usuarios',
      headers: admin.headers,
      payload: body({ horasSemanales: 44, inicioContrato: '2026-05-04' }),
    });
    expect(future.json().error.fields.horasSemanales).toContain('42 horas');
    const partTime = await t.app.inject({ method: 'POST', url: '/api/v1/usuarios', headers: admin.headers, payload: body({ horasSemanales: 22.5 }) });
    expect(partTime.statusCode).toBe(201);
    expect(partTime.json().horasSemanales).toBe(22.5);
  });

  it('refuses a RUT already registered in the company, unknown references and non-administrators', async () => {
    const { admin, companyId } = await companyWithAdmin(t.app);
    const other = await companyWithAdmin(t.app);
    const input = body();
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/usuarios', headers: admin.headers, payload: input })).statusCode).toBe(201);
    const again = await t.app.inject({ method: 'POST', url: '/api/v1/usuarios', headers: admin.headers, payload: { ...input, rut: input.rut.replaceAll('.', '') } });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'CONFLICT', message: 'La empresa ya tiene un usuario con ese RUT.' });
    // Another company registers the same person (a second employer) as it would anyone else.
    const elsewhere = await t.app.inject({ method: 'POST', url: '/api/v1/usuarios', headers: other.admin.headers, payload: { ...input, email: 'otra.empresa@empresa.cl' } });
    expect(elsewhere.statusCode, elsewhere.body).toBe(201);

    const [foreignSite] = await t.database.db.insert(sites).values({ companyId: other.companyId, nombre: 'Ajena' }).returning();
    const foreign = await t.app.inject({ method: 'POST', url: '/api/v1/usuarios', headers: admin.headers, payload: body({ sedeId: foreignSite!.id }) });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.fields).toEqual({ sedeId: 'La sede no existe.' });

    const supervisor = await addPerson(t.app, t.database.db, companyId, 'supervisor');
    const refused = await t.app.inject({ method: 'POST', url: '/api/v1/usuarios', headers: supervisor.headers, payload: body() });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('No tienes permiso para realizar esta acción.');
  });

  it('validates the body with Spanish messages', async () => {
    const { admin } = await companyWithAdmin(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/usuarios',
      headers: admin.headers,
      payload: { nombre: '', apellidos: 'X', rut: '12.345.678-9', email: 'no', horasSemanales: 0, metodosMarcaje: [], inicioContrato: '2025-02-30', sueldoBase: 10.5 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toMatchObject({
      nombre: 'Ingresa el nombre.',
      rut: 'El RUT no es válido.',
      email: 'El correo electrónico no es válido.',
      horasSemanales: 'Las horas semanales deben ser mayores que cero.',
      metodosMarcaje: 'Elige al menos un método de marcaje.',
      inicioContrato: 'La fecha no existe en el calendario.',
      sueldoBase: 'El sueldo base va en pesos, sin decimales.',
    });
  });

  it('records the years with previous employers for the progressive vacation (art. 68): 0 by default, whole numbers from 0 to 60', async () => {
    const { admin } = await companyWithAdmin(t.app);
    const plain = await t.app.inject({ method: 'POST', url: '/api/v1/usuarios', headers: admin.headers, payload: body() });
    expect(plain.json().aniosReconocidosAnteriores).toBe(0);
    const created = await t.app.inject({ method: 'POST', url: '/api/v1/usuarios', headers: admin.headers, payload: body({ aniosReconocidosAnteriores: 12 }) });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/usuarios/${id}`, headers: admin.headers })).json().aniosReconocidosAnteriores).toBe(12);
    const patch = (value: unknown) => t.app.inject({ method: 'PATCH', url: `/api/v1/usuarios/${id}`, headers: admin.headers, payload: { aniosReconocidosAnteriores: value } });
    for (const [value, message] of [
      [61, 'Los años trabajados con empleadores anteriores no pueden superar 60.'],
      [-1, 'Los años trabajados con empleadores anteriores no pueden ser negativos.'],
      [2.5, 'Los años trabajados con empleadores anteriores van sin decimales.'],
      ['diez', 'Los años trabajados con empleadores anteriores deben ser un número.'],
      [null, 'Los años trabajados con empleadores anteriores deben ser un número.'],
    ] as const) {
      const refused = await patch(value);
      expect(refused.statusCode, String(value)).toBe(400);
      expect(refused.json().error.fields).toEqual({ aniosReconocidosAnteriores: message });
    }
    const refusedOnCreate = await t.app.inject({ method: 'POST', url: '/api/v1/usuarios', headers: admin.headers, payload: body({ aniosReconocidosAnteriores: 61 }) });
    expect(refusedOnCreate.json().error.fields.aniosReconocidosAnteriores).toBe('Los años trabajados con empleadores anteriores no pueden superar 60.');
    // More than ten are recorded as the certificate says; the vacation counts only ten.
    expect((await patch(60)).json().aniosReconocidosAnteriores).toBe(60);
  });
});

describe('GET /api/v1/usuarios', () => {
  it('searches by name without accents, by RUT in any format and by cargo, with filters, sort and pages', async () => {
    const { admin, companyId } = await companyWithAdmin(t.app);
    const rut = uniqueRut();
    await t.app.inject({ method: 'POST', url: '/api/v1/usuarios', headers: admin.headers, payload: body({ nombre: 'Íñigo', apellidos: 'Muñoz Araya', rut, cargo: 'Bodeguero' }) });
    for (let i = 0; i < 4; i++) {
      await t.app.inject({ method: 'POST', url: '/api/v1/usuarios', headers: admin.headers, payload: body({ apellidos: `Zúñiga ${i}`, perfil: 'supervisor' }) });
    }
    const get = (query: string) => t.app.inject({ method: 'GET', url: `/api/v1/usuarios?${query}`, headers: admin.headers });

    const byName = (await get('q=inigo%20munoz')).json();
    expect(byName.items.map((u: { nombre: string }) => u.nombre)).toEqual(['Íñigo']);
    const digits = rut.replace('-', '').slice(0, 7);
    expect((await get(`q=${digits}`)).json().items[0].rut).toBe(formatRut(rut));
    expect((await get(`q=${encodeURIComponent(formatRut(rut)!)}`)).json().total).toBe(1);
    expect((await get('q=bodeg')).json().total).toBe(1);

    const page = (await get('perfil=supervisor&sort=apellidos&order=desc&page=2&pageSize=3')).json();
    expect(page).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(page.items.map((u: { apellidos: string }) => u.apellidos)).toEqual(['Zúñiga 0']);

    const bad = await get('pageSize=500');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.pageSize).toBe('El tamaño de página no puede superar 100.');
    expect(companyId).toBeTruthy();
  });

  it('shows a supervisor only the members of the groups they lead, and refuses a trabajador', async () => {
    const { admin, companyId } = await companyWithAdmin(t.app);
    const led = (await t.app.inject({ method: 'POST', url: '/api/v1/grupos', headers: admin.headers, payload: { nombre: 'Liderado' } })).json();
    const other = (await t.app.inject({ method: 'POST', url: '/api/v1/grupos', headers: admin.headers, payload: { nombre: 'Ajeno' } })).json();
    const supervisor = await addPerson(t.app, t.database.db, companyId, 'supervisor');
    const mine = await addPerson(t.app, t.database.db, companyId, 'trabajador', { groupId: led.id });
    const notMine = await addPerson(t.app, t.database.db, companyId, 'trabajador', { groupId: other.id });
    await t.app.inject({ method: 'PUT', url: `/api/v1/grupos/${led.id}/lideres`, headers: admin.headers, payload: { liderIds: [supervisor.id] } });

    const list = (await t.app.inject({ method: 'GET', url: '/api/v1/usuarios', headers: supervisor.headers })).json();
    expect(list.items.map((u: { id: string }) => u.id)).toEqual([mine.id]);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/usuarios/${mine.id}`, headers: supervisor.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/usuarios/${notMine.id}`, headers: supervisor.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/usuarios/${supervisor.id}`, headers: supervisor.headers })).json().gruposLiderados).toEqual([
      { id: led.id, nombre: 'Liderado' },
    ]);

    expect((await t.app.inject({ method: 'GET', url: '/api/v1/usuarios', headers: mine.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/usuarios/${mine.id}`, headers: mine.headers })).statusCode).toBe(200);
    const peer = await t.app.inject({ method: 'GET', url: `/api/v1/usuarios/${notMine.id}`, headers: mine.headers });
    expect(peer.statusCode).toBe(404);
    expect(peer.json().error.message).toBe('El usuario no existe.');
  });
});

describe('PATCH /api/v1/usuarios/:id', () => {
  it('changes only the fields sent, clears with null, moves the RUT login, and guards perfiles', async () => {
    const { admin } = await companyWithAdmin(t.app);
    const created = (await t.app.inject({ method: 'POST', url: '/api/v1/usuarios', headers: admin.headers, payload: body() })).json();
    const newRut = uniqueRut();
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/usuarios/${created.id}`,
      headers: admin.headers,
      payload: { cargo: null, emailPersonal: '', rut: newRut, perfil: 'supervisor', sueldoBase: 700_000 },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ cargo: null, emailPersonal: null, rut: formatRut(newRut), perfil: 'supervisor', sueldoBase: 700_000, nombre: 'Ana María' });

    const self = await t.app.inject({ method: 'PATCH', url: `/api/v1/usuarios/${admin.id}`, headers: admin.headers, payload: { perfil: 'trabajador' } });
    expect(self.statusCode).toBe(400);
    expect(self.json().error.fields.perfil).toBe('El administrador principal no puede cambiar de perfil.');

    const hours = await t.app.inject({ method: 'PATCH', url: `/api/v1/usuarios/${created.id}`, headers: admin.headers, payload: { horasSemanales: 45 } });
    expect(hours.json().error.fields.horasSemanales).toContain('44 horas');
  });
});

describe('finiquito: desactivar and reactivar', () => {
  it('ends the contract, revokes sessions, refuses sign-in, keeps the record, and can be undone', async () => {
    const { admin, companyId } = await companyWithAdmin(t.app);
    t.clock.set('2025-06-02T13:00:00Z');
    const worker = await addPerson(t.app, t.database.db, companyId, 'trabajador');
    const future = await t.app.inject({ method: 'POST', url: `/api/v1/usuarios/${worker.id}/desactivar`, headers: admin.headers, payload: { finContrato: '2025-06-30' } });
    expect(future.statusCode).toBe(400);
    expect(future.json().error.fields.finContrato).toContain('no puede ser posterior a hoy');

    const done = await t.app.inject({
      method: 'POST',
      url: `/api/v1/usuarios/${worker.id}/desactivar`,
      headers: admin.headers,
      payload: { finContrato: '2025-05-31', motivo: 'Renuncia voluntaria' },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ activo: false, finContrato: '2025-05-31', motivoDesactivacion: 'Renuncia voluntaria', desactivadoEn: '2025-06-02T13:00:00.000Z' });

    const profile = await t.app.inject({ method: 'POST', url: '/api/usuarios/profile', headers: worker.headers });
    expect(profile.statusCode).toBe(401);
    const signIn = await t.app.inject({ method: 'POST', url: '/api/usuarios/auth', payload: { rut: worker.rut, password: 'clave-de-prueba-1' } });
    expect(signIn.statusCode).toBe(401);
    const inactive = (await t.app.inject({ method: 'GET', url: '/api/v1/usuarios?activo=false', headers: admin.headers })).json();
    expect(inactive.items.map((u: { id: string }) => u.id)).toEqual([worker.id]);
    const [row] = await t.database.db.select().from(users).where(and(eq(users.companyId, companyId), eq(users.id, worker.id)));
    expect(row).toMatchObject({ active: false, finContrato: '2025-05-31' });

    const twice = await t.app.inject({ method: 'POST', url: `/api/v1/usuarios/${worker.id}/desactivar`, headers: admin.headers, payload: { finContrato: '2025-05-31' } });
    expect(twice.json().error.message).toBe('El usuario ya está desactivado.');
    const selfOff = await t.app.inject({ method: 'POST', url: `/api/v1/usuarios/${admin.id}/desactivar`, headers: admin.headers, payload: { finContrato: '2025-05-31' } });
    expect(selfOff.json().error.message).toBe('No puedes desactivar tu propio usuario.');

    const back = await t.app.inject({ method: 'POST', url: `/api/v1/usuarios/${worker.id}/reactivar`, headers: admin.headers, payload: {} });
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ activo: true, finContrato: null, motivoDesactivacion: null });
    const again = await t.app.inject({ method: 'POST', url: '/api/usuarios/auth', payload: { rut: worker.rut, password: 'clave-de-prueba-1' } });
    expect(again.statusCode).toBe(200);
  });
});

describe('contract dates', () => {
  it('a missing start date says which date is required, and a badly written one names no aaaa-mm-dd format', async () => {
    const { admin } = await companyWithAdmin(t.app);
    for (const [inicioContrato, message] of [
      [undefined, 'Ingresa la fecha de inicio de contrato.'],
      ['', 'Ingresa la fecha de inicio de contrato.'],
      ['01-03-2025', 'La fecha no es válida.'],
    ] as const) {
      const response = await t.app.inject({ method: 'POST', url: '/api/v1/usuarios', headers: admin.headers, payload: body({ inicioContrato }) });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields.inicioContrato).toBe(message);
    }
  });
});

describe('GET /api/v1/usuarios/exportar', () => {
  it('exports the filtered list as xlsx: text exactly as written in text cells (phones and formula-looking names round-trip, nothing is evaluated)', async () => {
    const { admin } = await companyWithAdmin(t.app);
    const created = await t.app.inject({ method: 'POST', url: '/api/v1/usuarios', headers: admin.headers, payload: body({ nombre: '=HYPERLINK("http://malo")', cargo: '@SUM(A1)', telefono: '+56 9 8765 4321', direccion: '-Los Aromos 55' }) });
    expect(created.statusCode, created.body).toBe(201);
    await t.app.inject({ method: 'POST', url: '/api/v1/usuarios', headers: admin.headers, payload: body({ nombre: 'Otra', perfil: 'supervisor' }) });
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/usuarios/exportar?perfil=trabajador', headers: admin.headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="usuarios-2025-06-02.xlsx"; filename*=UTF-8''usuarios-2025-06-02.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Usuarios')!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'RUT', 'Nombre', 'Apellidos', 'Cargo', 'Perfil', 'Correo', 'Correo personal', 'Teléfono', 'Dirección', 'Sede', 'Grupo', 'Horas semanales', 'Sueldo base', 'Métodos de marcaje', 'Inicio contrato', 'Fin contrato', 'Años con empleadores anteriores', 'Activo']);
    expect(sheet.rowCount).toBe(2);
    const row = sheet.getRow(2);
    for (const [column, text] of [[2, '=HYPERLINK("http://malo")'], [4, '@SUM(A1)'], [8, '+56 9 8765 4321'], [9, '-Los Aromos 55']] as const) {
      const cell = row.getCell(column);
      expect(cell.value).toBe(text);
      // A text cell, never a formula: no spreadsheet program evaluates it.
      expect(cell.type).toBe(ExcelJS.ValueType.String);
      expect(cell.formula).toBeUndefined();
    }
    // Read back by the product's own reader: the same values.
    const back = await readSpreadsheet(response.rawPayload);
    expect(back.rows[0]!.cells.slice(1, 9)).toEqual(['=HYPERLINK("http://malo")', 'Pérez Soto', '@SUM(A1)', 'trabajador', expect.any(String), 'ana.personal@gmail.com', '+56 9 8765 4321', '-Los Aromos 55']);
    expect(row.getCell(5).value).toBe('trabajador');
    expect(row.getCell(13).value).toBe(650_000);
    expect(row.getCell(14).value).toBe('web, huella');
    expect(row.getCell(17).value).toBe(0); // years with previous employers (art. 68)
    expect(row.getCell(18).value).toBe('Sí');
    // Contract dates are Excel dates shown dd-mm-aaaa, as on screen.
    expect([row.getCell(15).value, row.getCell(15).numFmt]).toEqual([new Date('2025-01-02T00:00:00Z'), 'dd-mm-yyyy']);
  });
});
