/**
 * Marks: the one way a mark enters the system (web marking, fingerprint, kiosk, clock devices,
 * corrections). Engineers of the kiosk, WebAuthn and clock-device modules call `recordMark` and
 * `recordAttempt` from `createMarksService(...)` (available as `app.marks` after `buildApp`).
 */
import {
  MOTIVO_INTENTO_LABELS,
  type Comprobante,
  type Intento,
  type Marca,
  type MotivoIntento,
} from '@jornada/contracts';
import { formatRut } from '@jornada/domain';
import type { Db } from '../../db/client';
import { fieldError } from '../../lib/access';
import { enqueueJob } from '../../lib/jobs';
import type { AppMetrics } from '../../ops/metrics';
import { buildComprobante, type ReceiptSource } from './receipt';
import { createMarkBatcher } from './mark-batch';
import { checkedOriginalTime, hashedMark, planMark, type MarkPlan } from './marks.plan';
import * as repo from './marks.repository';
import type { RecentMarkTuple } from './marks.repository';
import type { AttemptRow, MarkRow, RecordAttemptInput, RecordContext, RecordMarkInput, WorkerContext } from './marks.types';

export type { RecordAttemptInput } from './marks.types';


/** The job that e-mails a mark's receipt. */
export const RECEIPT_JOB = 'comprobante-marca';

/** Two marks of the same kind closer than this, with no mark between them, are one mark and a repeat. */
export const REPEAT_WINDOW_MS = 12 * 60 * 60 * 1000;



type RecordMarkResult =
  /**
   * A new mark (`replay: false`) or the same mark again for a retried `idCliente` (`replay: true`), with
   * the time zone of the worker's site (null without one), for what is said about it afterwards.
   */
  | {
      status: 'recorded';
      replay: boolean;
      marca: Marca;
      comprobante: Comprobante;
      timeZone: string | null;
      /** The worker's other marks within `RECENT_WINDOW_HOURS` of it, when the group commit already read them (the notice's input). */
      recent?: readonly RecentMarkTuple[];
    }
  /** A repeated kind: ignored and logged as the attempt `marca_repetida` (a retry returns the same attempt). */
  | { status: 'ignored'; replay: boolean; motivo: 'marca_repetida'; intento: Intento; mensaje: string }
  /** Refused and logged as an attempt: trabajador_inactivo, contrato_terminado, metodo_no_permitido. */
  | { status: 'refused'; motivo: MotivoIntento; intento: Intento; mensaje: string };


export const MARK_MESSAGES: Record<'trabajador_inactivo' | 'contrato_terminado' | 'contrato_no_iniciado' | 'metodo_no_permitido' | 'marca_repetida', string> = {
  trabajador_inactivo: 'No puedes marcar: tu cuenta está desactivada. Habla con tu empleador.',
  contrato_terminado: 'No puedes marcar: tu contrato terminó. Habla con tu empleador.',
  contrato_no_iniciado: 'No puedes marcar: tu contrato aún no comienza. Habla con tu empleador.',
  metodo_no_permitido: 'No puedes marcar con este método. Tu empleador no lo tiene habilitado para ti.',
  marca_repetida: 'Ya tenías registrada esa marca: la repetida se guardó como intento y no cuenta.',
};



export function toMarca(row: MarkRow): Marca {
  return {
    id: row.id,
    usuarioId: row.userId,
    tipo: row.kind,
    metodo: row.method,
    instante: row.at.toISOString(),
    horaOriginal: row.originalAt ? row.originalAt.toISOString() : null,
    offline: row.offline,
    fueraDeGeocerca: row.outsideGeofence,
    precisionBaja: row.lowAccuracy,
    posicion: row.lat !== null && row.lng !== null ? { lat: row.lat, lng: row.lng, precisionM: row.accuracyM ?? 0 } : null,
    distanciaM: row.distanceM === null ? null : Math.round(row.distanceM),
    dispositivo: row.device,
    sedeId: row.siteId,
    secuencia: row.seq,
    hash: row.hash,
    hashAnterior: row.prevHash,
    corrigeMarcaId: row.correctsMarkId,
  };
}

export function toIntento(row: AttemptRow, worker?: { nombre: string; apellidos: string; rut: string } | null): Intento {
  return {
    id: row.id,
    usuarioId: row.userId,
    trabajador: worker ? `${worker.nombre} ${worker.apellidos}` : null,
    rut: worker ? (formatRut(worker.rut) ?? worker.rut) : null,
    tipo: row.kind,
    metodo: row.method,
    motivo: row.reason,
    motivoEtiqueta: MOTIVO_INTENTO_LABELS[row.reason],
    instante: row.at.toISOString(),
    sedeId: row.siteId,
    marcaId: row.markId,
    detalle: row.detail,
    dispositivo: row.device,
    posicion: row.lat !== null && row.lng !== null ? { lat: row.lat, lng: row.lng, precisionM: row.accuracyM ?? 0 } : null,
  };
}

export function receiptSource(ctx: WorkerContext, mark: MarkRow, publicUrl: string): ReceiptSource {
  return { mark, worker: ctx.user, company: ctx.company, site: ctx.site, schedule: ctx.schedule, publicUrl };
}


interface MarksServiceDeps {
  db: Db;
  publicUrl: string;
  metrics?: AppMetrics | undefined;
  /** Called after a transaction that queued a receipt commits (wakes the job loop). */
  onJobQueued?: () => void;
}

export function createMarksService({ db, publicUrl, metrics, onJobQueued }: MarksServiceDeps) {
  const insertAttempt = repo.insertAttempt;

  function recorded(ctx: WorkerContext, row: MarkRow, replay: boolean, recent?: readonly RecentMarkTuple[]): RecordMarkResult {
    const result = { status: 'recorded', replay, marca: toMarca(row), comprobante: buildComprobante(receiptSource(ctx, row, publicUrl)), timeZone: ctx.site?.timeZone ?? null } as const;
    return recent ? { ...result, recent } : result;
  }

  function finish(result: RecordMarkResult, queued: boolean): RecordMarkResult {
    if (result.status === 'recorded' && !result.replay) metrics?.marksRecorded.inc();
    if (queued) onJobQueued?.();
    return result;
  }

  async function refuse(worker: WorkerContext, plan: MarkPlan, motivo: MotivoIntento, ctx: RecordContext): Promise<RecordMarkResult> {
    const row = await insertAttempt(db, { ...plan.attempt, motivo }, ctx.now, ctx.ip);
    return { status: 'refused', motivo, intento: toIntento(row, worker.user), mensaje: MARK_MESSAGES[motivo as keyof typeof MARK_MESSAGES] };
  }

  const batcher = createMarkBatcher({ db, receiptJob: RECEIPT_JOB, repeatWindowMs: REPEAT_WINDOW_MS });

  /** The common case through the group commit (mark-batch.ts), or null when the locked path must decide. */
  async function fastMark(input: RecordMarkInput, ctx: RecordContext): Promise<RecordMarkResult | null> {
    const outcome = await batcher.submit(input, ctx);
    switch (outcome.kind) {
      case 'missing':
        throw fieldError('usuarioId', 'El trabajador no existe.');
      case 'refused':
        return refuse(outcome.worker, outcome.plan, outcome.motivo, ctx);
      case 'locked':
        return null;
      case 'recorded':
        return finish(recorded(outcome.worker, outcome.mark, false, outcome.recent), outcome.queued);
    }
  }

  /** Every case, serialised per worker by the chain head's row lock. */
  async function lockedMark(input: RecordMarkInput, ctx: RecordContext, originalAt: Date | null): Promise<RecordMarkResult> {
    const worker = await repo.loadWorkerContext(db, input.companyId, input.userId, input.siteId);
    if (!worker) throw fieldError('usuarioId', 'El trabajador no existe.');
    const plan = planMark(worker, input, ctx, originalAt);
    if (plan.refusal) return refuse(worker, plan, plan.refusal, ctx);
    const effectiveAt = originalAt ?? ctx.now;

    let queued = false;
    const result = await db.transaction(async (tx): Promise<RecordMarkResult> => {
      // The per-worker lock: ON CONFLICT DO UPDATE locks the chain-head row until commit.
      const head = await repo.lockChainHead(tx, input.companyId, input.userId);

      // Idempotency, under the lock: the same idCliente gives back what it gave the first time.
      const existing = await repo.markByClientId(tx, input.companyId, input.userId, input.idCliente);
      if (existing) return recorded(worker, existing, true);
      const repeatedBefore = await repo.attemptByClientId(tx, input.companyId, input.userId, input.idCliente);
      if (repeatedBefore?.reason === 'marca_repetida') {
        return { status: 'ignored', replay: true, motivo: 'marca_repetida', intento: toIntento(repeatedBefore, worker.user), mensaje: MARK_MESSAGES.marca_repetida };
      }

      // Consecutive marks of the same kind: the first counts, the repeat is an attempt. The mark a
      // correction supersedes is not a neighbour: the correction takes its place.
      // The one before, and (for a mark with its own time) the one after: read in turn, the second only if needed.
      const around = [() => repo.markAtOrBefore(tx, input.companyId, input.userId, effectiveAt, input.corrigeMarcaId)];
      if (originalAt) around.push(() => repo.markAfter(tx, input.companyId, input.userId, effectiveAt, input.corrigeMarcaId));
      for (const query of around) {
        const neighbour = await query();
        if (neighbour && neighbour.kind === input.tipo && Math.abs(new Date(neighbour.eff).getTime() - effectiveAt.getTime()) < REPEAT_WINDOW_MS) {
          const attempt = await insertAttempt(tx, { ...plan.attempt, motivo: 'marca_repetida', marcaId: neighbour.id, detalle: 'Se conserva la primera marca de este tipo.' }, ctx.now, ctx.ip);
          return { status: 'ignored', replay: false, motivo: 'marca_repetida', intento: toIntento(attempt, worker.user), mensaje: MARK_MESSAGES.marca_repetida };
        }
      }

      const mark = hashedMark(plan.values, head);
      const row = await repo.insertMarkAndAdvanceHead(tx, mark);
      if (plan.outsideGeofence) {
        const detalle = `A ${Math.round(plan.values.distanceM!)} m de la sede (radio ${worker.site!.geofenceRadiusM} m).`;
        await insertAttempt(tx, { ...plan.attempt, motivo: 'fuera_de_geocerca', marcaId: mark.id, detalle }, ctx.now, ctx.ip);
      }
      if (mark.offline) {
        await insertAttempt(tx, { ...plan.attempt, motivo: 'sin_conexion', marcaId: mark.id, detalle: `Hora del dispositivo: ${originalAt!.toISOString()}.` }, ctx.now, ctx.ip);
      }
      if (!input.sinCorreo) {
        await enqueueJob(tx, RECEIPT_JOB, { companyId: input.companyId, markId: mark.id }, ctx.now);
        queued = true;
      }
      return recorded(worker, row, false);
    });
    return finish(result, queued);
  }

  const service = {
    /**
     * Records an attempt (refused or doubtful mark) with its reason. For B and C: unknown credential,
     * wrong PIN, unverified fingerprint. Returns the attempt as the API shows it.
     */
    async recordAttempt(input: RecordAttemptInput, ctx: RecordContext): Promise<Intento> {
      const row = await insertAttempt(db, input, ctx.now, ctx.ip);
      return toIntento(row);
    },

    /**
     * Records a mark for a known worker of a company. Never throws for business rules: refusals and
     * repeats come back as results (and are logged as attempts). Throws a 400 AppError only for an
     * original time in the future or (offline marks) too old, and a 404 when the worker does not exist
     * in the company. The mark's `at` is `ctx.now` (the server's); see `horaOriginal` for the rest.
     *
     * Two paths, one outcome: an online mark inside the geofence (nearly every mark) goes through the
     * group commit of mark-batch.ts (two statements per batch of marks); anything else, or a mark whose
     * chain head moved under the batch, takes the locked transaction, one mark at a time.
     */
    async recordMark(input: RecordMarkInput, ctx: RecordContext): Promise<RecordMarkResult> {
      const originalAt = checkedOriginalTime(input, ctx.now);
      if (originalAt === null) {
        const fast = await fastMark(input, ctx);
        if (fast) return fast;
      }
      return lockedMark(input, ctx, originalAt);
    },
  };
  return service;
}

export type MarksService = ReturnType<typeof createMarksService>;
