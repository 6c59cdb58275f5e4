/**
 * Pure builders of the legal reports' rows: the engine's stored days (read through the attendance
 * module), the planning change log and the incidents log turned into the text cells the screen,
 * Excel, PDF and Word all show. No figure is worked out here: each cell is a field of a stored day,
 * its week's settlement, a change-log entry or an incident, formatted.
 */
import {
  GLOSARIO_REPORTES_LEGALES,
  hhmmss,
  SOLICITADO_POR_LABELS,
  TIPO_JORNADA_LABELS,
  type Asignacion,
  type CambioPlanificacion,
  type FilaReporteLegal,
} from '@jornada/contracts';
import {
  exceptedFromSundayRestWithin,
  EXTRA_SUNDAYS_OFF_PER_YEAR,
  extraSundaysOff,
  localClockOf,
  localDateOf,
  MIN_SUNDAYS_OFF_PER_MONTH,
  sundayRestExceptionOf,
  sundayRestExclusion,
  type AuthorisedSchedule,
  type SundayRestExclusion,
} from '@jornada/domain';
import type { LegalDay, LegalWorker } from './legal-reports.attendance';

export const CHILE_ZONE = 'America/Santiago';
const WEEKDAYS = ['dom', 'lun', 'mar', 'mié', 'jue', 'vie', 'sáb'];

/** `dd/mm/aa` of a local date. */
const shortDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(2, 4)}`;
/** `dd/mm/aaaa` of a local date. */
export const longDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const weekday = (iso: string) => WEEKDAYS[new Date(`${iso}T12:00:00Z`).getUTCDay()]!;
/** The Fecha column: `dd/mm/aa dow`. */
const rowDate = (iso: string) => `${shortDate(iso)} ${weekday(iso)}`;
/** `dd/mm/aaaa hh:mm:ss` of an instant in a zone. */
export function instantText(at: Date | string, zone: string = CHILE_ZONE): string {
  const ms = typeof at === 'string' ? Date.parse(at) : at.getTime();
  return `${longDate(localDateOf(zone, ms))} ${localClockOf(zone, ms)}`;
}

/** The glossary printed on every report. */
export const glossary = () => GLOSARIO_REPORTES_LEGALES.map((g) => ({ ...g }));

const attended = (d: LegalDay) => d.day.segundos.trabajado > 0 || d.day.marcas.some((m) => m.estado === 'atribuida');
const marksOf = (d: LegalDay, kinds: readonly string[], estado: 'atribuida' | 'ignorada') =>
  d.day.marcas.filter((m) => kinds.includes(m.tipo) && m.estado === estado);
const KIND_SHORT: Record<string, string> = { entrada: 'Entrada', salida: 'Salida', inicio_colacion: 'Inicio colación', fin_colacion: 'Fin colación' };

/** Observations shared by a) b) c): permission code, holiday, A.I., S.A., inconsistencies. */
function observations(d: LegalDay): string[] {
  const out: string[] = [];
  if (d.day.feriado) out.push(`Feriado: ${d.day.feriado}`);
  if (d.day.permiso) out.push(`${d.day.permiso.tipo} (${d.day.permiso.pagado ? 'con goce' : 'sin goce'})`);
  for (const p of d.day.permisosPorHoras) if (p.horas) out.push(`${p.tipo} ${p.horas.inicio}–${p.horas.fin}`);
  if (d.day.segundos.atraso > 0) out.push(`A.I. ${hhmmss(d.day.segundos.atraso)}`);
  if (d.day.segundos.salidaAnticipada > 0) out.push(`S.A. ${hhmmss(d.day.segundos.salidaAnticipada)}`);
  // Why an entry after the shift's start is no A.I., or an early exit no S.A.: the contract's parents' rights.
  const rights = d.day.derechosParentales;
  if (rights && rights.bandaInicioSegundos > 0) out.push(`Banda horaria art. 27: inicio corrido ${hhmmss(rights.bandaInicioSegundos)}`);
  if (rights && rights.alimentacionSegundos > 0) out.push(`Alimentación art. 206: ${hhmmss(rights.alimentacionSegundos)}`);
  for (const i of d.day.inconsistencias) out.push(i.etiqueta);
  return out;
}

/**
 * Why a day without marks is no absence: a rest day, nothing planned, or a planned day of a worker excluded
 * from the hours limit (the engine leaves such a day 'libre' only then: art. 22 inc. 2, no obligation to mark).
 */
function restReason(d: LegalDay): string {
  if (d.day.plan === 'libre') return 'Descanso';
  if (d.day.plan === 'turno') return `Sin marcas; ${TIPO_JORNADA_LABELS.excluida.toLowerCase()}`;
  return 'Sin jornada planificada';
}

/** Asistencia (Sí/No), Ausencia (Justificada/Injustificada) and Observaciones of a day. */
function attendanceCells(d: LegalDay): [string, string, string] {
  const obs = observations(d);
  if (d.pending) return ['—', '', ['Jornada en curso', ...obs].join('; ')];
  if (d.status === 'justificado') return ['No', 'Justificada', ['A.J.', ...obs].join('; ')];
  if (d.status === 'ausente') return ['No', 'Injustificada', obs.join('; ')];
  if (d.status === 'libre' && !attended(d)) return ['No', '', [restReason(d), ...obs].join('; ')];
  if (d.status === 'feriado' && !attended(d)) return ['No', '', obs.join('; ')];
  if (d.status === 'incompleto') return ['Sí', '', ['Marcaciones incompletas', ...obs].join('; ')];
  return [attended(d) ? 'Sí' : 'No', '', obs.join('; ')];
}

/** a) Reporte de asistencia: one row per day. */
export function attendanceRows(days: readonly LegalDay[]): FilaReporteLegal[] {
  return days.map((d) => ({ tipo: 'dato', celdas: [rowDate(d.fecha), ...attendanceCells(d)] }));
}

const clockList = (d: LegalDay, kinds: readonly string[], estado: 'atribuida' | 'ignorada') =>
  marksOf(d, kinds, estado)
    .map((m) => `${KIND_SHORT[m.tipo]} ${m.hora}`)
    .join(' · ');

/** The Jornada ordinaria pactada column: the day's shift, or no jornada at all for a worker excluded from the hours limit (art. 22 inc. 2). */
function agreed(d: LegalDay, excluded: boolean): string {
  if (excluded) return TIPO_JORNADA_LABELS.excluida;
  if (d.day.turno) return `J.O. ${d.day.turno.inicio}–${d.day.turno.fin}`;
  if (d.day.plan === 'libre') return 'Descanso';
  return 'Sin planificar';
}

/**
 * The D.E.J. cell of a worker's planned day (art. 38 inc. final): the worker's own DT resolution when in force
 * on the day, else the company's (`companyDej`), else nothing.
 */
export function dejOf(schedule: AuthorisedSchedule | null, companyDej: string | null): (fecha: string) => string {
  return (fecha) =>
    schedule && (schedule.validFrom === null || schedule.validFrom <= fecha) && (schedule.validTo === null || fecha <= schedule.validTo) ? `D.E.J. Res. ${schedule.resolution}` : (companyDej ?? '');
}

/**
 * b) Reporte de jornada diaria: one row per day of `days` within `from`..`to`, and after each week's
 * Sunday the week's total `±hh:mm:ss`: worked plus justified time less the agreed (ordinary) time of
 * the whole Monday–Sunday week, the engine's week settlement and stored days added up (so it equals
 * the week's Tiempo extra less its Tiempo faltante), and the overtime left after compensation. A worker
 * excluded from the hours limit (`excluded`, art. 22 inc. 2) has no jornada: the column says so, and the
 * week's total is the time worked, with nothing to compare it with.
 */
export function dailyWorkdayRows(days: readonly LegalDay[], from: string, to: string, today: string, dej: ((fecha: string) => string) | null, excluded = false): FilaReporteLegal[] {
  const rows: FilaReporteLegal[] = [];
  const width = dej === null ? 9 : 10;
  for (const d of days) {
    if (d.fecha >= from && d.fecha <= to && d.fecha <= today) {
      const s = d.day.segundos;
      const cells = [
        rowDate(d.fecha),
        agreed(d, excluded),
        clockList(d, ['entrada', 'salida'], 'atribuida'),
        d.day.turno && d.day.turno.colacionSegundos > 0 ? hhmmss(d.day.turno.colacionSegundos) : '',
        clockList(d, ['inicio_colacion', 'fin_colacion'], 'atribuida'),
        s.faltante > 0 && !d.pending ? hhmmss(s.faltante) : '',
        s.extra > 0 ? `H.E. ${hhmmss(s.extra)}` : '',
        clockList(d, ['entrada', 'salida', 'inicio_colacion', 'fin_colacion'], 'ignorada'),
        (d.pending ? ['Jornada en curso', ...observations(d)] : d.status === 'justificado' ? ['A.J.', ...observations(d)] : observations(d)).join('; '),
      ];
      if (dej !== null) cells.push(d.day.turno ? dej(d.fecha) : '');
      rows.push({ tipo: 'dato', celdas: cells });
    }
    if (d.week && d.week.lunes <= to && d.week.domingo >= from) {
      const w = d.week;
      const cells = new Array<string>(width).fill('');
      // A cycle of an averaged distribution pact (art. 22 bis) is settled whole, on its last Sunday (rows stored before lack the field).
      const cycle = (w.semanasCiclo ?? null) !== null;
      cells[0] = `Total ${cycle ? `ciclo de jornada promedio (art. 22 bis)` : 'semana'} ${shortDate(w.lunes)} al ${shortDate(w.domingo)}`;
      if (w.domingo > today) cells[8] = 'Semana en curso: el total se calcula al cerrar el domingo';
      else if (excluded) {
        const justified = days.filter((x) => x.fecha >= w.lunes && x.fecha <= w.domingo).reduce((sum, x) => sum + x.day.segundos.justificado, 0);
        cells[1] = TIPO_JORNADA_LABELS.excluida;
        cells[8] = `Sin jornada ordinaria que comparar; trabajado ${hhmmss(w.trabajadoSegundos)}${justified > 0 ? `, justificado ${hhmmss(justified)}` : ''}`;
      } else {
        const justified = days.filter((x) => x.fecha >= w.lunes && x.fecha <= w.domingo).reduce((sum, x) => sum + x.day.segundos.justificado, 0);
        cells[1] = `J.O. ${hhmmss(w.planificadoSegundos)}`;
        cells[8] = [
          `Total semanal ${hhmmss(w.trabajadoSegundos + justified - w.planificadoSegundos, true)}`,
          `trabajado ${hhmmss(w.trabajadoSegundos)}${justified > 0 ? `, justificado ${hhmmss(justified)}` : ''}`,
          `H.E. tras compensación ${hhmmss(w.extraNetaSegundos)}`,
        ].join('; ');
      }
      rows.push({ tipo: 'total', celdas: cells });
    }
  }
  return rows;
}

/** The worker's plan or work includes a Sunday or a holiday in the period (else c) says so). */
const sundayOrHoliday = (d: LegalDay) => d.day.esDomingo || d.day.feriado !== null;
export const includesSundays = (days: readonly LegalDay[]) => days.some((d) => sundayOrHoliday(d) && (d.day.plan === 'turno' || attended(d)));

/** What c) needs of a worker for the Sunday-rest rules of art. 38 inc. 4 and 38 bis. */
type SundayWorker = Pick<
  LegalWorker,
  'horasSemanales' | 'inicioContrato' | 'finContrato' | 'exceptuadoDescansoDominical' | 'exceptuadoDescansoDominicalDesde' | 'exceptuadoDescansoDominicalHasta'
>;

/** Why a worker is outside the two Sundays a month (art. 38 inc. 4), as c) prints it. */
const EXCLUSION_TEXT: Record<SundayRestExclusion, string> = {
  jornada_hasta_20_horas: 'jornada de 20 horas semanales o menos',
  contrato_hasta_30_dias: 'contrato de 30 días o menos',
  solo_fines_de_semana: 'trabaja solo sábados, domingos o festivos',
};

/**
 * c) Reporte de días domingo y/o días festivos: the period's Sundays and holidays, totals per month
 * and for the period. For commerce and for workers excepted from Sunday rest (art. 38), a month with fewer
 * than two Sundays off is flagged (art. 38 inc. 4), unless `sundayRestExclusion` (the plan alerts' same
 * rule) leaves the worker out that month, which the month's total says; the period's total counts, per
 * calendar year, the Sundays off beyond two a month (art. 38 bis: seven a year), over the months shown.
 */
export function sundayRows(days: readonly LegalDay[], commerce: boolean, worker: SundayWorker): FilaReporteLegal[] {
  const rows: FilaReporteLegal[] = [];
  type Tally = { worked: number; absent: number; sundays: number; holidays: number; restSundays: number };
  const zero = (): Tally => ({ worked: 0, absent: 0, sundays: 0, holidays: 0, restSundays: 0 });
  // Commerce always; a worker excepted from Sunday rest in the months their exception reaches (its dates, if any).
  const exception = sundayRestExceptionOf(worker.exceptuadoDescansoDominical, worker.exceptuadoDescansoDominicalDesde, worker.exceptuadoDescansoDominicalHasta);
  const subject = (key: string) => commerce || exceptedFromSundayRestWithin(exception, `${key}-01`, `${key}-31`);
  // The days worked or planned as work, by month: a worker whose are all Saturdays, Sundays or holidays is hired for weekends.
  const workByMonth = new Map<string, string[]>();
  const holidayDates = new Set<string>();
  for (const d of days) {
    if (d.day.feriado) holidayDates.add(d.fecha);
    if (d.day.plan !== 'turno' && !attended(d)) continue;
    const list = workByMonth.get(d.fecha.slice(0, 7));
    if (list) list.push(d.fecha);
    else workByMonth.set(d.fecha.slice(0, 7), [d.fecha]);
  }
  const exclusionOf = (key: string) =>
    sundayRestExclusion({
      agreedWeeklyHours: worker.horasSemanales,
      contractFrom: worker.inicioContrato,
      contractTo: worker.finContrato,
      workDates: workByMonth.get(key) ?? [],
      isHoliday: (date) => holidayDates.has(date),
    });
  const restByYear = new Map<string, number[]>();
  const period = zero();
  let month: string | null = null;
  let tally = zero();
  const total = (label: string, t: Tally, notes: readonly string[]): FilaReporteLegal => ({
    tipo: 'total',
    celdas: [
      label,
      `Asistencias: ${t.worked}`,
      `Ausencias: ${t.absent}`,
      [`Domingos: ${t.sundays}`, `Festivos: ${t.holidays}`, `Domingos de descanso: ${t.restSundays}`, ...notes].join(' · '),
    ],
  });
  const closeMonth = () => {
    if (month === null) return;
    const notes: string[] = [];
    if (subject(month)) {
      const exclusion = exclusionOf(month);
      if (exclusion) notes.push(`Sin mínimo de domingos de descanso: ${EXCLUSION_TEXT[exclusion]} (art. 38 inc. 4)`);
      else {
        if (tally.restSundays < MIN_SUNDAYS_OFF_PER_MONTH) notes.push('Menos de dos domingos de descanso en el mes (art. 38 inc. 4)');
        const year = month.slice(0, 4);
        restByYear.set(year, [...(restByYear.get(year) ?? []), tally.restSundays]);
      }
    }
    rows.push(total(`Total ${month.slice(5, 7)}/${month.slice(0, 4)}`, tally, notes));
  };
  for (const d of days) {
    if (!sundayOrHoliday(d)) continue;
    const key = d.fecha.slice(0, 7);
    if (key !== month) {
      closeMonth();
      month = key;
      tally = zero();
    }
    const [asistencia, ausencia, obs] = attendanceCells(d);
    const kind = [d.day.esDomingo ? 'Domingo' : null, obs || null].filter(Boolean).join('; ');
    const rest = d.day.esDomingo && !attended(d) && d.day.plan !== 'turno';
    rows.push({ tipo: 'dato', celdas: [rowDate(d.fecha), asistencia, ausencia, commerce && rest ? `${kind}; descanso dominical (comercio)` : kind] });
    for (const t of [tally, period]) {
      if (asistencia === 'Sí') t.worked++;
      if (ausencia !== '') t.absent++;
      if (d.day.esDomingo) t.sundays++;
      if (d.day.feriado) t.holidays++;
      if (rest) t.restSundays++;
    }
  }
  closeMonth();
  // Art. 38 bis: seven Sundays off a year beyond the two of each month; counted over the months of the period.
  const extra = [...restByYear].map(([year, months]) => `Domingos de descanso adicionales ${year}: ${extraSundaysOff(months)} de ${EXTRA_SUNDAYS_OFF_PER_YEAR} (art. 38 bis)`);
  rows.push(total('Total del periodo', period, extra));
  return rows;
}

function assignment(a: Asignacion): string {
  if (a.tipo === 'turno' && a.turno) return `${a.turno.codigo} ${a.turno.inicio}–${a.turno.fin}`;
  return a.tipo === 'libre' ? 'Descanso' : 'Sin planificar';
}

/** d) Reporte de modificaciones y/o alteraciones de turnos: one row per change-log entry. */
export function changeRows(changes: readonly CambioPlanificacion[], zone: string): FilaReporteLegal[] {
  return changes.map((c) => {
    const assignedAt = c.fechaAsignacionTurno ?? c.fechaPrimeraAsignacion;
    return {
      tipo: 'dato',
      celdas: [
        assignedAt ? instantText(assignedAt, zone) : '—',
        assignment(c.turnoAnterior),
        c.turnoAnterior.extensionSegundos > 0 ? hhmmss(c.turnoAnterior.extensionSegundos) : '',
        instantText(c.fechaNuevaAsignacion, zone),
        c.inicioTurno ? instantText(c.inicioTurno, zone) : longDate(c.fecha),
        assignment(c.turnoNuevo),
        c.turnoNuevo.extensionSegundos > 0 ? hhmmss(c.turnoNuevo.extensionSegundos) : '',
        SOLICITADO_POR_LABELS[c.solicitadoPor],
        [`C.T. del ${longDate(c.fecha)}`, c.observaciones, c.diaPasado ? 'Cambio de un día pasado' : ''].filter(Boolean).join('; '),
      ],
    };
  });
}

/** f) Reporte de incidentes técnicos: start, end, duration and description. */
export function incidentRows(incidents: readonly { startsAt: Date; endsAt: Date; description: string }[]): FilaReporteLegal[] {
  return incidents.map((i) => ({
    tipo: 'dato',
    celdas: [instantText(i.startsAt), instantText(i.endsAt), hhmmss((i.endsAt.getTime() - i.startsAt.getTime()) / 1000), i.description],
  }));
}
