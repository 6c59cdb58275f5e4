/**
 * The rules a mark goes through before any chain is touched (pure: no I/O): the original time's
 * limits, refusal, flags and the row to store; then its place in the chain and its hash.
 */
import { randomUUID } from 'node:crypto';
import { MARCA_OFFLINE_MAX_HORAS, PRECISION_BAJA_M, type MetodoMarca, type MotivoIntento } from '@jornada/contracts';
import { fieldError } from '../../lib/access';
import { localDate } from '../../lib/clock';
import { distanceMeters, GENESIS_HASH, markHash } from './marks.hash';
import type { MarkRow, RecordAttemptInput, RecordContext, RecordMarkInput, WorkerContext } from './marks.types';

/** Device clocks run a little ahead; an offline time up to this far in the future is accepted. */
const OFFLINE_FUTURE_SKEW_MS = 2 * 60 * 1000;
/**
 * A clock device (ADMS) pushes each log line within seconds: a line this close to the server time was
 * sent online and is not flagged offline; an older one was stored on the device while it had no network.
 */
export const CLOCK_ONLINE_WINDOW_MS = 10 * 60 * 1000;

const OFFLINE_MESSAGES = {
  future: 'La hora original no puede estar en el futuro.',
  tooOld: `La marca sin conexión tiene más de ${MARCA_OFFLINE_MAX_HORAS} horas; pide a tu empleador que la registre como corrección.`,
};

/** The original time of a mark, checked: never in the future; an offline mark at most MARCA_OFFLINE_MAX_HORAS old. */
export function checkedOriginalTime(input: RecordMarkInput, now: Date): Date | null {
  if (input.horaOriginal === undefined) return null;
  const originalAt = new Date(input.horaOriginal);
  if (Number.isNaN(originalAt.getTime())) throw fieldError('horaOriginal', 'La hora original no es una fecha válida.');
  if (originalAt.getTime() > now.getTime() + OFFLINE_FUTURE_SKEW_MS) throw fieldError('horaOriginal', OFFLINE_MESSAGES.future);
  if (input.metodo !== 'correccion' && now.getTime() - originalAt.getTime() > MARCA_OFFLINE_MAX_HORAS * 3_600_000) throw fieldError('horaOriginal', OFFLINE_MESSAGES.tooOld);
  return originalAt;
}

/** Offline is an exception the law wants flagged: a device's stored mark, never a correction, a clock only when late. */
export function isOffline(metodo: MetodoMarca, originalAt: Date | null, now: Date): boolean {
  if (originalAt === null || metodo === 'correccion') return false;
  if (metodo === 'reloj') return now.getTime() - originalAt.getTime() > CLOCK_ONLINE_WINDOW_MS;
  return true;
}

/** A mark's stored fields before its place in the chain (seq, previous hash, hash) is known. */
export type UnchainedMark = Omit<MarkRow, 'seq' | 'prevHash' | 'hash'>;

export interface MarkPlan {
  refusal: MotivoIntento | null;
  outsideGeofence: boolean;
  values: UnchainedMark;
  /** The attempt this mark would log (reason filled in by the caller). */
  attempt: RecordAttemptInput;
}

/** What the rules say about a mark before any chain is touched: refusal, flags and the row to store. */
export function planMark(worker: WorkerContext, input: RecordMarkInput, ctx: RecordContext, originalAt: Date | null): MarkPlan {
  const effectiveAt = originalAt ?? ctx.now;
  const site = worker.site;
  // The day of the mark where it was made: before the contract's first day or after its last, no mark.
  const day = localDate(effectiveAt, site?.timeZone ?? 'America/Santiago');
  const refusal: MotivoIntento | null = !worker.user.active
    ? 'trabajador_inactivo'
    : worker.user.finContrato !== null && day > worker.user.finContrato
      ? 'contrato_terminado'
      : day < worker.user.inicioContrato
        ? 'contrato_no_iniciado'
        : input.metodo !== 'correccion' && !(worker.user.metodosMarcaje as string[]).includes(input.metodo)
          ? 'metodo_no_permitido'
          : null;
  // Flags: never a refusal (DT: outside the geofence is recorded and flagged).
  const distance = input.posicion && site?.lat != null && site.lng != null ? distanceMeters(input.posicion, { lat: site.lat, lng: site.lng }) : null;
  const outsideGeofence = distance !== null && site !== null && distance > site.geofenceRadiusM;
  return {
    refusal,
    outsideGeofence,
    values: {
      companyId: input.companyId,
      id: randomUUID(),
      userId: input.userId,
      kind: input.tipo,
      method: input.metodo,
      at: ctx.now,
      originalAt,
      offline: isOffline(input.metodo, originalAt, ctx.now),
      siteId: site?.id ?? null,
      lat: input.posicion?.lat ?? null,
      lng: input.posicion?.lng ?? null,
      accuracyM: input.posicion?.precisionM ?? null,
      distanceM: distance,
      outsideGeofence,
      lowAccuracy: input.posicion !== undefined && input.posicion.precisionM > PRECISION_BAJA_M,
      device: input.dispositivo ?? null,
      deviceId: input.deviceId ?? null,
      clientId: input.idCliente,
      correctsMarkId: input.corrigeMarcaId ?? null,
    },
    attempt: {
      companyId: input.companyId,
      userId: input.userId,
      tipo: input.tipo,
      metodo: input.metodo,
      motivo: 'metodo_no_permitido',
      dispositivo: input.dispositivo,
      deviceId: input.deviceId,
      siteId: site?.id,
      posicion: input.posicion,
      idCliente: input.idCliente,
    },
  };
}

/** The mark as stored: next in its worker's chain after `head`. */
export function hashedMark(values: UnchainedMark, head: { seq: number; lastHash: string | null }): MarkRow {
  const chained = { ...values, seq: head.seq + 1, prevHash: head.lastHash ?? GENESIS_HASH };
  return { ...chained, hash: markHash(chained) };
}

