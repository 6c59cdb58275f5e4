/**
 * Day evaluation: one worker, one local date. From the day's plan, its attributed marks, the
 * holiday and any permission it gives the status, the seconds (worked, late, early leave, break,
 * overtime, missing; exact, never rounded) and the inconsistencies a supervisor must look at.
 */
import type { Holiday } from './calendar/holidays';
import { isoWeekday, type LocalDate } from './calendar/local-date';
import { DAILY_ORDINARY_LIMIT_SECONDS, DAILY_OVERTIME_LIMIT_SECONDS } from './law';
import { compareMarks, type Mark } from './marks';
import type { MarkAttribution } from './attribution';
import type { ShiftInstance } from './shift-instance';

/** Attendance status of a day, as stored and shown. */
export type DayStatus = 'presente' | 'ausente' | 'justificado' | 'libre' | 'feriado' | 'incompleto';

/** What the plan says of a day: a shift, a rest day, or nothing planned. */
export type PlanKind = 'turno' | 'libre' | 'sin_planificacion';

/** Spanish labels of the statuses, for screens and reports. */
export const DAY_STATUS_LABELS: Readonly<Record<DayStatus, string>> = {
  presente: 'Presente',
  ausente: 'Ausente',
  justificado: 'Justificado',
  libre: 'Libre',
  feriado: 'Feriado',
  incompleto: 'Incompleto',
};

/** Codes of the things that do not add up in a day. */
export type InconsistencyCode =
  | 'entrada_sin_salida'
  | 'salida_sin_entrada'
  | 'colacion_incompleta'
  | 'marcas_fuera_de_orden'
  | 'marca_en_dia_libre'
  | 'marca_durante_permiso'
  | 'jornada_sobre_maximo_legal';

/** Spanish labels of the inconsistencies. */
export const INCONSISTENCY_LABELS: Readonly<Record<InconsistencyCode, string>> = {
  entrada_sin_salida: 'Entrada sin salida',
  salida_sin_entrada: 'Salida sin entrada',
  colacion_incompleta: 'Colación incompleta',
  marcas_fuera_de_orden: 'Marcas fuera de orden',
  marca_en_dia_libre: 'Marca en día libre o sin planificación',
  marca_durante_permiso: 'Marca durante un permiso',
  jornada_sobre_maximo_legal: 'Jornada sobre el máximo legal',
};

/** Inconsistencies that leave the day's time unknown until a correction: the day is 'incompleto'. */
const INCOMPLETE: ReadonlySet<InconsistencyCode> = new Set(['entrada_sin_salida', 'salida_sin_entrada', 'colacion_incompleta', 'marcas_fuera_de_orden']);

/** One inconsistency of a day, with the marks involved. */
export interface Inconsistency {
  code: InconsistencyCode;
  label: string;
  markIds: string[];
}

/** A leave or permission covering whole days (vacaciones, licencia médica, permiso con o sin goce...). */
export interface Permission {
  id?: string;
  /** Company-defined type, e.g. `vacaciones`, `licencia_medica`, `permiso_con_goce`, `permiso_sin_goce`. */
  type: string;
  /** With pay (con goce de remuneraciones) or without. */
  paid: boolean;
  from: LocalDate;
  to: LocalDate;
}

/** How the company applies the rules the law leaves to it. */
export interface EvaluationOptions {
  /** The worker works holidays when planned (art. 38 exceptions); otherwise a holiday overrides a planned shift. Default false. */
  worksOnHolidays?: boolean;
  /**
   * `threshold` (default): past the tolerance, the whole lateness counts from the shift's start;
   * `deductible`: only the seconds beyond the tolerance count. Same for early leave.
   */
  toleranceMode?: 'threshold' | 'deductible';
  /** Count time before the shift's start as worked. Default false: work starts at the shift's start unless agreed. */
  countEarlyArrival?: boolean;
  /** A planned colación with no colación marks: deduct the planned break (default) or count it as worked. */
  unmarkedBreak?: 'deduct_planned' | 'count_as_worked';
}

/** Everything needed to evaluate one day. */
export interface DayEvaluationInput {
  date: LocalDate;
  planKind: PlanKind;
  /** The planned shift placed on the date (required when planKind is 'turno'). */
  instance?: ShiftInstance | null;
  /** Attributions of the day (counted and ignored); only 'atribuida' ones are evaluated. */
  attributions: readonly MarkAttribution[];
  holiday?: Holiday | null;
  permission?: Permission | null;
  options?: EvaluationOptions;
}

/** The evaluation of one day. All durations are exact seconds. */
export interface DayResult {
  date: LocalDate;
  status: DayStatus;
  planKind: PlanKind;
  shift: ShiftInstance | null;
  holiday: Holiday | null;
  /** Type and pay of the permission when the status is 'justificado'. */
  permission: { type: string; paid: boolean } | null;
  isSunday: boolean;
  /** Worked time on a Sunday or a holiday (art. 38 compensation, legal report c). */
  workedOnSundayOrHoliday: boolean;
  /** Ordinary seconds the plan expected (0 on rest days and on holidays that override the plan). */
  plannedSeconds: number;
  /** Effective worked seconds: presence minus colación. */
  workedSeconds: number;
  /** Worked seconds within the plan: min(worked, planned); 0 on justified days. */
  ordinarySeconds: number;
  /** Planned seconds neither worked nor justified; ordinary + missing + justified = planned. */
  missingSeconds: number;
  /** Planned seconds covered by a permission. */
  justifiedSeconds: number;
  lateSeconds: number;
  earlyLeaveSeconds: number;
  breakSeconds: number;
  /** Worked seconds beyond the plan; ordinary + overtime = worked. */
  overtimeSeconds: number;
  /** Part of the overtime within the 2-hour daily legal limit. */
  overtimeWithinLimitSeconds: number;
  /** Part of the overtime beyond the 2-hour daily legal limit. */
  overtimeBeyondLimitSeconds: number;
  firstEntry: number | null;
  lastExit: number | null;
  inconsistencies: Inconsistency[];
  /** Every attribution of the day (counted and ignored), in canonical order. */
  marks: MarkAttribution[];
}

function flag(found: Inconsistency[], code: InconsistencyCode, markId: string): void {
  for (const i of found) {
    if (i.code === code) {
      i.markIds.push(markId);
      return;
    }
  }
  found.push({ code, label: INCONSISTENCY_LABELS[code], markIds: [markId] });
}

function inCanonicalOrder(list: readonly MarkAttribution[]): boolean {
  for (let i = 1; i < list.length; i++) if (compareMarks(list[i - 1]!.mark, list[i]!.mark) > 0) return false;
  return true;
}

/** Evaluates one worker's day from its plan, marks, holiday and permission; pure and total (never throws on marks). */
export function evaluateDay(input: DayEvaluationInput): DayResult {
  const options = input.options ?? {};
  const holiday = input.holiday ?? null;
  const permission = input.permission ?? null;
  const instance = input.planKind === 'turno' ? (input.instance ?? null) : null;
  const attributions = inCanonicalOrder(input.attributions) ? input.attributions.slice() : [...input.attributions].sort((a, b) => compareMarks(a.mark, b.mark));
  const counted: Mark[] = [];
  for (const a of attributions) if (a.status === 'atribuida') counted.push(a.mark);

  const holidayOff = holiday !== null && !(instance !== null && options.worksOnHolidays === true);
  const shiftInForce = holidayOff ? null : instance;

  // Walk the marks as a state machine: outside, working, on colación. (Plain loops and no closures:
  // this runs for every worker and day of every report.)
  const found: Inconsistency[] = [];
  const clipFrom = shiftInForce && options.countEarlyArrival !== true ? shiftInForce.start : -Infinity;
  let state: 0 | 1 | 2 = 0; // 0 outside, 1 working, 2 on colación
  let openAt = 0;
  let breakAt = 0;
  let openId = '';
  let presenceMs = 0;
  let breakMs = 0;
  let breakMarked = false;
  let firstEntry: number | null = null;
  let lastExit: number | null = null;
  for (const mark of counted) {
    let closeAt = -Infinity;
    switch (mark.kind) {
      case 'entrada':
        if (firstEntry === null) firstEntry = mark.at;
        if (state === 0) {
          state = 1;
          openAt = mark.at;
          openId = mark.id;
        } else if (state === 2) {
          // Back from colación without its end mark: the entrada closes the colación.
          flag(found, 'colacion_incompleta', mark.id);
          breakMs += mark.at - breakAt;
          state = 1;
          openAt = mark.at;
        } else {
          flag(found, 'marcas_fuera_de_orden', mark.id);
        }
        break;
      case 'inicio_colacion':
        breakMarked = true;
        if (state === 1) {
          closeAt = mark.at;
          state = 2;
          breakAt = mark.at;
        } else {
          flag(found, 'marcas_fuera_de_orden', mark.id);
        }
        break;
      case 'fin_colacion':
        breakMarked = true;
        if (state === 2) {
          breakMs += mark.at - breakAt;
          state = 1;
          openAt = mark.at;
        } else if (state === 1) {
          flag(found, 'colacion_incompleta', mark.id);
        } else {
          flag(found, 'marcas_fuera_de_orden', mark.id);
        }
        break;
      case 'salida':
        if (state === 1) {
          closeAt = mark.at;
          lastExit = mark.at;
          state = 0;
        } else if (state === 2) {
          flag(found, 'colacion_incompleta', mark.id);
          breakMs += mark.at - breakAt;
          lastExit = mark.at;
          state = 0;
        } else {
          flag(found, 'salida_sin_entrada', mark.id);
        }
        break;
    }
    if (closeAt !== -Infinity) {
      // A stretch of work ends; before the shift's start it does not count unless the company says so.
      const from = openAt > clipFrom ? openAt : clipFrom;
      if (closeAt > from) presenceMs += closeAt - from;
    }
  }
  if (state === 1) flag(found, 'entrada_sin_salida', openId);
  if (state === 2) {
    flag(found, 'entrada_sin_salida', openId);
    flag(found, 'colacion_incompleta', openId);
  }

  let presence = presenceMs / 1000;
  let breakSeconds = breakMs / 1000;
  if (!breakMarked && shiftInForce && shiftInForce.breakSeconds > 0 && options.unmarkedBreak !== 'count_as_worked' && presence > 0) {
    // Colación not marked: assume it was taken as planned (within the window when it has one).
    let planned = shiftInForce.breakSeconds;
    if (shiftInForce.breakStart !== undefined && shiftInForce.breakEnd !== undefined && firstEntry !== null) {
      const from = Math.max(shiftInForce.breakStart, firstEntry);
      const to = Math.min(shiftInForce.breakEnd, lastExit ?? shiftInForce.breakEnd);
      planned = to > from ? (to - from) / 1000 : 0;
    }
    breakSeconds = Math.min(planned, presence);
    presence -= breakSeconds;
  }
  const workedSeconds = presence;

  if (counted.length > 0 && !shiftInForce && !holiday && !permission) {
    for (const m of counted) flag(found, 'marca_en_dia_libre', m.id);
  }
  if (counted.length > 0 && permission) for (const m of counted) flag(found, 'marca_durante_permiso', m.id);

  const plannedSeconds = shiftInForce?.plannedSeconds ?? 0;
  const justifiedSeconds = permission ? plannedSeconds : 0;
  const ordinarySeconds = permission ? 0 : Math.min(workedSeconds, plannedSeconds);
  const overtimeSeconds = workedSeconds - ordinarySeconds;
  const missingSeconds = plannedSeconds - ordinarySeconds - justifiedSeconds;
  const overtimeWithinLimitSeconds = Math.min(overtimeSeconds, DAILY_OVERTIME_LIMIT_SECONDS);
  const overtimeBeyondLimitSeconds = overtimeSeconds - overtimeWithinLimitSeconds;
  const overLimit = permission
    ? workedSeconds > DAILY_ORDINARY_LIMIT_SECONDS + DAILY_OVERTIME_LIMIT_SECONDS
    : ordinarySeconds > DAILY_ORDINARY_LIMIT_SECONDS || overtimeBeyondLimitSeconds > 0;
  if (overLimit) {
    for (const m of counted) flag(found, 'jornada_sobre_maximo_legal', m.id);
  }

  let lateSeconds = 0;
  let earlyLeaveSeconds = 0;
  if (shiftInForce && !permission) {
    const deductible = options.toleranceMode === 'deductible';
    if (firstEntry !== null && firstEntry > shiftInForce.start) {
      const late = (firstEntry - shiftInForce.start) / 1000;
      if (late > shiftInForce.lateToleranceSeconds) lateSeconds = deductible ? late - shiftInForce.lateToleranceSeconds : late;
    }
    if (lastExit !== null && lastExit < shiftInForce.end && firstEntry !== null) {
      const early = (shiftInForce.end - lastExit) / 1000;
      if (early > shiftInForce.earlyLeaveToleranceSeconds) earlyLeaveSeconds = deductible ? early - shiftInForce.earlyLeaveToleranceSeconds : early;
    }
  }

  const inconsistencies = found;

  let status: DayStatus;
  const incomplete = inconsistencies.some((i) => INCOMPLETE.has(i.code));
  if (permission) status = 'justificado';
  else if (counted.length > 0) status = incomplete ? 'incompleto' : 'presente';
  else if (shiftInForce) status = 'ausente';
  else if (holiday) status = 'feriado';
  else status = 'libre';

  const isSunday = isoWeekday(input.date) === 7;
  return {
    date: input.date,
    status,
    planKind: input.planKind,
    shift: instance,
    holiday,
    permission: permission ? { type: permission.type, paid: permission.paid } : null,
    isSunday,
    workedOnSundayOrHoliday: workedSeconds > 0 && (isSunday || holiday !== null),
    plannedSeconds,
    workedSeconds,
    ordinarySeconds,
    missingSeconds,
    justifiedSeconds,
    lateSeconds,
    earlyLeaveSeconds,
    breakSeconds,
    overtimeSeconds,
    overtimeWithinLimitSeconds,
    overtimeBeyondLimitSeconds,
    firstEntry,
    lastExit,
    inconsistencies,
    marks: attributions,
  };
}
