/**
 * The engine's inputs around an instant: the planning's plan placed as shift instances in each worker's
 * site zone, the marks as the evaluation reads them and the approved permissions. What the alerts of DT
 * Res. Exenta 38 (modules/alerts) watch before a day is evaluated (a shift about to start with no entry).
 */
import { addDays, placeShift, type Mark, type Permission, type ShiftInstance } from '@jornada/domain';
import type { DbOrTx } from '../../db/client';
import type { PermissionReads } from '../permissions/index';
import type { PlanReader } from '../planning/index';
import * as repo from './attendance.repository';

/** What the alerts need of one worker near an instant. */
export interface WorkerShiftsNear {
  userId: string;
  zone: string;
  /** Shift instances of the local dates around the instant: contract days that are not holidays. */
  instances: ShiftInstance[];
  /** Marks from 12 hours before the first instance until the instant, superseded ones left out. */
  marks: Mark[];
  permissions: Permission[];
}

const utcDate = (at: Date) => at.toISOString().slice(0, 10);

/**
 * Workers with a planned shift on the dates around `now` (the UTC date two days back to one ahead
 * covers every Chilean zone), with their instances, marks and approved permissions; not those excluded
 * from the hours limit (art. 22 inc. 2). The plan is the
 * engine's (`planFor` of modules/planning): only contract days, and a holiday lifts its shift.
 */
export async function shiftsNear(db: DbOrTx, plan: PlanReader, permissionReads: Pick<PermissionReads, 'approvedPermissions'>, companyId: string, now: Date): Promise<WorkerShiftsNear[]> {
  const from = addDays(utcDate(now), -2);
  const to = addDays(utcDate(now), 1);
  // A worker excluded from the hours limit (art. 22 inc. 2) need not mark (DT): no mark is expected of them.
  const workers = (await repo.workersWithShifts(db, companyId, from, to)).filter((w) => !w.excluidoLimiteJornada);
  if (workers.length === 0) return [];
  const ids = workers.map((w) => w.id);
  const [plans, permissions] = await Promise.all([plan.planFor(companyId, ids, { from, to }, db), permissionReads.approvedPermissions(db, companyId, ids, from, to)]);
  const byWorker = new Map(workers.map((w) => [w.id, { userId: w.id, zone: w.zone, instances: [] as ShiftInstance[], marks: [] as Mark[], permissions: permissions.get(w.id) ?? [] }]));
  for (const w of workers) {
    const own = plans.get(w.id);
    if (!own) continue;
    for (const [date, entry] of own.plan) {
      // A holiday overrides a planned shift in the evaluation (no work is expected): nothing to alert.
      if (entry.kind !== 'turno' || own.holidays(date)) continue;
      byWorker.get(w.id)!.instances.push(placeShift(entry.shift, date, w.zone));
    }
  }
  const found = [...byWorker.values()].filter((w) => w.instances.length > 0);
  if (found.length === 0) return [];
  const earliest = Math.min(...found.flatMap((w) => w.instances.map((i) => i.start))) - 12 * 3600_000;
  const marks = await repo.loadMarks(db, companyId, found.map((w) => w.userId), new Date(earliest), new Date(now.getTime() + 1));
  // A consolidated correction that names the mark it corrects supersedes it (as in the evaluation).
  const superseded = new Set(marks.flatMap((m) => (m.correctsMarkId ? [m.correctsMarkId] : [])));
  for (const m of marks) if (!superseded.has(m.id)) byWorker.get(m.userId)?.marks.push({ id: m.id, kind: m.kind, at: m.at });
  return found;
}
