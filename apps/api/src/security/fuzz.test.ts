import fc from 'fast-check';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { bearer, registerCompanyWithAdmin, signIn } from '../test/factories';

/**
 * Generated bad input against every route of the OpenAPI document: random, wrong-typed, oversized
 * and unicode-heavy bodies, queries, path parameters and headers. The API must never answer 5xx,
 * never leak a stack trace, and every error must have the one error shape with a Spanish message.
 * New routes are covered automatically because the list comes from the document.
 */
const TOTAL_REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 10_000);

interface Operation {
  method: string;
  path: string;
  bodyKeys: string[];
  queryKeys: string[];
}

type JsonSchema = { properties?: Record<string, unknown>; parameters?: unknown };

function operationsOf(app: FastifyInstance): Operation[] {
  const doc = (app as unknown as { swagger(): { paths: Record<string, Record<string, Record<string, unknown>>> } }).swagger();
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    if (!path.startsWith('/api/') || path.startsWith('/api/docs')) continue;
    for (const [method, spec] of Object.entries(methods)) {
      const body = (spec.requestBody as { content?: Record<string, { schema?: JsonSchema }> } | undefined)?.content;
      const bodySchema = body ? Object.values(body)[0]?.schema : undefined;
      const parameters = (spec.parameters as { in: string; name: string }[] | undefined) ?? [];
      operations.push({
        method: method.toUpperCase(),
        path,
        bodyKeys: Object.keys(bodySchema?.properties ?? {}),
        queryKeys: parameters.filter((p) => p.in === 'query').map((p) => p.name),
      });
    }
  }
  return operations;
}

const nasty = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('', ' ', '\u0000', '𝕁𝕠𝕣𝕟𝕒𝕕𝕒', '12.345.678-5', '1e309', '-0', 'null', '__proto__', "' OR 1=1 --", '<script>alert(1)</script>', '../../etc/passwd'),
  fc.string({ minLength: 5_000, maxLength: 20_000 }).map((s) => s.padEnd(5_000, 'ñ')),
);
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  { depthSize: 'small' },
  nasty,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(nasty, { maxLength: 5 }),
  fc.dictionary(nasty, nasty, { maxKeys: 4 }),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
);

function requestFor(operation: Operation): fc.Arbitrary<{ url: string; payload?: unknown; rawPayload?: string; contentType?: string; withToken: boolean; query: Record<string, string> }> {
  const pathParam = fc.oneof(fc.uuid(), fc.constantFrom('x', '0', '%00', 'ñandú', '..'), fc.string({ minLength: 1, maxLength: 30 }));
  const knownKeys = operation.bodyKeys.length ? fc.constantFrom(...operation.bodyKeys) : nasty;
  const body = fc.oneof(
    fc.dictionary(knownKeys, anyValue, { maxKeys: 12 }),
    anyValue,
    fc.constant(undefined),
  );
  const queryKey = operation.queryKeys.length ? fc.oneof(fc.constantFrom(...operation.queryKeys), nasty) : nasty;
  return fc.record({
    url: fc.array(pathParam, { minLength: 5, maxLength: 5 }).map((params) => {
      let i = 0;
      return operation.path.replace(/\{[^}]+\}/g, () => encodeURIComponent(params[i++]!));
    }),
    payload: body,
    rawPayload: fc.oneof(fc.constant(undefined), fc.constantFrom('{', '{"a":', 'null', '[]', '\u0000', 'x'.repeat(2_000))),
    contentType: fc.constantFrom(undefined, 'application/json', 'text/plain', 'multipart/form-data; boundary=x', 'application/x-www-form-urlencoded'),
    withToken: fc.boolean(),
    query: fc.dictionary(queryKey, nasty.map(String), { maxKeys: 4 }),
  });
}

describe('generated bad input against every route', () => {
  let t: TestApp;
  let token: string;
  let rut: string;
  let password: string;
  let count = 0;

  beforeAll(async () => {
    t = await createTestApp();
    const { admin } = await registerCompanyWithAdmin(t.app);
    rut = admin.rut;
    password = admin.password;
    token = (await signIn(t.app, rut, password, '10.9.9.9')).tokenSesion;
  });
  afterAll(async () => {
    await t.close();
    console.info(`fuzz: ${count} solicitudes generadas`);
  });

  it('never answers 5xx nor leaks internals, and always uses the error shape in Spanish', async () => {
    const operations = operationsOf(t.app);
    expect(operations.length).toBeGreaterThan(5);
    const perOperation = Math.max(50, Math.ceil(TOTAL_REQUESTS / operations.length));
    for (const operation of operations) {
      await fc.assert(
        fc.asyncProperty(requestFor(operation), async (generated) => {
          const headers: Record<string, string> = {};
          if (generated.withToken) Object.assign(headers, bearer(token));
          if (generated.contentType) headers['content-type'] = generated.contentType;
          const options: InjectOptions = {
            method: operation.method as InjectOptions['method'],
            url: generated.url,
            query: generated.query,
            headers,
            remoteAddress: `10.${count % 200}.0.1`,
          };
          if (operation.method !== 'GET' && operation.method !== 'HEAD') {
            if (generated.rawPayload !== undefined) options.payload = generated.rawPayload;
            else if (generated.payload !== undefined) options.payload = JSON.stringify(generated.payload);
          }
          const response = await t.app.inject(options);
          count += 1;
          const context = `${operation.method} ${generated.url} -> ${response.statusCode} ${response.body.slice(0, 300)}`;
          expect(response.statusCode, context).toBeLessThan(500);
          expect(response.body, context).not.toMatch(/\n\s+at .+:\d+:\d+|node_modules|Error: /);
          if (response.statusCode >= 400) {
            const json = response.json<{ error?: { code?: unknown; message?: unknown } }>();
            expect(typeof json.error?.code, context).toBe('string');
            expect(typeof json.error?.message, context).toBe('string');
            // Spanish messages: no bare English framework texts.
            expect(json.error!.message as string, context).not.toMatch(/^(Bad Request|Not Found|Unauthorized|Forbidden|Internal Server Error|body\/|querystring\/|params\/)/);
          }
          // A generated logout (or password change) may end the session: start a new one.
          if (generated.withToken && response.statusCode === 401) token = (await signIn(t.app, rut, password, '10.9.9.9')).tokenSesion;
        }),
        { numRuns: perOperation, seed: Number(process.env.FUZZ_SEED ?? 20261121), endOnFailure: true },
      );
    }
    expect(count).toBeGreaterThanOrEqual(Math.min(TOTAL_REQUESTS, perOperation * operations.length));
  }, 600_000);
});
