/**
 * Demo activity for Comercial Los Andes SpA: a month and a half of marks with their receipts,
 * the marking attempts a real company collects, kiosks at each site and enrolled fingerprint credentials.
 *
 * Every mark goes through the marks service (`recordMark` with the historical instant as the server's
 * time), so the rules, flags, hash chains and receipts are the real ones; nothing is written to `marks`
 * directly. Workers are replayed concurrently (the service batches concurrent marks), each worker's
 * marks in chronological order.
 */
import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';
import type { MetodoMarca, MetodoMarcaje, MotivoIntento, Posicion, TipoMarca } from '@jornada/contracts';
import {
  addDays,
  diffDays,
  formatLocalDate,
  holidayLookup,
  localToInstant,
  placeShift,
  rutCheckDigit,
  type HolidayLookup,
  type RegionCode,
  type ShiftInstance,
  type ShiftTemplate,
} from '@jornada/domain';
import { and, asc, count, eq, gte, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { biometricConsents, kiosks, markAttempts, marks as marksTable, planningDays, shiftVersions, sites, users, webauthnCredentials } from '../db/schema/index';
import { runAsCompany } from '../db/tenant-context';
import { localDate } from '../lib/clock';
import { hashToken, newToken } from '../lib/tokens';
import { templateOf } from '../modules/shifts/shifts.model';
import { createMarksService, type RecordAttemptInput } from '../modules/marks/marks.service';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The short names of the demo's kiosks (and of the fingerprint readers enrolled on them), by site. */
const KIOSK_NAMES: Record<string, string> = {
  'Casa Matriz Las Condes': 'Casa Matriz',
  'Tienda Viña del Mar': 'Viña del Mar',
  'Tienda Punta Arenas': 'Punta Arenas',
};

/** What the web app sends as `dispositivo` (`Navegador web: <user agent>`), one browser per worker. */
const BROWSERS = [
  'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 13; moto g54 5G) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
];

/**
 * When the demo company was set up: PINs, fingerprint consents, kiosks and the first enrolments date from
 * here, some weeks before the first day with marks (the first day of the previous month).
 */
export function demoSetupAt(now: Date): Date {
  return new Date(Date.parse(`${firstDayOfPreviousMonth(now)}T12:00:00Z`) - 45 * DAY);
}

function firstDayOfPreviousMonth(now: Date): string {
  const [year, month] = localDate(now).split('-').map(Number) as [number, number];
  return formatLocalDate(month === 1 ? year - 1 : year, month === 1 ? 12 : month - 1, 1);
}

/** Deterministic pseudo-random numbers (mulberry32): the same story every time the demo is loaded. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type SiteRow = typeof sites.$inferSelect;

interface DemoKiosk {
  id: string;
  siteId: string;
  name: string;
  lastUsedAt: number | null;
}

/** An enrolled credential, with the uses the replay counts (its counter and last use). */
interface DemoCredential {
  id: string;
  userId: string;
  deviceName: string;
  /** Enrolled on the kiosk of the worker's site, or on the worker's own phone (web marking). */
  on: 'kiosco' | 'telefono';
  createdAt: number;
  createdBy: string;
  revokedAt: number | null;
  uses: number;
  lastUsedAt: number | null;
}

interface Worker {
  id: string;
  rut: string;
  nombre: string;
  metodos: MetodoMarcaje[];
  site: SiteRow;
  kiosk: DemoKiosk | undefined;
  browser: string;
  credentials: DemoCredential[];
  /** Share of days this worker arrives late beyond the tolerance. */
  lateRate: number;
  absenceRate: number;
}

/** How a mark is taken: the method and the device fields recordMark receives. */
interface Via {
  metodo: MetodoMarca;
  dispositivo: string;
  siteId?: string;
  deviceId?: string;
  /** Web marks carry the phone's position. */
  positioned: boolean;
  credential?: DemoCredential;
}

interface MarkEvent {
  kind: 'mark';
  /** The server's time of the mark. */
  at: number;
  tipo: TipoMarca;
  via: Via;
  /** The device's time of an offline mark. */
  horaOriginal?: number;
  /** The phone's position (web marks). */
  posicion?: Posicion;
}
type DemoEvent = MarkEvent | { kind: 'attempt'; at: number; input: Omit<RecordAttemptInput, 'companyId'> };

/** The day's exception, if any. */
type Special = 'repetida' | 'pin' | 'metodo' | 'offline_entrada' | 'offline_salida' | 'huella_no_verificada' | 'huella_desconocida';

interface WorkerDay {
  worker: Worker;
  date: string;
  instance: ShiftInstance;
}

interface DemoActivity {
  marks: number;
  offline: number;
  outsideGeofence: number;
  firstMark: Date | null;
  lastMark: Date | null;
  /** Attempts by reason. */
  attempts: Partial<Record<MotivoIntento, number>>;
  kiosks: string[];
  /** Active credentials. */
  credentials: number;
  revokedCredentials: number;
  /** Active people allowed the fingerprint without an active credential. */
  withoutFingerprint: number;
}

/**
 * Replays the demo company's attendance from the first day of the previous month up to yesterday (each
 * site's days): marks for every planned working day of every active worker, attempts, kiosks and
 * fingerprint credentials. Runs after the company's transaction committed, in the company's database
 * scope (row-level security).
 */
export function seedMarksDemo(db: Db, input: { companyId: string; adminId: string; now: Date }): Promise<void> {
  return runAsCompany(input.companyId, () => replay(db, input));
}

async function replay(db: Db, { companyId, adminId, now }: { companyId: string; adminId: string; now: Date }): Promise<void> {
  const random = seededRandom(20_251_106);
  const between = (min: number, max: number) => min + random() * (max - min);
  const nowMs = now.getTime();
  const setupAt = demoSetupAt(now).getTime();
  const from = firstDayOfPreviousMonth(now);
  const to = addDays(localDate(now), -1);

  // ---- What the demo company already has: sites, active people, consents, shifts and plans ----------------
  const siteRows = await db.select().from(sites).where(eq(sites.companyId, companyId)).orderBy(asc(sites.createdAt), asc(sites.nombre));
  const people = await db
    .select({ id: users.id, rut: users.rut, nombre: users.nombre, metodos: users.metodosMarcaje, siteId: users.siteId, worksHolidays: users.exceptuadoDescansoDominical })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.active, true)))
    .orderBy(asc(users.rut));
  const consents = new Map(
    (await db.select({ id: biometricConsents.id, userId: biometricConsents.userId }).from(biometricConsents).where(eq(biometricConsents.companyId, companyId))).map(
      (c) => [c.userId, c.id],
    ),
  );
  const templates = new Map<string, ShiftTemplate>();
  for (const v of await db.select().from(shiftVersions).where(eq(shiftVersions.companyId, companyId))) templates.set(`${v.shiftId}:${v.version}`, templateOf(v, v.shiftId));
  // One day of margin on each side: a site's dates may differ from Santiago's.
  const planned = await db
    .select({ userId: planningDays.userId, date: planningDays.date, shiftId: planningDays.shiftId, shiftVersion: planningDays.shiftVersion })
    .from(planningDays)
    .where(and(eq(planningDays.companyId, companyId), eq(planningDays.kind, 'turno'), gte(planningDays.date, from), lte(planningDays.date, addDays(to, 1))))
    .orderBy(asc(planningDays.userId), asc(planningDays.date));

  // ---- Kiosks: one per site. Their tokens are thrown away: an administrator opens a real one from «Quioscos». ---
  const kioskRows = siteRows.length
    ? await db
        .insert(kiosks)
        .values(
          siteRows.map((site) => ({
            companyId,
            siteId: site.id,
            name: KIOSK_NAMES[site.nombre] ?? site.nombre,
            tokenHash: hashToken(newToken()),
            createdAt: new Date(setupAt),
            createdBy: adminId,
          })),
        )
        .returning({ id: kiosks.id, siteId: kiosks.siteId, name: kiosks.name })
    : [];
  const kioskBySite = new Map(kioskRows.map((k) => [k.siteId, { ...k, lastUsedAt: null } as DemoKiosk]));
  const siteById = new Map(siteRows.map((s) => [s.id, s]));
  const holidaysBySite = new Map<string, HolidayLookup>(
    siteRows.map((s) => [s.id, s.region ? holidayLookup({ region: s.region as RegionCode, ...(s.comuna ? { commune: s.comuna } : {}) }) : holidayLookup()]),
  );

  // ---- Workers and their planned days --------------------------------------------------------------------
  const workers = new Map<string, Worker>();
  for (const [index, p] of people.entries()) {
    const site = (p.siteId && siteById.get(p.siteId)) || siteRows[0];
    if (!site) continue;
    const habituallyLate = random() < 0.15;
    workers.set(p.id, {
      id: p.id,
      rut: p.rut,
      nombre: p.nombre,
      metodos: p.metodos,
      site,
      kiosk: kioskBySite.get(site.id),
      browser: BROWSERS[index % BROWSERS.length]!,
      credentials: [],
      lateRate: habituallyLate ? 0.2 : 0.03,
      absenceRate: between(0.01, 0.04),
    });
  }
  const worksHolidays = new Set(people.filter((p) => p.worksHolidays).map((p) => p.id));
  const days: WorkerDay[] = [];
  for (const row of planned) {
    const worker = workers.get(row.userId);
    const template = row.shiftId && row.shiftVersion !== null ? templates.get(`${row.shiftId}:${row.shiftVersion}`) : undefined;
    if (!worker || !template) continue;
    const zone = worker.site.timeZone;
    const yesterday = addDays(localDate(now, zone), -1);
    if (row.date < from || row.date > yesterday) continue;
    // The demo's stores close on holidays: a planned holiday is evaluated as a holiday, without marks;
    // those excepted from Sunday rest (art. 38: the warehouse's rotation) work their planned holidays.
    if (!worksHolidays.has(worker.id) && holidaysBySite.get(worker.site.id)?.(row.date)) continue;
    days.push({ worker, date: row.date, instance: placeShift(template, row.date, zone) });
  }
  // By RUT and date, not by the random user ids: the same people get the same story every time.
  days.sort((a, b) => a.worker.rut.localeCompare(b.worker.rut) || a.date.localeCompare(b.date));
  const markers = [...new Set(days.map((d) => d.worker))];

  // ---- Fingerprint credentials ---------------------------------------------------------------------------
  // People allowed the fingerprint (they consented) enrol it, on the kiosk of their site or on their own
  // phone. Some leave it pending (one in six of those who mark, one in two of the rest), so the register
  // shows who has not enrolled; those who never mark in the period have credentials never used.
  const allowed = [...workers.values()].filter((w) => w.metodos.includes('huella') && consents.has(w.id));
  const marking = new Set(markers);
  allowed.forEach((worker, i) => {
    if (marking.has(worker) ? i % 6 === 2 : i % 2 === 0) return;
    const onKiosk = marking.has(worker) && worker.kiosk !== undefined && (worker.metodos.includes('kiosco_pin') || random() < 0.5);
    const createdAt = setupAt + Math.floor(between(2, 40)) * DAY + Math.floor(between(1, 8)) * HOUR;
    worker.credentials.push({
      id: randomUUID(),
      userId: worker.id,
      deviceName: onKiosk ? `Quiosco ${worker.kiosk!.name}` : `Teléfono de ${worker.nombre}`,
      on: onKiosk ? 'kiosco' : 'telefono',
      createdAt,
      createdBy: onKiosk ? adminId : worker.id,
      revokedAt: null,
      uses: 0,
      lastUsedAt: null,
    });
  });
  // One worker changed phones in the middle of the previous month: the old credential was revoked and the
  // new phone enrolled the same morning.
  const changedPhone = allowed.find((w) => marking.has(w) && w.credentials[0]?.on === 'telefono');
  if (changedPhone) {
    const old = changedPhone.credentials[0]!;
    const zone = changedPhone.site.timeZone;
    const revokedAt = localToInstant(zone, addDays(from, 12), 10 * 3600 + 12 * 60);
    old.revokedAt = revokedAt;
    changedPhone.credentials.push({ ...old, id: randomUUID(), deviceName: `Teléfono nuevo de ${changedPhone.nombre}`, createdAt: revokedAt + 4 * MINUTE, revokedAt: null });
  }

  // ---- The events of each worker's days -------------------------------------------------------------------
  const events = new Map<string, DemoEvent[]>(markers.map((w) => [w.id, []]));
  const push = (worker: Worker, event: DemoEvent) => events.get(worker.id)!.push(event);

  const viaFor = (worker: Worker, at: number): Via | null => {
    const credential = worker.credentials.find((c) => c.createdAt <= at && (c.revokedAt === null || c.revokedAt > at));
    if (credential && random() < 0.92) {
      return credential.on === 'kiosco'
        ? { metodo: 'huella', dispositivo: `Quiosco ${worker.kiosk!.name}`, siteId: worker.kiosk!.siteId, deviceId: worker.kiosk!.id, positioned: false, credential }
        : { metodo: 'huella', dispositivo: 'Marcaje web con huella', positioned: true, credential };
    }
    if (worker.metodos.includes('kiosco_pin') && worker.kiosk) return kioskPin(worker);
    if (worker.metodos.includes('web')) return { metodo: 'web', dispositivo: `Navegador web: ${worker.browser}`, positioned: true };
    return null;
  };
  const kioskPin = (worker: Worker): Via => ({
    metodo: 'kiosco_pin',
    dispositivo: `Quiosco ${worker.kiosk!.name}`,
    siteId: worker.kiosk!.siteId,
    deviceId: worker.kiosk!.id,
    positioned: false,
  });

  // The special cases, chosen among the days that allow them (seeded, so always the same ones).
  const shuffled = <T>(list: T[]) =>
    list
      .map((item) => ({ item, key: random() }))
      .sort((a, b) => a.key - b.key)
      .map((x) => x.item);
  const special = new Map<WorkerDay, Special>();
  const claim = (candidates: WorkerDay[], n: number, what: Special) => {
    for (const day of shuffled(candidates.filter((d) => !special.has(d))).slice(0, n)) special.set(day, what);
  };
  const finished = days.filter((d) => d.instance.end < nowMs - HOUR);
  claim(finished, 4, 'repetida');
  claim(
    finished.filter((d) => d.worker.metodos.includes('kiosco_pin') && d.worker.kiosk && d.worker.credentials.length === 0),
    3,
    'pin',
  );
  claim(
    finished.filter((d) => d.worker.metodos.length === 1 && d.worker.metodos[0] === 'web' && d.worker.kiosk),
    1,
    'metodo',
  );
  claim(
    finished.filter((d) => d.worker.metodos.includes('web') && d.worker.credentials.length === 0),
    2,
    'offline_entrada',
  );
  claim(
    finished.filter((d) => d.worker.metodos.includes('web') && d.worker.credentials.length === 0),
    1,
    'offline_salida',
  );
  claim(
    finished.filter((d) => d.worker.credentials.some((c) => c.on === 'kiosco')),
    1,
    'huella_no_verificada',
  );
  claim(
    finished.filter((d) => d.worker.metodos.includes('huella') && d.worker.credentials.length === 0 && d.worker.kiosk),
    2,
    'huella_desconocida',
  );

  /** A mark; a phone reports its position: near the site, now and then outside the geofence or imprecise. */
  const markEvent = (worker: Worker, at: number, tipo: TipoMarca, via: Via): MarkEvent => {
    if (!via.positioned) return { kind: 'mark', at, tipo, via };
    const kind = random() < 0.008 ? 'fuera' : random() < 0.015 ? 'imprecisa' : undefined;
    const posicion = positionNear(worker.site, kind, random);
    return { kind: 'mark', at, tipo, via, ...(posicion ? { posicion } : {}) };
  };

  const lastAt = new Map<string, number>();
  for (const day of days) {
    const { worker, instance } = day;
    const what = special.get(day);
    if (!what && random() < worker.absenceRate) continue;
    const tolerance = instance.lateToleranceSeconds * 1000;
    const earlyTolerance = instance.earlyLeaveToleranceSeconds * 1000;
    const seconds = () => Math.floor(random() * 60) * 1000;

    // Entrada: mostly a few minutes around the start, within the tolerance; some early; some late.
    const u = random();
    let entrada =
      u < worker.lateRate
        ? instance.start + tolerance + between(2, 40) * MINUTE
        : u < worker.lateRate + 0.25
          ? instance.start - between(10, 25) * MINUTE
          : instance.start - between(0, 8) * MINUTE + random() * Math.min(tolerance, 4 * MINUTE);
    entrada = Math.max(Math.floor(entrada / 1000) * 1000 + seconds(), (lastAt.get(worker.id) ?? 0) + 2 * MINUTE);

    // Colación: the fixed window, or the minutes taken around the middle of the shift.
    let colacion: [number, number] | null = null;
    if (instance.breakStart !== undefined && instance.breakEnd !== undefined) {
      colacion = [instance.breakStart + between(-4, 4) * MINUTE, instance.breakEnd + between(-5, 2) * MINUTE];
    } else if (instance.breakSeconds > 0) {
      const start = instance.start + (instance.end - instance.start - instance.breakSeconds * 1000) / 2 + between(-60, 30) * MINUTE;
      colacion = [start, start + instance.breakSeconds * 1000 + between(-2, 5) * MINUTE];
    }
    if (colacion && random() < 0.06) colacion[1] += between(8, 25) * MINUTE;
    if (colacion && random() < 0.02) colacion = null;

    // Salida: mostly on time; a few early leaves beyond the tolerance, some overtime, a few forgotten.
    const v = random();
    let salida: number | null =
      v < 0.02
        ? null
        : v < 0.06
          ? instance.end - earlyTolerance - between(15, 110) * MINUTE
          : v < 0.16
            ? instance.end + between(25, 120) * MINUTE
            : instance.end - random() * Math.min(earlyTolerance, 3 * MINUTE) + between(0, 12) * MINUTE;
    if (what === 'offline_salida' && salida === null) salida = instance.end + between(1, 10) * MINUTE;
    if (salida !== null && colacion && salida < colacion[1] + 30 * MINUTE) salida = colacion[1] + between(30, 60) * MINUTE;

    const via = viaFor(worker, entrada);
    if (!via) continue;
    const times: [TipoMarca, number | null][] = [
      ['entrada', entrada],
      ['inicio_colacion', colacion ? colacion[0] : null],
      ['fin_colacion', colacion ? colacion[1] : null],
      ['salida', salida],
    ];
    let previous = entrada - MINUTE;
    for (const [tipo, raw] of times) {
      if (raw === null) continue;
      const at = Math.max(Math.floor(raw / 1000) * 1000 + seconds(), previous + MINUTE);
      // A shift still open when the demo is loaded (a night shift ending this morning) stops at the last past mark.
      if (at > nowMs - MINUTE) break;
      const markVia = tipo === 'entrada' ? via : (viaFor(worker, at) ?? via);
      const mark = markEvent(worker, at, tipo, markVia);

      if (tipo === 'entrada') addEntradaExtras(worker, what, mark);
      if (tipo === 'salida' && what === 'offline_salida' && markVia.metodo === 'web') {
        // Marked without signal at the door; the phone sent it on the way home.
        mark.horaOriginal = at;
        mark.at = Math.min(at + between(60, 150) * MINUTE, nowMs - MINUTE);
      }
      push(worker, mark);
      previous = Math.max(mark.at, at);
      if (tipo === 'entrada' && what === 'repetida') {
        // A double tap: the second entrada minutes later is kept as an attempt, not as a mark.
        push(worker, markEvent(worker, at + between(1, 4) * MINUTE, 'entrada', markVia));
        previous = at + 5 * MINUTE;
      }
    }
    lastAt.set(worker.id, previous);
  }

  /** Attempts before the entrada, and the offline entrada (the mark reaches the server later). */
  function addEntradaExtras(worker: Worker, what: Special | undefined, mark: MarkEvent): void {
    const kiosk = worker.kiosk;
    const atKiosk = kiosk ? { dispositivo: `Quiosco ${kiosk.name}`, siteId: kiosk.siteId, deviceId: kiosk.id } : {};
    switch (what) {
      case 'pin':
        if (!kiosk) return;
        mark.via = kioskPin(worker);
        push(worker, {
          kind: 'attempt',
          at: mark.at - between(30, 90) * 1000,
          input: { userId: worker.id, tipo: 'entrada', metodo: 'kiosco_pin', motivo: 'pin_incorrecto', detalle: `PIN incorrecto (intento 1) (RUT ${worker.rut})`, ...atKiosk },
        });
        return;
      case 'metodo':
        // A web-only worker tries the kiosk: refused by recordMark and logged as metodo_no_permitido.
        if (!kiosk) return;
        push(worker, markEvent(worker, mark.at - between(2, 4) * MINUTE, 'entrada', kioskPin(worker)));
        return;
      case 'huella_no_verificada': {
        const credential = worker.credentials.find((c) => c.on === 'kiosco' && c.createdAt <= mark.at && c.revokedAt === null);
        if (!kiosk || !credential) return;
        mark.via = { metodo: 'huella', ...atKiosk, dispositivo: `Quiosco ${kiosk.name}`, positioned: false, credential };
        push(worker, {
          kind: 'attempt',
          at: mark.at - between(20, 50) * 1000,
          input: { userId: worker.id, tipo: 'entrada', metodo: 'huella', motivo: 'huella_no_verificada', detalle: 'Firma inválida', ...atKiosk },
        });
        return;
      }
      case 'huella_desconocida':
        // Not enrolled yet, tries the kiosk's reader anyway: the kiosk cannot tell who it was.
        if (!kiosk) return;
        push(worker, {
          kind: 'attempt',
          at: mark.at - between(1, 3) * MINUTE,
          input: { userId: null, tipo: 'entrada', metodo: 'huella', motivo: 'credencial_desconocida', detalle: 'Credencial no registrada, revocada o de otra empresa', ...atKiosk },
        });
        return;
      case 'offline_entrada':
        if (mark.via.metodo !== 'web') return;
        // No signal at the door: the phone kept the mark and sent it when it got connection back.
        mark.horaOriginal = mark.at;
        mark.at += between(12, 45) * MINUTE;
        return;
      default:
    }
  }

  // Strangers at the kiosks: RUTs of nobody in the company, once or twice a site.
  const unknownAttempts: DemoEvent[] = [];
  for (const [i, site] of siteRows.entries()) {
    const kiosk = kioskBySite.get(site.id);
    if (!kiosk) continue;
    for (let n = 0; n < (i === 0 ? 2 : 1); n++) {
      const date = addDays(from, Math.floor(between(1, Math.max(2, diffDays(from, to)))));
      const at = localToInstant(site.timeZone, date, Math.floor(between(8 * 3600, 18 * 3600)));
      if (at > nowMs - MINUTE) continue;
      const body = 9_000_000 + Math.floor(random() * 15_000_000);
      unknownAttempts.push({
        kind: 'attempt',
        at,
        input: {
          userId: null,
          tipo: 'entrada',
          metodo: 'kiosco_pin',
          motivo: 'pin_incorrecto',
          detalle: `RUT no registrado en la empresa (RUT ${body}-${rutCheckDigit(body)})`,
          dispositivo: `Quiosco ${kiosk.name}`,
          siteId: kiosk.siteId,
          deviceId: kiosk.id,
        },
      });
    }
  }

  // ---- Replay through the marks service ------------------------------------------------------------------
  const service = createMarksService({ db, publicUrl: 'http://localhost' });
  const kioskById = new Map([...kioskBySite.values()].map((k) => [k.id, k]));
  const touchKiosk = (deviceId: string | undefined, at: number) => {
    const kiosk = deviceId ? kioskById.get(deviceId) : undefined;
    if (kiosk && (kiosk.lastUsedAt === null || at > kiosk.lastUsedAt)) kiosk.lastUsedAt = at;
  };
  const play = async (worker: Worker | null, list: DemoEvent[]) => {
    for (const event of list.sort((a, b) => a.at - b.at)) {
      const now = new Date(event.at);
      if (event.kind === 'attempt') {
        await service.recordAttempt({ companyId, ...event.input }, { now });
        touchKiosk(event.input.deviceId, event.at);
        continue;
      }
      const via = event.via;
      const result = await service.recordMark(
        {
          companyId,
          userId: worker!.id,
          tipo: event.tipo,
          metodo: via.metodo,
          idCliente: randomUUID(),
          posicion: event.posicion,
          dispositivo: via.dispositivo,
          siteId: via.siteId,
          deviceId: via.deviceId,
          horaOriginal: event.horaOriginal === undefined ? undefined : new Date(event.horaOriginal),
          sinCorreo: true,
        },
        { now },
      );
      touchKiosk(via.deviceId, event.at);
      // The assertion was verified (and its counter moved) even when the mark itself was a repeat.
      if (via.credential && result.status !== 'refused') {
        via.credential.uses += 1;
        via.credential.lastUsedAt = Math.max(via.credential.lastUsedAt ?? 0, event.at);
      }
    }
  };
  await Promise.all([play(null, unknownAttempts), ...markers.map((worker) => play(worker, events.get(worker.id)!))]);

  // ---- Store the credentials and the kiosks' last use -----------------------------------------------------
  const credentials = [...workers.values()].flatMap((w) => w.credentials);
  if (credentials.length > 0) {
    await db.insert(webauthnCredentials).values(
      credentials.map((c) => ({
        companyId,
        id: c.id,
        userId: c.userId,
        credentialId: randomBytes(32).toString('base64url'),
        // A real P-256 public key (COSE, as a platform authenticator reports it); the private key is
        // discarded right here: no device holds it, so nobody can sign with these demo credentials.
        publicKey: demoPublicKey(),
        counter: c.uses,
        transports: ['internal'],
        deviceName: c.deviceName,
        consentId: consents.get(c.userId)!,
        createdAt: new Date(c.createdAt),
        createdBy: c.createdBy,
        lastUsedAt: c.lastUsedAt === null ? null : new Date(c.lastUsedAt),
        revokedAt: c.revokedAt === null ? null : new Date(c.revokedAt),
        revokedBy: c.revokedAt === null ? null : c.userId,
      })),
    );
  }
  for (const kiosk of kioskBySite.values()) {
    if (kiosk.lastUsedAt !== null) {
      await db
        .update(kiosks)
        .set({ lastUsedAt: new Date(kiosk.lastUsedAt) })
        .where(and(eq(kiosks.companyId, companyId), eq(kiosks.id, kiosk.id)));
    }
  }

}

/**
 * What the demo holds, for the summary `npm run demo` prints. Counts the whole database: the demo is
 * only ever loaded into an empty one (run it in system scope).
 */
export async function countDemoActivity(db: Db): Promise<DemoActivity> {
  const [markRow] = await db
    .select({
      total: count(),
      offline: sql<number>`count(*) filter (where ${marksTable.offline})::int`,
      outside: sql<number>`count(*) filter (where ${marksTable.outsideGeofence})::int`,
      first: sql<Date | string | null>`min(${marksTable.at})`,
      last: sql<Date | string | null>`max(${marksTable.at})`,
    })
    .from(marksTable);
  const reasons = await db.select({ motivo: markAttempts.reason, n: count() }).from(markAttempts).groupBy(markAttempts.reason);
  const [credentialRow] = await db
    .select({ active: sql<number>`count(*) filter (where ${webauthnCredentials.revokedAt} is null)::int`, revoked: sql<number>`count(*) filter (where ${webauthnCredentials.revokedAt} is not null)::int` })
    .from(webauthnCredentials);
  const [pendingRow] = await db
    .select({ n: count() })
    .from(users)
    .where(
      and(
        eq(users.active, true),
        sql`'huella' = any(${users.metodosMarcaje})`,
        sql`not exists (select 1 from ${webauthnCredentials} c where c.company_id = ${users.companyId} and c.user_id = ${users.id} and c.revoked_at is null)`,
      ),
    );
  const kioskNames = (await db.select({ name: kiosks.name }).from(kiosks).orderBy(asc(kiosks.name))).map((k) => k.name);
  const asDate = (value: Date | string | null | undefined) => (value ? new Date(value) : null);
  return {
    marks: markRow?.total ?? 0,
    offline: Number(markRow?.offline ?? 0),
    outsideGeofence: Number(markRow?.outside ?? 0),
    firstMark: asDate(markRow?.first),
    lastMark: asDate(markRow?.last),
    attempts: Object.fromEntries(reasons.map((r) => [r.motivo, r.n])) as DemoActivity['attempts'],
    kiosks: kioskNames,
    credentials: Number(credentialRow?.active ?? 0),
    revokedCredentials: Number(credentialRow?.revoked ?? 0),
    withoutFingerprint: pendingRow?.n ?? 0,
  };
}

/** A position reported by a phone near its site: inside the geofence, or outside it, or imprecise. */
function positionNear(site: SiteRow, kind: 'fuera' | 'imprecisa' | undefined, random: () => number): Posicion | undefined {
  if (site.lat === null || site.lng === null) return undefined;
  const radius = site.geofenceRadiusM;
  const distance = kind === 'fuera' ? radius + 60 + random() * 900 : random() * radius * 0.6;
  const bearing = random() * 2 * Math.PI;
  const lat = site.lat + (distance * Math.cos(bearing)) / 111_320;
  const lng = site.lng + (distance * Math.sin(bearing)) / (111_320 * Math.cos((site.lat * Math.PI) / 180));
  const precisionM = kind === 'imprecisa' ? 120 + random() * 300 : 4 + random() * 30;
  return { lat: Number(lat.toFixed(6)), lng: Number(lng.toFixed(6)), precisionM: Math.round(precisionM) };
}

/** A fresh ES256 public key as a COSE key in base64url, the way the fingerprint service stores them. */
function demoPublicKey(): string {
  const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const cose = isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]),
  );
  return Buffer.from(cose).toString('base64url');
}
