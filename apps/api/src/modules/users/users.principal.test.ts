import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatRut } from '@jornada/domain';
import { users } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/app';
import { bearer, registerCompanyWithAdmin, signIn } from '../../test/factories';
import { multipartFile } from '../../test/multipart';
import { addPerson, PERSON_PASSWORD, type Person } from '../../test/people';

/**
 * The principal administrator cannot be locked out by another administrator: their identity,
 * contract and e-mail are theirs alone, and the role moves only when they hand it over. A change that
 * removes someone's access (contract ended, perfil changed, finiquito) ends their open sessions at once.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => {
  t.clock.set('2025-06-02T13:00:00Z');
});

const TODAY = '2025-06-02';
const YESTERDAY = '2025-06-01';
const PRINCIPAL_ONLY = 'Solo el administrador principal puede cambiar sus propios datos de identidad, contrato y correo.';

interface Principal {
  id: string;
  rut: string;
  email: string;
  password: string;
  headers: Record<string, string>;
}

async function company(): Promise<{ companyId: string; principal: Principal; second: Person }> {
  const { company: created, admin } = await registerCompanyWithAdmin(t.app);
  const principal = { id: admin._id, rut: admin.rut, email: admin.email, password: admin.password, headers: bearer((await signIn(t.app, admin.rut, admin.password)).tokenSesion) };
  const second = await addPerson(t.app, t.database.db, created.id, 'administrador');
  return { companyId: created.id, principal, second };
}

const patch = (id: string, headers: Record<string, string>, payload: Record<string, unknown>) => t.app.inject({ method: 'PATCH', url: `/api/v1/usuarios/${id}`, headers, payload });
const transfer = (id: string, headers: Record<string, string>, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api/v1/usuarios/${id}/transferir-principal`, headers, payload });
const stored = async (companyId: string, id: string) => (await t.database.db.select().from(users).where(and(eq(users.companyId, companyId), eq(users.id, id))))[0]!;
const profile = (headers: Record<string, string>) => t.app.inject({ method: 'POST', url: '/api/usuarios/profile', headers });

describe('the principal administrator’s own data', () => {
  it('another administrator cannot end, move or rewrite the principal’s contract, identity or e-mail (403, nothing written)', async () => {
    const { companyId, principal, second } = await company();
    const before = await stored(companyId, principal.id);
    for (const payload of [
      { finContrato: YESTERDAY },
      { finContrato: TODAY },
      { inicioContrato: '2025-06-01' },
      { nombre: 'Otra' },
      { apellidos: 'Persona' },
      { emailPersonal: 'atacante@ejemplo.cl' },
      { email: 'atacante@ejemplo.cl' },
      { metodosMarcaje: ['kiosco_pin'] },
      { sueldoBase: 1 },
      { horasSemanales: 10 },
      { numeroContrato: '9' },
      // One protected field among harmless ones: the whole change is refused.
      { cargo: 'Otro cargo', finContrato: YESTERDAY },
    ]) {
      const response = await patch(principal.id, second.headers, payload);
      expect(response.statusCode, `${JSON.stringify(payload)}: ${response.body}`).toBe(403);
      expect(response.json().error.message).toBe(PRINCIPAL_ONLY);
    }
    const after = await stored(companyId, principal.id);
    expect(after).toEqual(before);

    // The principal can still sign in and ask for a recovery e-mail.
    expect((await signIn(t.app, principal.rut, principal.password)).tokenSesion).toBeTruthy();
    const sent = t.mailer.sent.length;
    const forgot = await t.app.inject({ method: 'POST', url: '/api/v1/auth/forgot-password', payload: { rutOEmail: principal.rut } });
    expect(forgot.statusCode, forgot.body).toBe(200);
    for (let i = 0; i < 100 && t.mailer.sent.length === sent; i++) await new Promise((r) => setTimeout(r, 10));
    expect(t.mailer.sent.slice(sent).map((m) => m.to)).toEqual([principal.email]);
  });

  it('another administrator still edits the principal’s organisational data, and may send the unchanged protected values (the edit form does)', async () => {
    const { companyId, principal, second } = await company();
    const current = (await t.app.inject({ method: 'GET', url: `/api/v1/usuarios/${principal.id}`, headers: second.headers })).json();
    const response = await patch(principal.id, second.headers, {
      nombre: current.nombre,
      apellidos: current.apellidos,
      rut: current.rut,
      email: current.email,
      emailPersonal: current.emailPersonal,
      metodosMarcaje: [...current.metodosMarcaje].reverse(),
      inicioContrato: current.inicioContrato,
      finContrato: current.finContrato,
      sueldoBase: current.sueldoBase,
      numeroContrato: current.numeroContrato,
      cargo: 'Gerenta general',
      telefono: '+56 2 2222 2222',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ cargo: 'Gerenta general', telefono: '+56 2 2222 2222', finContrato: null });
    expect((await stored(companyId, principal.id)).cargo).toBe('Gerenta general');
  });

  it('the principal changes their own contract and name, and their own e-mail only with their password', async () => {
    const { companyId, principal } = await company();
    const own = await patch(principal.id, principal.headers, { nombre: 'María', sueldoBase: 2_000_000, finContrato: '2030-12-31' });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({ nombre: 'María', sueldoBase: 2_000_000, finContrato: '2030-12-31' });

    const noPassword = await patch(principal.id, principal.headers, { email: 'nueva@ejemplo.cl' });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().error.fields.passwordActual).toBe('Ingresa tu contraseña actual para cambiar tu correo o tu RUT.');
    const ok = await patch(principal.id, principal.headers, { email: 'nueva@ejemplo.cl', passwordActual: principal.password });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await stored(companyId, principal.id)).email).toBe('nueva@ejemplo.cl');
  });

  it('a bulk upload by another administrator cannot change the principal’s contract or e-mail either', async () => {
    const { companyId, principal, second } = await company();
    const before = await stored(companyId, principal.id);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Usuarios');
    sheet.addRow(['RUT', 'Nombre', 'Apellidos', 'Correo', 'Horas semanales', 'Inicio contrato', 'Fin contrato']);
    sheet.addRow([principal.rut, before.nombre, before.apellidos, 'atacante@ejemplo.cl', 44, before.inicioContrato, YESTERDAY]);
    const form = multipartFile(Buffer.from(await workbook.xlsx.writeBuffer()), { filename: 'usuarios.xlsx' });
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/usuarios/carga-masiva', headers: { ...second.headers, ...form.headers }, payload: form.payload });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().aplicado).toBe(false);
    expect(response.json().errores).toContainEqual(expect.objectContaining({ fila: 2, mensaje: PRINCIPAL_ONLY }));
    expect(await stored(companyId, principal.id)).toEqual(before);
  });
});

describe('POST /api/v1/usuarios/:id/transferir-principal', () => {
  it('only the principal hands the role over, with their password, to an active administrator of the company', async () => {
    const { companyId, principal, second } = await company();
    const worker = await addPerson(t.app, t.database.db, companyId, 'trabajador');
    const other = await company();

    const bySecond = await transfer(second.id, second.headers, { passwordActual: PERSON_PASSWORD });
    expect(bySecond.statusCode).toBe(403);
    expect(bySecond.json().error.message).toBe('Solo el administrador principal puede transferir su rol.');

    const noPassword = await transfer(second.id, principal.headers, {});
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().error.fields.passwordActual).toBe('Ingresa tu contraseña actual para transferir el rol de administrador principal.');
    const wrong = await transfer(second.id, principal.headers, { passwordActual: 'no-es-la-clave' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields.passwordActual).toBe('La contraseña actual no es correcta.');

    const toWorker = await transfer(worker.id, principal.headers, { passwordActual: principal.password });
    expect(toWorker.statusCode).toBe(400);
    expect(toWorker.json().error.message).toBe('El rol de administrador principal solo se puede transferir a otro administrador activo de la empresa.');
    const toSelf = await transfer(principal.id, principal.headers, { passwordActual: principal.password });
    expect(toSelf.statusCode).toBe(400);
    const foreign = await transfer(other.second.id, principal.headers, { passwordActual: principal.password });
    expect(foreign.statusCode).toBe(404);

    // An administrator whose contract ended cannot receive it.
    const ended = await addPerson(t.app, t.database.db, companyId, 'administrador');
    expect((await patch(ended.id, principal.headers, { finContrato: YESTERDAY })).statusCode).toBe(200);
    const toEnded = await transfer(ended.id, principal.headers, { passwordActual: principal.password });
    expect(toEnded.statusCode).toBe(400);
    expect((await stored(companyId, principal.id)).principal).toBe(true);

    const info = vi.spyOn(t.app.log, 'info');
    const done = await transfer(second.id, principal.headers, { passwordActual: principal.password });
    expect(done.statusCode, done.body).toBe(200);
    expect(info).toHaveBeenCalledWith(
      { event: 'principal_transferred', companyId, fromUserId: principal.id, toUserId: second.id, at: '2025-06-02T13:00:00.000Z' },
      'rol de administrador principal transferido',
    );
    info.mockRestore();
    expect(done.json()).toMatchObject({ id: second.id, principal: true });
    expect((await stored(companyId, principal.id)).principal).toBe(false);
    expect((await stored(companyId, second.id)).principal).toBe(true);

    // The roles are now the other way round.
    const former = await patch(second.id, principal.headers, { finContrato: YESTERDAY });
    expect(former.statusCode).toBe(403);
    expect(former.json().error.message).toBe(PRINCIPAL_ONLY);
    expect((await transfer(principal.id, principal.headers, { passwordActual: principal.password })).statusCode).toBe(403);
  });
});

describe('a change that removes access ends the sessions at once', () => {
  it('an administrator whose contract ended yesterday cannot keep using the open session', async () => {
    const { principal, second } = await company();
    const ended = await patch(second.id, principal.headers, { finContrato: YESTERDAY });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json().activo).toBe(false);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/usuarios',
      headers: second.headers,
      payload: { nombre: 'Ana', apellidos: 'Pérez', rut: formatRut('11111111-1'), email: 'ana@ejemplo.cl', perfil: 'trabajador', horasSemanales: 40, metodosMarcaje: ['web'], inicioContrato: '2025-01-02' },
    });
    expect(created.statusCode).toBe(401);
    expect((await profile(second.headers)).statusCode).toBe(401);
  });

  it('a contract ended today, a perfil change and a finiquito end the sessions; other edits do not', async () => {
    const { companyId, principal } = await company();
    const endsToday = await addPerson(t.app, t.database.db, companyId, 'supervisor');
    const demoted = await addPerson(t.app, t.database.db, companyId, 'supervisor');
    const finiquito = await addPerson(t.app, t.database.db, companyId, 'trabajador');
    const edited = await addPerson(t.app, t.database.db, companyId, 'trabajador');

    expect((await patch(endsToday.id, principal.headers, { finContrato: TODAY })).statusCode).toBe(200);
    expect((await profile(endsToday.headers)).statusCode).toBe(401);

    expect((await patch(demoted.id, principal.headers, { perfil: 'trabajador' })).statusCode).toBe(200);
    expect((await profile(demoted.headers)).statusCode).toBe(401);

    expect((await t.app.inject({ method: 'POST', url: `/api/v1/usuarios/${finiquito.id}/desactivar`, headers: principal.headers, payload: { finContrato: TODAY } })).statusCode).toBe(200);
    expect((await profile(finiquito.headers)).statusCode).toBe(401);

    expect((await patch(edited.id, principal.headers, { cargo: 'Cajero', finContrato: '2025-12-31' })).statusCode).toBe(200);
    expect((await profile(edited.headers)).statusCode).toBe(200);
  });

  it('a bulk upload that ends a contract ends that user’s sessions', async () => {
    const { companyId, principal } = await company();
    const worker = await addPerson(t.app, t.database.db, companyId, 'trabajador');
    const row = await stored(companyId, worker.id);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Usuarios');
    sheet.addRow(['RUT', 'Nombre', 'Apellidos', 'Correo', 'Horas semanales', 'Inicio contrato', 'Fin contrato']);
    sheet.addRow([formatRut(worker.rut), row.nombre, row.apellidos, row.email, 44, row.inicioContrato, YESTERDAY]);
    const form = multipartFile(Buffer.from(await workbook.xlsx.writeBuffer()), { filename: 'usuarios.xlsx' });
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/usuarios/carga-masiva', headers: { ...principal.headers, ...form.headers }, payload: form.payload });
    expect(response.statusCode, response.body).toBe(200);
    expect((await profile(worker.headers)).statusCode).toBe(401);
  });
});
