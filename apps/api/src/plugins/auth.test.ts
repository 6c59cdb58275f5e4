import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Perfil } from '@jornada/contracts';
import { registerAuth } from './auth';
import { registerErrorHandler } from './errors';

function appWithSessions(sessions: Record<string, Perfil>) {
  const app = Fastify();
  registerErrorHandler(app);
  registerAuth(app, async (token) =>
    sessions[token] ? { userId: `u-${token}`, companyId: 'c-1', perfil: sessions[token], tokenHash: token } : null,
  );
  return app;
}

describe('perfil check (deny by default)', () => {
  it('refuses to register a private route that does not declare its perfiles', async () => {
    const app = appWithSessions({});
    expect(() => app.get('/api/v1/sin-perfiles', async () => ({ ok: true }))).toThrow(/debe declarar config.perfiles/);
  });

  it('answers 401 without a session, 403 for another perfil and 200 for an allowed one', async () => {
    const app = appWithSessions({ admin: 'administrador', worker: 'trabajador' });
    app.get('/api/v1/solo-admin', { config: { perfiles: ['administrador'] } }, async () => ({ ok: true }));
    app.get('/api/v1/publica', { config: { public: true } }, async () => ({ ok: true }));
    await app.ready();

    const anonymous = await app.inject({ method: 'GET', url: '/api/v1/solo-admin' });
    expect(anonymous.statusCode).toBe(401);
    const worker = await app.inject({ method: 'GET', url: '/api/v1/solo-admin', headers: { authorization: 'Bearer worker' } });
    expect(worker.statusCode).toBe(403);
    expect(worker.json()).toEqual({ error: { code: 'FORBIDDEN', message: 'No tienes permiso para realizar esta acción.' } });
    const admin = await app.inject({ method: 'GET', url: '/api/v1/solo-admin', headers: { authorization: 'Bearer admin' } });
    expect(admin.statusCode).toBe(200);
    const open = await app.inject({ method: 'GET', url: '/api/v1/publica' });
    expect(open.statusCode).toBe(200);
  });
});
