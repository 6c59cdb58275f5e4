import ExcelJS from 'exceljs';
import type { Perfil } from '@jornada/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { uniqueRut } from '../test/factories';
import { multipartFile } from '../test/multipart';
import { addPerson, companyWithAdmin, type Person } from '../test/people';

/**
 * The perfil-and-tenancy matrix of the people and organisation routes: every route under the
 * prefixes below, read from the app's own route list (OpenAPI), is called by each perfil of a company
 * and by the administrator of another company, and must answer as the table says. A new route under these prefixes fails this
 * test until the table says who may call it.
 */
const PREFIXES = ['/api/v1/usuarios', '/api/v1/sedes', '/api/v1/empresa', '/api/v1/grupos', '/api/v1/relojes', '/api/v1/planificaciones/extension-diciembre'];
/** Public routes under those prefixes (no session: a token in the body), tested in their modules. */
const PUBLIC = new Set(['POST /api/v1/empresa/confirmar-correo']);

type Actor = Perfil | 'otraEmpresa';
const ACTORS: Actor[] = ['administrador', 'supervisor', 'trabajador', 'fiscalizador', 'otraEmpresa'];

interface Ids {
  worker: string;
  leaver: string;
  group: string;
  site: string;
  supervisor: string;
  clock: string;
  admin2: string;
}

interface Case {
  allowed: Perfil[];
  /** The path with `:id` filled in (ids of the first company). */
  path: (ids: Ids) => string;
  body?: (ids: Ids) => object;
  multipart?: () => Promise<Buffer>;
  /** Whether the route names a resource of the first company (another company then gets 404). */
  byId: boolean;
  /** What an allowed caller gets when the call is valid only in another state (e.g. 400 for a company already confirmed); a 2xx otherwise. */
  okStatus?: number;
}

let sequence = 0;
const next = () => ++sequence;

async function usersFile(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Usuarios');
  sheet.addRow(['RUT', 'Nombre', 'Apellidos', 'Correo', 'Horas semanales', 'Inicio contrato']);
  sheet.addRow([uniqueRut(), 'Carga', `Masiva ${next()}`, `carga${sequence}@empresa.cl`, 40, '2024-01-02']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function demandFile(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Demanda');
  sheet.addRow(['Día', 'Hora desde', 'Hora hasta', 'Personas']);
  sheet.addRow(['lunes', '09:00', '18:00', 2]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const A: Perfil[] = ['administrador'];
const AS: Perfil[] = ['administrador', 'supervisor'];

/** Key: `METHOD /path` as registered. Order matters where a call changes state (desactivar before reactivar). */
const TABLE: Record<string, Case> = {
  'GET /api/v1/usuarios': { allowed: AS, path: () => '/api/v1/usuarios', byId: false },
  'GET /api/v1/usuarios/exportar': { allowed: AS, path: () => '/api/v1/usuarios/exportar', byId: false },
  'GET /api/v1/usuarios/carga-masiva/plantilla': { allowed: A, path: () => '/api/v1/usuarios/carga-masiva/plantilla?formato=csv', byId: false },
  'POST /api/v1/usuarios/carga-masiva/vista-previa': { allowed: A, path: () => '/api/v1/usuarios/carga-masiva/vista-previa', multipart: usersFile, byId: false },
  'POST /api/v1/usuarios/carga-masiva': { allowed: A, path: () => '/api/v1/usuarios/carga-masiva', multipart: usersFile, byId: false },
  'GET /api/v1/usuarios/:id': { allowed: ['administrador', 'supervisor', 'trabajador'], path: (ids) => `/api/v1/usuarios/${ids.worker}`, byId: true },
  'POST /api/v1/usuarios': {
    allowed: A,
    path: () => '/api/v1/usuarios',
    body: () => ({ nombre: 'Nueva', apellidos: `Persona ${next()}`, rut: uniqueRut(), email: `nueva${sequence}@empresa.cl`, horasSemanales: 40, inicioContrato: '2025-01-02' }),
    byId: false,
  },
  'PATCH /api/v1/usuarios/:id': { allowed: A, path: (ids) => `/api/v1/usuarios/${ids.worker}`, body: () => ({ cargo: 'Cajero' }), byId: true },
  'POST /api/v1/usuarios/:id/desactivar': { allowed: A, path: (ids) => `/api/v1/usuarios/${ids.leaver}/desactivar`, body: () => ({ finContrato: '2025-06-01' }), byId: true },
  'POST /api/v1/usuarios/:id/reactivar': { allowed: A, path: (ids) => `/api/v1/usuarios/${ids.leaver}/reactivar`, body: () => ({}), byId: true },
  'GET /api/v1/sedes': { allowed: AS, path: () => '/api/v1/sedes', byId: false },
  'GET /api/v1/sedes/:id': { allowed: AS, path: (ids) => `/api/v1/sedes/${ids.site}`, byId: true },
  'POST /api/v1/sedes': { allowed: A, path: () => '/api/v1/sedes', body: () => ({ nombre: `Sede ${next()}` }), byId: false },
  'PATCH /api/v1/sedes/:id': { allowed: A, path: (ids) => `/api/v1/sedes/${ids.site}`, body: () => ({ radioGeocercaM: 200 }), byId: true },
  'GET /api/v1/sedes/:id/demanda': { allowed: AS, path: (ids) => `/api/v1/sedes/${ids.site}/demanda`, byId: true },
  'PUT /api/v1/sedes/:id/demanda': {
    allowed: A,
    path: (ids) => `/api/v1/sedes/${ids.site}/demanda`,
    body: () => ({ bandas: [{ diaSemana: 1, inicio: '09:00', fin: '18:00', personas: 2 }], excepciones: [] }),
    byId: true,
  },
  'GET /api/v1/sedes/:id/demanda/plantilla': { allowed: A, path: (ids) => `/api/v1/sedes/${ids.site}/demanda/plantilla?formato=csv`, byId: true },
  'POST /api/v1/sedes/:id/demanda/carga/vista-previa': { allowed: A, path: (ids) => `/api/v1/sedes/${ids.site}/demanda/carga/vista-previa`, multipart: demandFile, byId: true },
  'POST /api/v1/sedes/:id/demanda/carga': { allowed: A, path: (ids) => `/api/v1/sedes/${ids.site}/demanda/carga`, multipart: demandFile, byId: true },
  'GET /api/v1/empresa': { allowed: A, path: () => '/api/v1/empresa', byId: false },
  'GET /api/v1/usuarios/invitaciones': { allowed: A, path: () => '/api/v1/usuarios/invitaciones', byId: false },
  // The test companies have confirmed their e-mail: resending the link is refused with a 400 past the perfil check.
  'POST /api/v1/empresa/confirmacion-correo': { allowed: A, path: () => '/api/v1/empresa/confirmacion-correo', body: () => ({}), byId: false, okStatus: 400 },
  'PATCH /api/v1/empresa': { allowed: A, path: () => '/api/v1/empresa', body: () => ({ comentario: 'Matriz de permisos' }), byId: false },
  'GET /api/v1/grupos': { allowed: AS, path: () => '/api/v1/grupos', byId: false },
  'GET /api/v1/grupos/:id': { allowed: AS, path: (ids) => `/api/v1/grupos/${ids.group}`, byId: true },
  'POST /api/v1/grupos': { allowed: A, path: () => '/api/v1/grupos', body: () => ({ nombre: `Grupo ${next()}` }), byId: false },
  'PATCH /api/v1/grupos/:id': { allowed: A, path: (ids) => `/api/v1/grupos/${ids.group}`, body: () => ({ descripcion: 'Editado' }), byId: true },
  'GET /api/v1/grupos/:id/historial-estados': { allowed: AS, path: (ids) => `/api/v1/grupos/${ids.group}/historial-estados`, byId: true },
  'PUT /api/v1/grupos/:id/miembros': { allowed: A, path: (ids) => `/api/v1/grupos/${ids.group}/miembros`, body: (ids) => ({ agregar: [ids.worker] }), byId: true },
  'PUT /api/v1/grupos/:id/lideres': { allowed: A, path: (ids) => `/api/v1/grupos/${ids.group}/lideres`, body: (ids) => ({ liderIds: [ids.supervisor] }), byId: true },
  'POST /api/v1/grupos/asignacion-masiva/vista-previa': {
    allowed: A,
    path: () => '/api/v1/grupos/asignacion-masiva/vista-previa',
    body: (ids) => ({ grupoIds: [ids.group], liderIds: [ids.supervisor] }),
    // The body names the first company's ids: another company gets the 400 of unknown groups, never their data.
    byId: true,
  },
  'POST /api/v1/grupos/asignacion-masiva': {
    allowed: A,
    path: () => '/api/v1/grupos/asignacion-masiva',
    body: (ids) => ({ grupoIds: [ids.group], liderIds: [ids.supervisor] }),
    byId: true,
  },
  // The company's December extension days (art. 24): whoever plans. The matrix's companies are not commerce, so a
  // declaration is refused with its 400 (the reason), never another company's data; the planning tests declare.
  'GET /api/v1/planificaciones/extension-diciembre': { allowed: AS, path: () => '/api/v1/planificaciones/extension-diciembre?anio=2026', byId: false },
  'PUT /api/v1/planificaciones/extension-diciembre': {
    allowed: AS,
    path: () => '/api/v1/planificaciones/extension-diciembre',
    body: () => ({ anio: 2026, dias: [{ fecha: '2026-12-15', minutos: 60 }] }),
    byId: false,
    okStatus: 400,
  },
  // Clock devices: administrador only.
  'GET /api/v1/relojes': { allowed: A, path: () => '/api/v1/relojes', byId: false },
  'GET /api/v1/relojes/:id': { allowed: A, path: (ids) => `/api/v1/relojes/${ids.clock}`, byId: true },
  'POST /api/v1/relojes': {
    allowed: A,
    path: () => '/api/v1/relojes',
    body: (ids) => ({ numeroSerie: `MATRIZ${next()}X${Math.random().toString(36).slice(2, 8)}`, nombre: 'Reloj matriz', sedeId: ids.site }),
    // The body names the first company's site: another company gets the 400 of an unknown site.
    byId: true,
  },
  'PATCH /api/v1/relojes/:id': { allowed: A, path: (ids) => `/api/v1/relojes/${ids.clock}`, body: () => ({ nombre: 'Reloj renombrado' }), byId: true },
  'POST /api/v1/relojes/:id/clave': { allowed: A, path: (ids) => `/api/v1/relojes/${ids.clock}/clave`, byId: true },
  // Last: deactivating the group does not disturb the calls above.
  'PATCH /api/v1/grupos/:id/estado': { allowed: A, path: (ids) => `/api/v1/grupos/${ids.group}/estado`, body: () => ({ estado: 'inactivo', motivo: 'Matriz' }), byId: true },
  'POST /api/v1/usuarios/:id/transferir-principal': { allowed: A, path: (ids) => `/api/v1/usuarios/${ids.admin2}/transferir-principal`, body: () => ({ passwordActual: 'clave-segura-1' }), byId: true },
};

/** Ids in the body (not the path) of another company are unknown references: 400, like any id that does not exist. */
const BODY_REFERENCES = new Set(['POST /api/v1/grupos/asignacion-masiva/vista-previa', 'POST /api/v1/grupos/asignacion-masiva', 'POST /api/v1/relojes']);

let t: TestApp;
let ids: Ids;
const actors = new Map<Actor, Record<string, string>>();

beforeAll(async () => {
  t = await createTestApp();
  const first = await companyWithAdmin(t.app);
  const db = t.database.db;
  const site = (await t.app.inject({ method: 'POST', url: '/api/v1/sedes', headers: first.admin.headers, payload: { nombre: 'Casa Matriz' } })).json();
  const group = (await t.app.inject({ method: 'POST', url: '/api/v1/grupos', headers: first.admin.headers, payload: { nombre: 'Ventas' } })).json();
  const supervisor: Person = await addPerson(t.app, db, first.companyId, 'supervisor');
  const worker = await addPerson(t.app, db, first.companyId, 'trabajador', { groupId: group.id });
  const leaver = await addPerson(t.app, db, first.companyId, 'trabajador', { groupId: group.id });
  const inspector = await addPerson(t.app, db, first.companyId, 'fiscalizador');
  await t.app.inject({ method: 'PUT', url: `/api/v1/grupos/${group.id}/lideres`, headers: first.admin.headers, payload: { liderIds: [supervisor.id] } });
  const clock = (
    await t.app.inject({ method: 'POST', url: '/api/v1/relojes', headers: first.admin.headers, payload: { numeroSerie: 'MATRIZ0001', nombre: 'Reloj acceso', sedeId: site.id } })
  ).json();
  const admin2 = await addPerson(t.app, db, first.companyId, 'administrador');
  const second = await companyWithAdmin(t.app);
  ids = { worker: worker.id, leaver: leaver.id, group: group.id, site: site.id, supervisor: supervisor.id, clock: clock.id, admin2: admin2.id };
  actors.set('administrador', first.admin.headers);
  actors.set('supervisor', supervisor.headers);
  actors.set('trabajador', worker.headers);
  actors.set('fiscalizador', inspector.headers);
  actors.set('otraEmpresa', second.admin.headers);
});
afterAll(() => t.close());

function registeredRoutes(): string[] {
  const doc = (t.app as unknown as { swagger(): { paths: Record<string, Record<string, unknown>> } }).swagger();
  const routes: string[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    if (!PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) continue;
    for (const method of Object.keys(methods)) routes.push(`${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`);
  }
  return routes.filter((route) => !PUBLIC.has(route)).sort();
}

async function call(key: string, headers: Record<string, string>) {
  const spec = TABLE[key]!;
  const method = key.split(' ')[0] as 'GET' | 'POST' | 'PATCH' | 'PUT';
  const url = spec.path(ids);
  if (spec.multipart) {
    const form = multipartFile(await spec.multipart(), { filename: 'usuarios.xlsx' });
    return t.app.inject({ method, url, headers: { ...headers, ...form.headers }, payload: form.payload });
  }
  return t.app.inject({ method, url, headers, ...(spec.body ? { payload: spec.body(ids) } : {}) });
}

describe('perfil and tenancy matrix of people, sites, company and groups', () => {
  it('has an expectation for every registered route, and no stale one', () => {
    expect(registeredRoutes()).toEqual(Object.keys(TABLE).sort());
  });

  it('answers 401 without a session on every route', async () => {
    for (const key of Object.keys(TABLE)) {
      const response = await call(key, {});
      expect(response.statusCode, key).toBe(401);
    }
  });

  for (const key of Object.keys(TABLE)) {
    it(key, async () => {
      const spec = TABLE[key]!;
      for (const actor of ACTORS) {
        const response = await call(key, actors.get(actor)!);
        const label = `${key} as ${actor}: ${response.body.slice(0, 200)}`;
        if (actor === 'otraEmpresa') {
          if (!spec.byId) {
            if (spec.okStatus) expect(response.statusCode, label).toBe(spec.okStatus);
            else expect(response.statusCode, label).toBeLessThan(300);
          }
          else if (BODY_REFERENCES.has(key)) expect(response.statusCode, label).toBe(400);
          else {
            expect(response.statusCode, label).toBe(404);
            expect(response.json().error.code).toBe('NOT_FOUND');
          }
        } else if (spec.allowed.includes(actor)) {
          if (spec.okStatus) expect(response.statusCode, label).toBe(spec.okStatus);
          else expect(response.statusCode, label).toBeLessThan(300);
        } else {
          expect(response.statusCode, label).toBe(403);
          expect(response.json().error).toEqual({ code: 'FORBIDDEN', message: 'No tienes permiso para realizar esta acción.' });
        }
      }
    });
  }

  it('never lists another company’s people, sites or groups', async () => {
    const other = actors.get('otraEmpresa')!;
    for (const url of ['/api/v1/usuarios?pageSize=100', '/api/v1/sedes?pageSize=100', '/api/v1/grupos?pageSize=100', '/api/v1/relojes?pageSize=100']) {
      const items = (await t.app.inject({ method: 'GET', url, headers: other })).json().items as { id: string }[];
      expect(items.map((item) => item.id)).not.toContain(ids.worker);
      expect(items.map((item) => item.id)).not.toContain(ids.site);
      expect(items.map((item) => item.id)).not.toContain(ids.group);
      expect(items.map((item) => item.id)).not.toContain(ids.clock);
    }
  });
});
