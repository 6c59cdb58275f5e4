import { isValidRut } from '@jornada/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { bearer, signIn } from '../test/factories';
import { DEMO_ADMIN_RUT, DEMO_PASSWORD, seedDemo } from './seed';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo data', () => {
  it('creates about 60 people with valid, distinct RUTs and every perfil, and the demo administrator can sign in', async () => {
    const people = await seedDemo(t.database.db, t.clock.now());
    expect(people).toHaveLength(60);
    expect(new Set(people.map((p) => p.rut)).size).toBe(60);
    expect(people.every((p) => isValidRut(p.rut))).toBe(true);
    expect(new Set(people.map((p) => p.perfil))).toEqual(new Set(['administrador', 'supervisor', 'trabajador', 'fiscalizador']));

    const session = await signIn(t.app, '11.111.111-1', DEMO_PASSWORD);
    const profile = await t.app.inject({ method: 'POST', url: '/api/usuarios/profile', headers: bearer(session.tokenSesion) });
    expect(profile.json()).toMatchObject({
      rut: '11.111.111-1',
      perfil: 'administrador',
      razon_social: { nombre: 'Comercial Los Andes SpA' },
    });
    const worker = people.find((p) => p.perfil === 'trabajador' && p.finContrato === null)!;
    await signIn(t.app, worker.rut, DEMO_PASSWORD);
    expect(DEMO_ADMIN_RUT).toBe('11111111-1');
  });
});
