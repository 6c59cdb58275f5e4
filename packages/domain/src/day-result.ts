/**
 * The words of a day's evaluation and what it gives: statuses and plan kinds, the inconsistency codes
 * (with their Spanish labels), the options a company evaluates its days with, and the day's result
 * (seconds, permissions, Sunday and holiday work). `evaluateDay` in day-evaluation.ts computes it.
 */
import type { Holiday } from './calendar/holidays';
import type { LocalDate } from './calendar/local-date';
import type { MarkAttribution } from './attribution';
import type { HourRange, PermissionUnit } from './permissions';
import type { ShiftInstance } from './shift-instance';
import type { SundayRestException } from './sunday-rest';

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

/** One inconsistency of a day, with the marks involved. */
export interface Inconsistency {
  code: InconsistencyCode;
  label: string;
  markIds: string[];
}

/** An exceptional schedule authorised by a DT resolution (art. 38 inciso final: 4x4, 7x7, 14x14...). */
export interface ExceptionalSchedule {
  /** Number of the resolution, shown on receipts and reports. */
  resolution?: string;
  /** Ordinary hours a day the resolution authorises; without it the engine checks no daily ordinary limit. */
  dailyOrdinaryHours?: number;
  /**
   * The system's cycle (7x7: seven days of work, seven of rest): its ordinary hours, averaged over the cycle
   * as weeks, must stay within the legal weekly limit in force. Without it the weeks are not checked.
   */
  cycle?: { workDays: number; restDays: number };
}

/** How the company applies the rules the law leaves to it. */
export interface EvaluationOptions {
  /**
   * Commerce only (art. 24): the days from 10 to 24 December the employer declared as extended, with the
   * extension in seconds (at most 2 hours). On such a day the ordinary daily limit is 10 hours plus the
   * extension (`dailyOrdinaryLimit`); in the plan's weekly checks the extension hours are overtime to pay.
   * Not read under an exceptional schedule, whose resolution sets the day.
   */
  decemberExtensions?: ReadonlyMap<LocalDate, number>;
  /**
   * The worker works holidays when planned (art. 38 exceptions); otherwise a holiday overrides a planned shift.
   * `true` for the whole contract, or the dates the exception is in force (`exceptedFromSundayRestOn`). Default false.
   */
  worksOnHolidays?: boolean | SundayRestException;
  /**
   * `threshold` (default): past the tolerance, the whole lateness counts from the shift's start;
   * `deductible`: only the seconds beyond the tolerance count. Same for early leave.
   */
  toleranceMode?: 'threshold' | 'deductible';
  /** Count time before the shift's start as worked. Default false: work starts at the shift's start unless agreed. */
  countEarlyArrival?: boolean;
  /** A planned colación with no colación marks: deduct the planned break (default) or count it as worked. */
  unmarkedBreak?: 'deduct_planned' | 'count_as_worked';
  /**
   * Exceptional schedule authorised by the DT: its shifts may pass the ordinary 10 hours a day (the
   * resolution sets the limit) and its weekly hours and days are averaged over the cycle.
   */
  exceptionalSchedule?: boolean | ExceptionalSchedule;
  /**
   * The worker is excluded from the limitation of the working day (art. 22 inc. 2 of the Código del
   * Trabajo: managers, administrators, those who work without immediate supervision...). There is no
   * jornada to measure against: no lateness, early leave, missing time nor overtime (all worked time is
   * ordinary), no daily or weekly limit, and a planned day without marks is not an absence. Marks,
   * worked time, permissions and Sunday and holiday work are still recorded. Default false.
   */
  excludedFromHoursLimit?: boolean;
  /**
   * Flexible start band of a parent (art. 27 of the Código del Trabajo, as replaced by Ley 21.561: a band
   * of two hours in total to start up to one hour earlier or later, which sets the exit): seconds after the
   * planned start within which an entry is no lateness. The shift is planned at the band's earliest start;
   * the expected start and end move by how late within the band the worker came in, so the same hours are
   * owed. 0 or absent: no band.
   */
  flexibleStartBandSeconds?: number;
  /**
   * Feeding right (art. 206: one hour a day for a child under two, counted as worked time): the day the
   * child turns two (the right applies to earlier dates) and how the hour is taken: at the start, at the
   * end, or half at each end.
   */
  feedingRight?: FeedingRight;
}

/** How the art. 206 hour is taken: start later, leave earlier, or 30 minutes at each end. */
export type FeedingRightMode = 'inicio' | 'fin' | 'dividido';

/** The art. 206 feeding right on the contract. */
export interface FeedingRight {
  /** The child's second birthday: the right applies to dates before it. */
  until: LocalDate;
  mode: FeedingRightMode;
}

/** What the parents' rights did to a day (art. 27 band, art. 206 hour); absent when neither applied. */
export interface ParentsRightsApplied {
  /** Seconds the expected start and end moved within the flexible start band (art. 27). */
  flexibleStartSeconds: number;
  /** Planned seconds not worked and covered by the feeding hour (art. 206); counted as justified paid time. */
  feedingSeconds: number;
  /** The feeding right's mode when it applied that day. */
  feedingMode: FeedingRightMode | null;
}

/** Worked time that fell on a Sunday or a holiday, by the clock (the local calendar day 00:00-24:00). */
export interface SundayHolidayWork {
  date: LocalDate;
  seconds: number;
  sunday: boolean;
  holiday: Holiday | null;
}

/** A permission as a day result reports it. */
export interface DayPermission {
  type: string;
  paid: boolean;
  unit: PermissionUnit;
  /** The hour range of an hour permission; null for whole days. */
  hours: HourRange | null;
  /** Planned seconds it justified that day. */
  seconds: number;
}

/** The evaluation of one day. All durations are exact seconds. */
export interface DayResult {
  date: LocalDate;
  status: DayStatus;
  planKind: PlanKind;
  shift: ShiftInstance | null;
  holiday: Holiday | null;
  /** The permission when the status is 'justificado' (whole days, or hour permissions covering the whole shift). */
  permission: DayPermission | null;
  /** Hour permissions that applied to the day, each with the planned seconds it justified. */
  hourPermissions: DayPermission[];
  isSunday: boolean;
  /** Worked time fell on a Sunday or a holiday by the clock (art. 38 compensation, legal report c). */
  workedOnSundayOrHoliday: boolean;
  /** Worked seconds that fell on a Sunday and on a holiday (a night shift counts only its hours on that day). */
  sundaySeconds: number;
  holidaySeconds: number;
  /** The Sundays and holidays the day's work touched, with its seconds on each. */
  sundayHolidayWork: SundayHolidayWork[];
  /** Ordinary seconds the plan expected (0 on rest days and on holidays that override the plan). */
  plannedSeconds: number;
  /** Effective worked seconds: presence minus colación. */
  workedSeconds: number;
  /** Worked seconds within the plan: min(worked, planned); 0 on justified days. All the worked seconds for a worker excluded from the hours limit (art. 22 inc. 2), who has no overtime. */
  ordinarySeconds: number;
  /** Planned seconds neither worked nor justified; ordinary + missing + justified = planned (0 for a worker excluded from the hours limit: no jornada is owed). */
  missingSeconds: number;
  /** Planned seconds covered by a permission, or by the feeding hour of art. 206 (see `parentsRights`). */
  justifiedSeconds: number;
  /** The parents' rights of the contract that applied this day (art. 27 band, art. 206 hour); absent when none did. */
  parentsRights?: ParentsRightsApplied;
  lateSeconds: number;
  earlyLeaveSeconds: number;
  breakSeconds: number;
  /** Worked seconds beyond the plan; ordinary + overtime = worked. */
  overtimeSeconds: number;
  /** Part of the overtime within the 2-hour daily legal limit. */
  overtimeWithinLimitSeconds: number;
  /** Part of the overtime beyond the 2-hour daily legal limit. */
  overtimeBeyondLimitSeconds: number;
  /**
   * Ordinary (planned) seconds of the day that are overtime because the week's ordinary work passed
   * the contract's agreed weekly hours, or the legal limit if lower (art. 30): the week's last hours.
   * Set by the period evaluation, which settles weeks; 0 from `evaluateDay` alone.
   */
  overtimeOverAgreedSeconds: number;
  /**
   * What `overtimeOverAgreedSeconds` was measured against: the week's bound (a cycle's weekly average, with its
   * `cycleWeeks`, art. 22 bis) and whether it is the contract's or the law's; `weekCeiling` when the day's week
   * passed 45 ordinary hours in the cycle; null when 0.
   */
  overAgreedBasis: { weeklySeconds: number; source: 'pactada' | 'legal'; cycleWeeks?: number; weekCeiling?: boolean } | null;
  firstEntry: number | null;
  lastExit: number | null;
  inconsistencies: Inconsistency[];
  /** Every attribution of the day (counted and ignored), in canonical order. */
  marks: MarkAttribution[];
}
