/**
 * Test support: a proposal is judged by the domain itself. Each worker's assignments become a plan (a shift
 * or a rest day; leave and days outside the contract are left unplanned) and `evaluatePeriod` raises the
 * plan's legal alerts over the period: any alert is a defect of the roster. Rest between shifts, which the
 * plan alerts do not check, is measured here on the placed instants.
 */
import { evaluatePeriod, placeShift, type LocalDate, type PlanEntry } from '@jornada/domain';
import { workerEvaluationOptions, type RosterInput, type RosterProposal } from '../index';

export interface RosterDefect {
  workerId: string;
  code: string;
  date: LocalDate;
  message: string;
}

export function rosterDefects(input: RosterInput, proposal: RosterProposal): RosterDefect[] {
  const defects: RosterDefect[] = [];
  const shifts = new Map(input.shifts.map((s) => [s.id, s]));
  const minRestMs = (input.options?.minRestHours ?? 12) * 3_600_000;
  for (const worker of input.workers) {
    const plan = new Map<LocalDate, PlanEntry>();
    const days = proposal.assignments.filter((a) => a.workerId === worker.id).sort((a, b) => (a.date < b.date ? -1 : 1));
    let lastEnd = worker.history?.lastShiftEnd;
    const seen = new Set<LocalDate>();
    for (const a of days) {
      if (seen.has(a.date)) defects.push({ workerId: worker.id, code: 'dos_turnos', date: a.date, message: 'dos asignaciones el mismo día' });
      seen.add(a.date);
      if (a.unavailable) {
        if (a.shiftId !== null) defects.push({ workerId: worker.id, code: 'turno_no_disponible', date: a.date, message: 'turno en un día no disponible' });
        continue;
      }
      if (a.shiftId === null) {
        plan.set(a.date, { kind: 'libre' });
        continue;
      }
      const shift = shifts.get(a.shiftId)!;
      if (worker.allowedShiftIds && !worker.allowedShiftIds.includes(a.shiftId)) defects.push({ workerId: worker.id, code: 'turno_no_permitido', date: a.date, message: a.shiftId });
      if (worker.unavailableDates?.includes(a.date)) defects.push({ workerId: worker.id, code: 'turno_no_disponible', date: a.date, message: a.shiftId });
      plan.set(a.date, { kind: 'turno', shift: shift.template });
      const instance = placeShift(shift.template, a.date, input.zone);
      if (lastEnd !== undefined && instance.start - lastEnd < minRestMs) defects.push({ workerId: worker.id, code: 'descanso', date: a.date, message: `${(instance.start - lastEnd) / 3_600_000} h de descanso` });
      lastEnd = instance.end;
    }
    for (const f of worker.fixed ?? []) {
      const a = days.find((d) => d.date === f.date);
      if (a && !a.unavailable && a.shiftId !== f.shiftId) defects.push({ workerId: worker.id, code: 'dia_fijo', date: f.date, message: `${a.shiftId} en vez de ${f.shiftId}` });
    }
    const result = evaluatePeriod({
      from: input.from,
      to: input.to,
      zone: input.zone,
      plan,
      marks: [],
      holidays: input.holidays,
      agreedWeeklyHours: worker.agreedWeeklyHours,
      options: workerEvaluationOptions(worker),
    });
    for (const alert of result.planAlerts) defects.push({ workerId: worker.id, code: alert.code, date: alert.date, message: alert.message });
  }
  return defects;
}
