/**
 * The plan's legal-limit alerts: what a period's plan breaks before anyone marks (weekly and daily
 * hours, agreed hours, days per week, colación, irrenunciable holidays for commerce). The period
 * evaluation raises them over the whole weeks it evaluates.
 */
import type { HolidayLookup } from './calendar/holidays';
import type { ExceptionalSchedule } from './day-result';
import { civilFromDays, daysFromCivil, daysInMonth, fromDayNumber, weekdayOfDayNumber, type LocalDate } from './calendar/local-date';
import {
  AVERAGED_WEEK_CEILING_HOURS,
  AVERAGED_WEEKS_OVER_AVERAGE_MAX,
  DAILY_ORDINARY_LIMIT_SECONDS,
  DECEMBER_EXTENSION_MAX_SECONDS,
  MIN_BREAK_SECONDS,
  PART_TIME_MAX_BREAK_SECONDS,
  allowedDaysPerWeek,
  decemberExtensionWindow,
  isPartTime,
  weeklyHoursLimit,
} from './law';
import { formatDurationEs } from './marks';
import { agreedWeeklyHoursOn, type AgreedWeeklyHours, type AveragedDistribution, type PeriodEvaluationOptions, type PlacedPlan, type PlanEntry } from './period-evaluation';
import { cycleOf, underPact } from './averaged-cycles';
import { placeShift, type ShiftInstance } from './shift-instance';
import { MIN_SUNDAYS_OFF_PER_MONTH, exceptedFromSundayRestWithin, sundayRestExclusion, sundaysText, type SundayRestException } from './sunday-rest';
import { localDayNumberOf, localToInstant, startOfLocalDayNumber } from './time-zone';

/** `aaaa-mm-dd` as the product writes dates in text: dd-mm-aaaa. */
const dayMonthYear = (date: string): string => `${date.slice(8, 10)}-${date.slice(5, 7)}-${date.slice(0, 4)}`;

/** Codes of the legal-limit alerts raised by a plan, in the order screens list them. */
export const PLAN_ALERT_CODES = [
  'jornada_semanal_sobre_limite',
  'jornada_semanal_sobre_pactada',
  'jornada_pactada_sobre_limite_legal',
  'jornada_promedio_ciclo_sobre_limite',
  'jornada_promedio_pacto_sobre_limite',
  'jornada_semanal_sobre_tope_promedio',
  'jornada_diaria_sobre_limite',
  'dias_por_semana_fuera_de_rango',
  'colacion_bajo_minimo',
  'colacion_sobre_maximo_jornada_parcial',
  'colacion_no_planificada',
  'turno_en_feriado_irrenunciable',
  'domingos_de_descanso_insuficientes',
  'turno_despues_de_hora_diciembre',
] as const;

/** Codes of the legal-limit alerts raised by a plan. */
export type PlanAlertCode = (typeof PLAN_ALERT_CODES)[number];

/** Spanish labels of the plan alerts. */
export const PLAN_ALERT_LABELS: Readonly<Record<PlanAlertCode, string>> = {
  jornada_semanal_sobre_limite: 'Semana sobre el máximo legal',
  jornada_semanal_sobre_pactada: 'Semana sobre la jornada pactada',
  jornada_pactada_sobre_limite_legal: 'Jornada pactada sobre el máximo legal',
  jornada_promedio_ciclo_sobre_limite: 'Ciclo excepcional sobre el promedio legal',
  jornada_promedio_pacto_sobre_limite: 'Ciclo de jornada promedio sobre el máximo legal',
  jornada_semanal_sobre_tope_promedio: 'Semana sobre el tope de la jornada promedio',
  jornada_diaria_sobre_limite: 'Día sobre el máximo legal',
  dias_por_semana_fuera_de_rango: 'Días por semana fuera de rango',
  colacion_bajo_minimo: 'Colación bajo el mínimo',
  colacion_sobre_maximo_jornada_parcial: 'Colación de jornada parcial sobre una hora',
  colacion_no_planificada: 'Turno sin colación',
  turno_en_feriado_irrenunciable: 'Turno en feriado irrenunciable',
  domingos_de_descanso_insuficientes: 'Menos de dos domingos de descanso en el mes',
  turno_despues_de_hora_diciembre: 'Turno después de la hora de cierre de diciembre',
};

/** A legal-limit alert of the plan, with a Spanish message. */
export interface PlanAlert {
  code: PlanAlertCode;
  /** The day concerned, or the Monday of the week concerned. */
  date: LocalDate;
  message: string;
  /** The planned figure and the legal limit it was compared with (seconds, days). */
  value: number;
  limit: number;
}

function hours(seconds: number): string {
  return formatDurationEs(seconds);
}

function dailyLimitOf(options: PeriodEvaluationOptions): { seconds: number; text: string } | null {
  const exceptional = options.exceptionalSchedule;
  if (!exceptional) return { seconds: DAILY_ORDINARY_LIMIT_SECONDS, text: 'el máximo legal de 10 horas diarias' };
  if (exceptional === true || exceptional.dailyOrdinaryHours === undefined) return null;
  const h = exceptional.dailyOrdinaryHours;
  return { seconds: h * 3600, text: `las ${h} horas diarias que autoriza la resolución de jornada excepcional${exceptional.resolution ? ` ${exceptional.resolution}` : ''}` };
}

/**
 * The daily-limit alert's message. On a day declared as extended (art. 24) it names the extension; on an
 * undeclared day of commerce's window (10 to 24 December) it suggests declaring the day.
 */
function dailyLimitMessage(instance: ShiftInstance, limitText: string, extension: number, commerceOrdinary: boolean): string {
  const head = `Turno ${instance.label} del ${dayMonthYear(instance.date)} con ${hours(instance.plannedSeconds)} ordinarias`;
  if (extension > 0) {
    return `${head}: supera las ${hours(DAILY_ORDINARY_LIMIT_SECONDS + extension)} del día (10 horas más ${hours(extension)} de extensión declarada, art. 24).`;
  }
  const window = decemberExtensionWindow(Number(instance.date.slice(0, 4)));
  const inWindow = commerceOrdinary && instance.date >= window.from && instance.date <= window.to;
  const suggestion =
    inWindow && instance.plannedSeconds <= DAILY_ORDINARY_LIMIT_SECONDS + DECEMBER_EXTENSION_MAX_SECONDS
      ? ' Del 10 al 24 de diciembre el comercio puede declarar este día como extendido, hasta 2 horas en nueve días (art. 24).'
      : '';
  return `${head}: supera ${limitText}.${suggestion}`;
}

/**
 * Legal-limit alerts of a plan over the whole weeks touching [first, last]: weekly hours against the
 * limit in force day by day (the last planned day's) and against the contract's agreed hours; agreed
 * hours above the legal limit; 10 ordinary hours a day (or the exceptional schedule's); 5-6 days a
 * week (4 with 40 hours or fewer; part time exempt; too few only once every day of the week is planned,
 * see `isIncompleteWeek`); a colación of at least 30 minutes on every shift
 * (part time and continuous process may go without); hours on irrenunciable holidays for commerce;
 * commerce's December extension days (art. 24) raise their day's limit and are overtime in the weekly checks.
 * A worker excluded from the hours limit (art. 22 inc. 2) gets only the colación and holiday alerts. Under an
 * averaged distribution pact (art. 22 bis, `options.averagedDistribution`) the weeks of its cycles are judged by the
 * cycle's average (see `averagedCycleAlerts`), not one by one. Workers
 * excepted from Sunday rest (`options.sundayRest`) need two Sundays of rest a month, read with `entryOn`.
 */
export function planAlerts(
  first: number,
  last: number,
  plan: PlacedPlan,
  zone: string,
  holidays: HolidayLookup,
  options: PeriodEvaluationOptions,
  agreed: AgreedWeeklyHours | null,
  entryOn: (date: LocalDate) => PlanEntry | undefined,
): PlanAlert[] {
  const alerts: PlanAlert[] = [];
  // Excluded from the limitation of the working day (art. 22 inc. 2): no hours or days-per-week limit to check.
  const excluded = options.excludedFromHoursLimit === true;
  const dailyLimit = excluded ? null : dailyLimitOf(options);
  const exceptional = Boolean(options.exceptionalSchedule);
  // An exceptional schedule (art. 38) already averages its own cycle; art. 22 bis applies to the ordinary jornada.
  const pact = excluded || exceptional ? undefined : options.averagedDistribution;
  // Art. 24: commerce's declared extension days (only under the ordinary 10-hour limit, not an exceptional schedule's).
  const extensions = options.commerce && !exceptional ? options.decemberExtensions : undefined;
  const start = first - (weekdayOfDayNumber(first) - 1);
  const week: (ShiftInstance | null)[] = new Array<ShiftInstance | null>(7);
  for (let monday = start; monday <= last; monday += 7) {
    let weekSeconds = 0;
    // Hours of the week's declared extension days that the art. 24 pays as overtime instead of breaking the week.
    let weekExtensionSeconds = 0;
    let weekDays = 0;
    let lastPlanned = monday + 6;
    // A day with no entry (not yet planned, or outside the contract) leaves the week incomplete: what the
    // week lacks may still be planned, so only what it already breaks is an infraction.
    const incomplete = isIncompleteWeek(plan, monday);
    for (let i = 0; i < 7; i++) {
      const instance = plan.placed[monday + i - plan.base]!;
      week[i] = instance;
      if (!instance) continue;
      weekSeconds += instance.plannedSeconds;
      weekExtensionSeconds += Math.min(extensions?.get(instance.date) ?? 0, instance.plannedSeconds);
      weekDays++;
      lastPlanned = monday + i;
    }
    // Hours accumulate day by day against the limit in force that day; the limit only falls, so the
    // last planned day's limit binds (the week of 2028-04-24 answers to 40 h from its Wednesday on).
    const limitDate = fromDayNumber(lastPlanned);
    const limitHours = weeklyHoursLimit(limitDate);
    const agreedHours = agreedWeeklyHoursOn(agreed, limitDate);
    const partTime = isPartTime(agreedHours ?? weekSeconds / 3600, limitDate);

    for (let i = 0; i < 7; i++) {
      const instance = week[i];
      const n = monday + i;
      if (!instance || n < first || n > last) continue;
      const date = instance.date;
      const extension = extensions?.get(date) ?? 0;
      if (dailyLimit && instance.plannedSeconds > dailyLimit.seconds + extension) {
        alerts.push({
          code: 'jornada_diaria_sobre_limite',
          date,
          message: dailyLimitMessage(instance, dailyLimit.text, extension, options.commerce === true && !exceptional),
          value: instance.plannedSeconds,
          limit: dailyLimit.seconds + extension,
        });
      }
      if (instance.breakSeconds > 0 && instance.breakSeconds < MIN_BREAK_SECONDS) {
        alerts.push({
          code: 'colacion_bajo_minimo',
          date,
          message: `Turno ${instance.label} del ${dayMonthYear(date)} con ${hours(instance.breakSeconds)} de colación: la ley exige al menos 30 minutos.`,
          value: instance.breakSeconds,
          limit: MIN_BREAK_SECONDS,
        });
      } else if (partTime && instance.breakSeconds > PART_TIME_MAX_BREAK_SECONDS) {
        alerts.push({
          code: 'colacion_sobre_maximo_jornada_parcial',
          date,
          message: `Turno ${instance.label} del ${dayMonthYear(date)} con ${hours(instance.breakSeconds)} de colación: en jornada parcial la colación es de media hora a una hora (art. 40 bis B).`,
          value: instance.breakSeconds,
          limit: PART_TIME_MAX_BREAK_SECONDS,
        });
      } else if (instance.breakSeconds === 0 && !partTime && !options.continuousProcess) {
        alerts.push({
          code: 'colacion_no_planificada',
          date,
          message: `Turno ${instance.label} del ${dayMonthYear(date)} sin colación: la jornada debe dividirse con al menos 30 minutos de colación (art. 34).`,
          value: 0,
          limit: MIN_BREAK_SECONDS,
        });
      }
    }

    const weekStart = fromDayNumber(monday);
    if (excluded) continue;
    if (agreedHours !== null && agreedHours > limitHours) {
      alerts.push({
        code: 'jornada_pactada_sobre_limite_legal',
        date: weekStart,
        message: `Semana del ${dayMonthYear(weekStart)}: la jornada pactada de ${agreedHours} horas supera el máximo legal de ${limitHours} horas semanales; rige el máximo legal y las horas extra se valoran con ${limitHours} horas.`,
        value: agreedHours * 3600,
        limit: limitHours * 3600,
      });
    }
    if (exceptional) continue;
    // Art. 24 inc. 1: the hours of declared extension days over the weekly limit (or the agreed hours, if fewer)
    // «se pagarán como extraordinarias»: overtime to pay, not an infraction of the week, up to the extension.
    const extensionNote = weekExtensionSeconds > 0 ? ` (además de ${hours(weekExtensionSeconds)} de extensión de diciembre, que se pagan como horas extra, art. 24)` : '';
    if (pact && underPact(pact, monday)) {
      if (weekSeconds > AVERAGED_WEEK_CEILING_HOURS * 3600) {
        alerts.push({
          code: 'jornada_semanal_sobre_tope_promedio',
          date: weekStart,
          message: `Semana del ${dayMonthYear(weekStart)}: ${hours(weekSeconds)} planificadas superan el tope de ${AVERAGED_WEEK_CEILING_HOURS} horas ordinarias de una semana en la jornada promedio (art. 22 bis).`,
          value: weekSeconds,
          limit: AVERAGED_WEEK_CEILING_HOURS * 3600,
        });
      }
    } else if (weekSeconds - weekExtensionSeconds > limitHours * 3600) {
      alerts.push({
        code: 'jornada_semanal_sobre_limite',
        date: weekStart,
        message: `Semana del ${dayMonthYear(weekStart)}: ${hours(weekSeconds - weekExtensionSeconds)} planificadas${extensionNote} superan el máximo legal de ${limitHours} horas semanales.`,
        value: weekSeconds - weekExtensionSeconds,
        limit: limitHours * 3600,
      });
    }
    if (agreedHours !== null && weekSeconds - weekExtensionSeconds > agreedHours * 3600 && !(pact && underPact(pact, monday))) {
      alerts.push({
        code: 'jornada_semanal_sobre_pactada',
        date: weekStart,
        message: `Semana del ${dayMonthYear(weekStart)}: ${hours(weekSeconds - weekExtensionSeconds)} planificadas${extensionNote} superan las ${agreedHours} horas semanales pactadas en el contrato.`,
        value: weekSeconds - weekExtensionSeconds,
        limit: agreedHours * 3600,
      });
    }
    const allowed = allowedDaysPerWeek(weekSeconds / 3600);
    if (!partTime && (weekDays > allowed.max || (weekDays < allowed.min && !incomplete))) {
      alerts.push({
        code: 'dias_por_semana_fuera_de_rango',
        date: weekStart,
        message: `Semana del ${dayMonthYear(weekStart)}: ${weekDays === 1 ? '1 día de trabajo planificado' : `${weekDays} días de trabajo planificados`}; la jornada debe distribuirse en ${allowed.min === 4 ? '4 (con 40 horas o menos), ' : ''}5 o 6 días.`,
        value: weekDays,
        limit: weekDays > allowed.max ? allowed.max : allowed.min,
      });
    }
  }
  const cycle = typeof options.exceptionalSchedule === 'object' ? options.exceptionalSchedule.cycle : undefined;
  if (cycle && !excluded) cycleAverageAlerts(alerts, first, last, plan, cycle, options.exceptionalSchedule as ExceptionalSchedule);
  if (pact) averagedCycleAlerts(alerts, start, last, zone, entryOn, pact, agreed);
  if (options.commerce) irrenunciableAlerts(alerts, first, last, plan, zone, holidays);
  if (options.commerce) decemberAlerts(alerts, first, last, plan, zone);
  if (options.sundayRest) sundayRestAlerts(alerts, first, last, entryOn, holidays, options.sundayRest, agreed);
  return alerts;
}

/**
 * An exceptional system (art. 38 inc. final) spreads the hours over its cycle: 7x7 of 12 ordinary hours is
 * 84 hours in 14 days, 42 a week on average, within 42 hours in 2026 and over the 40 of 2028. Each window
 * of one cycle's length starting in [first, last] whose days are all in the plan is averaged as weeks and
 * compared with the weekly limit in force on its last day; a run of windows over the limit is alerted once,
 * dated on its first window's start. A window that runs past what is planned is not judged yet.
 */
function cycleAverageAlerts(alerts: PlanAlert[], first: number, last: number, plan: PlacedPlan, cycle: { workDays: number; restDays: number }, schedule: ExceptionalSchedule): void {
  const length = cycle.workDays + cycle.restDays;
  if (!(length > 0)) return;
  const name = `${cycle.workDays}x${cycle.restDays}`;
  let inRun = false;
  for (let start = first; start <= last; start++) {
    const end = start + length - 1;
    if (start - plan.base < 0 || end - plan.base >= plan.entries.length) {
      inRun = false;
      continue;
    }
    let seconds = 0;
    let complete = true;
    for (let n = start; n <= end && complete; n++) {
      if (plan.entries[n - plan.base] === undefined) complete = false;
      seconds += plan.placed[n - plan.base]?.plannedSeconds ?? 0;
    }
    if (!complete) {
      inRun = false;
      continue;
    }
    const limitDate = fromDayNumber(end);
    const limitHours = weeklyHoursLimit(limitDate);
    const weekly = Math.round((seconds * 7) / length);
    if (weekly <= limitHours * 3600) {
      inRun = false;
      continue;
    }
    if (inRun) continue;
    inRun = true;
    const date = fromDayNumber(start);
    alerts.push({
      code: 'jornada_promedio_ciclo_sobre_limite',
      date,
      message: `Ciclo ${name} del ${dayMonthYear(date)} al ${dayMonthYear(limitDate)}${schedule.resolution ? ` (resolución ${schedule.resolution})` : ''}: ${hours(seconds)} ordinarias promedian ${hours(weekly)} semanales y superan el máximo legal de ${limitHours} horas vigente el ${dayMonthYear(limitDate)} (art. 38 inc. final).`,
      value: weekly,
      limit: limitHours * 3600,
    });
  }
}

/**
 * Art. 22 bis (Ley 21.561): «si las partes acuerdan que la jornada ... pueda distribuirse en base a un promedio
 * semanal ... en un ciclo de hasta cuatro semanas, ella no podrá exceder de cuarenta y cinco horas ordinarias en cada
 * semana ni extenderse con este límite por más de dos semanas continuas en el ciclo». Each cycle touching the weeks
 * from `start` (a Monday) to `last` is read from the whole plan given (`entryOn`: callers load `planRange`, which
 * reaches whole cycles), and
 * - its planned hours are compared with the sum of the weekly limits in force in its weeks (each week's on its last
 *   planned day, as week by week): `jornada_promedio_pacto_sobre_limite`, dated on the cycle's first Monday (or the
 *   first evaluated one); and with the contract's agreed hours times its weeks: `jornada_semanal_sobre_pactada`;
 * - a third week in a row over its weekly limit inside the cycle is `jornada_semanal_sobre_tope_promedio` (weeks over
 *   45 hours are alerted week by week in `planAlerts`).
 * A cycle with days not planned yet is alerted only when what is planned already passes the bound. A pact ending
 * mid-cycle leaves a shorter last cycle, averaged over its own weeks.
 */
function averagedCycleAlerts(
  alerts: PlanAlert[],
  start: number,
  last: number,
  zone: string,
  entryOn: (date: LocalDate) => PlanEntry | undefined,
  pact: AveragedDistribution,
  agreed: AgreedWeeklyHours | null,
): void {
  const lastSunday = last + (7 - weekdayOfDayNumber(last));
  for (let day = start; day <= lastSunday; ) {
    const cycle = cycleOf(pact, day);
    if (cycle === null) {
      day += 7;
      continue;
    }
    day = cycle.end + 1;
    const { start: cycleStart, end: cycleEnd, weeks } = cycle;
    if (weeks < 2) continue;
    let seconds = 0;
    let limitSeconds = 0;
    let complete = true;
    let run = 0;
    const limits = new Set<number>();
    for (let w = 0; w < weeks; w++) {
      const monday = cycleStart + 7 * w;
      let weekSeconds = 0;
      let lastPlanned = monday + 6;
      for (let n = monday; n <= monday + 6; n++) {
        const date = fromDayNumber(n);
        const entry = entryOn(date);
        if (entry === undefined) complete = false;
        else if (entry.kind === 'turno') {
          weekSeconds += placeShift(entry.shift, date, zone).plannedSeconds;
          lastPlanned = n;
        }
      }
      const weekLimit = weeklyHoursLimit(fromDayNumber(lastPlanned));
      limits.add(weekLimit);
      seconds += weekSeconds;
      limitSeconds += weekLimit * 3600;
      run = weekSeconds > weekLimit * 3600 ? run + 1 : 0;
      if (run === AVERAGED_WEEKS_OVER_AVERAGE_MAX + 1 && monday >= start && monday <= last) {
        const weekStart = fromDayNumber(monday);
        alerts.push({
          code: 'jornada_semanal_sobre_tope_promedio',
          date: weekStart,
          message: `Semana del ${dayMonthYear(weekStart)}: ${hours(weekSeconds)} planificadas, tercera semana seguida del ciclo sobre el máximo legal de ${weekLimit} horas; la jornada promedio permite pasarlo, hasta ${AVERAGED_WEEK_CEILING_HOURS} horas, en no más de dos semanas seguidas (art. 22 bis).`,
          value: weekSeconds,
          limit: weekLimit * 3600,
        });
      }
    }
    const date = fromDayNumber(Math.max(cycleStart, start));
    const name = `Ciclo de ${weeks} ${weeks === 1 ? 'semana' : 'semanas'} del ${dayMonthYear(fromDayNumber(cycleStart))} al ${dayMonthYear(fromDayNumber(cycleEnd))}`;
    const average = Math.round(seconds / weeks);
    if (seconds > limitSeconds) {
      const limitText = limits.size === 1 ? `${[...limits][0]} horas semanales` : `${hours(Math.round(limitSeconds / weeks))} semanales (el máximo legal cambia en el ciclo)`;
      alerts.push({
        code: 'jornada_promedio_pacto_sobre_limite',
        date,
        message: `${name} (jornada promedio, art. 22 bis): ${hours(seconds)} planificadas promedian ${hours(average)} semanales y superan el máximo legal de ${limitText}${complete ? '' : ', aun sin planificar todos sus días'}.`,
        value: average,
        limit: Math.round(limitSeconds / weeks),
      });
    }
    const agreedHours = agreedWeeklyHoursOn(agreed, fromDayNumber(cycleEnd));
    if (agreedHours !== null && seconds > agreedHours * 3600 * weeks) {
      alerts.push({
        code: 'jornada_semanal_sobre_pactada',
        date,
        message: `${name} (jornada promedio, art. 22 bis): ${hours(seconds)} planificadas promedian ${hours(average)} semanales y superan las ${agreedHours} horas semanales pactadas en el contrato.`,
        value: average,
        limit: agreedHours * 3600,
      });
    }
  }
}

/** From 10 to 23 December (the fifteen days before Christmas but the 24th) commerce works until 23:00 (art. 24)… */
const DECEMBER_LATE_FROM_DAY = 10;
const DECEMBER_LATE_TO_DAY = 23;
const DECEMBER_CLOSE_SECONDS = 23 * 3600;
/** …and on 24 and 31 December until 20:00. */
const DECEMBER_EVE_CLOSE_SECONDS = 20 * 3600;

/**
 * Commerce in December (art. 24): the jornada may be extended up to 2 hours on nine of the fifteen days before
 * Christmas (the days the employer declares, `options.decemberExtensions`, which raise that day's daily limit in
 * `planAlerts`), and nobody works past 23:00 nor past 20:00 on 24 and 31 December. The DT reads the 23:00 limit
 * as binding every day from 10 to 23 December, declared or not (Ord. 5000/107, 2007), so the closing hours are
 * checked on every shift starting in those days, whatever was declared: past 23:00 from 10 to 23 December and
 * past 20:00 on 24 and 31 December (by the clock of the site). Dated on the shift's day, with the time past the limit.
 */
function decemberAlerts(alerts: PlanAlert[], first: number, last: number, plan: PlacedPlan, zone: string): void {
  for (let n = first; n <= last; n++) {
    const instance = plan.placed[n - plan.base];
    if (!instance) continue;
    const date = instance.date;
    if (date.slice(5, 7) !== '12') continue;
    const day = Number(date.slice(8, 10));
    const eve = day === 24 || day === 31;
    if (!eve && (day < DECEMBER_LATE_FROM_DAY || day > DECEMBER_LATE_TO_DAY)) continue;
    const close = localToInstant(zone, date, eve ? DECEMBER_EVE_CLOSE_SECONDS : DECEMBER_CLOSE_SECONDS);
    if (instance.end <= close) continue;
    const past = (instance.end - close) / 1000;
    alerts.push({
      code: 'turno_despues_de_hora_diciembre',
      date,
      message: eve
        ? `Turno ${instance.label} del ${dayMonthYear(date)} con ${hours(past)} después de las 20:00: el 24 y el 31 de diciembre ningún trabajador del comercio puede trabajar más allá de las 20:00 (art. 24).`
        : `Turno ${instance.label} del ${dayMonthYear(date)} con ${hours(past)} después de las 23:00: en los días previos a Navidad ningún trabajador del comercio puede trabajar más allá de las 23:00 (art. 24).`,
      value: past,
      limit: 0,
    });
  }
}

const MONTHS = ['Enero', 'Febrero', 'Marzo', 'Abril', 'Mayo', 'Junio', 'Julio', 'Agosto', 'Septiembre', 'Octubre', 'Noviembre', 'Diciembre'];

/**
 * Two Sundays of rest per calendar month for a worker excepted from Sunday rest (art. 38 inc. 4), in each
 * month touching [first, last], read from the whole plan given (`entryOn`: beyond the evaluated weeks too, so
 * callers load whole months). A Sunday planned as rest counts; so does one with no plan entry (not planned
 * yet, not loaded, or outside the contract), since it may still be planned as rest: like an
 * «incompleta» week, a month is alerted only once its planned working Sundays already leave fewer than two
 * possible. Workers `sundayRestExclusion` leaves out (20 weekly hours or fewer, a contract of 30 days or fewer,
 * work only on Saturdays, Sundays and holidays among the month's planned shifts) get no alert. The alert is
 * dated on the month's last Sunday planned as work, so it shows in that week.
 */
function sundayRestAlerts(
  alerts: PlanAlert[],
  first: number,
  last: number,
  entryOn: (date: LocalDate) => PlanEntry | undefined,
  holidays: HolidayLookup,
  contract: { contractFrom: LocalDate; contractTo: LocalDate | null; excepted?: SundayRestException },
  agreed: AgreedWeeklyHours | null,
): void {
  const firstMonth = civilFromDays(first);
  const lastMonth = civilFromDays(last);
  for (let k = firstMonth.year * 12 + firstMonth.month - 1; k <= lastMonth.year * 12 + lastMonth.month - 1; k++) {
    const y = Math.floor(k / 12);
    const m = (k % 12) + 1;
    const monthFirst = daysFromCivil(y, m, 1);
    const monthLast = monthFirst + daysInMonth(y, m) - 1;
    // A month the exception does not reach: the worker rests on Sundays by law (art. 35), no count of two.
    if (contract.excepted && !exceptedFromSundayRestWithin(contract.excepted, fromDayNumber(monthFirst), fromDayNumber(monthLast))) continue;
    const workedSundays: number[] = [];
    const workDates: LocalDate[] = [];
    let sundays = 0;
    for (let n = monthFirst; n <= monthLast; n++) {
      const date = fromDayNumber(n);
      const worked = entryOn(date)?.kind === 'turno';
      if (worked) workDates.push(date);
      if (weekdayOfDayNumber(n) !== 7) continue;
      sundays++;
      if (worked) workedSundays.push(n);
    }
    const possibleRest = sundays - workedSundays.length;
    if (possibleRest >= MIN_SUNDAYS_OFF_PER_MONTH) continue;
    const monthEnd = fromDayNumber(monthLast);
    const exclusion = sundayRestExclusion({
      agreedWeeklyHours: agreedWeeklyHoursOn(agreed, monthEnd),
      contractFrom: contract.contractFrom,
      contractTo: contract.contractTo,
      workDates,
      isHoliday: (d) => holidays(d) !== undefined,
    });
    if (exclusion) continue;
    const date = fromDayNumber(workedSundays[workedSundays.length - 1]!);
    alerts.push({
      code: 'domingos_de_descanso_insuficientes',
      date,
      message: `${MONTHS[m - 1]} de ${y}: ${sundaysText(workedSundays.length)} de ${sundays} con turno (${workedSundays.map((n) => dayMonthYear(fromDayNumber(n))).join(', ')}); ${possibleRest === 1 ? 'queda' : 'quedan'} ${sundaysText(possibleRest)} de descanso y la ley exige al menos 2 en cada mes calendario (art. 38 inc. 4).`,
      value: possibleRest,
      limit: MIN_SUNDAYS_OFF_PER_MONTH,
    });
  }
}

/** The rest of an irrenunciable holiday for commerce starts at 21:00 the day before (Ley 19.973 art. 2)… */
const IRRENUNCIABLE_REST_FROM_SECONDS = 21 * 3600;
/** …at 20:00 when the day before is 31 December, when commerce closes at 20:00 (art. 24 inc. final)… */
const NEW_YEAR_EVE_CLOSE_SECONDS = 20 * 3600;
/** …and ends at 06:00 the day after. */
const IRRENUNCIABLE_REST_TO_SECONDS = 6 * 3600;

/**
 * Shifts with hours in the rest of an irrenunciable holiday, for commerce workers: from 21:00 the day
 * before (20:00 on 31 December) to 06:00 the day after, by the clock (Ley 19.973 art. 2). A shift is
 * alerted in the period where it is planned and in the one that holds the holiday: planning December
 * shows the 31 December night shift that reaches 1 January. The alert is dated on the holiday.
 */
function irrenunciableAlerts(
  alerts: PlanAlert[],
  first: number,
  last: number,
  plan: PlacedPlan,
  zone: string,
  holidays: HolidayLookup,
): void {
  const span = plan.placed.length;
  for (let n = Math.max(first - 1, plan.base); n <= Math.min(last + 1, plan.base + span - 1); n++) {
    const instance = plan.placed[n - plan.base];
    if (!instance) continue;
    const date = instance.date;
    const plannedInside = n >= first && n <= last;
    // The holidays whose rest this shift can touch: from the day after its start's eve to the day after its end.
    const lastDay = localDayNumberOf(zone, instance.end - 1) + 1;
    for (let d = localDayNumberOf(zone, instance.start) - 1; d <= lastDay; d++) {
      if (!plannedInside && (d < first || d > last)) continue;
      const holidayDate = fromDayNumber(d);
      const holiday = holidays(holidayDate);
      if (!holiday?.irrenunciable) continue;
      const eve = fromDayNumber(d - 1);
      const restFrom = localToInstant(zone, eve, eve.endsWith('-12-31') ? NEW_YEAR_EVE_CLOSE_SECONDS : IRRENUNCIABLE_REST_FROM_SECONDS);
      const restTo = localToInstant(zone, fromDayNumber(d + 1), IRRENUNCIABLE_REST_TO_SECONDS);
      const from = Math.max(instance.start, restFrom);
      const to = Math.min(instance.end, restTo);
      if (to <= from) continue;
      const withinDay = d === n && instance.start >= startOfLocalDayNumber(zone, d) && instance.end <= startOfLocalDayNumber(zone, d + 1);
      alerts.push({
        code: 'turno_en_feriado_irrenunciable',
        date: holidayDate,
        message: withinDay
          ? `Turno planificado el ${dayMonthYear(holidayDate)} (${holiday.name}), feriado irrenunciable para trabajadores del comercio.`
          : `Turno ${instance.label} del ${dayMonthYear(date)} con ${hours((to - from) / 1000)} en el descanso del ${dayMonthYear(holidayDate)} (${holiday.name}), feriado irrenunciable para trabajadores del comercio: va de las ${eve.endsWith('-12-31') ? '20:00' : '21:00'} del día anterior a las 06:00 del día siguiente.`,
        value: (to - from) / 1000,
        limit: 0,
      });
    }
  }
}

/**
 * Whether some day of the week starting on `monday` (a day number) has no plan entry: not planned yet
 * (the horizon of what is planned) or outside the contract. Such a week is «incompleta», not short of days.
 */
function isIncompleteWeek(plan: Pick<PlacedPlan, 'base' | 'entries'>, monday: number): boolean {
  for (let i = 0; i < 7; i++) if (plan.entries[monday + i - plan.base] === undefined) return true;
  return false;
}
