import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITACIONES_POR_DIA } from '@jornada/contracts';
import { formatRut } from '@jornada/domain';
import { createTestApp, type TestApp } from '../../test/app';
import { bearer, companyConfirmationToken, dotted, registerCompanyWithAdmin, signIn, uniqueRut } from '../../test/factories';
import { multipartFile } from '../../test/multipart';
import { addPerson, companyWithAdmin } from '../../test/people';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const INVITATION_SUBJECT = 'Tu cuenta en Jornada';
let sequence = 0;

/** A users' bulk file (CSV) of `count` new people; returns it with their addresses. */
function newPeople(count: number) {
  const emails: string[] = [];
  const lines = ['RUT;Nombre;Apellidos;Correo;Horas semanales;Inicio contrato'];
  for (let i = 0; i < count; i++) {
    sequence += 1;
    const email = `persona.${sequence}@invitaciones.cl`;
    emails.push(email);
    lines.push(`${formatRut(uniqueRut())};Persona ${sequence};Prueba Carga;${email};40;02-01-2025`);
  }
  return { csv: `${lines.join('\n')}\n`, emails };
}

async function bulk(headers: Record<string, string>, csv: string) {
  const form = multipartFile(csv, { filename: 'usuarios.csv' });
  return t.app.inject({ method: 'POST', url: '/api/v1/usuarios/carga-masiva', headers: { ...headers, ...form.headers }, payload: form.payload });
}

async function createUser(headers: Record<string, string>, email = `una.persona.${++sequence}@invitaciones.cl`) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/usuarios',
    headers,
    payload: { nombre: 'Rosa', apellidos: 'Pino', rut: dotted(uniqueRut()), email, horasSemanales: 40, inicioContrato: '2025-01-02' },
  });
  expect(response.statusCode, response.body).toBe(201);
  return { email, invitaciones: response.json().invitaciones };
}

const invitationsTo = (emails: Iterable<string>) => {
  const wanted = new Set(emails);
  return t.mailer.sent.filter((m) => m.subject === INVITATION_SUBJECT && wanted.has(m.to));
};

/** Waits until `count` invitations reached `emails` (they go in the background), then a little more to see no others follow. */
async function expectInvitations(emails: Iterable<string>, count: number) {
  const list = [...emails];
  for (let i = 0; i < 300 && invitationsTo(list).length < count; i++) await new Promise((r) => setTimeout(r, 10));
  await new Promise((r) => setTimeout(r, 50));
  expect(invitationsTo(list)).toHaveLength(count);
}

const status = async (headers: Record<string, string>) => {
  const response = await t.app.inject({ method: 'GET', url: '/api/v1/usuarios/invitaciones', headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

describe('daily maximum of invitations per company', () => {
  it('sends 200 a Chilean day; the rest wait, are said so in Spanish, and go out with the next day’s run', async () => {
    t.clock.set('2025-06-02T13:00:00Z'); // Monday 09:00 in Santiago
    const { company, admin: principal } = await registerCompanyWithAdmin(t.app);
    const companyEmail = company.body.email!;
    const session = async () => ({ headers: bearer((await signIn(t.app, principal.rut, principal.password)).tokenSesion) });
    let admin = await session();
    const { csv, emails } = newPeople(INVITACIONES_POR_DIA + 5);

    const response = await bulk(admin.headers, csv);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ aplicado: true, resumen: { crear: 205 } });
    expect(response.json().invitaciones).toEqual({
      enviadas: 200,
      pendientes: 5,
      mensaje: 'Se enviaron 200 invitaciones; las otras 5 se enviarán mañana: el máximo es de 200 invitaciones por día por empresa.',
    });
    await expectInvitations(emails, 200);
    expect(await status(admin.headers)).toEqual({ pendientes: 5, enviadasHoy: 200, maximoDiario: 200, correoEmpresa: companyEmail, correoConfirmado: true });

    // The same day: one more user waits too; another company is not held back.
    const late = await createUser(admin.headers);
    expect(late.invitaciones).toEqual({
      enviadas: 0,
      pendientes: 1,
      mensaje: 'La invitación se enviará mañana: hoy ya se alcanzó el máximo de 200 invitaciones por día por empresa.',
    });
    const other = await companyWithAdmin(t.app);
    const elsewhere = await createUser(other.admin.headers);
    expect(elsewhere.invitaciones).toMatchObject({ enviadas: 1, pendientes: 0 });
    await expectInvitations([elsewhere.email], 1);

    t.clock.set('2025-06-03T03:50:00Z'); // 23:50 in Santiago, still Monday
    expect(await t.app.invitations.releaseDue(t.clock.now())).toBe(0);
    await expectInvitations([...emails, late.email], 200);

    t.clock.set('2025-06-03T04:05:00Z'); // Tuesday 00:05 in Santiago
    expect(await t.app.invitations.releaseDue(t.clock.now())).toBe(6);
    await expectInvitations([...emails, late.email], 206);
    expect(invitationsTo([late.email])).toHaveLength(1);
    admin = await session();
    expect(await status(admin.headers)).toMatchObject({ pendientes: 0, enviadasHoy: 6 });

    // The link of a waiting invitation lasts 72 hours from when it was sent.
    const token = /\/reset-password\/([\w-]+)/.exec(invitationsTo([late.email])[0]!.text)![1]!;
    t.clock.advance(71 * 3600_000);
    const reset = await t.app.inject({ method: 'POST', url: '/api/v1/auth/reset-password', payload: { token, password: 'una-clave-nueva-9' } });
    expect(reset.statusCode, reset.body).toBe(200);
  });

  it('says "a partir de mañana" when more wait than one day sends', async () => {
    t.clock.set('2025-07-01T14:00:00Z');
    const { admin } = await companyWithAdmin(t.app);
    const { csv } = newPeople(INVITACIONES_POR_DIA * 2 + 1);
    const response = await bulk(admin.headers, csv);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().invitaciones).toEqual({
      enviadas: 200,
      pendientes: 201,
      mensaje: 'Se enviaron 200 invitaciones; las otras 201 se enviarán a partir de mañana, hasta 200 por día: el máximo es de 200 invitaciones por día por empresa.',
    });
  });
});

describe('invitations of a company whose e-mail is not confirmed', () => {
  it('wait, without any e-mail, until the company confirms its address; then they go out', async () => {
    t.clock.set('2025-08-04T14:00:00Z');
    const { admin, email: companyEmail } = await companyWithAdmin(t.app, { confirmEmail: false });
    const company = (await t.app.inject({ method: 'GET', url: '/api/v1/empresa', headers: admin.headers })).json();
    expect(company).toMatchObject({ email: companyEmail, emailConfirmado: false });

    const single = await createUser(admin.headers);
    expect(single.invitaciones).toEqual({
      enviadas: 0,
      pendientes: 1,
      mensaje: `La invitación se enviará cuando se confirme el correo de la empresa (${companyEmail}) con el enlace que le enviamos.`,
    });
    const { csv, emails } = newPeople(3);
    const loaded = await bulk(admin.headers, csv);
    expect(loaded.json().invitaciones).toMatchObject({ enviadas: 0, pendientes: 3 });
    expect(loaded.json().invitaciones.mensaje).toBe(`Las 3 invitaciones se enviarán cuando se confirme el correo de la empresa (${companyEmail}) con el enlace que le enviamos.`);
    // Not by the periodic run either.
    await t.app.invitations.releaseDue(t.clock.now());
    await expectInvitations([single.email, ...emails], 0);
    expect(await status(admin.headers)).toEqual({ pendientes: 4, enviadasHoy: 0, maximoDiario: 200, correoEmpresa: companyEmail, correoConfirmado: false });

    const token = (await companyConfirmationToken(t.app, companyEmail))!;
    const confirmed = await t.app.inject({ method: 'POST', url: '/api/v1/empresa/confirmar-correo', payload: { token } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ ok: true, email: companyEmail });
    await expectInvitations([single.email, ...emails], 4);
    expect(await status(admin.headers)).toMatchObject({ pendientes: 0, enviadasHoy: 4, correoConfirmado: true });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/empresa', headers: admin.headers })).json()).toMatchObject({ emailConfirmado: true });
  });

  it('wait for an address when the company has none', async () => {
    const { admin } = await companyWithAdmin(t.app, { confirmEmail: false });
    const removed = await t.app.inject({ method: 'PATCH', url: '/api/v1/empresa', headers: admin.headers, payload: { email: null } });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ email: null, emailConfirmado: false });
    const single = await createUser(admin.headers);
    expect(single.invitaciones.mensaje).toBe('La invitación se enviará cuando agregues el correo de la empresa en Configuración y lo confirmes con el enlace que le enviaremos.');
    expect(await status(admin.headers)).toMatchObject({ pendientes: 1, correoEmpresa: null, correoConfirmado: false });
  });

  it('is for administrators only', async () => {
    const { companyId } = await companyWithAdmin(t.app);
    const supervisor = await addPerson(t.app, t.database.db, companyId, 'supervisor');
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/usuarios/invitaciones', headers: supervisor.headers })).statusCode).toBe(403);
  });
});
