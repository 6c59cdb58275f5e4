import {
  ACCESS,
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
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { fieldError, notFound, requireId, requirePerfil } from '../../lib/access';
import type { BackgroundTasks } from '../../lib/background';
import { AppError } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { hashToken, newToken } from '../../lib/tokens';
import type { RequestSession } from '../../plugins/types';
import type { MarkingPort, MarkOutcome } from '../fingerprint/index';
import type { PermissionReads, WholeDayPermission } from '../permissions/index';
import { localDate } from '../../lib/clock';
import { fullAddress } from '../sites/index';
import * as repo from './kiosk.repository';
import { pinChangedMail } from './pin-mail';
import { enterCompany } from '../../db/tenant-context';

/** The device's identity, resolved from its token on every kiosk call. */
interface KioskContext {
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
  enPermiso: (nombre: string, permiso: WholeDayPermission, fecha: string) =>
    `${nombre}, tienes ${permiso.nombre} aprobado para hoy${permiso.hasta !== fecha ? `, hasta el ${permiso.hasta.split('-').reverse().join('-')}` : ''}. ¿Marcar de todos modos? La marca queda registrada y tu empleador revisará el día.`,
} as const;

export function createKioskService(deps: {
  db: Db;
  mailer: Mailer;
  background: BackgroundTasks;
  log: FastifyBaseLogger;
  marking: () => MarkingPort;
  /** Today's whole-day permission of a worker (modules/permissions' `app.permissionReads`). */
  permissions: Pick<PermissionReads, 'wholeDayPermissionOn'>;
}) {
  const { db } = deps;

  // ---- PIN ---------------------------------------------------------------------------------------

  async function pinState(session: RequestSession): Promise<EstadoPin> {
    requirePerfil(session, ...ACCESS.pin);
    const row = await repo.findPin(db, session.companyId, session.userId);
    return { definido: Boolean(row), actualizadoEn: row?.updatedAt.toISOString() ?? null };
  }

  async function changePin(session: RequestSession, body: CambiarPinBody, now: Date): Promise<EstadoPin> {
    requirePerfil(session, ...ACCESS.pin);
    const current = await repo.findPin(db, session.companyId, session.userId);
    if (current) {
      if (!body.pinActual) throw fieldError('pinActual', MSG.pinActualRequerido);
      if (!(await verifyPassword(current.pinHash, body.pinActual))) throw fieldError('pinActual', MSG.pinActualIncorrecto);
      if (body.pinActual === body.pinNuevo) throw fieldError('pinNuevo', MSG.pinIgual);
    }
    const pinHash = await hashPassword(body.pinNuevo);
    await repo.upsertPin(db, session.companyId, session.userId, pinHash, now);
    const user = await repo.pinMailRecipient(db, session.companyId, session.userId);
    if (user) {
      // A changed PIN unlocks the RUT at the kiosks.
      await repo.clearPinFailures(db, session.companyId, user.rut);
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
    requirePerfil(session, ...ACCESS.kiosks);
    const rows = await repo.listKioskRows(db, session.companyId);
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
    requirePerfil(session, ...ACCESS.kiosks);
    if (!(await repo.siteExists(db, session.companyId, body.sedeId))) throw fieldError('sedeId', 'La sede no existe.');
    const token = newToken();
    const row = await repo.insertKiosk(db, {
      companyId: session.companyId,
      siteId: body.sedeId,
      name: body.nombre,
      tokenHash: hashToken(token),
      createdAt: now,
      createdBy: session.userId,
    });
    const quiosco = (await listKiosks(session)).items.find((k) => k.id === row.id)!;
    return { quiosco, token };
  }

  async function revokeKiosk(session: RequestSession, id: string, now: Date): Promise<{ ok: true }> {
    requirePerfil(session, ...ACCESS.kiosks);
    requireId(id, 'El quiosco no existe.');
    if (!(await repo.revokeKiosk(db, session.companyId, id, session.userId, now))) throw notFound('El quiosco no existe o ya estaba cerrado.');
    return { ok: true };
  }

  // ---- The kiosk device ----------------------------------------------------------------------------

  async function resolveKiosk(token: string | undefined, now: Date): Promise<KioskContext> {
    if (!token || token.length > 200) throw new AppError('UNAUTHENTICATED', MSG.quioscoInvalido);
    const row = await repo.touchKioskByToken(db, hashToken(token), now);
    if (!row) throw new AppError('UNAUTHENTICATED', MSG.quioscoInvalido);
    // From here on the request sees only the kiosk's company (db/tenant-context.ts).
    enterCompany(row.companyId);
    return row;
  }

  async function kioskSession(kiosk: KioskContext): Promise<SesionQuiosco> {
    const row = await repo.kioskSite(db, kiosk.companyId, kiosk.siteId);
    if (!row) throw new AppError('UNAUTHENTICATED', MSG.quioscoInvalido);
    return { nombre: kiosk.nombre, empresa: row.empresa, sede: { id: row.site.id, nombre: row.site.nombre, direccion: fullAddress(row.site) } };
  }

  /** RUT + PIN at the kiosk: wrong PINs count per RUT and lock it for a while after PIN_MAX_FALLOS. */
  async function markWithPin(
    kiosk: KioskContext,
    body: { rut: string; pin: string; tipo: TipoMarca; idCliente?: string | undefined; confirmarPermiso?: boolean | undefined },
    now: Date,
  ): Promise<MarkOutcome & { trabajador: { id: string; nombre: string } }> {
    const marking = deps.marking();
    const dispositivo = `Quiosco ${kiosk.nombre}`;
    const lock = await repo.findPinFailures(db, kiosk.companyId, body.rut);
    if (lock?.lockedUntil && lock.lockedUntil > now) {
      const seconds = Math.ceil((lock.lockedUntil.getTime() - now.getTime()) / 1000);
      throw new AppError('RATE_LIMITED', MSG.bloqueado(Math.ceil(seconds / 60)), undefined, { 'retry-after': String(seconds) });
    }
    const user = await repo.workerByRut(db, kiosk.companyId, body.rut, kiosk.siteId);
    const ok = await verifyPassword(user?.pinHash ?? null, body.pin);
    if (!ok) {
      const failures = (lock && lock.lastFailureAt.getTime() > now.getTime() - PIN_BLOQUEO_MS ? lock.failures : 0) + 1;
      const lockedUntil = failures >= PIN_MAX_FALLOS ? new Date(now.getTime() + PIN_BLOQUEO_MS) : null;
      await repo.savePinFailures(db, { companyId: kiosk.companyId, rut: body.rut, failures, lastFailureAt: now, lockedUntil });
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
    if (lock) await repo.clearPinFailures(db, kiosk.companyId, body.rut);
    const worker = user!;
    // A kiosk marks only for its own site's workers (and workers without a site, who may mark anywhere).
    if (worker.siteId && worker.siteId !== kiosk.siteId) throw new AppError('FORBIDDEN', MSG.otraSede);
    // On a day of vacation or leave the mark is still recorded, once the worker confirms it (as web marking asks).
    if (!body.confirmarPermiso) {
      const fecha = localDate(now, worker.zone ?? undefined);
      const permiso = await deps.permissions.wholeDayPermissionOn(db, kiosk.companyId, worker.id, fecha);
      if (permiso) throw new AppError('MARCA_EN_PERMISO', MSG.enPermiso(worker.nombre, permiso, fecha));
    }
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

  /** The hash of a worker's marking PIN, if they set one (`app.markingPins`, for the fingerprint consent). */
  async function pinHashOf(companyId: string, userId: string): Promise<string | undefined> {
    return (await repo.findPin(db, companyId, userId))?.pinHash;
  }

  return { pinState, changePin, listKiosks, openKiosk, revokeKiosk, resolveKiosk, kioskSession, markWithPin, pinHashOf };
}

export type KioskService = ReturnType<typeof createKioskService>;
