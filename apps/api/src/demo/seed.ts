import { rutCheckDigit } from '@jornada/domain';
import type { Perfil } from '@jornada/contracts';
import type { Db } from '../db/client';
import { sites } from '../db/schema/index';
import { hashPassword } from '../lib/passwords';
import { insertCompany } from '../modules/companies/companies.repository';
import { insertUsersWithLogins, type NewUser } from '../modules/users/users.repository';

export const DEMO_PASSWORD = 'demo1234';
export const DEMO_ADMIN_RUT = '11111111-1';

const FIRST_NAMES = [
  'Camila', 'Valentina', 'Javiera', 'Fernanda', 'Constanza', 'Francisca', 'Catalina', 'Daniela', 'Antonia', 'Isidora',
  'Josefa', 'Martina', 'Paula', 'Carla', 'Macarena', 'Romina', 'Bárbara', 'Ignacia', 'Trinidad', 'Florencia',
  'Matías', 'Sebastián', 'Benjamín', 'Vicente', 'Joaquín', 'Tomás', 'Diego', 'Cristóbal', 'Felipe', 'Nicolás',
  'Ignacio', 'Martín', 'Gonzalo', 'Rodrigo', 'Patricio', 'Claudio', 'Héctor', 'Luis', 'Andrés', 'Maximiliano',
];
const SURNAMES = [
  'González', 'Muñoz', 'Rojas', 'Díaz', 'Pérez', 'Soto', 'Contreras', 'Silva', 'Martínez', 'Sepúlveda',
  'Morales', 'Rodríguez', 'López', 'Fuentes', 'Hernández', 'Torres', 'Araya', 'Flores', 'Espinoza', 'Valenzuela',
  'Castillo', 'Tapia', 'Reyes', 'Gutiérrez', 'Castro', 'Pizarro', 'Álvarez', 'Vásquez', 'Sánchez', 'Fernández',
  'Ramírez', 'Carrasco', 'Gómez', 'Cortés', 'Herrera', 'Núñez', 'Jara', 'Vergara', 'Rivera', 'Figueroa',
];
const STREETS = ['Los Aromos', 'Pedro de Valdivia', 'Irarrázaval', 'Gran Avenida', 'Vicuña Mackenna', 'Los Leones', 'Tobalaba', 'San Pablo'];
const COMUNAS = ['Ñuñoa', 'Providencia', 'La Florida', 'Maipú', 'Puente Alto', 'San Miguel', 'Peñalolén', 'Macul'];
const CARGOS = ['Vendedor(a)', 'Cajero(a)', 'Reponedor(a)', 'Bodeguero(a)', 'Asistente de ventas', 'Encargado(a) de caja'];

/** Deterministic pseudo-random numbers: the same demo every time. */
function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const asciiSlug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z]+/g, '');

/**
 * Fills an empty database with Comercial Los Andes SpA: one site in Santiago and 60 people with
 * Chilean names and valid RUTs, every perfil present, all with the password `demo1234`.
 */
export async function seedDemo(db: Db, now = new Date()): Promise<NewUser[]> {
  const random = seededRandom(20_250_602);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const usedRuts = new Set<string>([DEMO_ADMIN_RUT]);
  const newRut = () => {
    for (;;) {
      const body = 8_000_000 + Math.floor(random() * 17_000_000);
      const rut = `${body}-${rutCheckDigit(body)}`;
      if (!usedRuts.has(rut)) {
        usedRuts.add(rut);
        return rut;
      }
    }
  };
  const usedEmails = new Set<string>();
  const emailFor = (nombre: string, apellido: string) => {
    const base = `${asciiSlug(nombre)}.${asciiSlug(apellido)}`;
    let email = `${base}@losandes.cl`;
    for (let n = 2; usedEmails.has(email); n++) email = `${base}${n}@losandes.cl`;
    usedEmails.add(email);
    return email;
  };

  return db.transaction(async (tx) => {
    const companyId = await insertCompany(tx, {
      rut: `76543210-${rutCheckDigit(76_543_210)}`,
      nombre: 'Los Andes',
      razonSocial: 'Comercial Los Andes SpA',
      direccion: 'Av. Apoquindo 4501, Las Condes, Santiago',
      telefono: '+56 2 2987 6543',
      email: 'contacto@losandes.cl',
      rubro: 'Comercio minorista',
      resolucion: false,
      comentario: 'Empresa de demostración de Jornada.',
      createdAt: now,
    });
    const [site] = await tx
      .insert(sites)
      .values({
        companyId,
        nombre: 'Casa Matriz Las Condes',
        direccion: 'Av. Apoquindo 4501',
        comuna: 'Las Condes',
        region: 'Región Metropolitana de Santiago',
        lat: -33.4151,
        lng: -70.5836,
        geofenceRadiusM: 150,
        timeZone: 'America/Santiago',
        createdAt: now,
      })
      .returning({ id: sites.id });

    const person = (perfil: Perfil, overrides: Partial<NewUser> = {}): NewUser => {
      const nombre = pick(FIRST_NAMES);
      const apellido1 = pick(SURNAMES);
      const apellido2 = pick(SURNAMES);
      const year = 2018 + Math.floor(random() * 7);
      const month = 1 + Math.floor(random() * 12);
      const fixedTerm = perfil === 'trabajador' && random() < 0.15;
      return {
        companyId,
        siteId: site!.id,
        rut: newRut(),
        nombre,
        apellidos: `${apellido1} ${apellido2}`,
        cargo: pick(CARGOS),
        email: emailFor(nombre, apellido1),
        direccion: `${pick(STREETS)} ${100 + Math.floor(random() * 4900)}, ${pick(COMUNAS)}`,
        telefono: `+56 9 ${String(10_000_000 + Math.floor(random() * 89_999_999)).replace(/(\d{4})(\d{4})/, '$1 $2')}`,
        perfil,
        inicioContrato: `${year}-${String(month).padStart(2, '0')}-01`,
        finContrato: fixedTerm ? `${now.getFullYear() + 1}-03-31` : null,
        passwordHash,
        createdAt: now,
        updatedAt: now,
        ...overrides,
      };
    };

    const people: NewUser[] = [
      person('administrador', {
        rut: DEMO_ADMIN_RUT,
        nombre: 'Carolina',
        apellidos: 'Rojas Fuentes',
        cargo: 'Gerenta de personas',
        email: 'carolina.rojas@losandes.cl',
        principal: true,
        inicioContrato: '2017-03-01',
      }),
      person('supervisor', { cargo: 'Jefe(a) de local' }),
      person('supervisor', { cargo: 'Jefe(a) de turno' }),
      person('fiscalizador', { cargo: 'Fiscalizador(a) de la Dirección del Trabajo' }),
    ];
    while (people.length < 60) people.push(person('trabajador'));
    await insertUsersWithLogins(tx, people);
    return people;
  });
}
