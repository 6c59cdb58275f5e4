import fs from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { API_MODULES } from '../app';
import { apiModule, SessionSources, type AppKernel } from './api-module';
import { LatePort } from './late-port';

const kernel = {} as AppKernel;

describe('API modules', () => {
  it('refuse to start when a module comes before one whose service it reads', async () => {
    const provider = apiModule('provider', [], (app) => void app.decorate('provided', 1));
    const consumer = apiModule('consumer', ['provider'], () => undefined);
    const wrong = Fastify();
    await expect(wrong.register(consumer, kernel).register(provider, kernel).ready()).rejects.toThrow(/provider/);
    const right = Fastify();
    await expect(right.register(provider, kernel).register(consumer, kernel).ready()).resolves.toBeDefined();
    await Promise.all([wrong.close(), right.close()]);
  });

  it('assemble the app from every module that has a plugin, each once', () => {
    const dir = path.resolve(import.meta.dirname, '../modules');
    const withPlugin = fs.readdirSync(dir).filter((name) => fs.existsSync(path.join(dir, name, `${name}.module.ts`)));
    const names = API_MODULES.map((plugin) => (plugin as unknown as Record<symbol | string, unknown>)[Symbol.for('fastify.display-name')]);
    expect(new Set(names).size).toBe(API_MODULES.length);
    expect([...names].sort()).toEqual([...withPlugin].sort());
  });
});

describe('SessionSources', () => {
  it('asks its sources in order, the common one first, and refuses a fiscalizador request nobody logs', async () => {
    const sources = new SessionSources();
    const asked: string[] = [];
    sources.add(async (token) => (asked.push('inspectors'), token === 'i' ? ({ perfil: 'fiscalizador' } as never) : null));
    sources.add(async (token) => (asked.push('users'), token === 'u' ? ({ perfil: 'administrador' } as never) : null), 'first');
    expect(await sources.resolve('u')).toEqual({ perfil: 'administrador' });
    expect(asked).toEqual(['users']);
    expect(await sources.resolve('i')).toEqual({ perfil: 'fiscalizador' });
    expect(await sources.resolve('x')).toBeNull();
    await expect(sources.fiscalizadorRequest({} as never, {} as never, true)).rejects.toThrow();
  });
});

describe('LatePort', () => {
  it('gives a later module’s port to an earlier one, once; the app does not start while nobody gave it', async () => {
    const port = new LatePort<() => number>('la cifra de prueba');
    const earlier = apiModule('earlier', [], (app) => {
      app.decorate('lateFigure', port);
      app.addHook('onReady', async () => port.requireProvided());
    });
    const later = apiModule('later', ['earlier'], () => port.provide(() => 7));
    const missing = Fastify();
    await expect(missing.register(earlier, kernel).ready()).rejects.toThrow('Falta la cifra de prueba');
    expect(() => port.get()).toThrow(/Falta la cifra de prueba/);
    const whole = Fastify();
    await expect(whole.register(earlier, kernel).register(later, kernel).ready()).resolves.toBeDefined();
    expect(port.get()()).toBe(7);
    expect(() => port.provide(() => 8)).toThrow(/Ya se entregó/);
    await Promise.all([missing.close(), whole.close()]);
  });
});
