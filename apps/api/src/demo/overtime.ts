import { addDays, overtimePactLastDay, pactInForce } from '@jornada/domain';
import type { DbOrTx } from '../db/client';
import { localDate } from '../lib/clock';
import { overtimeDays } from '../modules/attendance/attendance.reads.repository';
import * as repo from '../modules/overtime/overtime.repository';

/**
 * The demo's overtime, built on what the evaluation found (the attendance rebuild runs first): pacts
 * in force for most workers with overtime (one about to end, one that ended before some of its
 * worker's overtime), their older days decided by the group's leader (approved, one in part, one
 * rejected) and the last week's days waiting. Deterministic for a given `now` and stored evaluation.
 */
export async function seedOvertimeDemo(db: DbOrTx, input: { companyId: string; adminId: string; now: Date }): Promise<{ pacts: number; decided: number; pending: number }> {
  const { companyId, adminId, now } = input;
  const today = localDate(now);
  const from = addDays(today, -45);
  const to = addDays(today, -1);
  const workers = (await repo.listWorkers(db, companyId, {})).filter((w) => w.perfil === 'trabajador');
  const found = await overtimeDays(
    db,
    companyId,
    workers.map((w) => w.id),
    from,
    to,
  );
  const byWorker = new Map<string, typeof found>();
  for (const day of found) byWorker.set(day.userId, [...(byWorker.get(day.userId) ?? []), day]);
  const withOvertime = workers.filter((w) => byWorker.has(w.id)).sort((a, b) => byWorker.get(b.id)!.length - byWorker.get(a.id)!.length || a.id.localeCompare(b.id));
  const leaders = await repo.firstLeaders(db, companyId);
  // Two of every three workers with overtime have a pact; the rest show their overtime flagged «sin pacto».
  const pacted = withOvertime.filter((_, i) => i % 3 !== 2);
  let pacts = 0;
  let decided = 0;
  let pending = 0;
  for (const [i, worker] of pacted.entries()) {
    const decider = (worker.groupId && leaders.get(worker.groupId)) || adminId;
    let desde = addDays(today, -40);
    let hasta = overtimePactLastDay(desde);
    if (i === 0) {
      // About to end: the home page and the pacts list remind to renew it.
      desde = addDays(today, -80);
      hasta = addDays(today, 5);
    } else if (i === 1) {
      // Ended twelve days ago: the later overtime has no pact in force.
      desde = addDays(today, -70);
      hasta = addDays(today, -12);
    }
    const maxSecondsPerDay = i % 2 === 0 ? 7200 : 3600;
    const id = await repo.insertPact(db, {
      companyId,
      userId: worker.id,
      desde,
      hasta,
      maxSecondsPerDay,
      comentario: i === 0 ? 'Cierre de inventario anual' : 'Atención de temporada alta',
      createdBy: decider,
      createdAt: new Date(`${desde}T12:00:00Z`),
      updatedBy: decider,
      updatedAt: new Date(`${desde}T12:00:00Z`),
    });
    pacts++;
    const pact = { id, from: desde, to: hasta, maxSecondsPerDay };
    for (const [n, day] of byWorker.get(worker.id)!.entries()) {
      const inForce = pactInForce([pact], day.fecha);
      if (day.fecha >= addDays(today, -7) || !inForce) {
        pending++;
        continue;
      }
      const all = day.overtimeSeconds;
      const rejected = n % 7 === 3;
      const part = n % 5 === 1 && all >= 1200;
      await repo.upsertApproval(db, {
        companyId,
        userId: worker.id,
        fecha: day.fecha,
        foundSeconds: day.overtimeSeconds,
        approvedSeconds: rejected ? 0 : part ? Math.floor(all / 2 / 60) * 60 : all,
        estado: rejected ? 'rechazado' : 'aprobado',
        motivo: rejected ? 'La salida registrada no coincide con el cierre de la tienda: se pidió corregir la marca.' : part ? 'Parte del tiempo fue colación no marcada: se pidió corregir la marca.' : null,
        pactId: id,
        decidedBy: decider,
        decidedAt: new Date(`${addDays(day.fecha, 2)}T13:00:00Z`),
      });
      decided++;
    }
  }
  return { pacts, decided, pending };
}
