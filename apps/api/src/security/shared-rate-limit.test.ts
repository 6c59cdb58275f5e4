import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { companyBody } from '../test/factories';

/**
 * Two API processes with one REDIS_URL share their per-route limits (CI sets TEST_REDIS_URL; a machine
 * without Redis skips this file).
 */
describe.runIf(process.env.TEST_REDIS_URL)('rate limits shared through Redis', () => {
  const env = { REDIS_URL: process.env.TEST_REDIS_URL!, RATE_LIMIT_NAMESPACE: `jornada-test-${randomBytes(4).toString('hex')}:` };
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp({ env });
    b = await createTestApp({ env });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('counts company registrations from one address across both processes', async () => {
    const register = (t: TestApp) =>
      t.app.inject({ method: 'POST', url: '/api/empresa/crear', payload: companyBody(), remoteAddress: '203.0.113.7' });
    // empresa/crear allows 30 an hour per address: 15 on each process, then the 31st is refused on either.
    for (let i = 0; i < 15; i++) {
      expect((await register(a)).statusCode).toBe(200);
      expect((await register(b)).statusCode).toBe(200);
    }
    const refused = await register(b);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toMatch(/^Demasiadas solicitudes desde tu conexión/);
    expect((await register(a)).statusCode).toBe(429);
  });

  it('keeps answering when Redis cannot be reached (the limit is skipped, not the request)', async () => {
    const t = await createTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:1', RATE_LIMIT_NAMESPACE: env.RATE_LIMIT_NAMESPACE } });
    try {
      const response = await t.app.inject({ method: 'POST', url: '/api/empresa/crear', payload: companyBody(), remoteAddress: '203.0.113.8' });
      expect(response.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
