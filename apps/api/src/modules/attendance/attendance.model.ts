/**
 * Pure translation between the domain engine's results and what the attendance module stores and
 * serves: a stored day (columns + the day as the API shows it), its Spanish explanation, the board
 * status (the engine's status read against the clock) and the period totals from stored sums.
 * No rule is computed here: every figure is a field of a DayResult or WeekSummary.
 */
import {
  ESTADOS_ASISTENCIA,
  ESTADOS_DIA,
  TIPO_JORNADA_LABELS,
  TIPO_MARCA_LABELS,
  type DiaTrabajador,
  type EstadoAsistencia,
  type EstadoDia,
  type InconsistenciaDia,
  type PermisoDia,
  type SemanaAsistencia,
  type TotalesAsistencia,
  type TurnoDelDia,
} from '@jornada/contracts';
import {
  AVERAGED_WEEK_CEILING_HOURS,
  DAY_STATUS_LABELS,
  formatDurationEs,
  localClockOf,
  type AveragedDistribution,
  type DayPermission,
  type DayResult,
  type ShiftInstance,
  type ShiftTemplate,
  type SummedTotals,
  type WeekSummary,
} from '@jornada/domain';

/** A worker's averaged distribution pact (art. 22 bis) as the engine takes it, or null without one. */
export function averagedPactOf(w: { jornadaPromedioSemanas: number | null; jornadaPromedioDesde: string | null; jornadaPromedioHasta: string | null }): AveragedDistribution | null {
  return w.jornadaPromedioSemanas !== null && w.jornadaPromedioDesde !== null ? { cycleWeeks: w.jornadaPromedioSemanas, from: w.jornadaPromedioDesde, to: w.jornadaPromedioHasta } : null;
}

/** The day as stored in `attendance_days.result` (what the API shows, less what depends on the clock). */
export type StoredDay = Omit<DiaTrabajador, 'estado' | 'calculadoEn'>;
/** A week as stored on its Sunday's row. */
export type StoredWeek = Omit<SemanaAsistencia, 'liquidadaEnPeriodo'>;

/** The stored row of one evaluated day, before the company and worker ids. */
export interface DayRowValues {
  fecha: string;
  status: EstadoDia;
  planKind: string;
  plannedSeconds: number;
  workedSeconds: number;
  ordinarySeconds: number;
  missingSeconds: number;
  justifiedSeconds: number;
  lateSeconds: number;
  earlyLeaveSeconds: number;
  breakSeconds: number;
  overtimeSeconds: number;
  overtimeWithinLimitSeconds: number;
  overtimeBeyondLimitSeconds: number;
  /** Planned time over the week's agreed hours given to this day (art. 30), overtime beside `overtimeSeconds`. */
  overtimeOverAgreedSeconds: number;
  sundaySeconds: number;
  holidaySeconds: number;
  /** The Sundays and holidays the day's work touched by the clock. */
  sundayHolidayWork: { date: string; sunday: boolean; holiday: boolean }[];
  inconsistencyCount: number;
  inconsistencyCodes: string[];
  shiftStart: Date | null;
  shiftEnd: Date | null;
  firstEntry: Date | null;
  lastExit: Date | null;
  week: StoredWeek | null;
  result: StoredDay;
}

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());
const hhmm = (zone: string, ms: number | null): string | null => (ms === null ? null : localClockOf(zone, ms).slice(0, 5));

function turnoOf(instance: ShiftInstance | null, template: ShiftTemplate | undefined): TurnoDelDia | null {
  if (!instance) return null;
  return {
    etiqueta: instance.label,
    inicio: (template?.start ?? instance.label.split('–')[0] ?? '').slice(0, 5),
    fin: (template?.end ?? instance.label.split('–')[1] ?? '').slice(0, 5),
    inicioInstante: new Date(instance.start).toISOString(),
    finInstante: new Date(instance.end).toISOString(),
    colacionSegundos: instance.breakSeconds,
    toleranciaAtrasoSegundos: instance.lateToleranceSeconds,
    toleranciaSalidaSegundos: instance.earlyLeaveToleranceSeconds,
  };
}

function permisoOf(p: DayPermission): PermisoDia {
  return { tipo: p.type, pagado: p.paid, unidad: p.unit, horas: p.hours ? { inicio: p.hours.start, fin: p.hours.end } : null, segundos: p.seconds };
}

/**
 * The engine's result of a day in Spanish sentences: plan, holiday, permission, each mark and why, times, status.
 * `excluded`: the worker is excluded from the hours limit (art. 22 inc. 2), as the day was evaluated.
 */
function explainDay(day: DayResult, zone: string, excluded: boolean, averaged: boolean): string[] {
  const lines: string[] = [];
  const shift = day.shift;
  if (day.planKind === 'turno' && shift) {
    lines.push(
      `Turno ${shift.label} planificado: ${formatDurationEs(shift.plannedSeconds)} de trabajo${shift.breakSeconds > 0 ? ` y ${formatDurationEs(shift.breakSeconds)} de colación` : ''}.`,
    );
  } else if (day.planKind === 'libre') lines.push('Día libre según la planificación.');
  else lines.push('Sin planificación para este día.');
  if (excluded) lines.push(`${TIPO_JORNADA_LABELS.excluida}: sin límite de jornada, atrasos, salidas anticipadas ni horas extra; las marcas y lo trabajado se registran igual.`);
  if (day.holiday) {
    lines.push(
      day.planKind === 'turno' && day.plannedSeconds === 0
        ? `Feriado: ${day.holiday.name}. El feriado anula el turno planificado${excluded ? '' : '; lo trabajado es hora extra'}.`
        : `Feriado: ${day.holiday.name}.`,
    );
  }
  if (day.permission) lines.push(`Justificado por permiso «${day.permission.type}» (${day.permission.paid ? 'con goce' : 'sin goce'} de remuneraciones).`);
  for (const p of day.hourPermissions) {
    if (p.hours) lines.push(`Permiso por horas «${p.type}» de ${p.hours.start} a ${p.hours.end}: justifica ${formatDurationEs(p.seconds)}.`);
  }
  const rights = day.parentsRights;
  if (rights && rights.flexibleStartSeconds > 0) {
    lines.push(
      `Banda de inicio flexible (art. 27, Ley 21.561): entró ${formatDurationEs(rights.flexibleStartSeconds)} después del inicio planificado, dentro de su banda; no es atraso y la salida esperada se corre lo mismo.`,
    );
  }
  if (rights && rights.feedingSeconds > 0) {
    const where = rights.feedingMode === 'inicio' ? 'al inicio de la jornada' : rights.feedingMode === 'dividido' ? 'dividida entre el inicio y el final de la jornada' : 'al final de la jornada';
    lines.push(`Derecho a alimentación (art. 206), ${where}: ${formatDurationEs(rights.feedingSeconds)} fuera del trabajo cuentan como trabajados; no son atraso, salida anticipada ni faltante.`);
  }
  for (const a of day.marks) {
    const label = TIPO_MARCA_LABELS[a.mark.kind];
    lines.push(`${label} a las ${localClockOf(zone, a.mark.at)}${a.status === 'ignorada' ? ' (no cuenta)' : ''}: ${a.reason}`);
  }
  if (day.lateSeconds > 0) lines.push(`Atraso de ${formatDurationEs(day.lateSeconds)}, pasada la tolerancia del turno.`);
  if (day.earlyLeaveSeconds > 0) lines.push(`Salida anticipada de ${formatDurationEs(day.earlyLeaveSeconds)}.`);
  if (day.workedSeconds > 0) {
    lines.push(
      `Trabajado: ${formatDurationEs(day.workedSeconds)} (colación descontada: ${formatDurationEs(day.breakSeconds)}); ordinario ${formatDurationEs(day.ordinarySeconds)}${
        day.overtimeSeconds > 0 ? `, sobre lo planificado ${formatDurationEs(day.overtimeSeconds)}` : ''
      }.`,
    );
  }
  if (day.overtimeOverAgreedSeconds > 0 && day.overAgreedBasis) {
    const basis = day.overAgreedBasis;
    const weekly = basis.weeklySeconds % 3600 === 0 ? `${basis.weeklySeconds / 3600} h` : formatDurationEs(basis.weeklySeconds);
    const bound = basis.source === 'pactada' ? `la jornada pactada de ${weekly} semanales` : `el máximo legal de ${weekly} semanales`;
    const extra = formatDurationEs(day.overtimeOverAgreedSeconds);
    if (basis.weekCeiling) {
      lines.push(`Hora extra en la jornada promedio (art. 22 bis): ${extra} de lo planificado, porque la semana pasó las ${AVERAGED_WEEK_CEILING_HOURS} horas ordinarias que ninguna semana del ciclo puede exceder.`);
    } else if (basis.cycleWeeks !== undefined) {
      const cycle = basis.cycleWeeks === 1 ? 'su ciclo de 1 semana' : `su ciclo de ${basis.cycleWeeks} semanas`;
      lines.push(`Hora extra en la jornada promedio (art. 22 bis): ${extra} de lo planificado, porque ${cycle} ya pasó ${bound} en promedio (art. 30).`);
    } else lines.push(`Hora extra sobre ${bound}: ${extra} de lo planificado, porque la semana ya pasó ese límite (art. 30).`);
  }
  if (day.missingSeconds > 0 && day.status === 'presente') {
    lines.push(
      `Faltan ${formatDurationEs(day.missingSeconds)} de lo planificado; ${averaged ? 'el ciclo de la jornada promedio' : 'la semana'} puede compensarlos con tiempo extra de otros días.`,
    );
  }
  if (day.status === 'ausente') lines.push(`Sin marcas ni permiso en un día con turno: ausencia de ${formatDurationEs(day.missingSeconds)}.`);
  if (excluded && day.status === 'libre' && day.planKind === 'turno') {
    lines.push('Sin marcas en un día con turno: no es ausencia, porque quien está excluido de la limitación de jornada no está obligado a registrar su asistencia (DT).');
  }
  for (const i of day.inconsistencies) lines.push(`Inconsistencia: ${i.label}.`);
  if (day.status === 'incompleto') lines.push('El día queda incompleto hasta que se corrijan sus marcas; no se descuenta mientras tanto.');
  if (day.sundaySeconds > 0) lines.push(`Trabajado en domingo: ${formatDurationEs(day.sundaySeconds)}.`);
  if (day.holidaySeconds > 0) lines.push(`Trabajado en feriado: ${formatDurationEs(day.holidaySeconds)}.`);
  lines.push(`Estado: ${DAY_STATUS_LABELS[day.status]}.`);
  return lines;
}

function storedWeek(w: WeekSummary): StoredWeek {
  return {
    lunes: w.from,
    domingo: w.to,
    planificadoSegundos: w.plannedSeconds,
    trabajadoSegundos: w.workedSeconds,
    atrasoSegundos: w.lateSeconds,
    salidaAnticipadaSegundos: w.earlyLeaveSeconds,
    faltanteSegundos: w.missingSeconds,
    compensadoSegundos: w.compensatedSeconds,
    descontableSegundos: w.shortfallSeconds,
    atrasoDescontableSegundos: w.lateAfterCompensationSeconds,
    salidaAnticipadaDescontableSegundos: w.earlyLeaveAfterCompensationSeconds,
    extraNetaSegundos: w.netOvertimeSeconds,
    extraNetaDentroLimiteSegundos: w.netOvertimeWithinLimitSeconds,
    extraNetaSobreLimiteSegundos: w.netOvertimeBeyondLimitSeconds,
    jornadaSemanalSegundos: w.agreedLimitSeconds,
    extraSobrePactadaSegundos: w.overtimeOverAgreedSeconds,
    pendienteSegundos: w.pendingSeconds,
    semanasCiclo: w.cycleWeeks,
  };
}

/**
 * The stored row of a day (its week's or cycle's settlement when it is the unit's last day); `excluded`: evaluated
 * without a jornada (art. 22 inc. 2); `inCycle`: the day is settled in a cycle of an averaged distribution pact (art. 22 bis).
 */
export function dayRow(day: DayResult, zone: string, templates: ReadonlyMap<string, ShiftTemplate>, week: WeekSummary | null, excluded = false, inCycle = false): DayRowValues {
  const inconsistencias: InconsistenciaDia[] = day.inconsistencies.map((i) => ({ codigo: i.code, etiqueta: i.label, marcaIds: [...i.markIds] }));
  const result: StoredDay = {
    fecha: day.date,
    estadoDia: day.status,
    plan: day.planKind,
    turno: turnoOf(day.shift, day.shift?.shiftId !== undefined ? templates.get(day.shift.shiftId) : undefined),
    feriado: day.holiday?.name ?? null,
    esDomingo: day.isSunday,
    permiso: day.permission ? permisoOf(day.permission) : null,
    permisosPorHoras: day.hourPermissions.map(permisoOf),
    marcas: day.marks.map((a) => ({
      id: a.mark.id,
      tipo: a.mark.kind,
      instante: new Date(a.mark.at).toISOString(),
      hora: localClockOf(zone, a.mark.at),
      estado: a.status === 'atribuida' ? 'atribuida' : 'ignorada',
      motivo: a.reason,
    })),
    primeraEntrada: iso(day.firstEntry),
    ultimaSalida: iso(day.lastExit),
    horaEntrada: hhmm(zone, day.firstEntry),
    horaSalida: hhmm(zone, day.lastExit),
    segundos: {
      planificado: day.plannedSeconds,
      trabajado: day.workedSeconds,
      ordinario: day.ordinarySeconds,
      faltante: day.missingSeconds,
      justificado: day.justifiedSeconds,
      atraso: day.lateSeconds,
      salidaAnticipada: day.earlyLeaveSeconds,
      colacion: day.breakSeconds,
      extra: day.overtimeSeconds,
      extraDentroLimite: day.overtimeWithinLimitSeconds,
      extraSobreLimite: day.overtimeBeyondLimitSeconds,
      extraSobrePactada: day.overtimeOverAgreedSeconds,
      domingo: day.sundaySeconds,
      feriado: day.holidaySeconds,
    },
    inconsistencias,
    ...(day.parentsRights
      ? { derechosParentales: { bandaInicioSegundos: day.parentsRights.flexibleStartSeconds, alimentacionSegundos: day.parentsRights.feedingSeconds } }
      : {}),
    explicacion: explainDay(day, zone, excluded, inCycle),
  };
  return {
    fecha: day.date,
    status: day.status,
    planKind: day.planKind,
    plannedSeconds: day.plannedSeconds,
    workedSeconds: day.workedSeconds,
    ordinarySeconds: day.ordinarySeconds,
    missingSeconds: day.missingSeconds,
    justifiedSeconds: day.justifiedSeconds,
    lateSeconds: day.lateSeconds,
    earlyLeaveSeconds: day.earlyLeaveSeconds,
    breakSeconds: day.breakSeconds,
    overtimeSeconds: day.overtimeSeconds,
    overtimeWithinLimitSeconds: day.overtimeWithinLimitSeconds,
    overtimeBeyondLimitSeconds: day.overtimeBeyondLimitSeconds,
    overtimeOverAgreedSeconds: day.overtimeOverAgreedSeconds,
    sundaySeconds: day.sundaySeconds,
    holidaySeconds: day.holidaySeconds,
    sundayHolidayWork: day.sundayHolidayWork.map((w) => ({ date: w.date, sunday: w.sunday, holiday: w.holiday !== null })),
    inconsistencyCount: day.inconsistencies.length,
    inconsistencyCodes: day.inconsistencies.map((i) => i.code),
    // The shift in force: a holiday that lifts the plan leaves nothing expected that day.
    shiftStart: day.shift && day.plannedSeconds > 0 ? new Date(day.shift.start) : null,
    shiftEnd: day.shift && day.plannedSeconds > 0 ? new Date(day.shift.end) : null,
    firstEntry: day.firstEntry === null ? null : new Date(day.firstEntry),
    lastExit: day.lastExit === null ? null : new Date(day.lastExit),
    week: week ? storedWeek(week) : null,
    result,
  };
}

/** How long after a shift's end an open entry still reads as "at work" rather than a missing exit (the engine's attribution window). */
export const OPEN_ENTRY_GRACE_SECONDS = 6 * 3600;
const OPEN_ENTRY_GRACE_MS = OPEN_ENTRY_GRACE_SECONDS * 1000;
/** The one inconsistency that leaves an incomplete day "at work" while its shift runs: an entry still without its exit. */
export const OPEN_ENTRY_CODE = 'entrada_sin_salida';

/** What the board status needs of a stored day. */
interface BoardFacts {
  status: EstadoDia;
  lateSeconds: number;
  shiftEnd: Date | null;
  firstEntry: Date | null;
  /** Codes of the day's inconsistencies. */
  codes: readonly string[];
}

/**
 * A stored day reduced to what its board status and the trend's inconsistency count depend on: the
 * status, whether late, whether it has inconsistencies, whether its only ones are open entries, and the
 * instant from which the clock no longer moves its board status (`settlesAt`, null when it never does).
 * Days with the same group read the same at any instant: the board and the trend count groups, and
 * `attendance_board_rollups` stores their counts per company and date (the same rule in SQL,
 * `BOARD_GROUP_SQL` of attendance.board.repository.ts).
 */
export interface BoardGroup {
  status: EstadoDia;
  late: boolean;
  hasCodes: boolean;
  /** An incomplete day whose every inconsistency is an entry without its exit (false on any other status). */
  openOnly: boolean;
  settlesAt: Date | null;
}

/** The board group of a stored day. */
export function boardGroupOf(day: BoardFacts): BoardGroup {
  const openOnly = day.status === 'incompleto' && day.codes.length > 0 && day.codes.every((c) => c === OPEN_ENTRY_CODE);
  let settlesAt: Date | null = null;
  // A shift that has not ended is not yet an absence.
  if (day.status === 'ausente') settlesAt = day.shiftEnd;
  // An open entry reads as at work until the attribution window after the shift's end (or after the entry, without a shift).
  else if (openOnly) {
    const from = day.shiftEnd ?? day.firstEntry;
    settlesAt = from === null ? null : new Date(from.getTime() + OPEN_ENTRY_GRACE_MS);
  }
  return { status: day.status, late: day.lateSeconds > 0, hasCodes: day.codes.length > 0, openOnly, settlesAt };
}

/** The board status at `now` of every day of a board group (see `boardStatus`). */
export function boardStatusOfGroup(group: BoardGroup, now: Date): { estado: EstadoAsistencia; enJornada: boolean } {
  const running = group.settlesAt !== null && now.getTime() < group.settlesAt.getTime();
  switch (group.status) {
    case 'justificado':
      return { estado: 'con_permiso', enJornada: false };
    case 'libre':
      return { estado: 'descanso', enJornada: false };
    case 'feriado':
      return { estado: 'feriado', enJornada: false };
    case 'ausente':
      return { estado: running ? 'sin_marcar' : 'ausente', enJornada: false };
    case 'presente':
      return { estado: group.late ? 'atrasado' : 'presente', enJornada: false };
    case 'incompleto':
      if (group.openOnly && running) return { estado: group.late ? 'atrasado' : 'presente', enJornada: true };
      return { estado: 'incompleto', enJornada: false };
  }
}

/**
 * The board status of a stored day at `now`: the engine's status, except that a shift that has not
 * ended is not yet an absence (`sin_marcar`) and an entry without exit while the shift (or the
 * attribution window after it) runs is someone at work, not an incomplete day.
 */
export function boardStatus(day: BoardFacts, now: Date): { estado: EstadoAsistencia; enJornada: boolean } {
  return boardStatusOfGroup(boardGroupOf(day), now);
}

/**
 * A stored day's explanation as it reads at `now`: while the shift has not ended, the engine's «Ausente»
 * is not yet an absence, and the explanation says so as the board status does.
 */
export function explanationAt(lines: readonly string[], estado: EstadoAsistencia): string[] {
  if (estado !== 'sin_marcar') return [...lines];
  const absent = `Estado: ${DAY_STATUS_LABELS.ausente}.`;
  return lines.map((line) => (line === absent ? 'Estado: sin marcar aún. El turno no ha terminado: todavía no es una ausencia.' : line));
}

/** The attendance totals the API serves, from the engine's summed totals of stored days. */
export function totalsOf(t: SummedTotals): TotalesAsistencia {
  const byStatus = Object.fromEntries(ESTADOS_DIA.map((e) => [e, t[`daysByStatus.${e}`]])) as Record<EstadoDia, number>;
  return {
    planificadoSegundos: t.plannedSeconds,
    trabajadoSegundos: t.workedSeconds,
    ordinarioSegundos: t.ordinarySeconds,
    justificadoSegundos: t.justifiedSeconds,
    atrasoSegundos: t.lateSeconds,
    salidaAnticipadaSegundos: t.earlyLeaveSeconds,
    extraSegundos: t.foundOvertimeSeconds,
    compensadoSegundos: t.compensatedSeconds,
    descontableSegundos: t.shortfallSeconds,
    atrasoDescontableSegundos: t.lateAfterCompensationSeconds,
    salidaAnticipadaDescontableSegundos: t.earlyLeaveAfterCompensationSeconds,
    extraNetaSegundos: t.netOvertimeSeconds,
    extraNetaDentroLimiteSegundos: t.netOvertimeWithinLimitSeconds,
    extraNetaSobreLimiteSegundos: t.netOvertimeBeyondLimitSeconds,
    pendienteSegundos: t.pendingSeconds,
    domingoSegundos: t.sundaySeconds,
    feriadoSegundos: t.holidaySeconds,
    diasTrabajados: t.daysWorked,
    ausencias: byStatus.ausente,
    diasConAtraso: t.lateDays,
    diasJustificados: byStatus.justificado,
    diasIncompletos: byStatus.incompleto,
    diasConInconsistencias: t.inconsistentDays,
    diasPorEstado: byStatus,
  };
}

/** Every board status with zero, to fill counts. */
export function zeroCounts(): Record<EstadoAsistencia, number> {
  return Object.fromEntries(ESTADOS_ASISTENCIA.map((e) => [e, 0])) as Record<EstadoAsistencia, number>;
}
