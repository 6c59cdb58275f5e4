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
import { addDays, holidayLookup, localToInstant, placeShift, type HolidayLookup, type RegionCode, type ShiftTemplate } from '@jornada/domain';
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { Db } from '../db/client';
import { biometricConsents, kiosks, planningDays, shiftVersions, sites, users, webauthnCredentials } from '../db/schema/index';
import { runAsCompany } from '../db/tenant-context';
import { localDate } from '../lib/clock';
import { hashToken, newToken } from '../lib/tokens';
import { templateOf } from '../modules/shifts/shifts.model';
import { createMarksService } from '../modules/marks/marks.service';
import { buildMarkEvents } from './mark-events';
import { BROWSERS, DAY, demoSetupAt, firstDayOfPreviousMonth, HOUR, KIOSK_NAMES, MINUTE, seededRandom, type DemoEvent, type DemoKiosk, type Worker, type WorkerDay } from './marks-story';

export { demoSetupAt } from './marks-story';

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
  // ---- The events of each worker's days (mark-events.ts) --------------------------------------------------
  const { events, unknownAttempts } = buildMarkEvents({ random, between, nowMs, from, to, days, markers, siteRows, kioskBySite });

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
