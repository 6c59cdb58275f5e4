import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, tempDir, type TestApp } from './test/app';
import { registerCompanyWithAdmin, signIn } from './test/factories';

const INDEX_HTML = '<!doctype html><html lang="es"><head><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>';

describe('the app with a built web app', () => {
  let t: TestApp;
  let web: ReturnType<typeof tempDir>;
  beforeAll(async () => {
    web = tempDir('jornada-web-');
    fs.writeFileSync(path.join(web.dir, 'index.html'), INDEX_HTML);
    fs.mkdirSync(path.join(web.dir, 'assets'));
    fs.writeFileSync(path.join(web.dir, 'assets', 'index-abc123.js'), 'console.log("jornada");');
    fs.writeFileSync(path.join(web.dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await createTestApp({ env: { WEB_DIST: web.dir } });
  });
  afterAll(async () => {
    await t.close();
    web.remove();
  });

  it.each(['/', '/dashboard/x', '/dashboard/users', '/reset-password/abc_DEF-123', '/configuracion', '/ruta-que-no-existe'])(
    'answers the SPA for %s so client-side routes survive a reload',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toBe(INDEX_HTML);
      expect(response.headers['cache-control']).toBe('no-cache');
    },
  );

  it('serves hashed assets with a long cache and other files with revalidation', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log("jornada");');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('answers 404 for a missing asset instead of the page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/index-viejo.js' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('<div id="root">');
  });

  it('answers unknown /api routes with the JSON 404, whatever the method', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const response = await t.app.inject({ method, url: '/api/no-existe' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'El recurso solicitado no existe.' } });
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('sends the security headers, with a CSP that lets the built SPA and OpenStreetMap tiles in and nothing inline', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/dashboard' });
    const csp = response.headers['content-security-policy'] as string;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("img-src 'self' data: blob: https://*.tile.openstreetmap.org");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(response.headers['x-powered-by']).toBeUndefined();
  });

  it('publishes the OpenAPI document of the five calls and the reset calls, and its UI', async () => {
    const json = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    const paths = Object.keys(json.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/empresa/crear',
        '/api/usuarios/crear',
        '/api/usuarios/auth',
        '/api/usuarios/profile',
        '/api/usuarios/logout',
        '/api/v1/auth/forgot-password',
        '/api/v1/auth/reset-password',
      ]),
    );
    expect(json.json().paths['/api/usuarios/auth'].post.requestBody.content['application/json'].schema.required).toEqual(['rut', 'password']);
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
    const page = ui.statusCode === 302 ? await t.app.inject({ method: 'GET', url: ui.headers.location as string }) : ui;
    expect(page.body).toContain('swagger');
  });
});

describe('the app without a built web app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('says in Spanish that the web app is not built', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/dashboard' });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('npm run build');
  });

  it('still answers the JSON 404 under /api', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/nada' });
    expect(response.json().error.code).toBe('NOT_FOUND');
  });
});

describe('unexpected failures', () => {
  it('answer 500 with a Spanish message and no internal details', async () => {
    const t = await createTestApp();
    try {
      await t.database.close();
      const response = await t.app.inject({ method: 'POST', url: '/api/usuarios/auth', payload: { rut: '11.111.111-1', password: 'demo1234' } });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ error: { code: 'INTERNAL', message: 'Ocurrió un error inesperado. Inténtalo más tarde.' } });
    } finally {
      await t.app.close();
    }
  });
});

describe('logs', () => {
  it('never contain passwords, session tokens, onboarding tokens, reset or e-mail confirmation links', async () => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk, _encoding, callback) {
        lines.push(String(chunk));
        callback();
      },
    });
    const t = await createTestApp({ env: { LOG_LEVEL: 'trace' }, deps: { logStream } });
    try {
      const { company, admin } = await registerCompanyWithAdmin(t.app);
      const { tokenSesion } = await signIn(t.app, admin.rut, admin.password);
      await t.app.inject({ method: 'POST', url: '/api/usuarios/profile', headers: { authorization: `Bearer ${tokenSesion}` } });
      await t.app.inject({ method: 'GET', url: '/reset-password/secreto-del-enlace' });
      await t.app.inject({ method: 'GET', url: '/confirmar-correo/secreto-de-la-empresa' });
      const all = lines.join('');
      expect(all).toContain('incoming request');
      for (const secret of [admin.password, tokenSesion, company.onboardingToken, 'secreto-del-enlace', 'secreto-de-la-empresa']) expect(all).not.toContain(secret);
      expect(all).toContain('/reset-password/[oculto]');
      expect(all).toContain('/confirmar-correo/[oculto]');
    } finally {
      await t.close();
    }
  });
});
