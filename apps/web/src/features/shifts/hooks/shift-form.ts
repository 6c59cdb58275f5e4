import { colacionToBreak, crearTurnoBodySchema, type ActualizarTurnoBody, type Colacion, type CrearTurnoBody, type Turno } from '@jornada/contracts';
import { localDateOf, shiftLegalWarnings, type ShiftLawWarning } from '@jornada/domain';
import type { FieldErrors, Resolver } from 'react-hook-form';

/** The shift form as edited; `toBody` turns it into the API's body. */
export interface ShiftFormValues {
  nombre: string;
  codigo: string;
  color: string;
  inicio: string;
  fin: string;
  colacionTipo: 'fija' | 'minutos';
  colacionInicio: string;
  colacionFin: string;
  colacionMinutos: number | string;
  toleranciaAtrasoMin: number | string;
  toleranciaSalidaMin: number | string;
  diasPorSemana: number | string;
  /** Sites where the shift is used and job titles that may take it (empty: all), as the automatic roster reads them. */
  sedeIds: string[];
  cargos: string[];
  actualizarPlanificacionFutura: boolean;
  /** «Entiendo que este turno no cumple…»: saves a shift with legal warnings (the API refuses it otherwise). */
  confirmarAdvertencias: boolean;
}

/** Fields that can carry a server message (`colacion` is the break group as a whole). */
export const SHIFT_FIELD_NAMES = [
  'nombre',
  'codigo',
  'color',
  'inicio',
  'fin',
  'colacion',
  'toleranciaAtrasoMin',
  'toleranciaSalidaMin',
  'diasPorSemana',
  'sedeIds',
  'cargos',
  'confirmarAdvertencias',
] as const;

/** Readable colours (each gets dark or white text by contrast) offered by the colour picker. */
export const SHIFT_SWATCHES = [
  '#0b7a6e',
  '#1c7ed6',
  '#5f3dc4',
  '#c2255c',
  '#e8590c',
  '#f59f00',
  '#2f9e44',
  '#66d9e8',
  '#b197fc',
  '#ffa8a8',
  '#ced4da',
  '#343a40',
];

export const EMPTY_SHIFT_FORM: ShiftFormValues = {
  nombre: '',
  codigo: '',
  color: '#1c7ed6',
  inicio: '09:00',
  fin: '18:00',
  colacionTipo: 'fija',
  colacionInicio: '13:00',
  colacionFin: '14:00',
  colacionMinutos: 60,
  toleranciaAtrasoMin: 0,
  toleranciaSalidaMin: 0,
  diasPorSemana: 5,
  sedeIds: [],
  cargos: [],
  actualizarPlanificacionFutura: false,
  confirmarAdvertencias: false,
};

export function valuesFromShift(shift: Turno): ShiftFormValues {
  return {
    nombre: shift.nombre,
    codigo: shift.codigo,
    color: shift.color,
    inicio: shift.inicio,
    fin: shift.fin === '24:00' ? '00:00' : shift.fin,
    colacionTipo: shift.colacion.tipo,
    colacionInicio: shift.colacion.tipo === 'fija' ? shift.colacion.inicio : '13:00',
    colacionFin: shift.colacion.tipo === 'fija' ? shift.colacion.fin : '14:00',
    colacionMinutos: shift.colacion.tipo === 'minutos' ? shift.colacion.minutos : 60,
    toleranciaAtrasoMin: shift.toleranciaAtrasoMin,
    toleranciaSalidaMin: shift.toleranciaSalidaMin,
    diasPorSemana: shift.diasPorSemana,
    sedeIds: shift.sedeIds,
    cargos: shift.cargos,
    actualizarPlanificacionFutura: false,
    confirmarAdvertencias: false,
  };
}

function toNumber(value: number | string): number {
  return typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value);
}

function colacionOf(values: ShiftFormValues): Colacion {
  return values.colacionTipo === 'fija'
    ? { tipo: 'fija', inicio: values.colacionInicio, fin: values.colacionFin }
    : { tipo: 'minutos', minutos: toNumber(values.colacionMinutos) };
}

export function toCreateBody(values: ShiftFormValues): CrearTurnoBody {
  return {
    nombre: values.nombre,
    codigo: values.codigo,
    color: values.color,
    inicio: values.inicio,
    fin: values.fin,
    colacion: colacionOf(values),
    toleranciaAtrasoMin: toNumber(values.toleranciaAtrasoMin),
    toleranciaSalidaMin: toNumber(values.toleranciaSalidaMin),
    diasPorSemana: toNumber(values.diasPorSemana),
    sedeIds: values.sedeIds,
    cargos: values.cargos,
    confirmarAdvertencias: values.confirmarAdvertencias,
  };
}

/** Only what changed, so a rename does not make a new version of the shift. */
export function toUpdateBody(values: ShiftFormValues, shift: Turno): ActualizarTurnoBody {
  const { confirmarAdvertencias, ...next } = toCreateBody(values);
  const body: ActualizarTurnoBody = {};
  if (next.nombre !== shift.nombre) body.nombre = next.nombre;
  if (next.codigo.toLocaleUpperCase('es-CL') !== shift.codigo) body.codigo = next.codigo;
  if (next.color.toLowerCase() !== shift.color) body.color = next.color;
  if (next.inicio !== shift.inicio) body.inicio = next.inicio;
  if (next.fin !== shift.fin && !(next.fin === '00:00' && shift.fin === '24:00')) body.fin = next.fin;
  if (JSON.stringify(next.colacion) !== JSON.stringify(shift.colacion)) body.colacion = next.colacion;
  if (next.toleranciaAtrasoMin !== shift.toleranciaAtrasoMin) body.toleranciaAtrasoMin = next.toleranciaAtrasoMin;
  if (next.toleranciaSalidaMin !== shift.toleranciaSalidaMin) body.toleranciaSalidaMin = next.toleranciaSalidaMin;
  if (next.diasPorSemana !== shift.diasPorSemana) body.diasPorSemana = next.diasPorSemana;
  if (JSON.stringify(next.sedeIds) !== JSON.stringify(shift.sedeIds)) body.sedeIds = next.sedeIds;
  if (JSON.stringify(next.cargos) !== JSON.stringify(shift.cargos)) body.cargos = next.cargos;
  if (timesChanged(body)) body.actualizarPlanificacionFutura = values.actualizarPlanificacionFutura;
  if (lawJudged(body)) body.confirmarAdvertencias = confirmarAdvertencias ?? false;
  return body;
}

/** A change the law judges (times, colación, days): the API asks again to confirm its warnings. */
export function lawJudged(body: ActualizarTurnoBody): boolean {
  return ['inicio', 'fin', 'colacion', 'diasPorSemana'].some((key) => key in body);
}

/**
 * The rules of the law the form's shift breaks, by today's law in Chile: the domain's `shiftLegalWarnings`,
 * the same the API answers and refuses with. Empty while the times are incomplete or invalid.
 */
export function shiftWarnings(values: ShiftFormValues, now = Date.now()): ShiftLawWarning[] {
  const body = toCreateBody(values);
  // Minutes being typed (empty, not a number) are not «sin colación»: wait for a number.
  if (body.colacion.tipo === 'minutos' && !Number.isFinite(body.colacion.minutos)) return [];
  const days = body.diasPorSemana;
  return shiftLegalWarnings(
    { start: body.inicio, end: body.fin, break: colacionToBreak(body.colacion) },
    { date: localDateOf('America/Santiago', now), ...(Number.isInteger(days) && days! >= 1 && days! <= 7 ? { daysPerWeek: days! } : {}) },
  );
}

/** A change that makes a new version of the shift (days planned before keep theirs). */
export function timesChanged(body: ActualizarTurnoBody): boolean {
  return ['inicio', 'fin', 'colacion', 'toleranciaAtrasoMin', 'toleranciaSalidaMin'].some((key) => key in body);
}

/** The contract's schema on the form; `colacion.*` problems show under the colación group. */
export const shiftResolver: Resolver<ShiftFormValues> = async (values) => {
  const result = crearTurnoBodySchema.safeParse(toCreateBody(values));
  if (result.success) return { values, errors: {} };
  const errors: FieldErrors<ShiftFormValues> & Record<string, unknown> = {};
  for (const issue of result.error.issues) {
    const name = String(issue.path[0] ?? 'nombre');
    if (!(name in errors)) errors[name] = { type: 'validation', message: issue.message };
  }
  return { values: {}, errors: errors as FieldErrors<ShiftFormValues> };
};

function minutesOf(text: string): number | null {
  const match = /^(\d{2}):(\d{2})$/.exec(text);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** Nominal figures of the form's times, shown while editing. */
export function shiftFigures(values: ShiftFormValues): { duration: number; breakMinutes: number; net: number; weekly: number; overnight: boolean } | null {
  const start = minutesOf(values.inicio);
  const end = minutesOf(values.fin);
  if (start === null || end === null) return null;
  const duration = end > start ? end - start : end + 1440 - start;
  let breakMinutes = 0;
  if (values.colacionTipo === 'minutos') breakMinutes = Math.max(0, toNumber(values.colacionMinutos) || 0);
  else {
    const bs = minutesOf(values.colacionInicio);
    const be = minutesOf(values.colacionFin);
    if (bs !== null && be !== null) breakMinutes = be > bs ? be - bs : be + 1440 - bs;
  }
  const net = Math.max(0, duration - breakMinutes);
  const days = toNumber(values.diasPorSemana) || 0;
  return { duration, breakMinutes, net, weekly: net * days, overnight: end <= start };
}

/** Minutes as `H:MM`. */
export function minutesLabel(minutes: number): string {
  return `${Math.floor(minutes / 60)}:${String(Math.round(minutes % 60)).padStart(2, '0')}`;
}
