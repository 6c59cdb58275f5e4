import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { openDatabase, type Database } from '../db/client';
import { MemoryMailer, TestClock, testConfig } from '../test/app';
import { bearer, registerCompanyWithAdmin, signIn } from '../test/factories';
import { TcpProxy } from './tcp-proxy';
import type { FastifyInstance } from 'fastify';

/** PostgreSQL going away and coming back, through a proxy the test cuts (runs when DATABASE_URL is set). */
describe.runIf(process.env.DATABASE_URL)('PostgreSQL unavailable and back', () => {
  const server = new URL(process.env.DATABASE_URL ?? 'postgres://x@127.0.0.1:5432/x');
  const name = `jornada_outage_${randomBytes(5).toString('hex')}`;
  const proxy = new TcpProxy(server.hostname, Number(server.port || 5432));
  let database: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: server.toString() });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    await proxy.open();
    const url = new URL(server);
    url.host = `127.0.0.1:${proxy.port}`;
    url.pathname = `/${name}`;
    database = await openDatabase({ kind: 'postgres', url: url.toString() });
    await database.migrate();
    app = await buildApp({ db: database.db, config: testConfig(), clock: new TestClock().now, mailer: new MemoryMailer(), sleep: async () => {} });
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await proxy.cut();
    const admin = new pg.Client({ connectionString: server.toString() });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  it('answers 503 in Spanish while the database is down and recovers without a restart', async () => {
    const { admin } = await registerCompanyWithAdmin(app);
    const { tokenSesion } = await signIn(app, admin.rut, admin.password);
    const profile = () => app.inject({ method: 'POST', url: '/api/usuarios/profile', headers: bearer(tokenSesion), payload: {} });
    expect((await profile()).statusCode).toBe(200);

    await proxy.cut();
    const down = await profile();
    expect(down.statusCode).toBe(503);
    expect(down.headers['retry-after']).toBe('5');
    expect(down.json()).toEqual({
      error: {
        code: 'UNAVAILABLE',
        message: 'El servicio no está disponible en este momento: no podemos conectar con la base de datos. Inténtalo de nuevo en unos segundos.',
      },
    });

    await proxy.open();
    let recovered = await profile();
    for (let attempt = 0; attempt < 20 && recovered.statusCode !== 200; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      recovered = await profile();
    }
    expect(recovered.statusCode).toBe(200);
    expect(recovered.json()).toMatchObject({ rut: expect.any(String), perfil: 'administrador' });
  });
});
