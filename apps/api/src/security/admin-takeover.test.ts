import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authAudit, users } from '../db/schema/index';
import { createTestApp, type TestApp } from '../test/app';
import { bearer, dotted, registerCompanyWithAdmin, signIn, uniqueRut } from '../test/factories';
import { addPerson, type Person } from '../test/people';

/**
 * The e-mail and the RUT are how an account is recovered and signed into: changing them is guarded
 * like perfil changes. An administrator's are changed only by that administrator, with their
 * password re-entered (another administrator gets 403; the principal's by nobody else); the old
 * address is told, and the change is in the audit log.
 */
let t: TestApp;
let principal: { id: string; rut: string; email: string; password: string; headers: Record<string, string> };
let companyId: string;
let second: Person;
let worker: Person;

beforeAll(async () => {
  t = await createTestApp();
  const { company, admin } = await registerCompanyWithAdmin(t.app);
  companyId = company.id;
  principal = { id: admin._id, rut: admin.rut, email: admin.email, password: admin.password, headers: bearer((await signIn(t.app, admin.rut, admin.password)).tokenSesion) };
  second = await addPerson(t.app, t.database.db, companyId, 'administrador');
  worker = await addPerson(t.app, t.database.db, companyId, 'trabajador');
});
afterAll(() => t.close());

const patch = (id: string, headers: Record<string, string>, payload: Record<string, unknown>) => t.app.inject({ method: 'PATCH', url: `/api/v1/usuarios/${id}`, headers, payload });
const stored = async (id: string) => (await t.database.db.select().from(users).where(and(eq(users.companyId, companyId), eq(users.id, id))))[0]!;


/** The notice goes out in the background after the answer: waits for it (two seconds at most). */
async function mailTo(address: string): Promise<void> {
  for (let i = 0; i < 200 && !t.mailer.sent.some((mail) => mail.to === address); i++) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe('changing an e-mail or a RUT', () => {
  it('a second administrator cannot change the principal’s e-mail or RUT', async () => {
    for (const payload of [{ email: 'atacante@ejemplo.cl' }, { rut: dotted(uniqueRut()) }, { email: 'atacante@ejemplo.cl', passwordActual: 'clave-de-prueba-1' }]) {
      const response = await patch(principal.id, second.headers, payload);
      expect(response.statusCode, response.body).toBe(403);
    }
    const row = await stored(principal.id);
    expect(row.email).toBe(principal.email);
    expect(row.rut).toBe(principal.rut.replaceAll('.', ''));
  });

  it('an administrator cannot change another administrator’s e-mail either', async () => {
    const response = await patch(second.id, principal.headers, { email: 'otro@ejemplo.cl', passwordActual: principal.password });
    expect(response.statusCode, response.body).toBe(403);
  });

  it('an administrator changes their own only with their password, the old address is told, and it is audited', async () => {
    expect((await patch(principal.id, principal.headers, { email: 'nuevo.principal@ejemplo.cl' })).json().error.fields).toHaveProperty('passwordActual');
    const wrong = await patch(principal.id, principal.headers, { email: 'nuevo.principal@ejemplo.cl', passwordActual: 'no-es-la-clave' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toHaveProperty('passwordActual');
    t.mailer.sent.length = 0;
    const ok = await patch(principal.id, principal.headers, { email: 'nuevo.principal@ejemplo.cl', passwordActual: principal.password });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await stored(principal.id)).email).toBe('nuevo.principal@ejemplo.cl');
    await mailTo(principal.email);
    const told = t.mailer.sent.find((mail) => mail.to === principal.email);
    expect(told?.subject).toBe('Cambió el correo de tu cuenta de Jornada');
    expect(told?.text).toContain('nuevo.principal@ejemplo.cl');
    const events = await t.database.db.select().from(authAudit).where(and(eq(authAudit.userId, principal.id), eq(authAudit.event, 'email_changed')));
    expect(events).toHaveLength(1);
  });

  it('an administrator still corrects a worker’s e-mail; the worker’s old address is told and it is audited', async () => {
    const before = await stored(worker.id);
    t.mailer.sent.length = 0;
    const response = await patch(worker.id, second.headers, { email: 'corregido@ejemplo.cl' });
    expect(response.statusCode, response.body).toBe(200);
    await mailTo(before.email);
    expect(t.mailer.sent.some((mail) => mail.to === before.email)).toBe(true);
    const events = await t.database.db.select().from(authAudit).where(and(eq(authAudit.userId, worker.id), eq(authAudit.event, 'email_changed')));
    expect(events).toHaveLength(1);
  });
});
