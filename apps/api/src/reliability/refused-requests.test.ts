import net from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sites } from '../db/schema/index';
import { createTestApp, type TestApp } from '../test/app';
import { companyWithAdmin } from '../test/people';

/**
 * Requests Fastify or Node refuse before any handler runs (a badly encoded address, an over-long id,
 * header or query string, a body over the limit, a content type the API does not read, bytes that are
 * not UTF-8) still answer the API's Spanish error shape, with a 4xx status and nothing written.
 */
let t: TestApp;
let admin: { headers: Record<string, string> };
let companyId: string;

beforeAll(async () => {
  t = await createTestApp();
  const company = await companyWithAdmin(t.app);
  admin = company.admin;
  companyId = company.companyId;
});
afterAll(() => t.close());

/** The body is the API's error shape, with a Spanish message (no Fastify English, no internals). */
function expectSpanishError(body: string, status: number, message?: string) {
  const json = JSON.parse(body) as { error: { code: string; message: string } };
  expect(Object.keys(json), body).toEqual(['error']);
  expect(json.error.code, body).toBe(status === 404 ? 'NOT_FOUND' : 'VALIDATION');
  if (message) expect(json.error.message).toBe(message);
  expect(json.error.message, body).not.toMatch(/FST_|url component|Bad Request|exceed|Client Error|header size/i);
  expect(json.error.message, body).toMatch(/\b(la|el|de|en|no|es)\b/);
}

const siteCount = async () => (await t.database.db.select().from(sites).where(eq(sites.companyId, companyId))).length;

describe('requests refused before the handlers', () => {
  it.each(['%C3%28', '%FF', '%E2%82', 'abc%', '%C0%AF'])('a path parameter that is not valid UTF-8 (%s) is a Spanish 400', async (param) => {
    for (const url of [`/api/v1/sedes/${param}`, `/api/v1/usuarios/${param}`, `/api/v1/pactos-horas-extra/${param}`]) {
      const response = await t.app.inject({ method: 'GET', url, headers: admin.headers });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(400);
      expectSpanishError(response.body, 400, 'La dirección de la solicitud no es válida: tiene caracteres mal codificados (no es UTF-8 válido).');
      expect(response.headers['content-type']).toMatch(/^application\/json/);
    }
    // Also without a session: the router refuses it before authentication.
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/v1/sedes/${param}` });
    expect(anonymous.statusCode).toBe(400);
    expectSpanishError(anonymous.body, 400);
  });

  it('a query string that is not valid UTF-8 is a Spanish 400', async () => {
    for (const query of ['q=%FF', 'q=Sede%20%C3%28', '%FF=1']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/v1/usuarios?${query}`, headers: admin.headers });
      expect(response.statusCode, `${query}: ${response.body}`).toBe(400);
      expectSpanishError(response.body, 400, 'La dirección de la solicitud no es válida: tiene caracteres mal codificados (no es UTF-8 válido).');
    }
    // A literal percent sign that starts no escape stays acceptable, and valid UTF-8 escapes too.
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/usuarios?q=%C3%B1and%C3%BA', headers: admin.headers })).statusCode).toBe(200);
  });

  it('an id longer than the router allows is a Spanish 414; one under it but over the schema, a Spanish 400', async () => {
    const long = await t.app.inject({ method: 'GET', url: `/api/v1/sedes/${'a'.repeat(600)}`, headers: admin.headers });
    expect(long.statusCode, long.body).toBe(414);
    expectSpanishError(long.body, 414, 'La dirección de la solicitud es demasiado larga.');
    const medium = await t.app.inject({ method: 'GET', url: `/api/v1/sedes/${'a'.repeat(150)}`, headers: admin.headers });
    expect(medium.statusCode, medium.body).toBe(400);
    expectSpanishError(medium.body, 400);
  });

  it('a body over the limit is a Spanish 413 and nothing is written', async () => {
    const before = await siteCount();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sedes',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ nombre: 'Sede grande', calle: 'x'.repeat(2_000_000) }),
    });
    expect(response.statusCode, response.body).toBe(413);
    expectSpanishError(response.body, 413, 'La solicitud es demasiado grande.');
    expect(await siteCount()).toBe(before);
  });

  it.each([
    ['text/plain', '{"nombre":"Sede texto"}'],
    ['application/xml', '<sede nombre="x"/>'],
    ['application/x-www-form-urlencoded', 'nombre=Sede'],
  ])('a body of type %s is a Spanish 415 and nothing is written', async (type, payload) => {
    const before = await siteCount();
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/sedes', headers: { ...admin.headers, 'content-type': type }, payload });
    expect(response.statusCode, response.body).toBe(415);
    expectSpanishError(response.body, 415, 'Tipo de contenido no soportado. Envía JSON.');
    expect(await siteCount()).toBe(before);
  });

  it('raw bytes that are not UTF-8 in a JSON body are a Spanish 400 and nothing is written', async () => {
    const before = await siteCount();
    for (const bytes of [
      [0xc3, 0x28],
      [0xff],
      [0xe2, 0x82],
      [0xed, 0xa0, 0x80],
    ]) {
      const payload = Buffer.concat([Buffer.from('{"nombre":"Sede '), Buffer.from(bytes), Buffer.from('"}')]);
      const response = await t.app.inject({ method: 'POST', url: '/api/v1/sedes', headers: { ...admin.headers, 'content-type': 'application/json' }, payload });
      expect(response.statusCode, response.body).toBe(400);
      expectSpanishError(response.body, 400, 'El cuerpo de la solicitud no es UTF-8 válido. Envía el texto codificado en UTF-8.');
    }
    expect(await siteCount()).toBe(before);
    // Valid UTF-8 (accents, ñ, emoji) is stored as sent.
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sedes',
      headers: { ...admin.headers, 'content-type': 'application/json; charset=utf-8' },
      payload: Buffer.from(JSON.stringify({ nombre: 'Sede Ñuñoa 🌲' }), 'utf8'),
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().nombre).toBe('Sede Ñuñoa 🌲');
  });
});

describe('requests Node refuses before Fastify sees them (real server)', () => {
  let port: number;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });

  /** Sends raw bytes and reads until the server closes the connection. */
  function raw(request: string): Promise<{ status: number; headers: string; body: string }> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1');
      const chunks: Buffer[] = [];
      socket.on('data', (chunk) => chunks.push(chunk));
      socket.on('error', reject);
      socket.on('close', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const [head = '', ...rest] = text.split('\r\n\r\n');
        resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), headers: head, body: rest.join('\r\n\r\n') });
      });
      socket.end(request);
    });
  }

  it('an over-long header is a Spanish 431', async () => {
    const response = await raw(`GET /api/v1/sedes HTTP/1.1\r\nHost: localhost\r\nX-Relleno: ${'a'.repeat(40_000)}\r\nConnection: close\r\n\r\n`);
    expect(response.status, response.headers).toBe(431);
    expect(response.headers).toMatch(/content-type: application\/json; charset=utf-8/i);
    expectSpanishError(response.body, 431, 'Los encabezados o la dirección de la solicitud son demasiado largos.');
  });

  it('an over-long query string is a Spanish 431', async () => {
    const response = await raw(`GET /api/v1/usuarios?q=${'a'.repeat(40_000)} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
    expect(response.status, response.headers).toBe(431);
    expectSpanishError(response.body, 431, 'Los encabezados o la dirección de la solicitud son demasiado largos.');
  });

  it('a request that is not HTTP is a Spanish 400', async () => {
    const response = await raw('ESTO NO ES HTTP\r\n\r\n');
    expect(response.status, response.headers).toBe(400);
    expectSpanishError(response.body, 400, 'La solicitud no es válida: no se pudo leer como HTTP.');
  });
});
