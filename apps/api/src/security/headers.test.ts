import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';

describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
  });
  afterAll(() => t.close());

  it('sends HSTS only when the request came over TLS', async () => {
    const plain = await t.app.inject({ method: 'POST', url: '/api/usuarios/profile', payload: {} });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const tls = await t.app.inject({ method: 'POST', url: '/api/usuarios/profile', payload: {}, headers: { 'x-forwarded-proto': 'https' } });
    expect(tls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('keeps personal data out of caches and scripts to our own origin', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/usuarios/auth', payload: { rut: '11.111.111-1', password: 'x' } });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['x-frame-options']).toBe('DENY');
  });
});
