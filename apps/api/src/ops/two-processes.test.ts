import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { openDatabase, type Database } from '../db/client';
import { MemoryMailer, TestClock, testConfig } from '../test/app';
import { bearer, companyBody, registerCompany, registerCompanyWithAdmin, signIn, uniqueRut, userBody } from '../test/factories';

/**
 * Two API processes behind a load balancer share nothing but the database. On PostgreSQL each app
 * here gets its own connection pool to one fresh database, as two processes would. PGlite is a
 * single-process database, so there both apps share its one connection: the test still shows that
 * no state lives in the app itself.
 */
interface Shared {
  a: Database;
  b: Database;
  drop(): Promise<void>;
}

async function sharedDatabase(): Promise<Shared> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ kind: 'pglite', dir: null });
    await database.migrate();
    return { a: database, b: database, drop: () => database.close() };
  }
  const name = `jornada_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const a = await openDatabase({ kind: 'postgres', url: url.toString() });
  await a.migrate();
  const b = await openDatabase({ kind: 'postgres', url: url.toString() });
  return {
    a,
    b,
    drop: async () => {
      await a.close();
      await b.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

let shared: Shared;
let appA: FastifyInstance;
let appB: FastifyInstance;
const clock = new TestClock();

beforeAll(async () => {
  shared = await sharedDatabase();
  const deps = { clock: clock.now, mailer: new MemoryMailer(), sleep: async () => {} };
  appA = await buildApp({ db: shared.a.db, config: testConfig(), ...deps });
  appB = await buildApp({ db: shared.b.db, config: testConfig(), ...deps });
});

afterAll(async () => {
  await appA?.close();
  await appB?.close();
  await shared?.drop();
});

describe('two API processes on one database behave as one', () => {
  it('a session opened on A works on B, and logging out on A revokes it on B at once', async () => {
    const { admin } = await registerCompanyWithAdmin(appA);
    const session = await signIn(appA, admin.rut, admin.password);

    const onB = await appB.inject({ method: 'POST', url: '/api/usuarios/profile', headers: bearer(session.tokenSesion) });
    expect(onB.statusCode).toBe(200);
    expect(onB.json()).toMatchObject({ _id: admin._id, perfil: 'administrador' });

    const logout = await appA.inject({ method: 'POST', url: '/api/usuarios/logout', headers: bearer(session.tokenSesion) });
    expect(logout.statusCode).toBe(200);
    for (const app of [appA, appB]) {
      const after = await app.inject({ method: 'POST', url: '/api/usuarios/profile', headers: bearer(session.tokenSesion) });
      expect(after.statusCode).toBe(401);
      expect(after.json().error.code).toBe('UNAUTHENTICATED');
    }
  });

  it('a session expires on both at the same instant', async () => {
    const { admin } = await registerCompanyWithAdmin(appB);
    const session = await signIn(appB, admin.rut, admin.password);
    clock.advance(2 * 60 * 60 * 1000 - 1000);
    expect((await appA.inject({ method: 'POST', url: '/api/usuarios/profile', headers: bearer(session.tokenSesion) })).statusCode).toBe(200);
    clock.advance(1000);
    for (const app of [appA, appB]) {
      expect((await app.inject({ method: 'POST', url: '/api/usuarios/profile', headers: bearer(session.tokenSesion) })).statusCode).toBe(401);
    }
  });

  it('failed sign-ins count across both: alternating between A and B still locks the RUT after ten from that address', async () => {
    const { admin } = await registerCompanyWithAdmin(appA);
    for (let i = 0; i < 10; i++) {
      const app = i % 2 === 0 ? appA : appB;
      const response = await app.inject({ method: 'POST', url: '/api/usuarios/auth', payload: { rut: admin.rut, password: 'incorrecta' }, remoteAddress: '10.9.0.1' });
      expect(response.statusCode).toBe(401);
    }
    for (const app of [appA, appB]) {
      const locked = await app.inject({ method: 'POST', url: '/api/usuarios/auth', payload: { rut: admin.rut, password: admin.password }, remoteAddress: '10.9.0.1' });
      expect(locked.statusCode).toBe(429);
    }
  });

  it('an onboarding code sent to A and B at the same time creates one administrator', async () => {
    const company = await registerCompany(appA);
    const send = (app: FastifyInstance) =>
      app.inject({
        method: 'POST',
        url: '/api/usuarios/crear',
        headers: { 'x-onboarding-token': company.onboardingToken },
        payload: userBody(company.body.razonSocial, { rut: uniqueRut() }),
      });
    const answers = await Promise.all([send(appA), send(appB)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 403]);
  });

  it('a company RUT registered on A is taken on B', async () => {
    const body = companyBody();
    expect((await appA.inject({ method: 'POST', url: '/api/empresa/crear', payload: body })).statusCode).toBe(200);
    const again = await appB.inject({ method: 'POST', url: '/api/empresa/crear', payload: { ...body, nombre: 'Otra' } });
    expect(again.statusCode).toBe(409);
  });
});
