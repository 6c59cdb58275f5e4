/**
 * A company at scale, for benchmarks and capacity checks: N workers in groups of 25 with their leaders,
 * three sites (one in Magallanes), five shifts, every day of a range planned (Monday to Friday office and
 * store shifts, a night crew, 4x4 rotations of 12 hours) and the marks those workers would make, each
 * in its worker's SHA-256 chain exactly as the marks module computes it (`markHash`), so every report
 * and audit reads them as genuine.
 *
 * Marks are written in bulk (one statement per chunk) instead of through `recordMark`: replaying 600,000
 * marks one by one would take longer than the benchmarks they feed. What makes a mark genuine — its
 * fields, its sequence, its previous hash and its hash — is computed by the marks module's own function.
 * Deterministic: the same options give the same company, the same people and the same marks.
 */
import { randomUUID } from 'node:crypto';
import { addDays, daysInMonth, diffDays, formatLocalDate, holidayLookup, isoWeekday, isRegionCode, placeShift, rutCheckDigit, weeklyHoursLimit, type LocalDate } from '@jornada/domain';
import type { TipoMarca } from '@jornada/contracts';
import { analyzeTables, type Db } from '../db/client';
import { runAsSystem } from '../db/tenant-context';
import { groupLeaders, groups, markChainHeads, marks as marksTable, planningDays, sites } from '../db/schema/index';
import { hashPassword } from '../lib/passwords';
import { insertCompany } from '../modules/companies/companies.repository';
import { distanceMeters, GENESIS_HASH, markHash, type HashedMark } from '../modules/marks/marks.hash';
import { insertShifts, type NewShift } from '../modules/shifts/shifts.repository';
import { templateOf } from '../modules/shifts/shifts.model';
import { insertUsersWithLogins, type NewUser } from '../modules/users/users.repository';
import { seededRandom } from './marks-story';

const SCALE_PASSWORD = 'demo1234';

export interface ScaleOptions {
  /** Trabajadores (leaders and the administrator come on top). */
  workers: number;
  /** First and last planned date (inclusive); by default the previous calendar month of `now`. */
  from?: LocalDate;
  to?: LocalDate;
  /** Same seed, same company; also picks the RUT range, so two companies with different seeds can share a database. */
  seed?: number;
  /** Creation time of the company's rows (defaults to the day before `from`). */
  now?: Date;
  /** Called after each stage with a Spanish line of progress. */
  onProgress?: (message: string) => void;
}

export interface ScaleCompany {
  companyId: string;
  rut: string;
  razonSocial: string;
  admin: { id: string; rut: string; password: string };
  from: LocalDate;
  to: LocalDate;
  workers: number;
  leaders: number;
  groups: number;
  plannedDays: number;
  marks: number;
}


const FIRST_NAMES = ['Camila', 'Valentina', 'Javiera', 'Fernanda', 'Constanza', 'Francisca', 'Catalina', 'Daniela', 'Matías', 'Sebastián', 'Benjamín', 'Vicente', 'Joaquín', 'Tomás', 'Diego', 'Cristóbal'];
const SURNAMES = ['González', 'Muñoz', 'Rojas', 'Díaz', 'Pérez', 'Soto', 'Contreras', 'Silva', 'Martínez', 'Sepúlveda', 'Morales', 'Rodríguez', 'López', 'Fuentes', 'Hernández', 'Torres'];
const CARGOS = ['Vendedor(a)', 'Cajero(a)', 'Reponedor(a)', 'Bodeguero(a)', 'Operario(a)', 'Guardia'];

const SCALE_SITES = [
  { nombre: 'Centro de distribución Pudahuel', calle: 'Av. Américo Vespucio', numero: '1501', comuna: 'Pudahuel', ciudad: 'Santiago', region: 'RM', lat: -33.4372, lng: -70.7573, geofenceRadiusM: 300, timeZone: 'America/Santiago' },
  { nombre: 'Planta Concepción', calle: 'Av. Colón', numero: '3100', comuna: 'Talcahuano', ciudad: 'Talcahuano', region: 'BI', lat: -36.7405, lng: -73.1026, geofenceRadiusM: 250, timeZone: 'America/Santiago' },
  { nombre: 'Bodega Punta Arenas', calle: 'Av. Bulnes', numero: '05200', comuna: 'Punta Arenas', ciudad: 'Punta Arenas', region: 'MA', lat: -53.1402, lng: -70.9085, geofenceRadiusM: 200, timeZone: 'America/Punta_Arenas' },
] as const;

const SCALE_SHIFTS = [
  { codigo: 'OFI', nombre: 'Oficina', color: '#228be6', startTime: '09:00', endTime: '18:00', breakKind: 'fija', breakStart: '13:00', breakEnd: '14:00', lateToleranceMin: 5, earlyToleranceMin: 5, daysPerWeek: 5 },
  { codigo: 'MAN', nombre: 'Mañana', color: '#fab005', startTime: '07:00', endTime: '15:00', breakKind: 'minutos', breakMinutes: 30, lateToleranceMin: 5, earlyToleranceMin: 0, daysPerWeek: 5 },
  { codigo: 'TAR', nombre: 'Tarde', color: '#fd7e14', startTime: '15:00', endTime: '23:00', breakKind: 'minutos', breakMinutes: 30, lateToleranceMin: 5, earlyToleranceMin: 0, daysPerWeek: 5 },
  { codigo: 'NOC', nombre: 'Noche', color: '#5f3dc4', startTime: '23:00', endTime: '07:00', breakKind: 'minutos', breakMinutes: 30, lateToleranceMin: 0, earlyToleranceMin: 0, daysPerWeek: 5 },
  { codigo: 'R12', nombre: 'Rotativo 12 horas', color: '#0ca678', startTime: '08:00', endTime: '20:00', breakKind: 'minutos', breakMinutes: 60, lateToleranceMin: 5, earlyToleranceMin: 0, daysPerWeek: 4 },
] as const;

/** Which shift each group works, in turn: office and store weeks, a night crew, and 4x4 rotations. */
const GROUP_SHIFTS = ['OFI', 'MAN', 'TAR', 'MAN', 'TAR', 'NOC', 'R12', 'R12'] as const;

const GROUP_SIZE = 25;
const GROUPS_PER_LEADER = 4;
const CHUNK = 1000;
const MINUTE = 60_000;

type Mark = typeof marksTable.$inferInsert & HashedMark & { hash: string };

function previousMonth(now: Date): { from: LocalDate; to: LocalDate } {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  const y = month === 1 ? year - 1 : year;
  const m = month === 1 ? 12 : month - 1;
  return { from: formatLocalDate(y, m, 1), to: formatLocalDate(y, m, daysInMonth(y, m)) };
}

/** Writes rows in chunks of `CHUNK`, one statement each. */
async function insertChunked<T>(rows: T[], write: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await write(rows.slice(i, i + CHUNK));
}

/**
 * Builds the scale company in `db` (PGlite or PostgreSQL, also as the ordinary role: it runs in system
 * mode, as the demo loader does) and returns who and what it made. Benchmarks call it directly.
 */
export function buildScaleCompany(db: Db, options: ScaleOptions): Promise<ScaleCompany> {
  return runAsSystem(() => build(db, options));
}

async function build(db: Db, options: ScaleOptions): Promise<ScaleCompany> {
  const workerCount = Math.floor(options.workers);
  if (!Number.isFinite(workerCount) || workerCount < 1 || workerCount > 200_000) {
    throw new RangeError('La cantidad de trabajadores debe estar entre 1 y 200.000.');
  }
  const seed = options.seed ?? 1;
  const range = options.from && options.to ? { from: options.from, to: options.to } : previousMonth(options.now ?? new Date());
  if (diffDays(range.from, range.to) < 0) throw new RangeError('La fecha final debe ser igual o posterior a la inicial.');
  const now = options.now ?? new Date(Date.parse(`${addDays(range.from, -1)}T12:00:00Z`));
  const progress = options.onProgress ?? (() => undefined);
  const random = seededRandom(seed * 7_919 + workerCount);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;

  // RUT bodies from 30,000,000 upward (no real person has them yet), one band of a million per seed:
  // two scale companies with the same workers' RUTs and password would make every sign-in ask which
  // employer, so each seed gets its own band (and its own company RUT).
  const rutBase = 30_000_000 + (seed % 60) * 1_000_000;
  if (workerCount + workerCount / 10 + 10 > 1_000_000) throw new RangeError('Demasiados trabajadores para una banda de RUT.');
  const rutOf = (n: number) => `${rutBase + n}-${rutCheckDigit(rutBase + n)}`;
  const companyBody = 79_000_000 + seed;
  const companyRut = `${companyBody}-${rutCheckDigit(companyBody)}`;
  const razonSocial = `Logística Austral ${workerCount.toLocaleString('es-CL')} SpA`;

  const groupCount = Math.ceil(workerCount / GROUP_SIZE);
  const leaderCount = Math.ceil(groupCount / GROUPS_PER_LEADER);
  const passwordHash = await hashPassword(SCALE_PASSWORD);
  const fullTime = weeklyHoursLimit(range.from);

  // One transaction: a failure (a RUT band already taken, a full disk) leaves nothing half written.
  const company = await db.transaction(async (tx): Promise<ScaleCompany> => {
    // ---- Company, sites, shifts, groups, people --------------------------------------------------------
    const setup = await (async () => {
      const companyId = await insertCompany(tx, {
        rut: companyRut,
        nombre: 'Logística Austral',
        razonSocial,
        direccion: 'Av. Américo Vespucio 1501, Pudahuel, Santiago',
        telefono: '+56 2 2345 6789',
        email: `contacto${seed}@australlogistica.cl`,
        rubro: 'Logística y distribución',
        resolucion: false,
        comentario: `Empresa de escala para benchmarks (${workerCount} trabajadores, semilla ${seed}).`,
        createdAt: now,
      });
      const siteRows = await tx
        .insert(sites)
        .values(SCALE_SITES.map((site) => ({ ...site, companyId, createdAt: now })))
        .returning({ id: sites.id, timeZone: sites.timeZone, lat: sites.lat, lng: sites.lng, region: sites.region });

      const person = (n: number, perfil: NewUser['perfil'], extra: Partial<NewUser>): NewUser => {
        const nombre = pick(FIRST_NAMES);
        const apellido = `${pick(SURNAMES)} ${pick(SURNAMES)}`;
        const partTime = perfil === 'trabajador' && random() < 0.1;
        const horasSemanales = partTime ? 20 : fullTime;
        return {
          companyId,
          rut: rutOf(n),
          nombre,
          apellidos: apellido,
          cargo: perfil === 'trabajador' ? pick(CARGOS) : perfil === 'supervisor' ? 'Jefe(a) de turno' : 'Jefe(a) de personas',
          email: `p${n}.s${seed}@australlogistica.cl`,
          perfil,
          inicioContrato: '2020-01-01',
          horasSemanales,
          sueldoBase: Math.round(((600_000 + Math.floor(random() * 40) * 10_000) * horasSemanales) / fullTime / 1000) * 1000,
          metodosMarcaje: ['web', 'huella'],
          passwordHash,
          createdAt: now,
          updatedAt: now,
          ...extra,
        };
      };

      const admin = person(0, 'administrador', { principal: true, siteId: siteRows[0]!.id, nombre: 'Administración', apellidos: 'Escala' });
      const leaders = Array.from({ length: leaderCount }, (_, i) => person(1 + i, 'supervisor', { siteId: siteRows[i % siteRows.length]!.id }));
      const [adminRow] = await insertUsersWithLogins(tx, [admin]);
      const shiftRows = await insertShifts(
        tx,
        SCALE_SHIFTS.map((s) => ({ companyId, ...s, createdAt: now, updatedAt: now })) as NewShift[],
        adminRow!.id,
        now,
      );
      const leaderRows: { id: string }[] = [];
      await insertChunked(leaders, async (chunk) => leaderRows.push(...(await insertUsersWithLogins(tx, chunk))));

      const groupRows = Array.from({ length: groupCount }, (_, g) => ({
        companyId,
        id: randomUUID(),
        nombre: `Cuadrilla ${String(g + 1).padStart(4, '0')}`,
        descripcion: `Turno ${SCALE_SHIFTS.find((s) => s.codigo === GROUP_SHIFTS[g % GROUP_SHIFTS.length])!.nombre.toLowerCase()}.`,
        siteId: siteRows[g % siteRows.length]!.id,
        estado: 'activo' as const,
        createdAt: now,
        updatedAt: now,
      }));
      await insertChunked(groupRows, (chunk) => tx.insert(groups).values(chunk));
      await insertChunked(
        groupRows.map((group, g) => ({ companyId, groupId: group.id, userId: leaderRows[Math.floor(g / GROUPS_PER_LEADER)]!.id, createdAt: now })),
        (chunk) => tx.insert(groupLeaders).values(chunk),
      );

      const workers = Array.from({ length: workerCount }, (_, i) => {
        const g = Math.floor(i / GROUP_SIZE);
        return person(1 + leaderCount + i, 'trabajador', { groupId: groupRows[g]!.id, siteId: groupRows[g]!.siteId });
      });
      const workerRows: { id: string; rut: string }[] = [];
      await insertChunked(workers, async (chunk) => workerRows.push(...(await insertUsersWithLogins(tx, chunk))));
      const byRut = new Map(workerRows.map((row) => [row.rut, row.id]));
      return {
        companyId,
        adminId: adminRow!.id,
        siteRows,
        shiftRows,
        groupRows,
        workers: workers.map((w, i) => ({ id: byRut.get(w.rut)!, group: Math.floor(i / GROUP_SIZE), index: i % GROUP_SIZE, partTime: w.horasSemanales !== fullTime })),
      };
    })();
    const { companyId, adminId, siteRows, shiftRows, groupRows } = setup;
    progress(`Empresa ${razonSocial}: ${workerCount.toLocaleString('es-CL')} trabajadores, ${leaderCount} líderes y ${groupCount} grupos.`);

    // ---- Planning and marks, group by group -------------------------------------------------------------
    const siteById = new Map(siteRows.map((s) => [s.id, s]));
    const shiftByCode = new Map(shiftRows.map((s) => [s.codigo, s]));
    const templates = new Map(shiftRows.map((s) => [s.codigo, templateOf(s, s.id)]));
    const days = diffDays(range.from, range.to) + 1;
    const dates = Array.from({ length: days }, (_, i) => addDays(range.from, i));
    const plannedAt = new Date(Date.parse(`${range.from}T12:00:00Z`) - 7 * 86_400_000);
    let plannedDays = 0;
    let markCount = 0;

    const workersByGroup = new Map<number, typeof setup.workers>();
    for (const w of setup.workers) {
      const list = workersByGroup.get(w.group) ?? [];
      list.push(w);
      workersByGroup.set(w.group, list);
    }

    const batchPlan: (typeof planningDays.$inferInsert)[] = [];
    const batchMarks: Mark[] = [];
    const batchHeads: (typeof markChainHeads.$inferInsert)[] = [];
    const flush = async (force: boolean) => {
      if (!force && batchMarks.length < 20_000) return;
      await insertChunked(batchPlan.splice(0), (chunk) => tx.insert(planningDays).values(chunk));
      await insertChunked(batchMarks.splice(0), (chunk) => tx.insert(marksTable).values(chunk));
      await insertChunked(batchHeads.splice(0), (chunk) => tx.insert(markChainHeads).values(chunk));
    };

    let lastReport = Date.now();
    for (const [g, members] of workersByGroup) {
      const group = groupRows[g]!;
      const code = GROUP_SHIFTS[g % GROUP_SHIFTS.length]!;
      const shift = shiftByCode.get(code)!;
      const template = templates.get(code)!;
      const site = siteById.get(group.siteId)!;
      const holidays = holidayLookup(isRegionCode(site.region) ? { region: site.region } : {});
      for (const w of members) {
        const works = (date: LocalDate, dayIndex: number): boolean => {
          if (code === 'R12') return Math.floor((dayIndex + (w.index % 2) * 4) / 4) % 2 === 0;
          const weekday = isoWeekday(date);
          if (w.partTime) return weekday <= 3;
          return weekday <= 5;
        };
        let seq = 0;
        let prevHash = GENESIS_HASH;
        let lastId: string | null = null;
        const device = `Navegador web: Mozilla/5.0 (Linux; Android 14) Chrome/131.0.0.0 Mobile Safari/537.36`;
        const push = (kind: TipoMarca, at: number) => {
          seq += 1;
          const jitterLat = (random() - 0.5) * 0.0008;
          const jitterLng = (random() - 0.5) * 0.0008;
          const outside = random() < 0.01;
          const lat = Math.round((site.lat! + jitterLat + (outside ? 0.01 : 0)) * 1e6) / 1e6;
          const lng = Math.round((site.lng! + jitterLng) * 1e6) / 1e6;
          const mark: Mark = {
            companyId,
            id: randomUUID(),
            userId: w.id,
            seq,
            kind,
            method: 'web',
            at: new Date(at),
            originalAt: null,
            offline: false,
            siteId: site.id,
            lat,
            lng,
            accuracyM: 10 + Math.floor(random() * 40),
            outsideGeofence: outside,
            lowAccuracy: false,
            device,
            deviceId: null,
            clientId: randomUUID(),
            correctsMarkId: null,
            prevHash,
            hash: '',
            distanceM: distanceMeters({ lat, lng }, { lat: site.lat!, lng: site.lng! }),
          };
          mark.hash = markHash(mark);
          prevHash = mark.hash;
          lastId = mark.id;
          batchMarks.push(mark);
        };
        dates.forEach((date, dayIndex) => {
          const holiday = holidays(date) !== undefined && code !== 'R12' && code !== 'NOC';
          if (!works(date, dayIndex) || holiday) {
            batchPlan.push({ companyId, userId: w.id, date, kind: 'libre', firstPlannedAt: plannedAt, assignedAt: plannedAt, assignedBy: adminId, origin: 'manual' });
            return;
          }
          batchPlan.push({ companyId, userId: w.id, date, kind: 'turno', shiftId: shift.id, shiftVersion: shift.version, firstPlannedAt: plannedAt, assignedAt: plannedAt, assignedBy: adminId, origin: 'manual' });
          plannedDays += 1;
          const r = random();
          if (r < 0.03) return; // absent
          const instance = placeShift(template, date, site.timeZone);
          const late = r < 0.13 ? (3 + Math.floor(random() * 40)) * MINUTE : 0;
          const entry = instance.start - (5 + Math.floor(random() * 15)) * MINUTE + late + Math.floor(random() * 60_000);
          push('entrada', entry);
          if (random() < 0.6 && instance.breakSeconds > 0) {
            const mid = instance.breakStart ?? instance.start + Math.floor((instance.end - instance.start) / 2) - instance.breakSeconds * 500;
            const breakStart = mid + Math.floor((random() - 0.5) * 20) * MINUTE;
            push('inicio_colacion', breakStart);
            push('fin_colacion', breakStart + instance.breakSeconds * 1000 + Math.floor(random() * 5) * MINUTE);
          }
          if (random() < 0.01) return; // forgot to mark the exit
          const overtime = random() < 0.06 ? (15 + Math.floor(random() * 75)) * MINUTE : 0;
          push('salida', instance.end + Math.floor(random() * 10) * MINUTE + overtime);
        });
        if (seq > 0) batchHeads.push({ companyId, userId: w.id, seq, lastHash: prevHash, lastMarkId: lastId });
        markCount += seq;
      }
      await flush(false);
      if (Date.now() - lastReport > 5000) {
        lastReport = Date.now();
        progress(`  ${Math.round(((g + 1) / groupCount) * 100)} %: ${markCount.toLocaleString('es-CL')} marcas.`);
      }
    }
    await flush(true);
    progress(`Planificación: ${plannedDays.toLocaleString('es-CL')} días con turno; marcas: ${markCount.toLocaleString('es-CL')}.`);

    return {
      companyId,
      rut: companyRut,
      razonSocial,
      admin: { id: adminId, rut: rutOf(0), password: SCALE_PASSWORD },
      from: range.from,
      to: range.to,
      workers: workerCount,
      leaders: leaderCount,
      groups: groupCount,
      plannedDays,
      marks: markCount,
    };
  });
  // A bulk load: the planner's statistics follow at once (PGlite has no autovacuum).
  await analyzeTables(db);
  return company;
}
