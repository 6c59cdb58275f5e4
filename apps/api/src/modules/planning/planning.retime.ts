import { localDate } from '../../lib/clock';
import type { DbOrTx } from '../../db/client';
import type { RetimedShift } from '../shifts/index';
import type { DayWrite, WriteDays } from './planning.model';
import { daysWithShiftFrom } from './planning.repository';

/**
 * Moves the future planned days of a re-timed shift to its new version (the shifts module's port,
 * given at assembly). Only days after each worker's today in their site's zone move; past and current
 * days keep the timing they were planned with. Each moved day is logged (legal report d).
 */
export type RetimeFuturePlanning = (tx: DbOrTx, ctx: { companyId: string; actorId: string; now: Date }, shift: RetimedShift) => Promise<number>;

export function createRetimer(writeDays: WriteDays): RetimeFuturePlanning {
  return (tx, ctx, shift) => retimeFuturePlanning(writeDays, tx, ctx, shift);
}

async function retimeFuturePlanning(writeDays: WriteDays, tx: DbOrTx, ctx: { companyId: string; actorId: string; now: Date }, shift: RetimedShift): Promise<number> {
  // Tomorrow in the zone furthest behind is at most one day after Santiago's today: filter per row below.
  const candidates = await daysWithShiftFrom(tx, ctx.companyId, shift.id, localDate(ctx.now));
  const writes: DayWrite[] = candidates
    .filter((day) => day.date > localDate(ctx.now, day.zone) && day.shiftVersion !== shift.version)
    .map((day) => ({
      userId: day.userId,
      date: day.date,
      target: { kind: 'turno', shiftId: shift.id, shiftVersion: shift.version },
      existing: day,
      past: false,
      requestedBy: 'empleador',
      motivo: `Modificación del turno ${shift.codigo} (${shift.startTime}–${shift.endTime})`,
      observacion: null,
    }));
  await writeDays(tx, { companyId: ctx.companyId, actorId: ctx.actorId, now: ctx.now, origin: 'edicion_turno' }, writes);
  return writes.length;
}
