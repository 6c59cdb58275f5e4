import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatRut } from '@jornada/domain';
import { users } from '../db/schema/index';
import { createTestApp, type TestApp } from '../test/app';
import { bearer, dotted, registerCompany, registerCompanyWithAdmin, uniqueRut, userBody } from '../test/factories';
import { multipartFile } from '../test/multipart';
import { addPerson, companyWithAdmin, PERSON_PASSWORD } from '../test/people';

/**
 * RUT enumeration: nobody learns who works for other companies. A RUT is unique within a company, not
 * across companies (a person may work for two employers), so what a company is told about a RUT never
 * depends on other companies' data: registering one that another company has (one by one, by bulk
 * upload, or by correcting a RUT) answers exactly as an unused one.
 */
let t: TestApp;
/** Company B, whose RUTs company A must not be able to detect. */
let b: { companyId: string; headers: Record<string, string> };
/** Company A, the one asking. */
let a: { companyId: string; razonSocial: string; headers: Record<string, string> };

beforeAll(async () => {
  t = await createTestApp();
  const companyB = await companyWithAdmin(t.app);
  b = { companyId: companyB.companyId, headers: companyB.admin.headers };
  const companyA = await companyWithAdmin(t.app);
  a = { companyId: companyA.companyId, razonSocial: companyA.razonSocial, headers: companyA.admin.headers };
});
afterAll(() => t.close());

/** A RUT registered in company B only (a worker's), as `12345678-5`. */
async function rutOfB(): Promise<{ rut: string; id: string }> {
  const person = await addPerson(t.app, t.database.db, b.companyId, 'trabajador');
  return { rut: person.rut, id: person.id };
}

/** The answer with what differs between two people taken out (ids, RUT, e-mail, instants), to compare the rest. */
function comparable(response: { statusCode: number; headers: Record<string, unknown>; json: () => unknown }) {
  const headers = Object.keys(response.headers)
    .filter((name) => !['date', 'content-length', 'x-request-id'].includes(name))
    .sort();
  const strip = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(strip);
    if (typeof value !== 'object' || value === null) return value;
    const kept = Object.entries(value).filter(([key]) => !['id', '_id', 'rut', 'clave', 'nombre', 'email', 'creadoEn', 'actualizadoEn'].includes(key));
    return Object.fromEntries(kept.map(([key, inner]) => [key, strip(inner)]));
  };
  return { status: response.statusCode, headers, body: strip(response.json()) };
}

const workerBody = (rut: string, overrides: Record<string, unknown> = {}) => ({
  nombre: 'Ana María',
  apellidos: 'Pérez Soto',
  rut: dotted(rut),
  email: `ana${Math.random().toString(36).slice(2, 8)}@empresa.cl`,
  perfil: 'trabajador',
  horasSemanales: 40,
  metodosMarcaje: ['web'],
  inicioContrato: '2025-01-02',
  ...overrides,
});

const HEADER = 'RUT;Nombre;Apellidos;Correo;Horas semanales;Inicio contrato';
const csvRow = (rut: string, i: number) => `${dotted(rut)};Persona;Prueba;persona${i}.${Math.random().toString(36).slice(2, 8)}@ejemplo.cl;40;01-03-2024`;

function upload(csv: string, preview: boolean, headers = a.headers) {
  const form = multipartFile(csv, { filename: 'usuarios.csv' });
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/usuarios/carga-masiva${preview ? '/vista-previa' : ''}`,
    headers: { ...headers, ...form.headers },
    payload: form.payload,
  });
}

describe('a RUT of another company is registered like an unused one', () => {
  it('POST /api/v1/usuarios: the same 201 and the same answer', async () => {
    const taken = await rutOfB();
    const elsewhere = await t.app.inject({ method: 'POST', url: '/api/v1/usuarios', headers: a.headers, payload: workerBody(taken.rut) });
    const unused = await t.app.inject({ method: 'POST', url: '/api/v1/usuarios', headers: a.headers, payload: workerBody(uniqueRut()) });
    expect(elsewhere.statusCode, elsewhere.body).toBe(201);
    expect(comparable(elsewhere)).toEqual(comparable(unused));
    expect(elsewhere.json()).toMatchObject({ rut: formatRut(taken.rut), activo: true });
    // Two people now, one in each company; B's is untouched.
    const rows = await t.database.db.select({ companyId: users.companyId, id: users.id }).from(users).where(eq(users.rut, taken.rut));
    expect(rows.map((row) => row.companyId).sort()).toEqual([a.companyId, b.companyId].sort());
    expect(rows.find((row) => row.companyId === b.companyId)!.id).toBe(taken.id);
  });

  it('POST /api/usuarios/crear: by an administrator, and by the onboarding of a new company', async () => {
    const taken = await rutOfB();
    const crear = (rut: string, headers: Record<string, string>, razonSocial = a.razonSocial) =>
      t.app.inject({ method: 'POST', url: '/api/usuarios/crear', headers, payload: userBody(razonSocial, { rut: dotted(rut) }) });
    const elsewhere = await crear(taken.rut, a.headers);
    const unused = await crear(uniqueRut(), a.headers);
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
    expect(comparable(elsewhere)).toEqual(comparable(unused));

    const company = await registerCompany(t.app);
    const principal = await crear(taken.rut, { 'x-onboarding-token': company.onboardingToken }, company.body.razonSocial);
    expect(principal.statusCode, principal.body).toBe(200);
  });

  it('PATCH /api/v1/usuarios/:id {rut}: a RUT of another company is accepted; one of the same company is its own 409', async () => {
    const taken = await rutOfB();
    const first = await addPerson(t.app, t.database.db, a.companyId, 'trabajador');
    const second = await addPerson(t.app, t.database.db, a.companyId, 'trabajador');
    const patch = (id: string, rut: string) => t.app.inject({ method: 'PATCH', url: `/api/v1/usuarios/${id}`, headers: a.headers, payload: { rut: dotted(rut) } });
    const elsewhere = await patch(first.id, taken.rut);
    const unused = await patch(second.id, uniqueRut());
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
    expect(comparable(elsewhere)).toEqual(comparable(unused));
    expect(elsewhere.json().rut).toBe(formatRut(taken.rut));
    // Sign-in follows the correction: the old RUT no longer opens the account, the new one does (and,
    // with the same password as B's worker, asks which employer).
    const auth = (rut: string) => t.app.inject({ method: 'POST', url: '/api/usuarios/auth', payload: { rut, password: PERSON_PASSWORD } });
    expect((await auth(first.rut)).statusCode).toBe(401);
    expect((await auth(taken.rut)).json().empleadores.map((e: { id: string }) => e.id)).toEqual([b.companyId, a.companyId]);

    const own = await patch(second.id, taken.rut);
    expect(own.statusCode).toBe(409);
    expect(own.json().error).toEqual({ code: 'CONFLICT', message: 'La empresa ya tiene un usuario con ese RUT.', fields: { rut: 'La empresa ya tiene un usuario con ese RUT.' } });
    const again = await t.app.inject({ method: 'POST', url: '/api/v1/usuarios', headers: a.headers, payload: workerBody(taken.rut) });
    expect(again.statusCode).toBe(409);
  });

  it('bulk upload: the preview and the commit treat it as a new row, and the commit saves it', async () => {
    const taken = await rutOfB();
    const fresh = [uniqueRut(), uniqueRut(), uniqueRut()];
    const withElsewhere = [HEADER, csvRow(taken.rut, 1), csvRow(fresh[0]!, 2)].join('\n');
    const allUnused = [HEADER, csvRow(uniqueRut(), 1), csvRow(fresh[1]!, 2)].join('\n');
    const previewElsewhere = await upload(withElsewhere, true);
    const previewUnused = await upload(allUnused, true);
    expect(previewElsewhere.statusCode, previewElsewhere.body).toBe(200);
    expect(previewElsewhere.json()).toMatchObject({ errores: [], aplicado: false });
    expect(previewElsewhere.json().filas.map((fila: { accion: string }) => fila.accion)).toEqual(['crear', 'crear']);
    expect(comparable(previewElsewhere)).toEqual(comparable(previewUnused));

    const commit = await upload([HEADER, csvRow(taken.rut, 1), csvRow(fresh[2]!, 2)].join('\n'), false);
    expect(commit.statusCode, commit.body).toBe(200);
    expect(commit.json()).toMatchObject({ errores: [], aplicado: true });
    const inA = await t.database.db.select({ companyId: users.companyId }).from(users).where(eq(users.rut, taken.rut));
    expect(inA.map((row) => row.companyId).sort()).toEqual([a.companyId, b.companyId].sort());
  });
});

describe('the same RUT in two companies stays two separate people', () => {
  it('company A sees and edits only its own: B’s user with that RUT is a 404 and not in A’s list', async () => {
    const taken = await rutOfB();
    const created = await t.app.inject({ method: 'POST', url: '/api/v1/usuarios', headers: a.headers, payload: workerBody(taken.rut) });
    expect(created.statusCode).toBe(201);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/usuarios/${taken.id}`, headers: a.headers })).statusCode).toBe(404);
    const patch = await t.app.inject({ method: 'PATCH', url: `/api/v1/usuarios/${taken.id}`, headers: a.headers, payload: { nombre: 'Intrusa' } });
    expect(patch.statusCode).toBe(404);
    const list = await t.app.inject({ method: 'GET', url: `/api/v1/usuarios?q=${taken.rut.split('-')[0]}`, headers: a.headers });
    expect(list.json().items.map((u: { id: string }) => u.id)).toEqual([created.json().id]);
    const [row] = await t.database.db.select({ nombre: users.nombre }).from(users).where(eq(users.id, taken.id));
    expect(row!.nombre).not.toBe('Intrusa');
  });

  it('the person signs in to each employer, and each session sees only its company', async () => {
    const { company: companyA, admin } = await registerCompanyWithAdmin(t.app);
    // The chooser lists the oldest account first.
    t.clock.advance(1000);
    const companyC = await registerCompany(t.app);
    const principal = await t.app.inject({
      method: 'POST',
      url: '/api/usuarios/crear',
      headers: { 'x-onboarding-token': companyC.onboardingToken },
      payload: userBody(companyC.body.razonSocial, { rut: admin.rut, password: admin.password }),
    });
    expect(principal.statusCode, principal.body).toBe(200);
    const chooser = await t.app.inject({ method: 'POST', url: '/api/usuarios/auth', payload: { rut: admin.rut, password: admin.password } });
    expect(chooser.json().empleadores.map((e: { id: string }) => e.id)).toEqual([companyA.id, companyC.id]);
    const tokenOf = async (empresaId: string) => {
      const response = await t.app.inject({ method: 'POST', url: '/api/usuarios/auth', payload: { rut: admin.rut, password: admin.password, empresaId } });
      expect(response.statusCode).toBe(200);
      return response.json<{ tokenSesion: string; _id: string }>();
    };
    const inA = await tokenOf(companyA.id);
    const inC = await tokenOf(companyC.id);
    expect(inA._id).toBe(admin._id);
    expect(inC._id).toBe(principal.json()._id);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/usuarios/${inC._id}`, headers: bearer(inA.tokenSesion) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/usuarios/${inA._id}`, headers: bearer(inC.tokenSesion) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/usuarios/${inC._id}`, headers: bearer(inC.tokenSesion) })).statusCode).toBe(200);
  });
});

describe('bulk previews', () => {
  it('are limited per company', async () => {
    const { admin } = await companyWithAdmin(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await upload([HEADER, csvRow(uniqueRut(), i)].join('\n'), true, admin.headers)).statusCode);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
    expect(statuses.slice(0, 15).every((status) => status === 200)).toBe(true);
  });
});
