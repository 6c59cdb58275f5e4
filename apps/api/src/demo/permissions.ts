import { addDays, permissionAmount, vacationEndDate, type LocalDate } from '@jornada/domain';
import type { DbOrTx } from '../db/client';
import { localDate } from '../lib/clock';
import * as repo from '../modules/permissions/permissions.repository';
import { createDefaultPermissionTypes } from '../modules/permissions/permissions.catalog';

interface DemoWorker {
  id: string;
  /** Who decides their requests (their group's leader, or the administrator). */
  leaderId: string;
}

/**
 * The demo's permissions around `now`: the default types, then for some workers an approved
 * vacation, a medical licence, hour permissions, requests waiting for their leader and one rejected.
 * Progressive vacation days are not set here: they follow from the workers' recognised years (seed.ts).
 * Deterministic for a given `now` and worker list.
 */
export async function seedPermissionsDemo(db: DbOrTx, input: { companyId: string; adminId: string; now: Date; workers: DemoWorker[] }): Promise<void> {
  const { companyId, now, workers } = input;
  await createDefaultPermissionTypes(db, companyId, now);
  const types = new Map((await repo.listTypes(db, companyId)).map((type) => [type.codigo, type]));
  const today = localDate(now) as LocalDate;
  const at = (days: number) => new Date(now.getTime() + days * 86_400_000);
  const add = async (
    worker: DemoWorker,
    codigo: string,
    desde: LocalDate,
    hasta: LocalDate,
    estado: 'pendiente' | 'aprobado' | 'rechazado',
    options: { hours?: { start: string; end: string }; comentario?: string; decision?: string; origen?: 'asignado' | 'solicitado'; createdDaysAgo?: number } = {},
  ) => {
    const type = types.get(codigo)!;
    const { amount } = permissionAmount({ type: codigo, paid: type.conGoce, from: desde, to: hasta, hours: options.hours ?? null, unit: type.unidad });
    const origen = options.origen ?? 'solicitado';
    const createdAt = at(-(options.createdDaysAgo ?? 10));
    await repo.insertPermission(db, {
      companyId,
      userId: worker.id,
      typeId: type.id,
      desde,
      hasta,
      horaInicio: options.hours?.start ?? null,
      horaFin: options.hours?.end ?? null,
      cantidad: amount,
      estado,
      origen,
      comentario: options.comentario ?? null,
      createdBy: origen === 'asignado' ? worker.leaderId : worker.id,
      createdAt,
      decidedBy: estado === 'pendiente' ? null : worker.leaderId,
      decidedAt: estado === 'pendiente' ? null : new Date(createdAt.getTime() + 3_600_000),
      decisionComment: options.decision ?? null,
      updatedAt: createdAt,
    });
  };
  const w = (i: number) => workers[i % workers.length]!;
  if (workers.length === 0) return;

  // Approved vacations: one under way, one just ended, one in a few weeks.
  await add(w(0), 'VAC.', addDays(today, -3), vacationEndDate(addDays(today, -3), 10), 'aprobado', { comentario: 'Vacaciones de verano', decision: 'Buen descanso.', createdDaysAgo: 30 });
  await add(w(1), 'VAC.', addDays(today, -20), vacationEndDate(addDays(today, -20), 5), 'aprobado', { createdDaysAgo: 40 });
  await add(w(2), 'VAC.', addDays(today, 21), vacationEndDate(addDays(today, 21), 15), 'aprobado', { createdDaysAgo: 12 });
  // Medical licences registered by the leader.
  await add(w(3), 'L.M.', addDays(today, -8), addDays(today, 4), 'aprobado', { origen: 'asignado', comentario: 'Licencia médica electrónica N° 3456789-2', createdDaysAgo: 8 });
  await add(w(4), 'L.M.', addDays(today, -15), addDays(today, -13), 'aprobado', { origen: 'asignado', createdDaysAgo: 15 });
  // Hour permissions.
  await add(w(5), 'P.H.', addDays(today, -2), addDays(today, -2), 'aprobado', { hours: { start: '09:00', end: '11:00' }, comentario: 'Control médico', createdDaysAgo: 5 });
  await add(w(6), 'P.G.R.', addDays(today, -10), addDays(today, -10), 'aprobado', { comentario: 'Trámite notarial', createdDaysAgo: 14 });
  await add(w(7), 'P.S.G.R.', addDays(today, -6), addDays(today, -5), 'aprobado', { comentario: 'Asuntos personales', createdDaysAgo: 20 });
  // Waiting for their leader.
  await add(w(8), 'VAC.', addDays(today, 30), vacationEndDate(addDays(today, 30), 5), 'pendiente', { comentario: 'Viaje familiar', createdDaysAgo: 2 });
  await add(w(9), 'P.H.', addDays(today, 3), addDays(today, 3), 'pendiente', { hours: { start: '15:00', end: '18:00' }, comentario: 'Reunión en el colegio', createdDaysAgo: 1 });
  await add(w(10), 'P.G.R.', addDays(today, 7), addDays(today, 7), 'pendiente', { comentario: 'Mudanza', createdDaysAgo: 1 });
  // A rejected request, with its reason.
  await add(w(11), 'VAC.', addDays(today, 2), vacationEndDate(addDays(today, 2), 3), 'rechazado', { decision: 'Semana de inventario: elige otra fecha, por favor.', createdDaysAgo: 6 });
}
