import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../lib/tokens';
import { isDatabaseUnavailable } from '../lib/db-errors';
import { registerErrorHandler } from '../plugins/errors';
import { createTestApp, type TestApp } from '../test/app';
import { bearer, registerCompanyWithAdmin, signIn } from '../test/factories';

/** A database error as pg or PGlite raise it, wrapped by Drizzle the way repositories see it. */
function driverError(code: string, message: string, extra: Record<string, unknown> = {}) {
  const cause = Object.assign(new Error(message), { code, severity: 'FATAL', ...extra });
  return Object.assign(new Error('Failed query: select 1 from sessions where token_hash = $1\nparams: 9f86d081884c7d659a2feaa0c55ad015'), {
    name: 'DrizzleQueryError',
    query: 'select 1 from sessions where token_hash = $1',
    params: ['9f86d081884c7d659a2feaa0c55ad015'],
    cause,
  });
}

describe('database states that mean "cannot connect now"', () => {
  it.each([
    ['55000', 'database "jornada" is not currently accepting connections', { routine: 'CheckMyDatabase' }],
    ['57P03', 'the database system is starting up', {}],
    ['57P01', 'terminating connection due to administrator command', {}],
    ['53300', 'sorry, too many clients already', {}],
    ['08006', 'connection failure', {}],
    ['08001', 'could not connect', {}],
  ] as const)('%s is an outage (503 with Retry-After), not a server error', async (code, message, extra) => {
    expect(isDatabaseUnavailable(driverError(code, message, extra))).toBe(true);
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    app.get('/x', async () => {
      throw driverError(code, message, extra);
    });
    const response = await app.inject({ method: 'GET', url: '/x' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json().error.code).toBe('UNAVAILABLE');
    await app.close();
  });

  it('keeps other 55000 errors (an object in the wrong state, not a refused connection) as errors of the server', () => {
    expect(isDatabaseUnavailable(driverError('55000', 'currval of sequence "x" is not yet defined in this session', { routine: 'currval_oid' }))).toBe(false);
  });

  it('answers a value PostgreSQL cannot take (class 22, data exception) with a Spanish 400, not a 500', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    app.get('/x', async () => {
      throw driverError('22003', 'value "99999999999" is out of range for type integer');
    });
    const response = await app.inject({ method: 'GET', url: '/x' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { code: 'VALIDATION', message: 'Un dato de la solicitud está fuera de lo que se puede guardar. Revisa los valores ingresados.' } });
    await app.close();
  });
});

describe('the error log', () => {
  let t: TestApp;
  const lines: string[] = [];

  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk, _encoding, callback) {
        lines.push(String(chunk));
        callback();
      },
    });
    t = await createTestApp({ env: { LOG_LEVEL: 'info' }, deps: { logStream } });
  });
  afterAll(() => t.close());

  it('names the SQLSTATE and the table of a failed query, never the statement parameters (a key hash, a RUT)', async () => {
    const { admin } = await registerCompanyWithAdmin(t.app);
    const { tokenSesion } = await signIn(t.app, admin.rut, admin.password);
    // The session look-up fails underneath: its parameter is the session token's hash.
    await t.database.db.execute(sql`alter table sessions rename to sessions_moved`);
    try {
      const response = await t.app.inject({ method: 'POST', url: '/api/usuarios/profile', headers: bearer(tokenSesion), payload: {} });
      expect(response.statusCode).toBe(500);
      const signInAttempt = await t.app.inject({ method: 'POST', url: '/api/usuarios/auth', payload: { rut: admin.rut, password: admin.password } });
      expect(signInAttempt.statusCode).toBe(500);
    } finally {
      await t.database.db.execute(sql`alter table sessions_moved rename to sessions`);
    }
    const errors = lines.filter((line) => JSON.parse(line).level >= 50).join('\n');
    expect(errors).toContain('"sqlstate":"42P01"');
    for (const secret of [hashToken(tokenSesion), tokenSesion, admin.rut.replace(/\./g, ''), admin.password, 'params']) expect(errors).not.toContain(secret);
  });
});
