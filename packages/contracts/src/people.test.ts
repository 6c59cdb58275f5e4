import { describe, expect, it } from 'vitest';
import { actualizarEmpresaBodySchema } from './company';
import { actualizarMiembrosBodySchema, asignacionMasivaBodySchema } from './groups';
import { paginationQuerySchema } from './pagination';
import { crearSedeBodySchema } from './sites';
import { actualizarUsuarioBodySchema, crearUsuarioV1BodySchema, usuariosQuerySchema } from './users';

const user = { nombre: 'Ana', apellidos: 'Pérez', rut: '15.509.661-6', email: 'Ana@Empresa.cl', horasSemanales: 42, inicioContrato: '2025-01-02' };

describe('people contracts', () => {
  it('fills defaults and normalises a new user', () => {
    expect(crearUsuarioV1BodySchema.parse({ ...user, emailPersonal: '', cargo: ' ' })).toMatchObject({
      rut: '15509661-6',
      email: 'ana@empresa.cl',
      emailPersonal: null,
      cargo: null,
      perfil: 'trabajador',
      metodosMarcaje: ['web'],
    });
  });

  it('names each bad field in Spanish, also inside nullable fields', () => {
    const result = crearUsuarioV1BodySchema.safeParse({ ...user, horasSemanales: 41.3, sueldoBase: -1, metodosMarcaje: ['telepatia'], sedeId: 'x', finContrato: '2024-12-31' });
    const messages = Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]));
    expect(messages).toEqual({
      horasSemanales: 'Las horas semanales van en horas o medias horas.',
      sueldoBase: 'El sueldo base no puede ser negativo.',
      'metodosMarcaje.0': 'Método de marcaje desconocido.',
      sedeId: 'La sede no es válida.',
    });
  });

  it('tells apart an absent field (unchanged) from null or empty (cleared) in PATCH bodies', () => {
    expect(actualizarUsuarioBodySchema.parse({})).toEqual({});
    expect(actualizarUsuarioBodySchema.parse({ cargo: null, finContrato: '', emailPersonal: '' })).toEqual({ cargo: null, finContrato: null, emailPersonal: null });
    expect(actualizarEmpresaBodySchema.parse({ resolucionFecha: '' })).toEqual({ resolucionFecha: null });
  });

  it('coerces query strings and bounds the page size', () => {
    expect(paginationQuerySchema.parse({})).toEqual({ page: 1, pageSize: 25 });
    expect(usuariosQuerySchema.parse({ page: '3', activo: 'false' })).toMatchObject({ page: 3, activo: false, sort: 'apellidos', order: 'asc' });
    expect(paginationQuerySchema.safeParse({ pageSize: '101' }).error!.issues[0]!.message).toBe('El tamaño de página no puede superar 100.');
  });

  it('checks sites: radius, IANA zone, region code and a complete position', () => {
    expect(crearSedeBodySchema.parse({ nombre: 'Matriz' })).toEqual({ nombre: 'Matriz', radioGeocercaM: 150, zonaHoraria: 'America/Santiago' });
    expect(crearSedeBodySchema.safeParse({ nombre: 'X', zonaHoraria: 'America/Coyhaique', region: 'AI' }).success).toBe(true);
    expect(crearSedeBodySchema.safeParse({ nombre: 'X', radioGeocercaM: 5001 }).error!.issues[0]!.message).toBe('El radio no puede superar 5000 metros.');
  });

  it('refuses a user in both lists and requires a group for a mass assignment', () => {
    const id = '0b0e6c39-3f0a-4c5e-9f51-0b1f5b2b8e11';
    expect(actualizarMiembrosBodySchema.safeParse({ agregar: [id], quitar: [id] }).error!.issues[0]!.message).toBe('Un usuario no puede estar en agregar y quitar a la vez.');
    expect(asignacionMasivaBodySchema.safeParse({ grupoIds: [], liderIds: [] }).error!.issues[0]!.message).toBe('Elige al menos un grupo.');
  });
});
