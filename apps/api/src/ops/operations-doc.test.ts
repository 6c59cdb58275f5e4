/**
 * docs/operations.md shows output and figures of the running product; this keeps them true to the
 * code: the health and readiness bodies as the server answers them (the migrations this version
 * ships), every environment variable the server reads, the connections per process and the metrics.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKGROUND_POOL_SIZE, POOL_SIZE, SYSTEM_POOL_SIZE } from '../db/client';
import { createTestApp, type TestApp } from '../test/app';
import { shippedMigrations } from './readiness';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const doc = fs.readFileSync(path.join(ROOT, 'docs/operations.md'), 'utf8');

/** The JSON body shown in the table row of a route (`| \`GET /api/ready\` | … | \`200 { … }\` …`). */
function documentedBody(route: string): Record<string, unknown> {
  const row = doc.split('\n').find((line) => line.startsWith(`| \`GET ${route}\``));
  expect(row, `docs/operations.md no muestra ${route}`).toBeDefined();
  const json = /`200 (\{[^`]*\})`/.exec(row!)?.[1];
  expect(json, `docs/operations.md no muestra la respuesta de ${route}`).toBeDefined();
  return JSON.parse(json!) as Record<string, unknown>;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('docs/operations.md matches the product', () => {
  it('shows /api/ready as it answers: every migration this version ships', async () => {
    const documented = documentedBody('/api/ready');
    expect(documented.migraciones).toBe(shippedMigrations().length);
    expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).json()).toEqual(documented);
  });

  it('shows /api/health with the fields and version it answers', async () => {
    const documented = documentedBody('/api/health');
    const actual = (await t.app.inject({ method: 'GET', url: '/api/health' })).json();
    expect(Object.keys(actual).sort()).toEqual(Object.keys(documented).sort());
    expect({ ...actual, uptimeSegundos: documented.uptimeSegundos }).toEqual(documented);
  });

  it('lists every environment variable the server reads (README too), and the connections each process opens', () => {
    const config = fs.readFileSync(path.join(ROOT, 'apps/api/src/config.ts'), 'utf8');
    const variables = [...config.matchAll(/^ {4}([A-Z][A-Z0-9_]+): /gm)].map((match) => match[1]!);
    expect(variables.length).toBeGreaterThan(10);
    for (const text of [doc, fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8')]) {
      const documented = [...text.matchAll(/^\| `([A-Z][A-Z0-9_]+)` \|/gm)].map((match) => match[1]!);
      expect(documented.sort()).toEqual([...variables].sort());
    }
    const total = POOL_SIZE + SYSTEM_POOL_SIZE + BACKGROUND_POOL_SIZE;
    expect(doc).toContain(`hasta ${total} conexiones (${POOL_SIZE} de las empresas, ${SYSTEM_POOL_SIZE} del modo sistema y ${BACKGROUND_POOL_SIZE} del trabajo de fondo)`);
    expect(doc).toContain(`hasta ${total} conexiones: con N procesos, \`max_connections\` debe superar \`${total} × N\``);
  });

  it('names metrics the server exports', async () => {
    const metrics = (await t.app.inject({ method: 'GET', url: '/api/metrics' })).body;
    const names = [...doc.matchAll(/^\| `(jornada_[a-z_]+)[`{]/gm)].map((match) => match[1]!);
    expect(names.length).toBeGreaterThanOrEqual(4);
    for (const name of names) expect(metrics, name).toMatch(new RegExp(`^# TYPE ${name}`, 'm'));
  });
});
