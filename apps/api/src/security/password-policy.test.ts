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

describe('invisible and compatibility characters in passwords', () => {
  it.each([
    ['zero-width space', 'abc\u200bdefg'],
    ['zero-width joiner and non-joiner', 'ab\u200ccd\u200def'],
    ['word joiner, BOM and soft hyphen', 'ab\u2060cd\ufeffe\u00adf'],
    ['only invisible characters', '\u200b\u200b\u200b\u200b\u200b\u200b\u200b\u200b\u200b'],
  ])('count nothing toward the length (%s): refused as too short, nothing stored', async (_name, password) => {
    const company = await registerCompany(t.app);
    const body = userBody(company.body.razonSocial, { password });
    const response = await t.app.inject({ method: 'POST', url: '/api/usuarios/crear', headers: { 'x-onboarding-token': company.onboardingToken }, payload: body });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.fields.password).toMatch(/al menos 8 caracteres|solo espacios/);
    // The token was not used: the same sign-up with a good password still goes through.
    const retry = await t.app.inject({ method: 'POST', url: '/api/usuarios/crear', headers: { 'x-onboarding-token': company.onboardingToken }, payload: { ...body, password: 'trigal-x8k2-2026' } });
    expect(retry.statusCode, retry.body).toBe(200);
  });

  it('the reset link refuses 1234\u200b5678: it is the common 12345678, not 9 characters', async () => {
    const { admin } = await registerCompanyWithAdmin(t.app);
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/forgot-password', payload: { rutOEmail: admin.email }, remoteAddress: nextAddress() });
    const token = /reset-password\/([\w-]+)/.exec(t.mailer.sent.filter((m) => m.to === admin.email).at(-1)!.text)![1]!;
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/auth/reset-password', payload: { token, password: '1234\u200b5678' }, remoteAddress: nextAddress() });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.fields.password).toBe('Esa contraseña es demasiado común. Elige una más difícil de adivinar.');
    const short = await t.app.inject({ method: 'POST', url: '/api/v1/auth/reset-password', payload: { token, password: 'x7k\u200b\u200c\u200d\u2060q2z' }, remoteAddress: nextAddress() });
    expect(short.statusCode, short.body).toBe(400);
    expect(short.json().error.fields.password).toBe('La contraseña debe tener al menos 8 caracteres.');
    await signIn(t.app, admin.rut, admin.password, nextAddress());
  });

  it('a password with full-width or invisible characters signs in with its NFKC equivalent, and back', async () => {
    // Sign-up with full-width letters and digits (what some IMEs type), sign-in with plain ASCII.
    const { admin } = await registerCompanyWithAdmin(t.app, { password: 'ｔｒｉｇａｌ-８ｋ２-２０２６' });
    await signIn(t.app, admin.rut, 'trigal-8k2-2026', nextAddress());
    await signIn(t.app, admin.rut, 'ｔｒｉｇａｌ-８ｋ２-２０２６', nextAddress());
    // A zero-width space pasted along with the password does not lock the person out.
    await signIn(t.app, admin.rut, 'trigal-8k2\u200b-2026', nextAddress());
    // A different password is still refused.
    const wrong = await t.app.inject({ method: 'POST', url: '/api/usuarios/auth', payload: { rut: admin.rut, password: 'trigal-8k2-2027' }, remoteAddress: nextAddress() });
    expect(wrong.statusCode).toBe(401);

    // The reset link stores the same normalised form: a decomposed accent signs in composed.
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/forgot-password', payload: { rutOEmail: admin.email }, remoteAddress: nextAddress() });
    const token = /reset-password\/([\w-]+)/.exec(t.mailer.sent.filter((m) => m.to === admin.email).at(-1)!.text)![1]!;
    const reset = await t.app.inject({ method: 'POST', url: '/api/v1/auth/reset-password', payload: { token, password: 'camio\u0301n azul ８８' }, remoteAddress: nextAddress() });
    expect(reset.statusCode, reset.body).toBe(200);
    await signIn(t.app, admin.rut, 'camión azul 88', nextAddress());
  });
});
