import { randomUUID } from 'node:crypto';
import { rutCheckDigit, weeklyHoursLimit } from '@jornada/domain';
import type { MetodoMarcaje, Perfil } from '@jornada/contracts';
import type { Db } from '../db/client';
import { groupLeaders, groups, groupStateChanges, rosterDemands, sites } from '../db/schema/index';
import { localDate } from '../lib/clock';
import { hashPassword } from '../lib/passwords';
import { createAttendanceService } from '../modules/attendance/index';
import { createLedGroups } from '../modules/groups/index';
import { createCompanyHolidays } from '../modules/holidays/index';
import { createPermissionReads } from '../modules/permissions/index';
import { createPlanReader } from '../modules/planning/index';
import { createShiftReads } from '../modules/shifts/index';
import { insertCompany } from '../modules/companies/companies.repository';
import { DEMO_SUNDAY_GROUPS, seedPlanningDemo } from './planning';
import { seedPermissionsDemo } from './permissions';
import { seedKioskDemo } from './kiosk';
import { demoSetupAt, seedMarksDemo } from './marks';
import { seedOvertimeDemo } from './overtime';
import { seedRegimesDemo } from './regimes';
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

/** Deterministic pseudo-random numbers (a small linear congruential generator): the same demo every time. */
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

/** The demo's sites: two in Santiago's time zone, one in Magallanes (UTC-3 all year). */
const DEMO_SITES = [
  { nombre: 'Casa Matriz Las Condes', calle: 'Av. Apoquindo', numero: '4501', comuna: 'Las Condes', ciudad: 'Santiago', region: 'RM', lat: -33.4151, lng: -70.5836, geofenceRadiusM: 150, timeZone: 'America/Santiago' },
  { nombre: 'Tienda Viña del Mar', calle: 'Av. Valparaíso', numero: '655', comuna: 'Viña del Mar', ciudad: 'Viña del Mar', region: 'VS', lat: -33.0245, lng: -71.5518, geofenceRadiusM: 100, timeZone: 'America/Santiago' },
  { nombre: 'Tienda Punta Arenas', calle: 'Av. Bulnes', numero: '01110', comuna: 'Punta Arenas', ciudad: 'Punta Arenas', region: 'MA', lat: -53.1548, lng: -70.9113, geofenceRadiusM: 200, timeZone: 'America/Punta_Arenas' },
] as const;

/** The demo's groups: site index, and how many trabajadores each gets. */
const DEMO_GROUPS = [
  { nombre: 'Ventas mañana', descripcion: 'Sala de ventas, turno de mañana.', site: 0, size: 12 },
  { nombre: 'Ventas tarde', descripcion: 'Sala de ventas, turno de tarde.', site: 0, size: 12 },
  { nombre: 'Bodega', descripcion: 'Recepción y despacho de mercadería.', site: 0, size: 7 },
  { nombre: 'Cajas', descripcion: 'Cajeros y encargados de caja.', site: 1, size: 8 },
  { nombre: 'Tienda Punta Arenas', descripcion: 'Todo el personal de la tienda de Punta Arenas.', site: 2, size: 10 },
  { nombre: 'Temporada verano', descripcion: 'Refuerzo de temporada (inactivo fuera de temporada).', site: 1, size: 0 },
] as const;

/**
 * Fills an empty database with Comercial Los Andes SpA: three sites (one in Punta Arenas), six groups
 * with leaders and members, and 60 people with Chilean names and valid RUTs, every perfil present,
 * weekly hours, salaries, personal e-mails, marking methods, two finiquitos and a group whose state
 * changed; all with the password `demo1234`.
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

  const { people, companyId, adminId } = await db.transaction(async (tx) => {
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
    const siteRows = await tx
      .insert(sites)
      .values(DEMO_SITES.map((site) => ({ ...site, companyId, createdAt: now })))
      .returning({ id: sites.id });
    const siteIds = siteRows.map((row) => row.id);
    const groupIds = DEMO_GROUPS.map(() => randomUUID());
    await tx.insert(groups).values(
      DEMO_GROUPS.map((group, i) => ({
        companyId,
        id: groupIds[i]!,
        nombre: group.nombre,
        descripcion: group.descripcion,
        siteId: siteIds[group.site]!,
        estado: i === DEMO_GROUPS.length - 1 ? ('inactivo' as const) : ('activo' as const),
        createdAt: now,
        updatedAt: now,
      })),
    );
    const today = localDate(now);
    const fullTime = weeklyHoursLimit(today);

    const person = (perfil: Perfil, overrides: Partial<NewUser> = {}): NewUser => {
      const nombre = pick(FIRST_NAMES);
      const apellido1 = pick(SURNAMES);
      const apellido2 = pick(SURNAMES);
      const year = 2018 + Math.floor(random() * 7);
      const month = 1 + Math.floor(random() * 12);
      const fixedTerm = perfil === 'trabajador' && random() < 0.15;
      const partTime = random() < 0.15;
      const horasSemanales = partTime ? (random() < 0.5 ? 20 : 30) : fullTime;
      const metodos: MetodoMarcaje[] = random() < 0.6 ? ['web', 'huella'] : random() < 0.5 ? ['kiosco_pin', 'huella'] : ['web'];
      return {
        companyId,
        siteId: siteIds[0]!,
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
        horasSemanales,
        // Monthly base salary in whole pesos, above the minimum wage, proportional for part time.
        sueldoBase: Math.round(((560_000 + Math.floor(random() * 50) * 10_000) * horasSemanales) / fullTime / 1000) * 1000,
        emailPersonal: `${asciiSlug(nombre)}${asciiSlug(apellido1)}${Math.floor(random() * 90) + 10}@gmail.com`,
        metodosMarcaje: metodos,
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
        // A manager: excluded from the limitation of the working day (art. 22 inc. 2), as her contract says.
        excluidoLimiteJornada: true,
      }),
      person('supervisor', { cargo: 'Jefe(a) de local' }),
      person('supervisor', { cargo: 'Jefe(a) de turno' }),
      person('fiscalizador', { cargo: 'Fiscalizador(a) de la Dirección del Trabajo' }),
    ];
    // Trabajadores fill the groups in order; whoever is left has no group.
    const membership: (number | null)[] = DEMO_GROUPS.flatMap((group, i) => Array.from({ length: group.size }, () => i));
    while (people.length < 58) {
      const groupIndex = membership[people.length - 4] ?? null;
      const siteId = groupIndex === null ? siteIds[0]! : siteIds[DEMO_GROUPS[groupIndex]!.site]!;
      // The warehouse's rotation works Sundays and holidays: excepted from Sunday rest (art. 38), with the Sunday surcharge.
      const sundays = groupIndex !== null && DEMO_SUNDAY_GROUPS.includes(DEMO_GROUPS[groupIndex]!.nombre);
      people.push(person('trabajador', { siteId, groupId: groupIndex === null ? null : groupIds[groupIndex]!, exceptuadoDescansoDominical: sundays }));
    }
    // Progressive vacation days (art. 68) follow from the years with previous employers: the first
    // worker of Ventas mañana has 12 recognised (10 count) and the first of Punta Arenas 10, with
    // contracts old enough for one day or more. Set after the draws, so everyone else is as before.
    Object.assign(people[4]!, { aniosReconocidosAnteriores: 12, inicioContrato: '2016-08-01' });
    Object.assign(people[4 + DEMO_GROUPS.slice(0, 4).reduce((sum, group) => sum + group.size, 0)]!, { aniosReconocidosAnteriores: 10, inicioContrato: '2021-04-01' });
    // Two finiquitos: their records stay, they cannot sign in.
    for (const [months, motivo] of [
      [2, 'Renuncia voluntaria (art. 159 N° 2)'],
      [5, 'Vencimiento del plazo convenido (art. 159 N° 4)'],
    ] as const) {
      const end = new Date(now.getTime() - months * 30 * 86_400_000);
      people.push(
        person('trabajador', {
          groupId: groupIds[0]!,
          inicioContrato: '2022-03-01',
          finContrato: localDate(end),
          active: false,
          deactivatedAt: end,
          deactivationReason: motivo,
        }),
      );
    }
    const inserted = await insertUsersWithLogins(tx, people);
    const idOf = (p: NewUser) => inserted.find((row) => row.rut === p.rut)!.id;

    // The supervisors lead some groups; the administrator leads Bodega too (a group may have several leaders).
    const [admin, supervisorA, supervisorB] = [people[0]!, people[1]!, people[2]!];
    const leads: [NewUser, number][] = [
      [supervisorA, 0],
      [supervisorA, 1],
      [supervisorB, 2],
      [supervisorB, 3],
      [admin, 2],
      [supervisorB, 4],
    ];
    await tx.insert(groupLeaders).values(leads.map(([p, g]) => ({ companyId, groupId: groupIds[g]!, userId: idOf(p), createdAt: now })));

    // History of states: every group was created active; the seasonal one was deactivated, reopened and closed again.
    const day = 86_400_000;
    const adminId = idOf(admin);
    await tx.insert(groupStateChanges).values([
      ...groupIds.map((groupId) => ({ companyId, groupId, fromEstado: null, toEstado: 'activo' as const, motivo: 'Creación del grupo', changedBy: adminId, changedAt: new Date(now.getTime() - 400 * day) })),
      { companyId, groupId: groupIds[5]!, fromEstado: 'activo' as const, toEstado: 'inactivo' as const, motivo: 'Fin de la temporada de verano', changedBy: adminId, changedAt: new Date(now.getTime() - 300 * day) },
      { companyId, groupId: groupIds[5]!, fromEstado: 'inactivo' as const, toEstado: 'activo' as const, motivo: 'Inicio de la temporada de verano', changedBy: adminId, changedAt: new Date(now.getTime() - 180 * day) },
      { companyId, groupId: groupIds[5]!, fromEstado: 'activo' as const, toEstado: 'inactivo' as const, motivo: 'Fin de la temporada de verano', changedBy: adminId, changedAt: new Date(now.getTime() - 60 * day) },
    ]);
    await seedPlanningDemo(tx, { companyId, adminId, now });
    // Bodega's DT resolution and the December extension days, before anything is evaluated.
    await seedRegimesDemo(tx, { companyId, adminId, now });
    // Viña del Mar's demand, so the automatic planning can be tried in one click: cashiers on weekdays, fewer on Saturday.
    await tx.insert(rosterDemands).values({
      companyId,
      siteId: siteIds[1]!,
      bands: [
        ...[1, 2, 3, 4, 5].map((diaSemana) => ({ diaSemana, inicio: '09:00', fin: '18:00', personas: 5 })),
        { diaSemana: 6, inicio: '09:00', fin: '18:00', personas: 2 },
      ],
      exceptions: [],
      updatedBy: adminId,
      updatedAt: now,
    });
    // Permission types and a month of permissions: each worker's requests go to their group's first leader.
    const leaderOfGroup = new Map<string, string>();
    for (const [p, g] of leads) if (!leaderOfGroup.has(groupIds[g]!)) leaderOfGroup.set(groupIds[g]!, idOf(p));
    const demoWorkers = people
      .filter((p) => p.perfil === 'trabajador' && p.active !== false && p.groupId && leaderOfGroup.has(p.groupId))
      .filter((_, i) => i % 3 === 0)
      .map((p) => ({ id: idOf(p), leaderId: leaderOfGroup.get(p.groupId!)! }));
    await seedPermissionsDemo(tx, { companyId, adminId, now, workers: demoWorkers });
    // PINs and consents date from the company's set-up, before the month of marks and the first enrolments.
    await seedKioskDemo(tx, {
      companyId,
      now: demoSetupAt(now),
      people: people.map((p) => ({ id: idOf(p), active: p.active !== false, metodos: p.metodosMarcaje ?? ['web'] })),
    });
    return { people, companyId, adminId };
  });
  // Marks go through the marks service (its own transactions and batches), once the company exists.
  await seedMarksDemo(db, { companyId, adminId, now });
  // The planned months evaluated by the attendance engine, so the attendance reads show true figures at once.
  const today = localDate(now);
  const [year, month] = today.split('-').map(Number) as [number, number];
  const firstOfPrevious = `${month === 1 ? year - 1 : year}-${String(month === 1 ? 12 : month - 1).padStart(2, '0')}-01`;
  const lastOfCurrent = localDate(new Date(Date.UTC(year, month, 0, 12)), 'UTC');
  await createAttendanceService({ db, plan: createPlanReader(db, createCompanyHolidays(db), createShiftReads()), ledGroups: createLedGroups(db), permissions: createPermissionReads(db) }).rebuild(companyId, firstOfPrevious, lastOfCurrent, now);
  // Overtime pacts and decisions on the overtime the evaluation just found (some days left pending).
  await seedOvertimeDemo(db, { companyId, adminId, now });
  return people;
}
