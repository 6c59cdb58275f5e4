import type { Grupo, Sede, Usuario, UsuarioResumen } from '@jornada/contracts';

export const SITE: Sede = {
  id: '0b9a0c1e-0000-4000-8000-000000000001',
  nombre: 'Casa Matriz Las Condes',
  calle: 'Av. Apoquindo',
  numero: '4500',
  comuna: 'Las Condes',
  ciudad: 'Santiago',
  region: 'RM',
  direccionCompleta: 'Av. Apoquindo 4500, Las Condes, Santiago, Región Metropolitana',
  lat: -33.4136,
  lng: -70.5826,
  radioGeocercaM: 150,
  zonaHoraria: 'America/Santiago',
  totalUsuarios: 12,
  creadoEn: '2025-03-01T12:00:00.000Z',
};

export function makeUser(overrides: Partial<Usuario> = {}): Usuario {
  return {
    id: 'a0000000-0000-4000-8000-000000000001',
    rut: '12.345.678-5',
    nombre: 'Valentina',
    apellidos: 'Sepúlveda Hernández',
    cargo: 'Vendedora',
    perfil: 'trabajador',
    principal: false,
    email: 'valentina@example.cl',
    emailPersonal: null,
    direccion: null,
    telefono: null,
    sede: { id: SITE.id, nombre: SITE.nombre },
    grupo: { id: 'g0000000-0000-4000-8000-000000000001', nombre: 'Sala de ventas' },
    jornadaExcepcional: null,
    gruposLiderados: [],
    horasSemanales: 44,
    sueldoBase: 650000,
    numeroContrato: null,
    aniosReconocidosAnteriores: 0,
    exceptuadoDescansoDominical: false,
    exceptuadoDescansoDominicalDesde: null,
    exceptuadoDescansoDominicalHasta: null,
    excluidoLimiteJornada: false,
    bandaInicioFlexibleMinutos: null,
    jornadaPromedio: null,
    derechoAlimentacionHasta: null,
    derechoAlimentacionModo: 'fin',
    metodosMarcaje: ['web'],
    inicioContrato: '2024-03-01',
    finContrato: null,
    activo: true,
    desactivadoEn: null,
    motivoDesactivacion: null,
    claveDefinida: true,
    creadoEn: '2025-03-01T12:00:00.000Z',
    actualizadoEn: '2025-03-01T12:00:00.000Z',
    ...overrides,
  };
}

export function summary(user: Usuario): UsuarioResumen {
  const { id, rut, nombre, apellidos, cargo, perfil, activo } = user;
  return { id, rut, nombre, apellidos, cargo, perfil, activo };
}

export function makeGroup(overrides: Partial<Grupo> = {}): Grupo {
  const member = makeUser();
  const leader = makeUser({ id: 'a0000000-0000-4000-8000-000000000009', nombre: 'Martina', apellidos: 'Torres Rojas', perfil: 'supervisor', rut: '24.445.959-5' });
  return {
    id: 'g0000000-0000-4000-8000-000000000001',
    nombre: 'Sala de ventas',
    descripcion: 'Vendedores del turno mañana',
    sede: { id: SITE.id, nombre: SITE.nombre },
    jornadaExcepcional: null,
    estado: 'activo',
    lideres: [summary(leader)],
    miembros: [summary(member)],
    totalMiembros: 1,
    creadoEn: '2025-03-01T12:00:00.000Z',
    actualizadoEn: '2025-03-01T12:00:00.000Z',
    ...overrides,
  };
}
