/**
 * Why demand was left uncovered: for each short band, every worker of the part who is not on a covering
 * shift that day is checked against the rules that stop them (static ones first, then what the rest of the
 * proposal sets: another shift that day, rest, weekly hours and days, Sundays), and the counts are grouped
 * into one Spanish sentence.
 */
import { AVERAGED_WEEKS_OVER_AVERAGE_MAX, civilFromDays, isoWeekday, weeklyHoursLimit, type LocalDate } from '@jornada/domain';
import { periodWeeks, sundayAllowance, weekCaps } from './model';
import type { Prepared, PreparedBand, PreparedWorker } from './prepare';
import { reasonClause, type BlockReason } from './reasons';
import { averagedWeeks, weekHours } from './regimes';

const WEEKDAYS = ['lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado', 'domingo'];

/** «el domingo 14-06» */
function dayText(date: LocalDate): string {
  return `el ${WEEKDAYS[isoWeekday(date) - 1]} ${date.slice(8, 10)}-${date.slice(5, 7)}`;
}

/** Order in which a worker's reasons are preferred when several shifts are closed for different ones. */
const STATIC_ORDER: readonly string[] = ['fuera_de_contrato', 'no_disponible', 'dia_fijo', 'turno_no_permitido', 'descanso_previo'];

/** What stops worker w from taking shift s on day d given the rest of the proposal (`chosen`), or null. */
function dynamicReason(p: Prepared, pw: PreparedWorker, w: number, d: number, s: number, chosen: number[][]): { reason: BlockReason; param?: number } | null {
  const mine = chosen[w]!;
  if (mine[d]! >= 0) return { reason: 'otro_turno' };
  const inst = p.instances[s]![d]!;
  for (let k = 1; k <= 2; k++) {
    const before = mine[d - k];
    if (before !== undefined && before >= 0 && inst.start - p.instances[before]![d - k]!.end < p.minRestMs) return { reason: 'descanso' };
    const after = mine[d + k];
    if (after !== undefined && after >= 0 && p.instances[after]![d + k]!.start - inst.end < p.minRestMs) return { reason: 'descanso' };
  }
  const week = weekOf(p, d);
  const caps = weekCaps(p, pw, week);
  if (caps) {
    let hours = 0;
    let days = 0;
    for (const day of week.days) {
      const t = mine[day]!;
      if (t < 0) continue;
      hours += weekHours(p, pw, day, t, caps.underPact);
      days++;
    }
    if (hours + weekHours(p, pw, d, s, caps.underPact) > caps.hours + 1e-9) return { reason: caps.underPact ? 'jornada_semanal_sobre_tope_promedio' : 'horas_semanales' };
    if (days + 1 > caps.maxDays) return { reason: 'dias_semana', param: days };
    if (caps.underPact) {
      const reason = averagedReason(p, pw, mine, d, inst.plannedSeconds / 3600);
      if (reason) return { reason };
    }
  } else {
    let hours = 0;
    mine.forEach((t, day) => {
      if (t >= 0) hours += p.instances[t]![day]!.plannedSeconds / 3600;
    });
    const available = pw.unavailable.filter((u) => u === null).length;
    if (hours + inst.plannedSeconds / 3600 > (pw.agreed * available) / 7 + 1e-9) return { reason: 'horas_ciclo' };
    if (cycleWindowOver(p, pw, mine, d, inst.plannedSeconds / 3600)) return { reason: 'jornada_promedio_ciclo_sobre_limite' };
  }
  if (pw.sundayRule && isoWeekday(p.days[d]!) === 7) {
    const { year, month } = civilFromDays(p.first + d);
    const allowance = sundayAllowance(p, pw, year * 12 + month - 1);
    const worked = allowance.days.filter((day) => mine[day]! >= 0).length;
    if (worked + 1 > allowance.max) return { reason: 'domingos', param: worked + countBefore(p, pw, p.days[d]!) };
  }
  return null;
}

/**
 * What adding `hours` on day d breaks of an averaged distribution pact (art. 22 bis; the model's `averagedCycle`,
 * `averagedOver` and `averagedRun` rows): the cycle's weeks over their agreed hours together, or a third week in a
 * row of the cycle over the legal weekly limit.
 */
function averagedReason(p: Prepared, pw: PreparedWorker, mine: number[], d: number, hours: number): BlockReason | null {
  const weeks = periodWeeks(p.first, p.days.length);
  const monday = weekOf(p, d).monday;
  const k = weeks.findIndex((week) => week.monday === monday);
  const cycle = averagedWeeks(p, pw, weeks)?.byWeek.get(k);
  if (!cycle) return null;
  const weekTotal = (j: number): number =>
    weeks[j]!.days.reduce((sum, day) => sum + (mine[day]! >= 0 ? p.instances[mine[day]!]![day]!.plannedSeconds / 3600 : 0), 0) + (j === k ? hours : 0);
  const totals = cycle.weeks.map(weekTotal);
  if (totals.reduce((a, b) => a + b, 0) > cycle.capHours + 1e-9) return 'jornada_promedio_pacto_sobre_limite';
  let run = 0;
  for (let i = 0; i < cycle.weeks.length; i++) {
    const consecutive = i > 0 && cycle.positions[i]! === cycle.positions[i - 1]! + 1;
    run = totals[i]! > cycle.overAt[i]! + 1e-9 ? (consecutive ? run + 1 : 1) : 0;
    if (run > AVERAGED_WEEKS_OVER_AVERAGE_MAX) return 'jornada_semanal_sobre_tope_promedio';
  }
  return null;
}

/**
 * Whether adding `hours` on day d takes some window of one exceptional cycle's length inside the period over the
 * legal weekly limit averaged as weeks (the model's `cycleWindow` rows).
 */
function cycleWindowOver(p: Prepared, pw: PreparedWorker, mine: number[], d: number, hours: number): boolean {
  const schedule = pw.options.exceptionalSchedule;
  const cycle = typeof schedule === 'object' ? schedule.cycle : undefined;
  const length = cycle ? cycle.workDays + cycle.restDays : 0;
  const count = p.days.length;
  for (let start = Math.max(0, d - length + 1); length > 0 && start <= d && start + length <= count; start++) {
    let sum = hours;
    for (let day = start; day < start + length; day++) {
      const t = mine[day]!;
      if (t >= 0) sum += p.instances[t]![day]!.plannedSeconds / 3600;
    }
    if (sum > (weeklyHoursLimit(p.days[start + length - 1]!) * length) / 7 + 1e-9) return true;
  }
  return false;
}

const weeksCache = new WeakMap<Prepared, { monday: number; days: number[] }[]>();

/** The week (of the period's weeks) that holds day index d. */
function weekOf(p: Prepared, d: number): { monday: number; days: number[] } {
  let byDay = weeksCache.get(p);
  if (!byDay) {
    byDay = [];
    for (const week of periodWeeks(p.first, p.days.length)) for (const day of week.days) byDay[day] = week;
    weeksCache.set(p, byDay);
  }
  return byDay[d]!;
}

/** Whether worker w may take shift s on day d, given the rest of the roster (`chosen`): no static or dynamic reason. */
export function canTake(p: Prepared, w: number, d: number, s: number, chosen: number[][]): boolean {
  const pw = p.workers[w]!;
  return pw.blocked[d]![s] === null && dynamicReason(p, pw, w, d, s, chosen) === null;
}

/** Sundays of the date's month worked before the period (history). */
function countBefore(p: Prepared, pw: PreparedWorker, date: LocalDate): number {
  return (pw.worker.history?.workedSundays ?? []).filter((d) => d.slice(0, 7) === date.slice(0, 7) && d < p.days[0]!).length;
}

/** The Spanish sentence that explains a short band: how many are missing and what stops each idle worker. */
export function explainShortfalls(p: Prepared, band: PreparedBand, chosen: number[][], stoppedEarly: boolean): string {
  const covered = (w: number): boolean => band.covers.some((c) => chosen[w]![c.day] === c.shift);
  const planned = p.workers.filter((_, w) => covered(w)).length;
  const missing = band.required - planned;
  const head = `${missing === 1 ? 'Falta 1 persona' : `Faltan ${missing} personas`} ${dayText(band.date)} de ${band.start} a ${band.end}`;
  if (band.covers.length === 0) return `${head}: ningún turno de la planificación cubre esa franja.`;
  if (p.workers.length === 0) return `${head}: no hay trabajadores habilitados para los turnos que la cubren.`;
  const groups = new Map<string, { reason: BlockReason; param?: number; count: number }>();
  p.workers.forEach((pw, w) => {
    if (covered(w)) return;
    let found: { reason: BlockReason; param?: number } | null = null;
    let staticReason: BlockReason | null = null;
    for (const { day, shift: s } of band.covers) {
      const closed = pw.blocked[day]![s]!;
      if (closed) {
        if (staticReason === null || rank(closed) < rank(staticReason)) staticReason = closed;
        continue;
      }
      const dynamic = dynamicReason(p, pw, w, day, s, chosen);
      if (!dynamic) {
        found = { reason: stoppedEarly ? 'sin_impedimento' : 'a_costa_de_otra_demanda' };
        break;
      }
      found ??= dynamic;
    }
    const reason = found ?? { reason: staticReason ?? 'turno_no_permitido' };
    const key = `${reason.reason}|${reason.param ?? ''}`;
    const group = groups.get(key);
    if (group) group.count++;
    else groups.set(key, { ...reason, count: 1 });
  });
  if (groups.size === 0) return `${head}: todos los trabajadores habilitados ya están asignados.`;
  const parts = [...groups.values()].sort((a, b) => b.count - a.count).map((g) => `${g.count} ${reasonClause(g.reason, g.count, g.param)}`);
  return `${head}: nadie más puede cubrirla; ${parts.join('; ')}.`;
}

function rank(reason: string): number {
  const i = STATIC_ORDER.indexOf(reason);
  return i < 0 ? STATIC_ORDER.length : i;
}
