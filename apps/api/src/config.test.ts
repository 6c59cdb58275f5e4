import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('has the defaults of design.md', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 5173,
      host: '0.0.0.0',
      databaseUrl: undefined,
      dataDir: path.resolve(process.cwd(), 'data'),
      smtpUrl: undefined,
      mailFrom: 'Jornada <no-responder@jornada.local>',
      publicUrl: 'http://localhost:5173',
      nodeEnv: 'development',
      logLevel: 'info',
      trustProxy: false,
    });
    expect(config.webDist).toBe(path.resolve(import.meta.dirname, '../../web/dist'));
  });

  it('derives PUBLIC_URL from PORT and drops a trailing slash from a given one', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://jornada.example.cl/' }).publicUrl).toBe('https://jornada.example.cl');
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', SMTP_URL: '' })).toMatchObject({ databaseUrl: undefined, smtpUrl: undefined });
  });

  it('stops with a Spanish message naming the wrong variable', () => {
    expect(() => loadConfig({ PORT: 'ochenta' })).toThrow(/Configuración inválida:\n {2}PORT: /);
    expect(() => loadConfig({ DATABASE_URL: 'no es url' })).toThrow(/DATABASE_URL debe ser una URL/);
    expect(() => loadConfig({ RATE_LIMIT_ALLOW: '127.0.0.1, localhost' })).toThrow(/RATE_LIMIT_ALLOW debe ser una lista/);
  });

  it('reads the addresses exempt from the per-route limits', () => {
    expect(loadConfig({}).rateLimitAllow).toEqual([]);
    expect(loadConfig({ RATE_LIMIT_ALLOW: ' 127.0.0.1 ,::1,' }).rateLimitAllow).toEqual(['127.0.0.1', '::1']);
  });
});
