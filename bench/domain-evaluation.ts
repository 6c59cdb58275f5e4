/**
 * Domain benchmark: evaluate 10,000 workers x 31 days (July 2026) with about 4 marks a worked day
 * in one Node process: shift placement, mark attribution, day and week evaluation, plan alerts and
 * pay variables. Data generation is not timed; a short warm-up runs first so the figure is the
 * steady state a long-running API process sees. Run: npx tsx bench/domain-evaluation.ts
 */
import {
  eachDate,
  evaluatePeriod,
  evaluationLoadRange,
  holidayLookup,
  isoWeekday,
  localToInstant,
  parseClockTime,
  remunerationVariables,
  type Mark,
  type MarkKind,
  type PlanEntry,
  type ShiftTemplate,
} from '@jornada/domain';
import { measured, printRows } from './_report';

const WORKERS = 10_000;
const FROM = '2026-07-01';
const TO = '2026-07-31';
const ZONE = 'America/Santiago';
const TARGET_MS = 1000;
const FIGURE = 'Evaluación de dominio 10.000 trabajadores x 31 días';

// Deterministic PRNG (mulberry32) so every run evaluates the same data.
let seed = 20261121;
function random(): number {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const jitter = (minutes: number) => Math.round((random() * 2 - 1) * minutes * 60) * 1000;

// Templates are shared by many workers, as in a real company.
const office: ShiftTemplate = { id: 'oficina', start: '08:00', end: '17:00', break: { start: '13:00', end: '14:00' }, lateToleranceMinutes: 5, earlyLeaveToleranceMinutes: 5 };
const night: ShiftTemplate = { id: 'noche', start: '22:00', end: '06:00', break: { minutes: 30 }, lateToleranceMinutes: 5 };
const long: ShiftTemplate = { id: '4x4', start: '08:00', end: '20:00', break: { start: '13:00', end: '14:00' } };
// Plan and marks of the ranges the engine asks for: the plan over the period's whole weeks, the
// marks from the first week's Monday to the day after the period (each with a day more each side).
const LOAD = evaluationLoadRange(FROM, TO);
const dates = eachDate(LOAD.from, LOAD.to);
const markable = (date: string) => date >= LOAD.marks.from && date <= LOAD.marks.to;

interface Worker {
  plan: Map<string, PlanEntry>;
  marks: Mark[];
}

function makeWorker(index: number): Worker {
  const kind = index % 10;
  const template = kind < 7 ? office : kind < 9 ? night : long;
  const plan = new Map<string, PlanEntry>();
  const marks: Mark[] = [];
  let n = 0;
  dates.forEach((date, i) => {
    const weekday = isoWeekday(date);
    const works = template === long ? (i + index) % 8 < 4 : template === night ? weekday <= 6 : weekday <= 5;
    if (!works) {
      plan.set(date, { kind: 'libre' });
      if (markable(date) && random() < 0.01) {
        const start = localToInstant(ZONE, date, 10 * 3600) + jitter(30);
        marks.push({ id: `${index}-${n++}`, kind: 'entrada', at: start }, { id: `${index}-${n++}`, kind: 'salida', at: start + 4 * 3_600_000 + jitter(30) });
      }
      return;
    }
    plan.set(date, { kind: 'turno', shift: template });
    if (!markable(date) || random() < 0.03) return; // not loaded, or absent
    const start = localToInstant(ZONE, date, parseClockTime(template.start)!);
    const length = template === office ? 9 : template === night ? 8 : 12;
    const end = start + length * 3_600_000;
    const push = (kind: MarkKind, at: number) => marks.push({ id: `${index}-${n++}`, kind, at });
    push('entrada', start + jitter(15));
    if (random() < 0.01) push('entrada', start + jitter(15) + 120_000); // double punch
    const breakAt = start + (length / 2) * 3_600_000 + jitter(20);
    push('inicio_colacion', breakAt);
    push('fin_colacion', breakAt + (template === night ? 30 : 60) * 60_000 + jitter(5));
    if (random() >= 0.01) push('salida', end + jitter(40)); // 1 % forget the exit
  });
  // Marks arrive in any order: shuffle them.
  for (let i = marks.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [marks[i], marks[j]] = [marks[j]!, marks[i]!];
  }
  return { plan, marks };
}

const generated = performance.now();
const workers = Array.from({ length: WORKERS }, (_, i) => makeWorker(i));
const markCount = workers.reduce((sum, w) => sum + w.marks.length, 0);
const generatedMs = performance.now() - generated;

const holidays = holidayLookup();
function evaluateAll(list: readonly Worker[]): number {
  let checksum = 0;
  for (const w of list) {
    const result = evaluatePeriod({ from: FROM, to: TO, zone: ZONE, plan: w.plan, marks: w.marks, holidays });
    const pay = remunerationVariables(result, { salary: 900_000, weeklyHours: 42, period: '202607' });
    checksum += result.totals.workedSeconds + pay.overtime.amount;
  }
  return checksum;
}

evaluateAll(workers.slice(0, 300)); // warm-up (JIT)

const started = performance.now();
const checksum = evaluateAll(workers);
const elapsed = performance.now() - started;
const value = Math.round(elapsed);

console.log(`Datos generados: ${WORKERS} trabajadores, ${markCount} marcas (${(markCount / (WORKERS * 31)).toFixed(2)} por trabajador y día) en ${Math.round(generatedMs)} ms`);
console.log(`Evaluación (atribución, días, semanas, alertas, remuneraciones): ${value} ms — objetivo < ${TARGET_MS} ms (suma de control ${checksum})`);
printRows([measured({ figure: FIGURE, value, unit: 'ms', target: `< ${TARGET_MS} ms`, pass: value < TARGET_MS })]);
