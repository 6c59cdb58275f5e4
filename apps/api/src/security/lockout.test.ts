import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THROTTLE } from '../modules/auth/auth.service';
import { createTestApp, type TestApp } from '../test/app';
import { registerCompanyWithAdmin } from '../test/factories';

/**
 * Sign-in locks count a RUT per source address: ten wrong passwords from an attacker lock the
 * attacker's address for that RUT, not the owner signing in from elsewhere. A gentler step over
 * every address (more failures, a shorter lock) still stops guessing spread over many addresses.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const auth = (rut: string, password: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/api/usuarios/auth', payload: { rut, password }, remoteAddress });

describe('sign-in lockout per RUT and address', () => {
  it('ten wrong passwords from one address lock that address for the RUT, not its owner elsewhere', async () => {
    const { admin } = await registerCompanyWithAdmin(t.app);
    const attacker = '10.60.0.1';
    for (let i = 0; i < THROTTLE.rut.lockAfter; i++) expect((await auth(admin.rut, 'adivinando', attacker)).statusCode).toBe(401);
    expect((await auth(admin.rut, admin.password, attacker)).statusCode).toBe(429);
    const owner = await auth(admin.rut, admin.password, '10.60.0.2');
    expect(owner.statusCode, owner.body).toBe(200);
    // The owner's success does not free the attacker's address.
    expect((await auth(admin.rut, admin.password, attacker)).statusCode).toBe(429);
  });

  it('guessing spread over many addresses is slowed and then locked by the gentler step over every address', async () => {
    const { admin } = await registerCompanyWithAdmin(t.app);
    t.sleeps.length = 0;
    const answers: number[] = [];
    for (let i = 0; i < THROTTLE.subject.lockAfter; i++) answers.push((await auth(admin.rut, 'adivinando', `10.61.${Math.floor(i / 200)}.${i % 200}`)).statusCode);
    expect(answers).toEqual(Array(THROTTLE.subject.lockAfter).fill(401));
    expect(t.sleeps.length).toBe(THROTTLE.subject.lockAfter - THROTTLE.subject.slowAfter);
    const locked = await auth(admin.rut, admin.password, '10.61.9.9');
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBe(String(THROTTLE.subject.lockMs / 1000));
    t.clock.advance(THROTTLE.subject.lockMs);
    expect((await auth(admin.rut, admin.password, '10.61.9.9')).statusCode).toBe(200);
  });

  it('one wrong password from each of 50 addresses does not lock the owner out of an address they signed in from before', async () => {
    const { admin } = await registerCompanyWithAdmin(t.app);
    const office = '10.63.0.1';
    expect((await auth(admin.rut, admin.password, office)).statusCode).toBe(200);
    t.clock.advance(24 * 60 * 60_000);
    for (let i = 0; i < THROTTLE.subject.lockAfter; i++) await auth(admin.rut, 'adivinando', `10.63.1.${i + 1}`);
    // A new address is still held by the lock over every address…
    expect((await auth(admin.rut, admin.password, '10.63.2.1')).statusCode).toBe(429);
    // …but the owner's own address signs in with the right password, without waiting.
    t.sleeps.length = 0;
    const owner = await auth(admin.rut, admin.password, office);
    expect(owner.statusCode, owner.body).toBe(200);
    expect(t.sleeps).toEqual([]);
    // A wrong password from that address still counts there: ten of them lock it.
    for (let i = 0; i < THROTTLE.rut.lockAfter; i++) expect((await auth(admin.rut, 'adivinando', office)).statusCode).toBe(401);
    expect((await auth(admin.rut, admin.password, office)).statusCode).toBe(429);
  });

  it('a password reset frees the RUT on every address', async () => {
    const { admin } = await registerCompanyWithAdmin(t.app);
    for (let i = 0; i < THROTTLE.rut.lockAfter; i++) await auth(admin.rut, 'adivinando', '10.62.0.1');
    expect((await auth(admin.rut, admin.password, '10.62.0.1')).statusCode).toBe(429);
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/forgot-password', payload: { rutOEmail: admin.email }, remoteAddress: '10.62.0.3' });
    const token = /reset-password\/([\w-]+)/.exec(t.mailer.sent.filter((m) => m.to === admin.email).at(-1)!.text)![1]!;
    const reset = await t.app.inject({ method: 'POST', url: '/api/v1/auth/reset-password', payload: { token, password: 'trigal-x8k2-2026' }, remoteAddress: '10.62.0.3' });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await auth(admin.rut, 'trigal-x8k2-2026', '10.62.0.1')).statusCode).toBe(200);
  });
});
