import { addDays, daysInMonth, expandPattern, fixedWeek, formatLocalDate, holidayLookup, type PlanningPattern } from '@jornada/domain';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { groups } from '../db/schema/index';
import { localDate } from '../lib/clock';
import { insertShifts, type NewShift } from '../modules/shifts/shifts.repository';
import { createPayrollPeriods } from '../modules/payroll-periods/index';
import { createDayWriter, REST, withinContract, type Assignment, type DayWrite } from '../modules/planning/planning.model';
import { listWorkers, loadDays } from '../modules/planning/planning.repository';

/** The demo writes plan days through the one writer, with its check of closed payroll months. */
const writeDays = createDayWriter(createPayrollPeriods());

const DEMO_SHIFTS = [
  { codigo: 'OFI', nombre: 'Oficina', color: '#228be6', startTime: '09:00', endTime: '18:00', breakKind: 'fija', breakStart: '13:00', breakEnd: '14:00', lateToleranceMin: 5, earlyToleranceMin: 5 },
  { codigo: 'MAN', nombre: 'Mañana', color: '#fab005', startTime: '07:00', endTime: '15:00', breakKind: 'minutos', breakMinutes: 30, lateToleranceMin: 5 },
  { codigo: 'TAR', nombre: 'Tarde', color: '#fd7e14', startTime: '15:00', endTime: '23:00', breakKind: 'minutos', breakMinutes: 30, lateToleranceMin: 5 },
  { codigo: 'NOC', nombre: 'Noche', color: '#5f3dc4', startTime: '23:00', endTime: '07:00', breakKind: 'minutos', breakMinutes: 30 },
  { codigo: 'R12', nombre: 'Rotativo 12 horas', color: '#0ca678', startTime: '08:00', endTime: '20:00', breakKind: 'minutos', breakMinutes: 60, diasPorSemana: 4 },
] as const;

/** Which shift and pattern each demo group works; groups not listed get the office week. */
const GROUP_PLANS: Record<string, { codigo: string; rotation?: true }> = {
  'Ventas mañana': { codigo: 'MAN' },
  'Ventas tarde': { codigo: 'TAR' },
  Bodega: { codigo: 'R12', rotation: true },
  Cajas: { codigo: 'OFI' },
};

/**
 * The groups whose plan works Sundays and holidays (Bodega's 4x4 rotation): their members are excepted
 * from Sunday rest (art. 38) in the demo, so their holiday shifts are ordinary time and their Sunday
 * hours carry the Sunday surcharge. They rest on the irrenunciable holidays of commerce (Ley 19.973).
 */
export const DEMO_SUNDAY_GROUPS: readonly string[] = Object.entries(GROUP_PLANS)
  .filter(([, plan]) => plan.rotation)
  .map(([nombre]) => nombre);

const nationalHolidays = holidayLookup();

/**
 * Demo planning: the five usual shifts, and the previous and current month planned for every group
 * (a 4x4 rotation of 12-hour shifts for Bodega, in two crews; Monday to Friday for the rest), planned a
 * week before the first day, plus a few changes in the log requested by workers and by the employer.
 */
export async function seedPlanningDemo(tx: DbOrTx, input: { companyId: string; adminId: string; now: Date }): Promise<{ days: number; changes: number }> {
  const { companyId, adminId, now } = input;
  const shiftRows = await insertShifts(
    tx,
    DEMO_SHIFTS.map(({ diasPorSemana, ...s }: (typeof DEMO_SHIFTS)[number] & { diasPorSemana?: number }) => ({
      companyId,
      ...s,
      daysPerWeek: diasPorSemana ?? 5,
      createdAt: now,
      updatedAt: now,
    })) as NewShift[],
    adminId,
    now,
  );
  const shift = (codigo: string): Assignment => {
    const row = shiftRows.find((s) => s.codigo === codigo)!;
    return { kind: 'turno', shiftId: row.id, shiftVersion: row.version };
  };

  const today = localDate(now);
  const [year, month] = today.split('-').map(Number) as [number, number];
  const from = formatLocalDate(month === 1 ? year - 1 : year, month === 1 ? 12 : month - 1, 1);
  const to = formatLocalDate(year, month, daysInMonth(year, month));
  const plannedAt = new Date(Date.parse(`${from}T12:00:00Z`) - 7 * 86_400_000);

  const groupRows = await tx.select({ id: groups.id, nombre: groups.nombre }).from(groups).where(eq(groups.companyId, companyId)).orderBy(asc(groups.nombre));
  const { rows: workers } = await listWorkers(tx, companyId, { all: true }, { from, to }, null);
  const writes: DayWrite[] = [];
  for (const group of groupRows) {
    const plan = GROUP_PLANS[group.nombre] ?? { codigo: 'OFI' };
    const members = workers.filter((w) => w.groupId === group.id);
    members.forEach((worker, i) => {
      const pattern: PlanningPattern<Assignment> = plan.rotation
        ? { kind: 'rotation', on: 4, off: 4, shift: shift(plan.codigo), offset: i % 2 === 0 ? 0 : 4 }
        : { kind: 'fixed_week', week: fixedWeek(shift(plan.codigo), [1, 2, 3, 4, 5]) };
      for (const { date, step } of expandPattern(pattern, from, to)) {
        if (!withinContract(worker, date)) continue;
        writes.push({
          userId: worker.id,
          date,
          target: step.kind === 'libre' ? REST : step.shift,
          existing: undefined,
          past: false,
          requestedBy: 'empleador',
          motivo: null,
          observacion: null,
        });
      }
    });
  }
  // Commerce workers do not work the irrenunciable holidays (1 May, 18 and 19 September...): the rotation rests then.
  // (Only in what is written: the logged changes below are picked from the pattern as before.)
  const rotating = new Set(groupRows.filter((g) => DEMO_SUNDAY_GROUPS.includes(g.nombre)).map((g) => g.id));
  const rotatingWorkers = new Set(workers.filter((w) => w.groupId !== null && rotating.has(w.groupId)).map((w) => w.id));
  const planned = writes.map((w) => (rotatingWorkers.has(w.userId) && nationalHolidays(w.date)?.irrenunciable ? { ...w, target: REST } : w));
  await writeDays(tx, { companyId, actorId: adminId, now: plannedAt, origin: 'patron' }, planned);

  // A few changes, in the log as the legal report (d) will read them.
  const candidates = writes.filter((w) => w.target.kind === 'turno' && w.date >= addDays(from, 10)).filter((_, i) => i % 97 === 0).slice(0, 4);
  const stored = await loadDays(
    tx,
    companyId,
    candidates.map((c) => c.userId),
    from,
    to,
  );
  const reasons = [
    { requestedBy: 'trabajador' as const, motivo: 'Trámite médico en la mañana', target: shift('TAR') },
    { requestedBy: 'empleador' as const, motivo: 'Inventario mensual', target: shift('NOC') },
    { requestedBy: 'trabajador' as const, motivo: 'Cambio de día libre acordado con la jefatura', target: REST },
    { requestedBy: 'empleador' as const, motivo: 'Refuerzo por alta demanda', target: shift('OFI') },
  ];
  const changedAt = new Date(Math.min(now.getTime(), Date.parse(`${from}T12:00:00Z`) + 5 * 86_400_000));
  const changedOn = localDate(changedAt);
  const changes: DayWrite[] = candidates.map((c, i) => {
    const reason = reasons[i % reasons.length]!;
    return {
      userId: c.userId,
      date: c.date,
      target: reason.target,
      existing: stored.find((d) => d.userId === c.userId && d.date === c.date),
      past: c.date < changedOn,
      requestedBy: reason.requestedBy,
      motivo: reason.motivo,
      observacion: null,
    };
  });
  await writeDays(tx, { companyId, actorId: adminId, now: changedAt, origin: 'manual' }, changes);
  return { days: writes.length, changes: changes.length };
}
