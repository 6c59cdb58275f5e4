import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { openDatabase, type Database } from '../db/client';
import { MemoryMailer, TestClock, testConfig } from '../test/app';
import { bearer, registerCompanyWithAdmin, signIn } from '../test/factories';
import type { AddressInfo } from 'node:net';
import { markingCompany, markingWorker } from '../test/fixtures/marks';
import { runMarkingLoad } from '../test/marking-load';
import { TcpProxy } from './tcp-proxy';
import type { FastifyInstance } from 'fastify';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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

  it('answers 503 with Retry-After while the database refuses connections (SQLSTATE 55000), and recovers', async () => {
    const { admin } = await registerCompanyWithAdmin(app);
    const { tokenSesion } = await signIn(app, admin.rut, admin.password);
    const profile = () => app.inject({ method: 'POST', url: '/api/usuarios/profile', headers: bearer(tokenSesion), payload: {} });
    expect((await profile()).statusCode).toBe(200);
    const superuser = new pg.Client({ connectionString: server.toString() });
    await superuser.connect();
    try {
      // As an administrator closing the database for maintenance would: no new connections, current ones ended.
      await superuser.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
      await superuser.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [name]);
      const statuses: number[] = [];
      let refused = await profile();
      statuses.push(refused.statusCode);
      for (let attempt = 0; attempt < 5; attempt++) {
        refused = await profile();
        statuses.push(refused.statusCode);
      }
      expect(statuses.filter((status) => status >= 500 && status !== 503)).toEqual([]);
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('5');
      expect(refused.json().error.code).toBe('UNAVAILABLE');
    } finally {
      await superuser.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
      await superuser.end();
    }
    let recovered = await profile();
    for (let attempt = 0; attempt < 20 && recovered.statusCode !== 200; attempt++) {
      await sleep(100);
      recovered = await profile();
    }
    expect(recovered.statusCode).toBe(200);
  });

  it('loses and duplicates no mark when PostgreSQL goes away under load: clients retry with their idCliente', async () => {
    const company = await markingCompany(app, database.db);
    const tokens: string[] = [];
    for (let i = 0; i < 10; i++) tokens.push((await markingWorker(app, database.db, company)).token);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const direct = new pg.Client({ connectionString: new URL(`/${name}`, server).toString() });
    await direct.connect();
    const countMarks = async () => Number((await direct.query('select count(*) from marks where company_id = $1', [company.companyId])).rows[0].count);
    try {
      const loading = runMarkingLoad({ base, tokens, durationMs: 6000, retryDelayMs: 100 });
      await sleep(1500);
      await proxy.cut();
      const storedWhenCut = await countMarks();
      await sleep(2000);
      await proxy.open();
      const reopened = performance.now();
      while ((await fetch(`${base}/api/ready`)).status !== 200) await sleep(50);
      const recoveryMs = performance.now() - reopened;
      const result = await loading;

      // While it was down the API said so (503, never a 500), and the clients retried.
      expect(result.statuses['503']).toBeGreaterThan(0);
      expect(result.statuses['500']).toBeUndefined();
      expect(result.retries).toBeGreaterThan(0);
      // Count after: every acknowledged mark stored exactly once, nothing else stored.
      const acked = new Set(result.acked);
      expect(acked.size).toBe(result.acked.length);
      const stored = await direct.query<{ client_id: string; n: string }>('select client_id, count(*) as n from marks where company_id = $1 group by client_id', [company.companyId]);
      expect(stored.rows.filter((row) => Number(row.n) > 1)).toEqual([]);
      expect(new Set(stored.rows.map((row) => row.client_id))).toEqual(acked);
      expect(storedWhenCut).toBeGreaterThan(0);
      const chain = await app.inject({ method: 'GET', url: '/api/v1/marcas/cadena', headers: company.admin.headers });
      expect(chain.json()).toMatchObject({ integra: true, rupturas: [] });
      console.info(
        `Caída de PostgreSQL bajo carga: ${acked.size} marcas confirmadas y guardadas una vez (${storedWhenCut} al cortar), ${result.statuses['503']} respuestas 503, ${result.retries} reintentos, recuperación ${Math.round(recoveryMs)} ms después de volver.`,
      );
    } finally {
      await direct.end();
    }
  }, 60_000);
});
