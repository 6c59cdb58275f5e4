/**
 * Seeded synthetic roster instances for the benchmarks: groups of workers with 3 to 5 shifts each (one of
 * them a night shift), hourly demand that peaks at midday and on weekends, some part-timers, some commerce
 * workers under art. 38 (two Sundays off a month) and some vacations. The same seed gives the same instance.
 */
import { addDays, holidayLookup, isoWeekday } from '@jornada/domain';
import type { DemandBand, RosterInput, RosterShift, RosterWorker } from '@jornada/roster';

/** mulberry32: a small, fast, seedable generator. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SHIFT_KINDS: { start: string; end: string; breakMinutes: number; night?: boolean }[] = [
  { start: '07:00', end: '15:30', breakMinutes: 30 },
  { start: '09:00', end: '18:00', breakMinutes: 60 },
  { start: '14:00', end: '22:30', breakMinutes: 30 },
  { start: '11:00', end: '19:30', breakMinutes: 30 },
  { start: '22:00', end: '07:00', breakMinutes: 60, night: true },
];

export interface InstanceSpec {
  seed: number;
  groups: number;
  workersPerGroup: number;
  from: string;
  days: number;
}

export function rosterInstance(spec: InstanceSpec): RosterInput {
  const rnd = seeded(spec.seed);
  const shifts: RosterShift[] = [];
  const workers: RosterWorker[] = [];
  const demand: DemandBand[] = [];
  const to = addDays(spec.from, spec.days - 1);
  for (let g = 0; g < spec.groups; g++) {
    // 3 to 5 shift kinds per group, always with the night shift.
    const count = 3 + Math.floor(rnd() * 3);
    // Morning, afternoon and night cover the whole day; the mid-day shifts are optional extras.
    const kinds = [SHIFT_KINDS[4]!, SHIFT_KINDS[0]!, SHIFT_KINDS[2]!, ...[SHIFT_KINDS[1]!, SHIFT_KINDS[3]!].filter(() => rnd() < 0.5)].slice(0, count);
    const ids = kinds.map((k, i) => {
      const id = `g${g}s${i}`;
      shifts.push({ id, name: `${k.start}–${k.end}`, template: { start: k.start, end: k.end, break: { minutes: k.breakMinutes } }, night: k.night ?? false });
      return id;
    });
    for (let i = 0; i < spec.workersPerGroup; i++) {
      const partTime = rnd() < 0.15;
      const art38 = rnd() < 0.3;
      const worker: RosterWorker = {
        id: `g${g}w${i}`,
        name: `Trabajador ${g}-${i}`,
        agreedWeeklyHours: partTime ? 20 + Math.floor(rnd() * 3) * 4 : rnd() < 0.5 ? 42 : 40,
        allowedShiftIds: ids.filter((_, k) => (k === 0 ? rnd() < 0.6 : true)),
        history: { sundaysWorked: Math.floor(rnd() * 4), holidaysWorked: Math.floor(rnd() * 2), nightsWorked: Math.floor(rnd() * 6) },
      };
      if (art38) {
        worker.commerce = true;
        worker.sundayRest = { contractFrom: '2024-01-01', contractTo: null };
      }
      if (rnd() < 0.15) {
        const start = Math.floor(rnd() * (spec.days - 7));
        const length = 5 + Math.floor(rnd() * 6);
        worker.unavailableDates = Array.from({ length }, (_, k) => addDays(spec.from, start + k)).filter((d) => d <= to);
      }
      if (rnd() < 0.3) worker.preferredWeekdaysOff = [1 + Math.floor(rnd() * 7)];
      workers.push(worker);
    }
    // Hourly demand 06:00–23:00 peaking at midday, higher on weekends, scaled to the group's size.
    const scale = spec.workersPerGroup / 25;
    for (let d = 0; d < spec.days; d++) {
      const date = addDays(spec.from, d);
      const weekend = isoWeekday(date) >= 6 ? 1.3 : 1;
      for (let h = 0; h < 24; h++) {
        const peak = Math.exp(-((h - 13) ** 2) / 18);
        const base = h < 6 || h >= 23 ? 1.5 : 2.5 + 4.5 * peak;
        const required = Math.max(1, Math.round(base * weekend * scale * (0.85 + 0.3 * rnd())));
        demand.push({ date, start: `${String(h).padStart(2, '0')}:00`, end: `${String((h + 1) % 24).padStart(2, '0')}:00`, required, shiftIds: ids });
      }
    }
  }
  return { zone: 'America/Santiago', from: spec.from, to, holidays: holidayLookup(), shifts, demand, workers };
}
