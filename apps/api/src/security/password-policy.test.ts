import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { bearer, companyBody, registerCompany, registerCompanyWithAdmin, signIn, userBody } from '../test/factories';

/**
 * One password policy (ASVS 2.1) wherever a password is set: the principal administrator's sign-up,
 * an administrator creating a user with a password, and the reset link (also how invited users pick
 * theirs). Whitespace-only, too short once spaces are collapsed, common, or made of the person's own
 * RUT or e-mail: a 400 naming `password`, and nothing stored.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const WEAK = [
  ['ocho espacios', '        '],
  ['espacios y tabuladores', ' \t \t \t \t '],
  ['corta entre espacios', '   abc   def   '],
  ['común con espacios', '  12345678  '],
  ['común', 'Contraseña123'],
] as const;

let address = 0;
const nextAddress = () => `10.4.0.${++address}`;

describe('password policy', () => {
  it.each(WEAK)('the reset link refuses %s', async (_name, password) => {
    const { admin } = await registerCompanyWithAdmin(t.app);
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/forgot-password', payload: { rutOEmail: admin.email }, remoteAddress: nextAddress() });
    const mail = t.mailer.sent.filter((m) => m.to === admin.email).at(-1)!;
    const token = /reset-password\/([\w-]+)/.exec(mail.text)![1]!;
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/auth/reset-password', payload: { token, password }, remoteAddress: nextAddress() });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.fields).toHaveProperty('password');
    // The old password still works: nothing was changed.
    await signIn(t.app, admin.rut, admin.password, nextAddress());
  });

  it.each(WEAK)('the sign-up of the principal administrator refuses %s', async (_name, password) => {
    const company = await registerCompany(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/usuarios/crear',
      headers: { 'x-onboarding-token': company.onboardingToken },
      payload: userBody(company.body.razonSocial, { password }),
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.fields).toHaveProperty('password');
  });

  it('refuses a password made of the person’s own RUT or e-mail, on sign-up and on an administrator’s creation', async () => {
    const company = await registerCompany(t.app);
    const body = userBody(company.body.razonSocial);
    const rutDigits = body.rut.replace(/\D/g, '');
    for (const password of [`${rutDigits}`, `rut-${rutDigits}`, body.email, `${body.email.split('@')[0]}`]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/usuarios/crear',
        headers: { 'x-onboarding-token': company.onboardingToken },
        payload: { ...body, password },
      });
      expect(response.statusCode, `${password}: ${response.body}`).toBe(400);
      expect(response.json().error.fields).toHaveProperty('password');
    }
    const { admin, company: other } = await registerCompanyWithAdmin(t.app);
    const { tokenSesion } = await signIn(t.app, admin.rut, admin.password, nextAddress());
    const worker = userBody(other.body.razonSocial);
    const byAdmin = await t.app.inject({
      method: 'POST',
      url: '/api/usuarios/crear',
      headers: bearer(tokenSesion),
      payload: { ...worker, password: `${worker.rut.replace(/\D/g, '')}!` },
    });
    expect(byAdmin.statusCode, byAdmin.body).toBe(400);
    expect(byAdmin.json().error.fields).toHaveProperty('password');
    // The reset link knows whose account it is: the same rule, and the link stays usable.
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/forgot-password', payload: { rutOEmail: admin.email }, remoteAddress: nextAddress() });
    const token = /reset-password\/([\w-]+)/.exec(t.mailer.sent.filter((m) => m.to === admin.email).at(-1)!.text)![1]!;
    const own = await t.app.inject({ method: 'POST', url: '/api/v1/auth/reset-password', payload: { token, password: `Mi RUT ${admin.rut}` }, remoteAddress: nextAddress() });
    expect(own.statusCode, own.body).toBe(400);
    expect(own.json().error.fields.password).toBe('La contraseña no puede contener tu RUT ni tu correo electrónico.');
    const good = await t.app.inject({ method: 'POST', url: '/api/v1/auth/reset-password', payload: { token, password: 'trigal-x8k2-2026' }, remoteAddress: nextAddress() });
    expect(good.statusCode, good.body).toBe(200);
  });

  it('accepts a long passphrase with spaces and accents, and the company sign-up stays usable', async () => {
    const company = await registerCompany(t.app, companyBody());
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/usuarios/crear',
      headers: { 'x-onboarding-token': company.onboardingToken },
      payload: userBody(company.body.razonSocial, { password: 'caballo correcto batería grapa' }),
    });
    expect(response.statusCode, response.body).toBe(200);
  });
});
