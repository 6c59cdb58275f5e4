import {
  PIN_BLOQUEO_MS,
  PIN_MAX_FALLOS,
  type AbrirQuioscoBody,
  type CambiarPinBody,
  type EstadoPin,
  type Quiosco,
  type QuioscoAbierto,
  type SesionQuiosco,
  type TipoMarca,
} from '@jornada/contracts';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { companies, kiosks, markingPins, pinFailures, sites, users } from '../../db/schema/index';
import { fieldError, notFound, requireId, requirePerfil } from '../../lib/access';
import type { BackgroundTasks } from '../../lib/background';
import { AppError } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { hashToken, newToken } from '../../lib/tokens';
import type { RequestSession } from '../../plugins/types';
import type { MarkingPort, MarkOutcome } from '../fingerprint/marking-port';
import { fullAddress } from '../sites/sites.service';
import { pinChangedMail } from './pin-mail';
import { enterCompany } from '../../db/tenant-context';

/** The device's identity, resolved from its token on every kiosk call. */
export interface KioskContext {
  id: string;
  companyId: string;
  siteId: string;
  nombre: string;
}

const MSG = {
  quioscoInvalido: 'Este quiosco no está habilitado o fue cerrado. Pide a un administrador que lo abra de nuevo.',
  pinActualRequerido: 'Ingresa tu PIN actual para cambiarlo.',
  pinActualIncorrecto: 'El PIN actual no es correcto.',
  pinIgual: 'El PIN nuevo debe ser distinto del actual.',
  rutOPinIncorrecto: 'RUT o PIN incorrectos.',
  bloqueado: (minutes: number) => `Demasiados intentos fallidos con este RUT. Espera ${minutes} minutos o pide ayuda a un administrador.`,
  otraSede: 'Este trabajador no pertenece a la sede de este quiosco.',
} as const;

export function createKioskService(deps: {
  db: Db;
  mailer: Mailer;
  background: BackgroundTasks;
  log: FastifyBaseLogger;
  marking: () => MarkingPort;
}) {
  const { db } = deps;

  // ---- PIN ---------------------------------------------------------------------------------------

  async function pinState(session: RequestSession): Promise<EstadoPin> {
    requirePerfil(session, 'administrador', 'supervisor', 'trabajador');
    const [row] = await db
      .select({ updatedAt: markingPins.updatedAt })
      .from(markingPins)
      .where(and(eq(markingPins.companyId, session.companyId), eq(markingPins.userId, session.userId)));
    return { definido: Boolean(row), actualizadoEn: row?.updatedAt.toISOString() ?? null };
  }

  async function changePin(session: RequestSession, body: CambiarPinBody, now: Date): Promise<EstadoPin> {
    requirePerfil(session, 'administrador', 'supervisor', 'trabajador');
    const [current] = await db
      .select({ pinHash: markingPins.pinHash })
      .from(markingPins)
      .where(and(eq(markingPins.companyId, session.companyId), eq(markingPins.userId, session.userId)));
    if (current) {
      if (!body.pinActual) throw fieldError('pinActual', MSG.pinActualRequerido);
      if (!(await verifyPassword(current.pinHash, body.pinActual))) throw fieldError('pinActual', MSG.pinActualIncorrecto);
      if (body.pinActual === body.pinNuevo) throw fieldError('pinNuevo', MSG.pinIgual);
    }
    const pinHash = await hashPassword(body.pinNuevo);
    await db
      .insert(markingPins)
      .values({ companyId: session.companyId, userId: session.userId, pinHash, updatedAt: now })
      .onConflictDoUpdate({ target: [markingPins.companyId, markingPins.userId], set: { pinHash, updatedAt: now } });
    const [user] = await db
      .select({ nombre: users.nombre, email: users.email, emailPersonal: users.emailPersonal, rut: users.rut, razonSocial: companies.razonSocial })
      .from(users)
      .innerJoin(companies, eq(companies.id, users.companyId))
      .where(and(eq(users.companyId, session.companyId), eq(users.id, session.userId)));
    if (user) {
      // A changed PIN unlocks the RUT at the kiosks.
      await db.delete(pinFailures).where(and(eq(pinFailures.companyId, session.companyId), eq(pinFailures.rut, user.rut)));
      const mail = pinChangedMail({ to: user.emailPersonal ?? user.email, nombre: user.nombre, razonSocial: user.razonSocial, at: now, first: !current });
      deps.background.run(
        () => deps.mailer.send(mail),
        (error) => deps.log.error({ err: error }, 'no se pudo enviar el aviso de cambio de PIN'),
      );
    }
    return { definido: true, actualizadoEn: now.toISOString() };
  }

  // ---- Kiosks (administration) -------------------------------------------------------------------

  async function listKiosks(session: RequestSession): Promise<{ items: Quiosco[] }> {
    requirePerfil(session, 'administrador');
    const creator = sql<string>`(select u.nombre || ' ' || u.apellidos from users u where u.company_id = ${kiosks.companyId} and u.id = ${kiosks.createdBy})`;
    const rows = await db
      .select({ kiosk: kiosks, siteNombre: sites.nombre, creator })
      .from(kiosks)
      .innerJoin(sites, and(eq(sites.companyId, kiosks.companyId), eq(sites.id, kiosks.siteId)))
      .where(eq(kiosks.companyId, session.companyId))
      .orderBy(sql`${kiosks.revokedAt} is not null`, desc(kiosks.createdAt));
    return {
      items: rows.map((r) => ({
        id: r.kiosk.id,
        nombre: r.kiosk.name,
        sede: { id: r.kiosk.siteId, nombre: r.siteNombre },
        creadoEn: r.kiosk.createdAt.toISOString(),
        creadoPor: r.creator ?? '—',
        ultimoUso: r.kiosk.lastUsedAt?.toISOString() ?? null,
        revocadoEn: r.kiosk.revokedAt?.toISOString() ?? null,
      })),
    };
  }

  async function openKiosk(session: RequestSession, body: AbrirQuioscoBody, now: Date): Promise<QuioscoAbierto> {
    requirePerfil(session, 'administrador');
    const [site] = await db
      .select({ id: sites.id })
      .from(sites)
      .where(and(eq(sites.companyId, session.companyId), eq(sites.id, body.sedeId)));
    if (!site) throw fieldError('sedeId', 'La sede no existe.');
    const token = newToken();
    const [row] = await db
      .insert(kiosks)
      .values({ companyId: session.companyId, siteId: site.id, name: body.nombre, tokenHash: hashToken(token), createdAt: now, createdBy: session.userId })
      .returning({ id: kiosks.id });
    const quiosco = (await listKiosks(session)).items.find((k) => k.id === row!.id)!;
    return { quiosco, token };
  }

  async function revokeKiosk(session: RequestSession, id: string, now: Date): Promise<{ ok: true }> {
    requirePerfil(session, 'administrador');
    requireId(id, 'El quiosco no existe.');
    const [row] = await db
      .update(kiosks)
      .set({ revokedAt: now, revokedBy: session.userId })
      .where(and(eq(kiosks.companyId, session.companyId), eq(kiosks.id, id), isNull(kiosks.revokedAt)))
      .returning({ id: kiosks.id });
    if (!row) throw notFound('El quiosco no existe o ya estaba cerrado.');
    return { ok: true };
  }

  // ---- The kiosk device ----------------------------------------------------------------------------

  async function resolveKiosk(token: string | undefined, now: Date): Promise<KioskContext> {
    if (!token || token.length > 200) throw new AppError('UNAUTHENTICATED', MSG.quioscoInvalido);
    const [row] = await db
      .update(kiosks)
      .set({ lastUsedAt: now })
      .where(and(eq(kiosks.tokenHash, hashToken(token)), isNull(kiosks.revokedAt)))
      .returning({ id: kiosks.id, companyId: kiosks.companyId, siteId: kiosks.siteId, nombre: kiosks.name });
    if (!row) throw new AppError('UNAUTHENTICATED', MSG.quioscoInvalido);
    // From here on the request sees only the kiosk's company (db/tenant-context.ts).
    enterCompany(row.companyId);
    return row;
  }

  async function kioskSession(kiosk: KioskContext): Promise<SesionQuiosco> {
    const [row] = await db
      .select({ site: sites, empresa: companies.nombre })
      .from(sites)
      .innerJoin(companies, eq(companies.id, sites.companyId))
      .where(and(eq(sites.companyId, kiosk.companyId), eq(sites.id, kiosk.siteId)));
    if (!row) throw new AppError('UNAUTHENTICATED', MSG.quioscoInvalido);
    return { nombre: kiosk.nombre, empresa: row.empresa, sede: { id: row.site.id, nombre: row.site.nombre, direccion: fullAddress(row.site) } };
  }

  /** RUT + PIN at the kiosk: wrong PINs count per RUT and lock it for a while after PIN_MAX_FALLOS. */
  async function markWithPin(
    kiosk: KioskContext,
    body: { rut: string; pin: string; tipo: TipoMarca; idCliente?: string | undefined },
    now: Date,
  ): Promise<MarkOutcome & { trabajador: { id: string; nombre: string } }> {
    const marking = deps.marking();
    const dispositivo = `Quiosco ${kiosk.nombre}`;
    const [lock] = await db
      .select()
      .from(pinFailures)
      .where(and(eq(pinFailures.companyId, kiosk.companyId), eq(pinFailures.rut, body.rut)));
    if (lock?.lockedUntil && lock.lockedUntil > now) {
      const seconds = Math.ceil((lock.lockedUntil.getTime() - now.getTime()) / 1000);
      throw new AppError('RATE_LIMITED', MSG.bloqueado(Math.ceil(seconds / 60)), undefined, { 'retry-after': String(seconds) });
    }
    const [user] = await db
      .select({ id: users.id, nombre: users.nombre, apellidos: users.apellidos, siteId: users.siteId, pinHash: markingPins.pinHash })
      .from(users)
      .leftJoin(markingPins, and(eq(markingPins.companyId, users.companyId), eq(markingPins.userId, users.id)))
      .where(and(eq(users.companyId, kiosk.companyId), eq(users.rut, body.rut)));
    const ok = await verifyPassword(user?.pinHash ?? null, body.pin);
    if (!ok) {
      const failures = (lock && lock.lastFailureAt.getTime() > now.getTime() - PIN_BLOQUEO_MS ? lock.failures : 0) + 1;
      const lockedUntil = failures >= PIN_MAX_FALLOS ? new Date(now.getTime() + PIN_BLOQUEO_MS) : null;
      await db
        .insert(pinFailures)
        .values({ companyId: kiosk.companyId, rut: body.rut, failures, lastFailureAt: now, lockedUntil })
        .onConflictDoUpdate({ target: [pinFailures.companyId, pinFailures.rut], set: { failures, lastFailureAt: now, lockedUntil } });
      await marking.attempt({
        companyId: kiosk.companyId,
        userId: user?.id ?? null,
        rut: body.rut,
        tipo: body.tipo,
        metodo: 'kiosco_pin',
        motivo: 'pin_incorrecto',
        detalle: user ? (user.pinHash ? `PIN incorrecto (intento ${failures})` : 'El trabajador no tiene PIN definido') : 'RUT no registrado en la empresa',
        dispositivo,
        siteId: kiosk.siteId,
        deviceId: kiosk.id,
        now,
      });
      if (lockedUntil) throw new AppError('RATE_LIMITED', MSG.bloqueado(Math.ceil(PIN_BLOQUEO_MS / 60_000)), undefined, { 'retry-after': String(PIN_BLOQUEO_MS / 1000) });
      throw new AppError('INVALID_CREDENTIALS', MSG.rutOPinIncorrecto);
    }
    if (lock) await db.delete(pinFailures).where(and(eq(pinFailures.companyId, kiosk.companyId), eq(pinFailures.rut, body.rut)));
    const worker = user!;
    // A kiosk marks only for its own site's workers (and workers without a site, who may mark anywhere).
    if (worker.siteId && worker.siteId !== kiosk.siteId) throw new AppError('FORBIDDEN', MSG.otraSede);
    const outcome = await marking.record({
      companyId: kiosk.companyId,
      userId: worker.id,
      tipo: body.tipo,
      metodo: 'kiosco_pin',
      idCliente: body.idCliente,
      dispositivo,
      siteId: kiosk.siteId,
      deviceId: kiosk.id,
      now,
    });
    return { ...outcome, trabajador: { id: worker.id, nombre: `${worker.nombre} ${worker.apellidos}` } };
  }

  return { pinState, changePin, listKiosks, openKiosk, revokeKiosk, resolveKiosk, kioskSession, markWithPin };
}

export type KioskService = ReturnType<typeof createKioskService>;
