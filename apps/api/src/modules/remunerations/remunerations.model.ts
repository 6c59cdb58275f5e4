/**
 * Pure translation of the domain's pay variables into what the remunerations API serves and exports:
 * a worker's row, the totals of a filter and the payroll export's columns. No rule is computed here.
 */
import type {
  COLUMNAS_EXPORTACION_REMUNERACIONES} from '@jornada/contracts';
import {
  type PermisoRemuneracion,
  type RemuneracionTrabajador,
  type SemanaRemuneracion,
  type TotalesRemuneraciones,
} from '@jornada/contracts';
import { addDays, formatDurationEs, formatRut, type RemunerationVariables } from '@jornada/domain';
import type { OvertimeCompliance } from '../overtime/index';
import type { PayWorkerRow } from './remunerations.repository';

/** The first and last days of a payroll month `YYYYMM`. */
export function monthBounds(periodo: string): { from: string; to: string } {
  const from = `${periodo.slice(0, 4)}-${periodo.slice(4, 6)}-01`;
  const next = addDays(`${from.slice(0, 8)}28`, 4);
  return { from, to: addDays(`${next.slice(0, 8)}01`, -1) };
}


type Identity = Pick<RemuneracionTrabajador, 'usuarioId' | 'nombre' | 'apellidos' | 'rut' | 'idEmpleado' | 'numeroContrato' | 'cargo' | 'grupo' | 'sede'>;

/**
 * Who the worker is, as the page shows them now: a stored row (remuneration_rows) is served with these read
 * with the page, so renaming a worker, a group or a site needs no row computed again.
 */
export function identityOf(w: PayWorkerRow): Identity {
  return {
    usuarioId: w.id,
    nombre: w.nombre,
    apellidos: w.apellidos,
    rut: formatRut(w.rut) ?? w.rut,
    idEmpleado: w.rut,
    numeroContrato: w.numeroContrato ?? '1',
    cargo: w.cargo,
    grupo: w.groupId ? { id: w.groupId, nombre: w.groupNombre ?? '' } : null,
    sede: w.siteId ? { id: w.siteId, nombre: w.siteNombre ?? '' } : null,
  };
}

/**
 * A worker's row: money only when the worker has a base salary (computed with 0 otherwise and hidden).
 * The overtime compliance problems of the month's days are flagged when the month pays overtime: a day's
 * overtime that the week compensated (lateness elsewhere) is neither paid nor flagged.
 */
export function workerRow(w: PayWorkerRow, v: RemunerationVariables, typeNames: ReadonlyMap<string, string>, found?: OvertimeCompliance): RemuneracionTrabajador {
  const compliance = v.overtime.seconds > 0 ? found : undefined;
  const paid = w.sueldoBase !== null;
  const money = (value: number): number | null => (paid ? value : null);
  const permisos: PermisoRemuneracion[] = [
    ...v.permissions.map((p) => ({ tipo: p.type, nombre: typeNames.get(p.type) ?? p.type, pagado: p.paid, unidad: p.unit, dias: p.days, segundos: 0, descuento: money(p.deduction) })),
    ...v.permissionHours.map((p) => ({ tipo: p.type, nombre: typeNames.get(p.type) ?? p.type, pagado: p.paid, unidad: 'horas', dias: 0, segundos: p.seconds, descuento: money(p.deduction) })),
  ];
  const alertas = v.alerts.map((a) => ({ codigo: a.code as string, fecha: (a.date as string) || null, mensaje: a.message }));
  if (!paid) alertas.unshift({ codigo: 'sin_sueldo_base', fecha: null, mensaje: 'El trabajador no tiene sueldo base registrado: los valores en pesos no se calculan. Regístrelo en su ficha.' });
  if (compliance) alertas.push({ codigo: 'horas_extra_incumplimiento', fecha: null, mensaje: complianceMessage(compliance) });
  if (w.horasSemanales === null) {
    alertas.unshift({ codigo: 'sin_horas_pactadas', fecha: null, mensaje: `El trabajador no tiene horas semanales pactadas: se usan las ${v.weeklyHoursUsed} horas del máximo legal.` });
  }
  return {
    ...identityOf(w),
    sueldoBase: w.sueldoBase,
    horasSemanales: w.horasSemanales,
    diasTrabajados: v.daysWorked,
    ausencias: { dias: v.unjustifiedAbsenceDays, valor: money(v.unjustifiedAbsenceDeduction) },
    faltante: {
      segundos: v.shortfallSeconds,
      atrasoSegundos: v.lateSecondsAfterCompensation,
      salidaAnticipadaSegundos: v.earlyLeaveSecondsAfterCompensation,
      valor: money(v.shortfallDeduction),
    },
    horasExtra: {
      recargoPorcentaje: v.overtime.surchargePercent,
      segundos: v.overtime.seconds,
      dentroLimiteSegundos: v.overtime.withinLimitSeconds,
      sobreLimiteSegundos: v.overtime.beyondLimitSeconds,
      valorHora: money(v.overtime.hourValue),
      valor: money(v.overtime.amount),
      encontradasSegundos: v.weeks.reduce((sum, w) => sum + w.netOvertimeSeconds, 0),
      sobrePactadaSegundos: v.overtime.overAgreedSeconds,
      confirmadasSegundos: v.overtime.confirmedSeconds ?? 0,
      incumplimiento: {
        sinPactoSegundos: compliance?.withoutPactSeconds ?? 0,
        sobreDosHorasSegundos: compliance?.beyondTwoHoursSeconds ?? 0,
        diaDescansoSegundos: compliance?.restDaySeconds ?? 0,
        dias: compliance?.days ?? 0,
      },
      compensadasFeriadoSegundos: v.overtime.compensatedRestSeconds,
      feriadoNoUsadoSegundos: v.overtimeRestPayout.seconds,
      feriadoNoUsadoValor: money(v.overtimeRestPayout.amount),
    },
    domingosTrabajados: v.sundaysWorked,
    festivosTrabajados: v.holidaysWorked,
    domingosOFestivosTrabajados: v.sundaysOrHolidaysWorked,
    exceptuadoDescansoDominical: w.exceptuadoDescansoDominical,
    domingoOrdinarioSegundos: v.sundaySurcharge.seconds,
    recargoDominicalPorcentaje: v.sundaySurcharge.percent,
    recargoDominicalMonto: money(v.sundaySurcharge.amount),
    permisos,
    descuentoPermisos: money(permisos.reduce((sum, p) => sum + (p.descuento ?? 0), 0)),
    diasPendientes: v.pendingDays,
    valorDia: money(v.dayValue),
    valorHoraOrdinaria: money(v.ordinaryHourValue),
    horasSemanalesUsadas: v.weeklyHoursUsed,
    alertas,
  };
}

/**
 * A row stored at a month's close as the API serves it now: fields added after the close read as
 * their neutral value (no Sunday exception, no Sunday ordinary hours, no surcharge).
 */
type SundayFields = 'exceptuadoDescansoDominical' | 'domingoOrdinarioSegundos' | 'recargoDominicalPorcentaje' | 'recargoDominicalMonto';
type HorasExtra = RemuneracionTrabajador['horasExtra'];
type LaterOvertimeFields = 'incumplimiento' | 'compensadasFeriadoSegundos' | 'feriadoNoUsadoSegundos' | 'feriadoNoUsadoValor';
export type StoredRemuneracion = Omit<RemuneracionTrabajador, SundayFields | 'horasExtra'> &
  Partial<Pick<RemuneracionTrabajador, SundayFields>> & { horasExtra: Omit<HorasExtra, LaterOvertimeFields> & Partial<Pick<HorasExtra, LaterOvertimeFields>> };

const NO_COMPLIANCE_PROBLEM: HorasExtra['incumplimiento'] = { sinPactoSegundos: 0, sobreDosHorasSegundos: 0, diaDescansoSegundos: 0, dias: 0 };

export function storedRow(row: StoredRemuneracion): RemuneracionTrabajador {
  return {
    ...row,
    horasExtra: {
      ...row.horasExtra,
      incumplimiento: row.horasExtra.incumplimiento ?? NO_COMPLIANCE_PROBLEM,
      compensadasFeriadoSegundos: row.horasExtra.compensadasFeriadoSegundos ?? 0,
      feriadoNoUsadoSegundos: row.horasExtra.feriadoNoUsadoSegundos ?? 0,
      feriadoNoUsadoValor: row.horasExtra.feriadoNoUsadoValor === undefined ? (row.sueldoBase === null ? null : 0) : row.horasExtra.feriadoNoUsadoValor,
    },
    exceptuadoDescansoDominical: row.exceptuadoDescansoDominical ?? false,
    domingoOrdinarioSegundos: row.domingoOrdinarioSegundos ?? 0,
    recargoDominicalPorcentaje: row.recargoDominicalPorcentaje ?? null,
    recargoDominicalMonto: row.recargoDominicalMonto === undefined ? (row.sueldoBase === null ? null : 0) : row.recargoDominicalMonto,
  };
}

export function weekRows(v: RemunerationVariables, paid: boolean): SemanaRemuneracion[] {
  return v.weeks.map((w) => ({
    lunes: w.from,
    domingo: w.to,
    faltanteSegundos: w.shortfallSeconds,
    faltanteValor: paid ? w.shortfallDeduction : null,
    extraNetaSegundos: w.netOvertimeSeconds,
    extraSobrePactadaSegundos: w.overAgreedSeconds,
    extraAprobadaSegundos: w.approvedOvertimeSeconds,
    extraPagadaSegundos: w.payableOvertimeSeconds,
    extraValor: paid ? w.overtimeAmount : null,
  }));
}

/** The totals a worker's row adds to (all but the count of workers and of those without a salary). */
export type SummedPayKey = Exclude<keyof TotalesRemuneraciones, 'trabajadores' | 'sinSueldo'>;

/**
 * What one row adds to each summed total: the one definition of the page's totals, which totalsOf adds up in
 * memory and remuneration_rows keeps beside each stored row (one column per key, snake_case) for SQL to add up.
 */
export function rowSums(r: RemuneracionTrabajador): Record<SummedPayKey, number> {
  let permisosPagadosDias = 0;
  let permisosNoPagadosDias = 0;
  for (const p of r.permisos) {
    if (p.pagado) permisosPagadosDias += p.dias;
    else permisosNoPagadosDias += p.dias;
  }
  return {
    diasTrabajados: r.diasTrabajados,
    ausenciasDias: r.ausencias.dias,
    ausenciasValor: r.ausencias.valor ?? 0,
    faltanteSegundos: r.faltante.segundos,
    faltanteValor: r.faltante.valor ?? 0,
    horasExtraSegundos: r.horasExtra.segundos,
    horasExtraValor: r.horasExtra.valor ?? 0,
    domingosOFestivosTrabajados: r.domingosOFestivosTrabajados,
    domingoOrdinarioSegundos: r.domingoOrdinarioSegundos,
    recargoDominicalMonto: r.recargoDominicalMonto ?? 0,
    permisosPagadosDias,
    permisosNoPagadosDias,
    descuentoPermisos: r.descuentoPermisos ?? 0,
    diasPendientes: r.diasPendientes,
  };
}

const SUMMED: Record<SummedPayKey, true> = {
  diasTrabajados: true,
  ausenciasDias: true,
  ausenciasValor: true,
  faltanteSegundos: true,
  faltanteValor: true,
  horasExtraSegundos: true,
  horasExtraValor: true,
  domingosOFestivosTrabajados: true,
  domingoOrdinarioSegundos: true,
  recargoDominicalMonto: true,
  permisosPagadosDias: true,
  permisosNoPagadosDias: true,
  descuentoPermisos: true,
  diasPendientes: true,
};
export const SUMMED_PAY_KEYS = Object.keys(SUMMED) as SummedPayKey[];

/** A summed total's column in remuneration_rows: `diasTrabajados` → `dias_trabajados`. */
export const payColumn = (key: SummedPayKey): string => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

export function emptyTotals(): TotalesRemuneraciones {
  return { trabajadores: 0, ...(Object.fromEntries(SUMMED_PAY_KEYS.map((k) => [k, 0])) as Record<SummedPayKey, number>), sinSueldo: 0 };
}

/** Adds `more` into `into` (totals of disjoint sets of workers). */
export function addTotals(into: TotalesRemuneraciones, more: TotalesRemuneraciones): TotalesRemuneraciones {
  into.trabajadores += more.trabajadores;
  into.sinSueldo += more.sinSueldo;
  for (const k of SUMMED_PAY_KEYS) into[k] += more[k];
  return into;
}

export function totalsOf(rows: readonly RemuneracionTrabajador[]): TotalesRemuneraciones {
  const t = emptyTotals();
  for (const r of rows) {
    const sums = rowSums(r);
    for (const k of SUMMED_PAY_KEYS) t[k] += sums[k];
    t.trabajadores++;
    if (r.sueldoBase === null) t.sinSueldo++;
  }
  return t;
}

export type ExportColumnName = (typeof COLUMNAS_EXPORTACION_REMUNERACIONES)[number];
export type ExportRecord = Record<ExportColumnName, string | number | null>;

const minutes = (seconds: number) => Math.round((seconds / 60) * 100) / 100;
const hours = (seconds: number) => Math.round((seconds / 3600) * 100) / 100;

/** One worker's line of the payroll export (`proceso` is the month YYYYMM). Minutes and hours to two decimals. */
export function exportRecord(r: RemuneracionTrabajador, periodo: string): ExportRecord {
  const unpaid = r.permisos.filter((p) => !p.pagado);
  return {
    id_empleado: r.idEmpleado,
    numero_contrato: r.numeroContrato,
    proceso: periodo,
    rut: r.rut,
    nombre: r.nombre,
    apellidos: r.apellidos,
    cargo: r.cargo ?? '',
    grupo: r.grupo?.nombre ?? '',
    sede: r.sede?.nombre ?? '',
    sueldo_base: r.sueldoBase,
    dias_trabajados: r.diasTrabajados,
    dias_ausencia_injustificada: r.ausencias.dias,
    valor_ausencias: r.ausencias.valor,
    minutos_faltantes: minutes(r.faltante.segundos),
    minutos_atraso: minutes(r.faltante.atrasoSegundos),
    minutos_salida_anticipada: minutes(r.faltante.salidaAnticipadaSegundos),
    valor_faltante: r.faltante.valor,
    horas_extra_50: hours(r.horasExtra.segundos),
    valor_hora_extra: r.horasExtra.valorHora,
    valor_horas_extra: r.horasExtra.valor,
    horas_extra_confirmadas: hours(r.horasExtra.confirmadasSegundos),
    horas_extra_sin_pacto: hours(r.horasExtra.incumplimiento.sinPactoSegundos),
    horas_extra_sobre_2h: hours(r.horasExtra.incumplimiento.sobreDosHorasSegundos),
    horas_extra_dia_descanso: hours(r.horasExtra.incumplimiento.diaDescansoSegundos),
    horas_extra_compensadas_feriado: hours(r.horasExtra.compensadasFeriadoSegundos),
    horas_extra_feriado_no_usado: hours(r.horasExtra.feriadoNoUsadoSegundos),
    valor_horas_extra_feriado_no_usado: r.horasExtra.feriadoNoUsadoValor,
    domingos_trabajados: r.domingosTrabajados,
    festivos_trabajados: r.festivosTrabajados,
    horas_domingo_ordinarias: hours(r.domingoOrdinarioSegundos),
    recargo_dominical_porcentaje: r.recargoDominicalPorcentaje,
    valor_recargo_dominical: r.recargoDominicalMonto,
    dias_permiso_con_goce: r.permisos.filter((p) => p.pagado).reduce((s, p) => s + p.dias, 0),
    dias_permiso_sin_goce: unpaid.reduce((s, p) => s + p.dias, 0),
    horas_permiso_sin_goce: hours(unpaid.reduce((s, p) => s + p.segundos, 0)),
    descuento_permisos: r.descuentoPermisos,
    dias_pendientes: r.diasPendientes,
    permisos_por_tipo: r.permisos
      .map((p) => `${p.tipo} ${p.pagado ? 'con goce' : 'sin goce'}: ${p.unidad === 'horas' ? `${hours(p.segundos)} h` : `${p.dias} ${p.dias === 1 ? 'día' : 'días'}`}`)
      .join(', '),
  };
}

/** The payroll alert of a worker's overtime compliance problems, in Spanish: paid all the same, to be corrected by the employer. */
function complianceMessage(c: OvertimeCompliance): string {
  const parts = [
    ...(c.withoutPactSeconds > 0 ? [`${formatDurationEs(c.withoutPactSeconds)} sin pacto vigente (art. 32)`] : []),
    ...(c.beyondDecemberExtensionSeconds > 0 ? [`${formatDurationEs(c.beyondDecemberExtensionSeconds)} más allá de la extensión de jornada de diciembre, que no admite pacto (art. 24)`] : []),
    ...(c.beyondTwoHoursSeconds > 0 ? [`${formatDurationEs(c.beyondTwoHoursSeconds)} sobre 2 horas al día (art. 31)`] : []),
    ...(c.restDaySeconds > 0 ? [`${formatDurationEs(c.restDaySeconds)} en día de descanso o feriado`] : []),
  ];
  const what = parts.length ? parts.join('; ') : 'horas extra sobre el máximo diario del pacto';
  return `Horas extra con incumplimiento en ${c.days === 1 ? '1 día' : `${c.days} días`}: ${what}. Se pagan igual; el empleador debe regularizarlo.`;
}
