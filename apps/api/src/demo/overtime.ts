import { addDays, overtimePactLastDay, pactInForce } from '@jornada/domain';
import type { DbOrTx } from '../db/client';
import { localDate } from '../lib/clock';
import { overtimeDays } from '../modules/attendance/attendance.reads.repository';
import * as repo from '../modules/overtime/overtime.repository';
import { decemberExtensionSeconds } from '../modules/planning/planning.repository';

/**
 * A pact's dates moved off the company's declared December extension days (art. 24 inc. 2: no overtime pact while
 * the jornada is extended), as an employer would: it ends the day before the first declared day it would cover,
 * or, when it starts after that day, starts the day after the last; null when nothing is left.
 */
function clearOfExtensions(desde: string, hasta: string, declared: readonly string[]): { desde: string; hasta: string } | null {
  const covered = declared.filter((d) => d >= desde && d <= hasta);
  if (covered.length === 0) return { desde, hasta };
  const before = addDays(covered[0]!, -1);
  if (before >= desde) return { desde, hasta: before };
  const after = addDays(covered[covered.length - 1]!, 1);
  return after <= hasta ? clearOfExtensions(after, hasta, declared) : null;
}

/**
 * The demo's overtime, built on what the evaluation found (the attendance rebuild runs first): pacts
 * in force for most workers with overtime (one about to end, one that ended before some of its
 * worker's overtime, one compensated with vacation days instead of pay, art. 32 inc. 4), their older days
 * decided by the group's leader (approved, one in part, one rejected) and the last week's days waiting.
 * No pact covers a declared December extension day. Deterministic for a given `now` and stored evaluation.
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
  const declared = [...(await decemberExtensionSeconds(db, companyId)).keys()].sort();
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
    const clear = clearOfExtensions(desde, hasta, declared);
    if (!clear) continue;
    ({ desde, hasta } = clear);
    const maxSecondsPerDay = i % 2 === 0 ? 7200 : 3600;
    // The third pact compensates its overtime with vacation days (art. 32 inc. 4), signed the day it starts.
    const feriado = i === 2;
    const id = await repo.insertPact(db, {
      companyId,
      userId: worker.id,
      desde,
      hasta,
      maxSecondsPerDay,
      compensacion: feriado ? 'feriado' : 'pago',
      firmadoEl: feriado ? desde : null,
      diasSemana: feriado ? 5 : null,
      comentario: i === 0 ? 'Cierre de inventario anual' : feriado ? 'Atención de temporada alta, compensada con días de feriado' : 'Atención de temporada alta',
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
