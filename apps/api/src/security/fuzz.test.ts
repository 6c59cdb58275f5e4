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
  bodySchema?: JsonSchema;
  query: { name: string; schema: JsonSchema }[];
  pathParams: string[];
  isPublic: boolean;
}

interface JsonSchema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  minLength?: number;
  minItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

/** Every operation of the OpenAPI document; `devices` adds the clocks' /iclock protocol, outside /api. */
function operationsOf(app: FastifyInstance, options: { devices?: boolean } = {}): Operation[] {
  const doc = (app as unknown as { swagger(): { paths: Record<string, Record<string, Record<string, unknown>>> } }).swagger();
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    const inScope = (path.startsWith('/api/') && !path.startsWith('/api/docs')) || (options.devices && (path.startsWith('/iclock/') || path.startsWith('/r/')));
    if (!inScope) continue;
    for (const [method, spec] of Object.entries(methods)) {
      const body = (spec.requestBody as { content?: Record<string, { schema?: JsonSchema }> } | undefined)?.content;
      const bodySchema = body ? Object.values(body)[0]?.schema : undefined;
      const parameters = (spec.parameters as { in: string; name: string; schema?: JsonSchema }[] | undefined) ?? [];
      operations.push({
        method: method.toUpperCase(),
        path,
        bodyKeys: Object.keys(bodySchema?.properties ?? {}),
        queryKeys: parameters.filter((p) => p.in === 'query').map((p) => p.name),
        bodySchema,
        query: parameters.filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema ?? {} })),
        pathParams: [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!),
        isPublic: Array.isArray(spec.security) && spec.security.length === 0,
      });
    }
  }
  return operations;
}

const nasty = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('', ' ', '\u0000', 'a\u0000b', '\ud800', 'x\udfff', '\uffff', '𝕁𝕠𝕣𝕟𝕒𝕕𝕒', '12.345.678-5', '1e309', '-0', 'null', '__proto__', "' OR 1=1 --", '<script>alert(1)</script>', '../../etc/passwd', '0000-00-00', '10000-01-01', '2147483648'),
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

/**
 * Text and numbers that PostgreSQL refuses or that reach its limits, put into every field of every
 * route (body properties, query parameters, path parameters; the clocks' /iclock protocol included)
 * one at a time, the other fields holding plausible values so the request gets as far as it can.
 * NUL and lone surrogates must be refused at the boundary with a 400 naming the field; everything
 * else must simply never be a 5xx.
 */
const REFUSED_TEXT = [
  { name: 'NUL', value: 'a\u0000b' },
  { name: 'NUL solo', value: '\u0000' },
  { name: 'sustituto alto suelto', value: 'x\ud800' },
  { name: 'sustituto bajo suelto', value: '\udc00y' },
];
const HOSTILE_TEXT: unknown[] = ['\uffff', 'ñ'.repeat(100_000), "'; drop table users; --", '%_\\', '{"a":1}', ' '];
const HOSTILE_DATES: unknown[] = ['0000-00-00', '10000-01-01', '9999-12-31', '0100-01-01', '-infinity', 'infinity', '2024-02-30', '1970-01-01T00:00:00+99:00'];
const HOSTILE_NUMBERS: unknown[] = [2_147_483_648, -2_147_483_649, Number.MAX_SAFE_INTEGER + 2, 1e308, -1e308, 0.000_000_1];

const DATE_LIKE = /fecha|desde|hasta|inicio|fin|contrato|mes|dia|^hora/i;

/** Plausible values by property name; ids are filled in with rows the test creates. */
const PLAUSIBLE: Record<string, unknown> = {
  rutEmpresa: '76.543.210-3',
  email: 'ana.perez@ejemplo.cl',
  emailPersonal: 'ana@ejemplo.cl',
  password: 'clave-segura-1',
  telefono: '+56 9 8765 4321',
  inicio: '08:00',
  fin: '17:00',
  hora: '08:00',
  color: '#12B886',
  zonaHoraria: 'America/Santiago',
  mes: '2025-06',
  pin: '2580',
  pinActual: '2580',
  pinNuevo: '2581',
  pinTrabajador: '2580',
  codigo: 'MAN',
  numeroSerie: 'ZK0001',
  quitar: [],
  colacion: { tipo: 'minutos', minutos: 30 },
};

/** A value of the schema's type, plausible for its property name, so other fields do not stop the request first. */
function sample(schema: JsonSchema | undefined, key = ''): unknown {
  if (PLAUSIBLE[key] !== undefined) return PLAUSIBLE[key];
  if (!schema) return 'x';
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const choice = schema.anyOf ?? schema.oneOf;
  if (choice?.length) return sample(choice.find((option) => option.type !== 'null') ?? choice[0], key);
  if (schema.allOf?.length) return sample(schema.allOf[0], key);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, 1);
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: Math.max(schema.minItems ?? 1, 1) }, () => sample(schema.items, key));
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([name, property]) => [name, sample(property, name)]));
    default:
      if (schema.format === 'uuid' || /Ids?$|^id$/.test(key)) return '00000000-0000-4000-8000-000000000000';
      if (schema.format === 'email') return 'ana.perez@ejemplo.cl';
      if (schema.format === 'date') return '2025-06-02';
      if (schema.format === 'date-time') return '2025-06-02T12:00:00.000Z';
      if (DATE_LIKE.test(key)) return '2025-06-02';
      return 'Texto de prueba'.padEnd(schema.minLength ?? 0, 'x');
  }
}

const isNumeric = (schema: JsonSchema | undefined) => {
  const types = [schema?.type, ...(schema?.anyOf ?? []).map((option) => option.type)].flat();
  return types.includes('integer') || types.includes('number');
};

/** The hostile values for one field: by its type and name. */
function hostileFor(key: string, schema: JsonSchema | undefined): unknown[] {
  const values = [...HOSTILE_TEXT];
  if (DATE_LIKE.test(key) || schema?.format === 'date' || schema?.format === 'date-time') values.push(...HOSTILE_DATES);
  if (isNumeric(schema) || /^(page|pageSize)$/.test(key)) values.push(...HOSTILE_NUMBERS);
  return values;
}

type Slot = { where: 'body' | 'query' | 'path'; key: string; schema?: JsonSchema };

/**
 * Percent-encodes a URL component the way a client that does not check its text would: a lone
 * surrogate becomes the three bytes of its code unit (invalid UTF-8), as it would travel over HTTP.
 */
function encodeLoose(value: string): string {
  let result = '';
  for (const part of value.match(/[\ud800-\udbff][\udc00-\udfff]|[\s\S]/g) ?? []) {
    const unit = part.charCodeAt(0);
    if (part.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
      result += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)].map((byte) => `%${byte.toString(16).toUpperCase()}`).join('');
    } else result += encodeURIComponent(part);
  }
  return result;
}

const hasLoneSurrogate = (value: string) => /\p{Cs}/u.test(value);

function jsonOf(body: string): { error?: { code?: string; message?: string; fields?: Record<string, string> } } {
  try {
    return JSON.parse(body) as ReturnType<typeof jsonOf>;
  } catch {
    return {};
  }
}

describe('PostgreSQL-hostile text in every field of every route', () => {
  let t: TestApp;
  let token: string;
  let rut: string;
  let password: string;
  let count = 0;
  let refused = 0;

  /** The id a path parameter `{id}` takes, by the resource before it. */
  const pathIds: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    const { admin } = await registerCompanyWithAdmin(t.app);
    rut = admin.rut;
    password = admin.password;
    token = (await signIn(t.app, rut, password, '10.8.8.8')).tokenSesion;
    // Real rows, so requests get past "does not exist" and reach the queries behind.
    const create = async (url: string, payload: Record<string, unknown>) => {
      const response = await t.app.inject({ method: 'POST', url, payload, headers: bearer(token) });
      expect(response.statusCode, `${url} ${response.body}`).toBeLessThan(300);
      return response.json<{ id: string }>().id;
    };
    const sedeId = await create('/api/v1/sedes', { nombre: 'Casa Matriz', calle: 'Av. Providencia', numero: '1234', comuna: 'Providencia', ciudad: 'Santiago', region: 'RM', lat: -33.43, lng: -70.61, radioGeocercaM: 150, zonaHoraria: 'America/Santiago' });
    const grupoId = await create('/api/v1/grupos', { nombre: 'Ventas', sedeId });
    const usuarioId = await create('/api/v1/usuarios', { nombre: 'Ana', apellidos: 'Pérez', rut: '15.509.661-6', email: 'ana.perez@ejemplo.cl', horasSemanales: 42, inicioContrato: '2025-01-02', sedeId, grupoId, metodosMarcaje: ['web', 'reloj', 'kiosco_pin'] });
    const turnoId = await create('/api/v1/turnos', { nombre: 'Mañana', codigo: 'MAN', color: '#12B886', inicio: '08:00', fin: '17:00', colacion: { tipo: 'minutos', minutos: 60 } });
    const relojId = await create('/api/v1/relojes', { numeroSerie: 'ZK0001', nombre: 'Entrada', sedeId, redesPermitidas: ['10.0.0.0/8'] });
    const quioscoId = await create('/api/v1/quioscos', { nombre: 'Recepción', sedeId });
    Object.assign(PLAUSIBLE, { rut: '15.509.661-6', sedeId, grupoId, usuarioId, turnoId, liderId: admin._id, usuarioIds: [usuarioId], grupoIds: [grupoId], liderIds: [admin._id], agregar: [usuarioId], SN: 'ZK0001' });
    Object.assign(pathIds, { usuarios: usuarioId, sedes: sedeId, grupos: grupoId, turnos: turnoId, relojes: relojId, quioscos: quioscoId, planificaciones: usuarioId });
  });
  afterAll(async () => {
    await t.close();
    console.info(`fuzz (texto hostil): ${count} solicitudes, ${refused} rechazadas en el borde con 400`);
  });

  async function send(operation: Operation, slot: Slot, value: unknown) {
    const body = operation.bodySchema ? (sample(operation.bodySchema) as Record<string, unknown>) : undefined;
    const query: Record<string, string> = Object.fromEntries(operation.query.map((q) => [q.name, String(sample(q.schema, q.name))]));
    const resource = (name: string) => operation.path.split('/').at(operation.path.split('/').indexOf(`{${name}}`) - 1) ?? '';
    const params: Record<string, string> = Object.fromEntries(
      operation.pathParams.map((name) => [name, pathIds[resource(name)] ?? String(sample({ type: 'string' }, name))]),
    );
    if (slot.where === 'body' && body) body[slot.key] = value;
    if (slot.where === 'query') query[slot.key] = String(value);
    if (slot.where === 'path') params[slot.key] = String(value);
    const path = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeLoose(params[name]!));
    const search = Object.entries(query).map(([name, text]) => `${encodeLoose(name)}=${encodeLoose(text)}`).join('&');
    const url = search ? `${path}?${search}` : path;
    const headers: Record<string, string> = operation.isPublic ? {} : bearer(token);
    const options: InjectOptions = { method: operation.method as InjectOptions['method'], url, headers, remoteAddress: `10.7.${count % 250}.1` };
    if (body !== undefined) options.payload = body as InjectOptions['payload'];
    const response = await t.app.inject(options);
    count += 1;
    // Signing out (or a rejected session) ends the session the next request needs.
    if ((response.statusCode === 401 && !operation.isPublic) || /logout|salida/.test(operation.path)) token = (await signIn(t.app, rut, password, '10.8.8.8')).tokenSesion;
    return response;
  }

  it('refuses NUL and lone surrogates with a 400 naming the field, and never answers 5xx to the rest', async () => {
    const operations = operationsOf(t.app, { devices: true });
    expect(operations.some((operation) => operation.path === '/iclock/cdata')).toBe(true);
    const failures: string[] = [];
    for (const operation of operations) {
      const slots: Slot[] = [
        ...Object.entries(operation.bodySchema?.properties ?? {}).map(([key, schema]): Slot => ({ where: 'body', key, schema })),
        ...operation.query.map((q): Slot => ({ where: 'query', key: q.name, schema: q.schema })),
        ...operation.pathParams.map((key): Slot => ({ where: 'path', key })),
      ];
      for (const slot of slots) {
        for (const { name, value } of REFUSED_TEXT) {
          const response = await send(operation, slot, value);
          const json = jsonOf(response.body);
          const context = `${operation.method} ${operation.path} ${slot.where}.${slot.key} = ${name} -> ${response.statusCode} ${response.body.slice(0, 200)}`;
          // In a URL a lone surrogate can only travel as invalid UTF-8, which decodes to U+FFFD or is refused: never a 5xx.
          if (slot.where !== 'body' && hasLoneSurrogate(value)) {
            if (response.statusCode >= 500) failures.push(context);
          } else if (response.statusCode !== 400 || json.error?.code !== 'VALIDATION' || !json.error.fields?.[slot.key]) failures.push(context);
          else refused += 1;
        }
        for (const value of hostileFor(slot.key, slot.schema)) {
          const response = await send(operation, slot, value);
          if (response.statusCode >= 500) {
            failures.push(`${operation.method} ${operation.path} ${slot.where}.${slot.key} = ${JSON.stringify(value).slice(0, 40)} -> ${response.statusCode} ${response.body.slice(0, 200)}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(refused).toBeGreaterThan(1_000);
  }, 600_000);

  it('refuses NUL and lone surrogates written as JSON escapes, in object keys and nested values, and invalid UTF-8 bytes never reach the database', async () => {
    const raw = async (url: string, payload: string | Buffer, auth = true) => {
      const response = await t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json', ...(auth ? bearer(token) : {}) } });
      count += 1;
      return response;
    };
    const escaped = await raw('/api/v1/sedes', '{"nombre":"Sede \\u0000 norte","comuna":"\\ud83d"}');
    expect(escaped.statusCode).toBe(400);
    expect(escaped.json().error.fields).toMatchObject({ nombre: expect.any(String), comuna: expect.any(String) });
    expect(escaped.json().error.message).toMatch(/carácter nulo|Unicode/);
    const key = await raw('/api/v1/grupos', '{"nombre":"Ventas","x\\u0000":1}');
    expect(key.statusCode).toBe(400);
    const nested = await raw('/api/v1/grupos/asignacion-masiva/vista-previa', '{"grupoIds":["\\udc00"],"liderIds":[],"modo":"agregar"}');
    expect(nested.statusCode).toBe(400);
    expect(nested.json().error.fields).toHaveProperty(['grupoIds.0']);
    const bytes = await raw('/api/usuarios/auth', Buffer.concat([Buffer.from('{"rut":"12.345.678-5","password":"'), Buffer.from([0xc3, 0x28, 0xed, 0xa0, 0x80, 0xff]), Buffer.from('"}')]), false);
    expect(bytes.statusCode).toBeLessThan(500);
    const onboarding = await t.app.inject({ method: 'POST', url: '/api/usuarios/crear', payload: { nombre: 'x' }, headers: { 'x-onboarding-token': 'abc\u0000' } });
    count += 1;
    expect(onboarding.statusCode).toBe(400);
    expect(onboarding.json().error.fields).toHaveProperty('x-onboarding-token');
    const device = await t.app.inject({ method: 'POST', url: '/iclock/cdata?SN=AB%00C&table=ATTLOG', payload: '1\t2025-06-02 08:00:00\t0\t1' });
    count += 1;
    expect(device.statusCode).toBe(400);
    const deviceBody = await t.app.inject({ method: 'POST', url: '/iclock/cdata?SN=ABC&table=ATTLOG', payload: '1\u0000\t2025-06-02 08:00:00\t0\t1' });
    count += 1;
    expect(deviceBody.statusCode).toBe(400);
  });
});
