import { describe, expect, it } from 'vitest';
import { ENV_ERROR_MESSAGE, EnvError, getEnv, parseEnv } from './env';

describe('build-time configuration', () => {
  it('reads the values and trims the API base', () => {
    expect(parseEnv({ VITE_API_URL: '/api/', VITE_MAPS_KEY: 'openstreetmap', VITE_VERSION: '0.1.0', MODE: 'production', PROD: true })).toEqual({
      apiUrl: '/api',
      mapsKey: 'openstreetmap',
      version: '0.1.0',
      mode: 'production',
      production: true,
    });
  });

  it.each([
    [{ VITE_MAPS_KEY: 'k' }, ['VITE_API_URL']],
    [{ VITE_API_URL: '/api' }, ['VITE_MAPS_KEY']],
    [{ VITE_API_URL: ' ', VITE_MAPS_KEY: '' }, ['VITE_API_URL', 'VITE_MAPS_KEY']],
  ])('stops with the spec message when a required value is missing (%o)', (raw, missing) => {
    let caught: unknown;
    try {
      parseEnv(raw);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(EnvError);
    expect((caught as EnvError).message).toBe('Problemas al cargar las variables de entorno');
    expect((caught as EnvError).missing).toEqual(missing);
    expect(ENV_ERROR_MESSAGE).toBe('Problemas al cargar las variables de entorno');
  });

  it('the committed .env supplies working defaults', () => {
    const env = getEnv();
    expect(env.apiUrl).toBe('/api');
    expect(env.mapsKey).toBe('openstreetmap');
    expect(env.version).toBe('0.1.0');
  });
});
