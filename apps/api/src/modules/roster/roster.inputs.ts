/**
 * The solver's input from what the other modules give: the site's demand expanded over the period, and each
 * worker's history (Sundays, holidays and nights of the previous weeks, the last shift's end, the week so
 * far) and published days read from the plan as the engine reads it (`app.plan`).
 */
import type { BandaExcepcion, BandaSemanal } from '@jornada/contracts';
import { addDays, eachDate, isoWeekday, placeShift, weekStart, type HolidayLookup, type PlanEntry } from '@jornada/domain';
import type { DemandBand, RosterDay, RosterHistory } from '@jornada/roster';

/** Weeks of history the fairness counts read before the period. */
const HISTORY_DAYS = 28;

/** First date the history needs: four weeks back, and the start of the month and week of `from`. */
export function historyFrom(from: string): string {
  const candidates = [addDays(from, -HISTORY_DAYS), `${from.slice(0, 7)}-01`, weekStart(from)];
  return candidates.sort()[0]!;
}

/** The demand of each date of the period: a date with exceptions follows them, any other its weekday's bands. */
export function expandDemand(bands: readonly BandaSemanal[], exceptions: readonly BandaExcepcion[], from: string, to: string): DemandBand[] {
  const out: DemandBand[] = [];
  for (const date of eachDate(from, to)) {
    const own = exceptions.filter((e) => e.fecha === date);
    const list = own.length > 0 ? own : bands.filter((b) => b.diaSemana === isoWeekday(date));
    for (const b of list) {
      if (b.personas <= 0) continue;
      out.push({ date, start: b.inicio, end: b.fin, required: b.personas, ...(b.turnoIds?.length ? { shiftIds: b.turnoIds } : {}) });
    }
  }
  return out;
}

/** The shift id of a plan template (`shiftId:version`). */
function shiftIdOf(entry: PlanEntry): string | null {
  return entry.kind === 'turno' ? (entry.shift.id?.split(':')[0] ?? null) : null;
}

/** What a worker did before `from`, from their plan (planned days stand for worked ones: marks are not read here). */
export function historyOf(plan: ReadonlyMap<string, PlanEntry>, from: string, zone: string, holidays: HolidayLookup): RosterHistory {
  const history: Required<Pick<RosterHistory, 'sundaysWorked' | 'holidaysWorked' | 'nightsWorked' | 'weekBeforeSeconds' | 'weekBeforeDays'>> & { workedSundays: string[]; lastShiftEnd?: number } = {
    sundaysWorked: 0,
    holidaysWorked: 0,
    nightsWorked: 0,
    weekBeforeSeconds: 0,
    weekBeforeDays: 0,
    workedSundays: [],
  };
  const fourWeeks = addDays(from, -HISTORY_DAYS);
  const monthStart = `${from.slice(0, 7)}-01`;
  const monday = weekStart(from);
  for (const [date, entry] of plan) {
    if (date >= from || entry.kind !== 'turno') continue;
    const instance = placeShift(entry.shift, date, zone);
    if (history.lastShiftEnd === undefined || instance.end > history.lastShiftEnd) history.lastShiftEnd = instance.end;
    const sunday = isoWeekday(date) === 7;
    if (date >= fourWeeks) {
      if (sunday) history.sundaysWorked++;
      if (holidays(date)) history.holidaysWorked++;
      if (instance.overnight) history.nightsWorked++;
    }
    if (sunday && date >= monthStart) history.workedSundays.push(date);
    if (date >= monday) {
      history.weekBeforeSeconds += instance.plannedSeconds;
      history.weekBeforeDays++;
    }
  }
  history.workedSundays.sort();
  return history;
}

/** The published days of the period (a rest day: `shiftId: null`). */
export function publishedOf(plan: ReadonlyMap<string, PlanEntry>, from: string, to: string): RosterDay[] {
  const out: RosterDay[] = [];
  for (const [date, entry] of plan) if (date >= from && date <= to) out.push({ date, shiftId: shiftIdOf(entry) });
  return out.sort((a, b) => (a.date < b.date ? -1 : 1));
}
