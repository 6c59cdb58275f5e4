import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPANY_EMAIL_CONFIRMATION_TTL_MS } from '@jornada/contracts';
import { companies, companyEmailConfirmations } from '../../db/schema/index';
import { runAsSystem } from '../../db/tenant-context';
import { createTestApp, type TestApp } from '../../test/app';
import { bearer, companyConfirmationToken, registerCompany, registerCompanyWithAdmin, signIn } from '../../test/factories';
import { companyWithAdmin } from '../../test/people';
import { insertCompany } from './companies.repository';
import { CONFIRMATION_TOKEN_INVALID } from './company-email';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const confirm = (token: string) => t.app.inject({ method: 'POST', url: '/api/v1/empresa/confirmar-correo', payload: { token } });
const resend = (headers: Record<string, string>) => t.app.inject({ method: 'POST', url: '/api/v1/empresa/confirmacion-correo', headers });
const empresa = async (headers: Record<string, string>) => (await t.app.inject({ method: 'GET', url: '/api/v1/empresa', headers })).json();

function expectInvalid(response: { statusCode: number; json: () => { error: { code: string; message: string } } }) {
  expect(response.statusCode).toBe(400);
  expect(response.json().error).toMatchObject({ code: 'CONFIRMATION_TOKEN_INVALID', message: CONFIRMATION_TOKEN_INVALID });
  expect(CONFIRMATION_TOKEN_INVALID).toBe(
    'El enlace para confirmar el correo de la empresa no es válido, ya se usó, venció o es de un correo que la empresa ya no tiene. Pide uno nuevo desde Jornada con «Reenviar correo de confirmación».',
  );
}

describe('confirmation of the company e-mail', () => {
  it('sends a registered company a link with a fixed subject, its name only quoted, stored hashed', async () => {
    const company = await registerCompany(t.app, { razonSocial: 'Ofertas.cl <b>Gana</b>\nPremio SpA', email: 'dueno@ofertas.cl' }, { confirmEmail: false });
    const mail = t.mailer.sent.find((m) => m.to === 'dueno@ofertas.cl')!;
    expect(mail.subject).toBe('Confirma el correo de tu empresa en Jornada');
    expect(mail.text).toContain('Este correo se indicó como el de la empresa «Ofertas.\u2060cl <b>Gana</\u2060b> Premio SpA» (RUT ');
    expect(mail.text).toContain('El nombre entre comillas lo escribió quien registró la empresa.');
    expect(mail.html).toContain('«Ofertas.\u2060cl &lt;b&gt;Gana&lt;/\u2060b&gt; Premio SpA»');
    expect([...mail.html.matchAll(/<a\s/g)]).toHaveLength(1);
    const token = (await companyConfirmationToken(t.app, 'dueno@ofertas.cl'))!;
    expect(mail.text).toContain(`http://jornada.test/confirmar-correo/${token}`);
    const [row] = await runAsSystem(() => t.database.db.select().from(companyEmailConfirmations).where(eq(companyEmailConfirmations.companyId, company.id)));
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.tokenHash).not.toBe(token);
    const [stored] = await runAsSystem(() => t.database.db.select().from(companies).where(eq(companies.id, company.id)));
    expect(stored!.emailConfirmedAt).toBeNull();
  });

  it('works once, refuses an unknown or expired link with a Spanish 400, and burns the company’s other links', async () => {
    const { company, admin: principal } = await registerCompanyWithAdmin(t.app, {}, { confirmEmail: false });
    const email = company.body.email!;
    const first = (await companyConfirmationToken(t.app, email))!;
    t.clock.advance(COMPANY_EMAIL_CONFIRMATION_TTL_MS);
    expectInvalid(await confirm(first));
    expectInvalid(await confirm('no-existe'));
    expect((await confirm('')).statusCode).toBe(400);
    const admin = { headers: bearer((await signIn(t.app, principal.rut, principal.password)).tokenSesion) };

    const again = await resend(admin.headers);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({ ok: true, email, message: `Te enviamos a ${email} un nuevo enlace para confirmar el correo de la empresa. Vence en 72 horas.` });
    const second = (await companyConfirmationToken(t.app, email))!;
    expect(second).not.toBe(first);
    t.clock.advance(61_000);
    expect((await resend(admin.headers)).statusCode).toBe(200);
    const third = (await companyConfirmationToken(t.app, email))!;

    const confirmed = await confirm(third);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ ok: true, email });
    expectInvalid(await confirm(third));
    expectInvalid(await confirm(second));
    expect(await empresa(admin.headers)).toMatchObject({ email, emailConfirmado: true });

    // Nothing left to confirm.
    const done = await resend(admin.headers);
    expect(done.statusCode).toBe(400);
    expect(done.json().error.message).toBe(`El correo de la empresa (${email}) ya está confirmado.`);
  });

  it('limits the resending to one a minute and five a day per company, in Spanish', async () => {
    const { admin, email } = await companyWithAdmin(t.app, { confirmEmail: false });
    const soon = await resend(admin.headers);
    expect(soon.statusCode).toBe(429);
    expect(soon.json().error.message).toBe(`Ya enviamos el correo de confirmación a ${email} hace menos de un minuto. Revisa la bandeja de entrada y la carpeta de spam antes de pedir otro.`);
    expect(Number(soon.headers['retry-after'])).toBeGreaterThan(0);
    // Registration sent the first of the day's five.
    for (let i = 0; i < 4; i++) {
      t.clock.advance(61_000);
      expect((await resend(admin.headers)).statusCode).toBe(200);
    }
    t.clock.advance(61_000);
    const daily = await resend(admin.headers);
    expect(daily.statusCode).toBe(429);
    expect(daily.json().error.message).toBe(
      `Ya enviamos 5 correos de confirmación a ${email} en las últimas 24 horas. Revisa la carpeta de spam, o corrige el correo de la empresa en Configuración si no es el correcto.`,
    );
  });

  it('asks a company without e-mail to add one', async () => {
    const { admin } = await companyWithAdmin(t.app, { confirmEmail: false });
    await t.app.inject({ method: 'PATCH', url: '/api/v1/empresa', headers: admin.headers, payload: { email: '' } });
    const response = await resend(admin.headers);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('La empresa no tiene correo. Agrégalo en Configuración, en los datos de la empresa.');
  });

  it('a new e-mail in the settings is unconfirmed until its own link is opened; links to the old one stop working', async () => {
    const { admin, email: old } = await companyWithAdmin(t.app);
    expect(await empresa(admin.headers)).toMatchObject({ email: old, emailConfirmado: true });
    // The same address again changes nothing.
    expect((await t.app.inject({ method: 'PATCH', url: '/api/v1/empresa', headers: admin.headers, payload: { email: old.toUpperCase() } })).json()).toMatchObject({
      emailConfirmado: true,
    });

    const changed = await t.app.inject({ method: 'PATCH', url: '/api/v1/empresa', headers: admin.headers, payload: { email: 'Nuevo@Empresa.cl' } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ email: 'nuevo@empresa.cl', emailConfirmado: false });
    const token = (await companyConfirmationToken(t.app, 'nuevo@empresa.cl'))!;

    // Back to the old address before confirming: the link sent to the new one confirms nothing.
    await t.app.inject({ method: 'PATCH', url: '/api/v1/empresa', headers: admin.headers, payload: { email: old } });
    expectInvalid(await confirm(token));
    const back = (await companyConfirmationToken(t.app, old))!;
    expect((await confirm(back)).statusCode).toBe(200);
    expect(await empresa(admin.headers)).toMatchObject({ email: old, emailConfirmado: true });
  });

  it('counts the companies that existed before the confirmation, and the demo’s, as confirmed', async () => {
    const id = await runAsSystem(() =>
      insertCompany(t.database.db, { rut: '76086428-5', nombre: 'Antigua', razonSocial: 'Antigua SpA', email: 'antigua@empresa.cl', resolucion: false }),
    );
    const [row] = await runAsSystem(() => t.database.db.select().from(companies).where(eq(companies.id, id)));
    expect(row!.emailConfirmedAt).toBeInstanceOf(Date);
  });
});
