import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { createTestApp, testConfig, type TestApp } from '../test/app';
import { bearer, registerCompanyWithAdmin, signIn } from '../test/factories';
import { METRICS_MESSAGES } from './ops.routes';
import { READINESS_MESSAGES, checkReadiness, shippedMigrations } from './readiness';

const METRICS_TOKEN = 'token-de-metricas-0123456789';

/** One sample of a metric in Prometheus' text format, or undefined when the series does not exist. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('health and readiness', () => {
  let t: TestApp;
  let databaseClosed = false;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.app.close();
    if (!databaseClosed) await t.database.close();
  });

  it('health answers the process state without a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({ estado: 'ok', version: '0.1.0', uptimeSegundos: expect.any(Number) });
    expect(body.uptimeSegundos).toBeGreaterThanOrEqual(0);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('ready answers 200 with the migrations this version ships, all applied', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ estado: 'ok', migraciones: shippedMigrations().length });
  });

  it('ready ignores a bearer token instead of looking it up (it must answer with the database down)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/ready', headers: bearer('cualquier-cosa') });
    expect(response.statusCode).toBe(200);
  });

  it('names pending migrations and a database that was never migrated', async () => {
    const pending = await checkReadiness({ db: t.database.db, expectedMigrations: [...shippedMigrations(), 4_102_444_800_000] });
    expect(pending).toEqual({ ok: false, message: READINESS_MESSAGES.pending(1) });
    expect(READINESS_MESSAGES.pending(2)).toBe('Faltan 2 migraciones por aplicar en la base de datos. Reinicia el servidor para aplicarlas.');

    const blank = await openDatabase({ kind: 'pglite', dir: null });
    try {
      expect(await checkReadiness({ db: blank.db, expectedMigrations: shippedMigrations() })).toEqual({
        ok: false,
        message: READINESS_MESSAGES.notMigrated,
      });
    } finally {
      await blank.close();
    }
  });

  it('once the database is closed, ready answers 503 in Spanish while health still answers 200', async () => {
    await t.database.close();
    databaseClosed = true;
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ error: { code: 'UNAVAILABLE', message: READINESS_MESSAGES.unreachable } });
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    const metrics = await t.app.inject({ method: 'GET', url: '/api/metrics' });
    expect(metrics.statusCode).toBe(200);
  });
});

describe('metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const scrape = async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/metrics' });
    expect(response.statusCode).toBe(200);
    return response.body;
  };

  it('exposes process metrics in Prometheus text format on loopback without a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.body).toMatch(/^# HELP jornada_process_cpu_user_seconds_total/m);
    expect(response.body).toMatch(/^jornada_process_resident_memory_bytes \d+/m);
    expect(response.body).toMatch(/^jornada_nodejs_eventloop_lag_p99_seconds /m);
  });

  it('counts requests and their latency under the route pattern, not the raw URL', async () => {
    const { admin } = await registerCompanyWithAdmin(t.app);
    const session = await signIn(t.app, admin.rut, admin.password);
    for (let i = 0; i < 3; i++) {
      const profile = await t.app.inject({ method: 'POST', url: '/api/usuarios/profile', headers: bearer(session.tokenSesion) });
      expect(profile.statusCode).toBe(200);
    }
    await t.app.inject({ method: 'POST', url: '/api/usuarios/profile', headers: bearer('vencido') });
    await t.app.inject({ method: 'GET', url: '/api/docs/static/index.css' });
    await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-ui.css' });
    await t.app.inject({ method: 'GET', url: '/api/no-existe/12345' });

    const text = await scrape();
    expect(sample(text, 'jornada_http_requests_total{method="POST",route="/api/usuarios/profile",status_code="200"}')).toBe(3);
    expect(sample(text, 'jornada_http_requests_total{method="POST",route="/api/usuarios/profile",status_code="401"}')).toBe(1);
    expect(sample(text, 'jornada_http_requests_total{method="POST",route="/api/usuarios/auth",status_code="200"}')).toBe(1);
    expect(sample(text, 'jornada_http_request_duration_seconds_count{method="POST",route="/api/usuarios/profile",status_code="200"}')).toBe(3);
    expect(sample(text, 'jornada_http_request_duration_seconds_bucket{le="+Inf",method="POST",route="/api/usuarios/profile",status_code="200"}')).toBe(3);
    expect(sample(text, 'jornada_http_request_duration_seconds_sum{method="POST",route="/api/usuarios/profile",status_code="200"}')).toBeGreaterThan(0);
    // Two files of the docs' UI: one series for their route, none per URL.
    expect(text).toContain('route="/api/docs/static/*"');
    expect(text).not.toContain('index.css');
    expect(text).not.toContain('12345');
    expect(sample(text, 'jornada_http_requests_total{method="GET",route="sin_ruta",status_code="404"}')).toBe(1);
  });

  it('has a marks counter at 0 until marks are stored, and job queue depths read at scrape time', async () => {
    let text = await scrape();
    expect(sample(text, 'jornada_marks_recorded_total')).toBe(0);
    expect(text).toContain('# TYPE jornada_job_queue_depth gauge');
    // The receipts queue is registered by the marks module and starts empty.
    expect(sample(text, 'jornada_job_queue_depth{queue="comprobante-marca"}')).toBe(0);

    t.app.metrics.marksRecorded.inc(2);
    let depth = 7;
    t.app.metrics.trackJobQueue('comprobantes', async () => depth);
    text = await scrape();
    expect(sample(text, 'jornada_marks_recorded_total')).toBe(2);
    expect(sample(text, 'jornada_job_queue_depth{queue="comprobantes"}')).toBe(7);
    depth = 0;
    expect(sample(await scrape(), 'jornada_job_queue_depth{queue="comprobantes"}')).toBe(0);
  });
});

describe('metrics protection', () => {
  it('without METRICS_TOKEN, refuses every other machine and what a local proxy relays', async () => {
    const t = await createTestApp();
    try {
      const remote = await t.app.inject({ method: 'GET', url: '/api/metrics', remoteAddress: '203.0.113.9' });
      expect(remote.statusCode).toBe(403);
      expect(remote.json()).toEqual({ error: { code: 'FORBIDDEN', message: METRICS_MESSAGES.localOnly } });
      const relayed = await t.app.inject({ method: 'GET', url: '/api/metrics', headers: { 'x-forwarded-for': '203.0.113.9' } });
      expect(relayed.statusCode).toBe(403);
      const forwarded = await t.app.inject({ method: 'GET', url: '/api/metrics', headers: { forwarded: 'for=203.0.113.9' } });
      expect(forwarded.statusCode).toBe(403);
      const ipv6Loopback = await t.app.inject({ method: 'GET', url: '/api/metrics', remoteAddress: '::1' });
      expect(ipv6Loopback.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('with METRICS_TOKEN, other machines need it as a bearer token; loopback stays open', async () => {
    const t = await createTestApp({ env: { METRICS_TOKEN } });
    try {
      const anonymous = await t.app.inject({ method: 'GET', url: '/api/metrics', remoteAddress: '10.1.2.3' });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ error: { code: 'UNAUTHENTICATED', message: METRICS_MESSAGES.tokenRequired } });
      expect(anonymous.headers['www-authenticate']).toBe('Bearer realm="metricas"');
      const wrong = await t.app.inject({ method: 'GET', url: '/api/metrics', remoteAddress: '10.1.2.3', headers: bearer(`${METRICS_TOKEN}x`) });
      expect(wrong.statusCode).toBe(401);
      const right = await t.app.inject({ method: 'GET', url: '/api/metrics', remoteAddress: '10.1.2.3', headers: bearer(METRICS_TOKEN) });
      expect(right.statusCode).toBe(200);
      expect(right.body).toContain('jornada_http_requests_total');
      const relayed = await t.app.inject({
        method: 'GET',
        url: '/api/metrics',
        headers: { 'x-forwarded-for': '198.51.100.4', ...bearer(METRICS_TOKEN) },
      });
      expect(relayed.statusCode).toBe(200);
      const local = await t.app.inject({ method: 'GET', url: '/api/metrics' });
      expect(local.statusCode).toBe(200);
      // A session token is not the metrics token.
      const { admin } = await registerCompanyWithAdmin(t.app);
      const session = await signIn(t.app, admin.rut, admin.password);
      const withSession = await t.app.inject({ method: 'GET', url: '/api/metrics', remoteAddress: '10.1.2.3', headers: bearer(session.tokenSesion) });
      expect(withSession.statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });

  it('refuses a METRICS_TOKEN shorter than 16 characters at start-up', () => {
    expect(() => testConfig({ METRICS_TOKEN: 'corto' })).toThrow(/METRICS_TOKEN debe tener al menos 16 caracteres/);
    expect(testConfig({ METRICS_TOKEN }).metricsToken).toBe(METRICS_TOKEN);
    expect(testConfig().metricsToken).toBeUndefined();
  });
});

describe('OpenAPI', () => {
  it('describes health, ready and metrics as operations routes; health and ready need no credentials', async () => {
    const t = await createTestApp();
    try {
      const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
      expect(doc.paths['/api/health'].get).toMatchObject({ tags: ['operación'], security: [] });
      expect(doc.paths['/api/ready'].get).toMatchObject({ tags: ['operación'], security: [] });
      expect(Object.keys(doc.paths['/api/ready'].get.responses)).toEqual(['200', '503']);
      expect(doc.paths['/api/metrics'].get.responses['200'].content).toHaveProperty(['text/plain']);
    } finally {
      await t.close();
    }
    // A fresh app (every migration) and the whole OpenAPI document: 13 s alone, past 30 s on a loaded machine.
  }, 90_000);
});
