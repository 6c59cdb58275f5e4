import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORGOT_PASSWORD_MESSAGE, PASSWORD_RESET_TTL_MS } from '@jornada/contracts';
import { authAudit, passwordResets } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/app';
import { bearer, dotted, registerCompanyWithAdmin, signIn, uniqueRut } from '../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let addressCounter = 0;
const nextAddress = () => `10.2.0.${++addressCounter}`;

const forgot = (rutOEmail: string, remoteAddress = nextAddress()) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/forgot-password', payload: { rutOEmail }, remoteAddress });
const reset = (token: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/reset-password', payload: { token, password }, remoteAddress: nextAddress() });

/** The token of the link in the last e-mail sent to `to`. */
function linkToken(to: string): string {
  const mail = t.mailer.sent.filter((m) => m.to === to).at(-1);
  expect(mail, `no hay correo para ${to}`).toBeDefined();
  const match = /http:\/\/jornada\.test\/reset-password\/([\w-]+)/.exec(mail!.text);
  expect(match).not.toBeNull();
  return match![1]!;
}

const SAME_ANSWER = { ok: true, message: FORGOT_PASSWORD_MESSAGE };

describe('POST /api/v1/auth/forgot-password', () => {
  it('e-mails a Spanish message with a reset link to the account of a RUT, in any format', async () => {
    const { company, admin } = await registerCompanyWithAdmin(t.app);
    const response = await forgot(admin.rut.replaceAll('.', ''));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(SAME_ANSWER);
    const mail = t.mailer.sent.at(-1)!;
    expect(mail.to).toBe(admin.email);
    expect(mail.subject).toBe('Restablece tu contraseña de Jornada');
    // The company's name only quoted; the person is not named (anyone may ask for this e-mail).
    expect(mail.text).toContain(`de tu cuenta de Jornada en la empresa «${company.body.razonSocial}».`);
    expect(mail.text).not.toContain(admin.nombre);
    expect(mail.text).toContain('Vence en 30 minutos y sirve una sola vez');
    expect(mail.html).toContain(`href="http://jornada.test/reset-password/${linkToken(admin.email)}"`);
    const [row] = await t.database.db.select().from(passwordResets).where(eq(passwordResets.userId, admin._id));
    // Only the hash is stored.
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.tokenHash).not.toBe(linkToken(admin.email));
  });

  it('finds the account by e-mail too, whatever its case', async () => {
    const { admin } = await registerCompanyWithAdmin(t.app);
    const before = t.mailer.sent.length;
    expect((await forgot(admin.email.toUpperCase())).json()).toEqual(SAME_ANSWER);
    expect(t.mailer.sent.length).toBe(before + 1);
    expect(t.mailer.sent.at(-1)!.to).toBe(admin.email);
  });

  it('answers exactly the same for unknown RUTs and e-mails, and sends nothing', async () => {
    const known = await registerCompanyWithAdmin(t.app);
    const before = t.mailer.sent.length;
    const answers = await Promise.all([forgot(uniqueRut()), forgot('nadie@ejemplo.cl'), forgot('cualquier cosa'), forgot(known.admin.rut)]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toBe(answers[3]!.body);
    }
    expect(t.mailer.sent.length).toBe(before + 1);
  });

  it('a RUT with accounts in two companies: each account gets its own e-mail naming its company, and a link resets only that one', async () => {
    const rut = dotted(uniqueRut());
    const a = await registerCompanyWithAdmin(t.app, { rut, password: 'clave-comun-1' });
    const b = await registerCompanyWithAdmin(t.app, { rut, password: 'clave-comun-1' });
    const before = t.mailer.sent.length;
    const response = await forgot(rut);
    expect(response.json()).toEqual(SAME_ANSWER);
    const mails = t.mailer.sent.slice(before);
    expect(mails.map((mail) => mail.to).sort()).toEqual([a.admin.email, b.admin.email].sort());
    expect(mails.find((mail) => mail.to === a.admin.email)!.text).toContain(a.company.body.razonSocial);
    expect(mails.find((mail) => mail.to === b.admin.email)!.text).toContain(b.company.body.razonSocial);

    expect((await reset(linkToken(b.admin.email), 'clave-nueva-de-b-1')).statusCode).toBe(200);
    const signInTo = (password: string) => t.app.inject({ method: 'POST', url: '/api/usuarios/auth', payload: { rut, password }, remoteAddress: nextAddress() });
    // Two passwords now: each opens its own company straight away.
    expect((await signInTo('clave-comun-1')).json()).toMatchObject({ tokenSesion: expect.any(String), razon_social: { _id: a.company.id } });
    expect((await signInTo('clave-nueva-de-b-1')).json()).toMatchObject({ tokenSesion: expect.any(String), razon_social: { _id: b.company.id } });
  });

  it('still answers the same when the e-mail cannot be sent', async () => {
    const failing = await createTestApp({
      deps: {
        mailer: {
          send: async () => {
            throw new Error('SMTP caído');
          },
        },
      },
    });
    try {
      const { admin } = await registerCompanyWithAdmin(failing.app);
      const response = await failing.app.inject({ method: 'POST', url: '/api/v1/auth/forgot-password', payload: { rutOEmail: admin.rut } });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(SAME_ANSWER);
    } finally {
      await failing.close();
    }
  });

  it('asks for the RUT or e-mail in Spanish when empty', async () => {
    const response = await forgot('  ');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ rutOEmail: 'Ingresa tu RUT o correo electrónico.' });
  });

  it('limits one address to 10 requests in 15 minutes', async () => {
    const address = '10.2.99.1';
    for (let i = 0; i < 10; i++) expect((await forgot(uniqueRut(), address)).statusCode).toBe(200);
    const limited = await forgot(uniqueRut(), address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
  });

  it('never limits an address listed in RATE_LIMIT_ALLOW, and still limits the others', async () => {
    const allowing = await createTestApp({ env: { RATE_LIMIT_ALLOW: '10.9.9.9, ::1' } });
    try {
      const ask = (remoteAddress: string) =>
        allowing.app.inject({ method: 'POST', url: '/api/v1/auth/forgot-password', payload: { rutOEmail: uniqueRut() }, remoteAddress });
      for (let i = 0; i < 12; i++) expect((await ask('10.9.9.9')).statusCode).toBe(200);
      for (let i = 0; i < 10; i++) expect((await ask('10.9.9.10')).statusCode).toBe(200);
      expect((await ask('10.9.9.10')).statusCode).toBe(429);
    } finally {
      await allowing.close();
    }
  });
});

describe('POST /api/v1/auth/reset-password', () => {
  it('sets the new password, revokes every session, and burns the link', async () => {
    const { company, admin } = await registerCompanyWithAdmin(t.app);
    const sessionA = (await signIn(t.app, admin.rut, admin.password)).tokenSesion;
    const sessionB = (await signIn(t.app, admin.rut, admin.password)).tokenSesion;
    await forgot(admin.rut);
    const token = linkToken(admin.email);

    const response = await reset(token, 'nueva-clave-2025');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });

    for (const session of [sessionA, sessionB]) {
      const profile = await t.app.inject({ method: 'POST', url: '/api/usuarios/profile', headers: bearer(session) });
      expect(profile.statusCode).toBe(401);
    }
    const old = await t.app.inject({ method: 'POST', url: '/api/usuarios/auth', payload: { rut: admin.rut, password: admin.password } });
    expect(old.statusCode).toBe(401);
    await signIn(t.app, admin.rut, 'nueva-clave-2025');

    const again = await reset(token, 'otra-clave-2025');
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toEqual({
      code: 'RESET_TOKEN_INVALID',
      message: 'El enlace para restablecer la contraseña no es válido, ya se usó o venció. Solicita uno nuevo.',
      fields: { token: 'El enlace para restablecer la contraseña no es válido, ya se usó o venció. Solicita uno nuevo.' },
    });

    const events = (await t.database.db.select().from(authAudit).where(eq(authAudit.companyId, company.id))).map((r) => r.event);
    expect(events).toContain('password_reset_requested');
    expect(events).toContain('password_reset_done');
  });

  it('refuses a link after 30 minutes', async () => {
    const { admin } = await registerCompanyWithAdmin(t.app);
    await forgot(admin.rut);
    const token = linkToken(admin.email);
    t.clock.advance(PASSWORD_RESET_TTL_MS);
    expect((await reset(token, 'nueva-clave-2025')).statusCode).toBe(400);
  });

  it('accepts a link one millisecond before it expires, and the older links of the same user die with it', async () => {
    const { admin } = await registerCompanyWithAdmin(t.app);
    await forgot(admin.rut);
    const older = linkToken(admin.email);
    await forgot(admin.rut);
    const newer = linkToken(admin.email);
    t.clock.advance(PASSWORD_RESET_TTL_MS - 1);
    expect((await reset(newer, 'nueva-clave-2025')).statusCode).toBe(200);
    expect((await reset(older, 'otra-clave-2025')).statusCode).toBe(400);
  });

  it('refuses an unknown link and a short password with Spanish messages', async () => {
    expect((await reset('no-existe', 'nueva-clave-2025')).json().error.code).toBe('RESET_TOKEN_INVALID');
    const short = await reset('no-existe', 'corta');
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields).toEqual({ password: 'La contraseña debe tener al menos 8 caracteres.' });
  });

  it('unlocks a RUT that was locked by failed sign-ins', async () => {
    const { admin } = await registerCompanyWithAdmin(t.app);
    const address = nextAddress();
    for (let i = 0; i < 10; i++) {
      await t.app.inject({ method: 'POST', url: '/api/usuarios/auth', payload: { rut: admin.rut, password: 'adivinando' }, remoteAddress: address });
    }
    const locked = await t.app.inject({ method: 'POST', url: '/api/usuarios/auth', payload: { rut: admin.rut, password: admin.password }, remoteAddress: address });
    expect(locked.statusCode).toBe(429);
    await forgot(admin.rut);
    expect((await reset(linkToken(admin.email), 'nueva-clave-2025')).statusCode).toBe(200);
    await signIn(t.app, admin.rut, 'nueva-clave-2025', address);
  });
});

describe('e-mail through a real SMTP server', () => {
  it('delivers the reset e-mail to the server named by SMTP_URL', async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push(Buffer.concat(chunks).toString('utf8'));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as { port: number };
    const smtp = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` }, deps: { mailer: undefined } });
    try {
      const { admin } = await registerCompanyWithAdmin(smtp.app);
      const response = await smtp.app.inject({ method: 'POST', url: '/api/v1/auth/forgot-password', payload: { rutOEmail: admin.email } });
      expect(response.json()).toEqual(SAME_ANSWER);
      // The company's e-mail confirmation went to its own address first (test/factories.ts).
      const toAdmin = () => received.filter((raw) => new RegExp(`^To: ${admin.email}$`, 'm').test(raw));
      await expect.poll(() => toAdmin().length, { timeout: 10_000 }).toBe(1);
      const message = toAdmin()[0]!;
      expect(message).toMatch(/^From: Jornada <no-responder@jornada\.local>$/m);
      expect(message).toMatch(new RegExp(`^To: ${admin.email}$`, 'm'));
      const link = /http:\/\/jornada\.test\/reset-password\/([\w-]{43})/.exec(message.replace(/=\r?\n/g, ''));
      expect(link).not.toBeNull();
      const done = await smtp.app.inject({ method: 'POST', url: '/api/v1/auth/reset-password', payload: { token: link![1], password: 'clave-por-smtp' } });
      expect(done.statusCode).toBe(200);
    } finally {
      await smtp.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
