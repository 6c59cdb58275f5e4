/**
 * What a shift template breaks of the law on its own, before it is planned: the screens that create
 * a shift (the form, the shifts upload) warn with these. The plan's alerts (`plan-alerts.ts`) judge
 * each worker's real weeks later, with the contract; these judge the template with what it says.
 */
import type { LocalDate } from './calendar/local-date';
import { DAILY_ORDINARY_LIMIT_SECONDS, MIN_BREAK_SECONDS, allowedDaysPerWeek, isPartTime, weeklyHoursLimit } from './law';
import { formatDurationEs } from './marks';
import { placeShift, validateShiftTemplate, type ShiftTemplate } from './shift-instance';

/** Codes of a shift's legal warnings, in the order screens list them (the plan alerts' codes for the same rules). */
export const SHIFT_LAW_WARNING_CODES = ['jornada_diaria_sobre_limite', 'colacion_no_planificada', 'colacion_bajo_minimo', 'jornada_semanal_sobre_limite'] as const;
export type ShiftLawWarningCode = (typeof SHIFT_LAW_WARNING_CODES)[number];

/** A rule a shift breaks, with a Spanish message that cites the article. */
export interface ShiftLawWarning {
  code: ShiftLawWarningCode;
  message: string;
  /** The shift's figure and the limit it was compared with (seconds). */
  value: number;
  limit: number;
}

export interface ShiftLawOptions {
  /** The date whose law applies (the weekly limit falls by Ley 21.561's calendar). */
  date: LocalDate;
  /**
   * Days a week the shift is meant to be worked. Unknown: the week is checked at the fewest days the
   * law lets a week spread over (5, or 4 under a 40-hour limit), so only a shift that breaks the limit
   * at every lawful spread is warned.
   */
  daysPerWeek?: number;
}

/**
 * Days per week assumed to decide whether a shift needs a colación when the caller does not say: 5,
 * the contracts' and the form's default (Monday to Friday).
 */
const DEFAULT_DAYS_PER_WEEK = 5;

// Wall-clock figures: a DST night is not the shift's fault, so the template is placed in a zone without changes.
const NOMINAL_ZONE = 'UTC';

const hours = (seconds: number): string => formatDurationEs(seconds);
const dayMonthYear = (date: string): string => `${date.slice(8, 10)}-${date.slice(5, 7)}-${date.slice(0, 4)}`;

/**
 * The legal warnings of a shift template (empty when lawful, or when the template itself is invalid:
 * `validateShiftTemplate` answers that):
 * - more than 10 ordinary hours (duration minus colación) in the day (art. 22 and 28 CT);
 * - a colación under 30 minutes (art. 34), or none on a shift that needs one: art. 34 splits every
 *   jornada in two with at least 30 minutes; the engine exempts part time (art. 40 bis lets a part-time
 *   day run continuously), so a shift whose week at its days (5 when unknown) stays within part time
 *   (two-thirds of the weekly limit in force) may go without, as in the plan alerts;
 * - the ordinary week at its days per week over the weekly limit in force on the date (art. 22 CT,
 *   Ley 21.561: 45, 44, 42 and 40 hours).
 * An exceptional system authorised by the Dirección del Trabajo (art. 38 inc. final) may allow what
 * these warn about: the caller decides what a warning blocks.
 */
export function shiftLegalWarnings(template: ShiftTemplate, { date, daysPerWeek }: ShiftLawOptions): ShiftLawWarning[] {
  if (validateShiftTemplate(template).length > 0) return [];
  const instance = placeShift(template, date, NOMINAL_ZONE);
  const warnings: ShiftLawWarning[] = [];
  const net = instance.plannedSeconds;
  const label = instance.label;

  if (net > DAILY_ORDINARY_LIMIT_SECONDS) {
    warnings.push({
      code: 'jornada_diaria_sobre_limite',
      message: `El turno ${label} tiene ${hours(net)} ordinarias al día: supera el máximo legal de 10 horas diarias (art. 22 y 28 del Código del Trabajo).`,
      value: net,
      limit: DAILY_ORDINARY_LIMIT_SECONDS,
    });
  }

  const limitHours = weeklyHoursLimit(date);
  const days = daysPerWeek ?? DEFAULT_DAYS_PER_WEEK;
  if (instance.breakSeconds > 0 && instance.breakSeconds < MIN_BREAK_SECONDS) {
    warnings.push({
      code: 'colacion_bajo_minimo',
      message: `El turno ${label} tiene ${hours(instance.breakSeconds)} de colación: la ley exige al menos 30 minutos (art. 34 del Código del Trabajo).`,
      value: instance.breakSeconds,
      limit: MIN_BREAK_SECONDS,
    });
  } else if (instance.breakSeconds === 0 && !isPartTime((net * days) / 3600, date)) {
    warnings.push({
      code: 'colacion_no_planificada',
      message: `El turno ${label} no tiene colación: la jornada debe dividirse en dos partes con al menos 30 minutos de colación (art. 34 del Código del Trabajo).`,
      value: 0,
      limit: MIN_BREAK_SECONDS,
    });
  }

  // With the days unknown, the fewest days a week may lawfully spread over under the limit in force.
  const weekDays = daysPerWeek ?? allowedDaysPerWeek(limitHours).min;
  const week = net * weekDays;
  if (week > limitHours * 3600) {
    warnings.push({
      code: 'jornada_semanal_sobre_limite',
      message: `A ${weekDays} ${weekDays === 1 ? 'día' : 'días'} por semana el turno ${label} suma ${hours(week)} ordinarias: supera el máximo legal de ${limitHours} horas semanales vigente el ${dayMonthYear(date)} (art. 22 del Código del Trabajo, Ley 21.561).`,
      value: week,
      limit: limitHours * 3600,
    });
  }
  return warnings;
}
