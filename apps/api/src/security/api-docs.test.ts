import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createTestApp } from '../test/app';

/** The OpenAPI document and its UI describe every route: public in development, off by default in production. */
describe('/api/docs', () => {
  it.each([
    [{ NODE_ENV: 'production' }, 404],
    [{ NODE_ENV: 'production', API_DOCS: 'true' }, 200],
    [{ NODE_ENV: 'development' }, 200],
    [{ NODE_ENV: 'test' }, 200],
    [{ NODE_ENV: 'development', API_DOCS: 'false' }, 404],
  ] as const)('with %o answers %i', async (env, status) => {
    const t = await createTestApp({ env });
    try {
      for (const url of ['/api/docs', '/api/docs/json']) {
        const response = await t.app.inject({ method: 'GET', url });
        if (status === 404) {
          expect(response.statusCode, url).toBe(404);
          expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'El recurso solicitado no existe.' } });
        } else expect(response.statusCode, url).toBeLessThan(400);
      }
    } finally {
      await t.close();
    }
  });

  it('refuses a value other than true or false, naming the variable', () => {
    expect(() => loadConfig({ API_DOCS: 'quizás' })).toThrow(/API_DOCS/);
  });
});
