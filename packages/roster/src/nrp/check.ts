/**
 * Judges a roster against an instance without the model: every hard rule is checked on the roster's runs of
 * working days and days off, and the objective is recomputed from the requests and the cover. It shares no
 * code with `buildNrpModel`, so a roster the solver returns is checked by a second reading of the rules.
 */
import type { NrpInstance } from './instance';

export interface NrpCheck {
  /** The objective recomputed from the roster. */
  objective: number;
  /** One line per broken hard rule; empty for a lawful roster. */
  violations: string[];
}

/** `roster[e][d]`: the shift id staff member e (instance order) works on day d, or null. */
export function checkNrpRoster(instance: NrpInstance, roster: readonly (readonly (string | null)[])[]): NrpCheck {
  const { horizon } = instance;
  const violations: string[] = [];
  const shifts = new Map(instance.shifts.map((s) => [s.id, s]));
  if (roster.length !== instance.staff.length) violations.push(`the roster has ${roster.length} rows for ${instance.staff.length} staff`);

  instance.staff.forEach((member, e) => {
    const days = roster[e] ?? [];
    const who = `staff ${member.id}`;
    if (days.length !== horizon) violations.push(`${who}: ${days.length} days for a horizon of ${horizon}`);
    const works = Array.from({ length: horizon }, (_, d) => (days[d] ?? null) !== null);
    const counts = new Map<string, number>();
    let minutes = 0;
    for (let d = 0; d < horizon; d++) {
      const id = days[d] ?? null;
      if (id === null) continue;
      const shift = shifts.get(id);
      if (!shift) {
        violations.push(`${who}, day ${d}: unknown shift ${id}`);
        continue;
      }
      counts.set(id, (counts.get(id) ?? 0) + 1);
      minutes += shift.minutes;
      const next = days[d + 1] ?? null;
      if (d + 1 < horizon && next !== null && shift.cannotFollow.includes(next)) violations.push(`${who}, day ${d + 1}: ${next} may not follow ${id}`);
    }
    for (const d of instance.daysOff.get(member.id) ?? []) if (works[d]) violations.push(`${who}, day ${d}: works on a day off`);
    for (const [id, n] of counts) {
      const limit = member.maxShifts.get(id);
      if (limit !== undefined && n > limit) violations.push(`${who}: ${n} shifts ${id}, at most ${limit}`);
    }
    if (minutes > member.maxTotalMinutes) violations.push(`${who}: ${minutes} minutes, at most ${member.maxTotalMinutes}`);
    if (minutes < member.minTotalMinutes) violations.push(`${who}: ${minutes} minutes, at least ${member.minTotalMinutes}`);
    for (const run of runs(works)) {
      const touchesEdge = run.start === 0 || run.end === horizon - 1;
      const length = run.end - run.start + 1;
      if (run.working && length > member.maxConsecutiveShifts) violations.push(`${who}: ${length} working days in a row from day ${run.start}, at most ${member.maxConsecutiveShifts}`);
      if (run.working && !touchesEdge && length < member.minConsecutiveShifts) violations.push(`${who}: ${length} working days in a row from day ${run.start}, at least ${member.minConsecutiveShifts}`);
      if (!run.working && !touchesEdge && length < member.minConsecutiveDaysOff) violations.push(`${who}: ${length} days off in a row from day ${run.start}, at least ${member.minConsecutiveDaysOff}`);
    }
    let weekends = 0;
    for (let saturday = 5; saturday < horizon; saturday += 7) if (works[saturday] || works[saturday + 1]) weekends++;
    if (weekends > member.maxWeekends) violations.push(`${who}: ${weekends} weekends worked, at most ${member.maxWeekends}`);
  });

  const staffIndex = new Map(instance.staff.map((s, e) => [s.id, e]));
  const on = (staff: string, day: number): string | null => roster[staffIndex.get(staff)!]?.[day] ?? null;
  let objective = 0;
  for (const r of instance.onRequests) if (on(r.staff, r.day) !== r.shift) objective += r.weight;
  for (const r of instance.offRequests) if (on(r.staff, r.day) === r.shift) objective += r.weight;
  for (const c of instance.cover) {
    const people = roster.filter((days) => days[c.day] === c.shift).length;
    if (people < c.requirement) objective += (c.requirement - people) * c.underWeight;
    else objective += (people - c.requirement) * c.overWeight;
  }
  return { objective, violations };
}

/** Maximal runs of equal values: working or off, first and last day (inclusive). */
function runs(works: readonly boolean[]): { working: boolean; start: number; end: number }[] {
  const out: { working: boolean; start: number; end: number }[] = [];
  works.forEach((w, d) => {
    const last = out[out.length - 1];
    if (last && last.working === w) last.end = d;
    else out.push({ working: w, start: d, end: d });
  });
  return out;
}
