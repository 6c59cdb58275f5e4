/** The pure rules and wording of corrections: messages, the no-harm rule, the order of a workday's marks, dates, typed local times and how a mark or attempt is described. */
import { MOTIVO_INTENTO_LABELS, TIPO_MARCA_LABELS, type Ocurrencia, type TipoMarca } from '@jornada/contracts';
import { localClockOf, localDateOf, localToInstant, typedLocalTime } from '@jornada/domain';
import { fieldError } from '../../lib/access';
import type { AttemptRow, CorrectedMark } from './corrections.repository';

export const DEFAULT_ZONE = 'America/Santiago';

export const CORRECTION_MESSAGES = {
  notFound: 'La corrección no existe.',
  attemptNotFound: 'El intento de marcaje no existe.',
  workerNotFound: 'El trabajador no existe.',
  self: 'No puedes proponer correcciones de tus propias marcas: debe hacerlo otro administrador.',
  notTheWorker: 'Solo el trabajador de la corrección puede aceptarla u objetarla.',
  notManager: 'No puedes anular esta corrección.',
  attemptWithoutWorker: 'Este intento no identifica a un trabajador: agrega la marca faltante eligiendo al trabajador.',
  attemptHasMark: 'Este intento ya tiene su marca registrada: no hay nada que convertir en marca.',
  attemptPending: 'Este intento ya tiene una corrección pendiente. Espera a que el trabajador responda o anúlala antes de proponer otra.',
  attemptConsolidated: 'Este intento ya se convirtió en marca con una corrección consolidada.',
  noKind: 'Elige el tipo de marca.',
  future: 'La hora corregida no puede estar en el futuro.',
  inactive: 'El trabajador está desactivado: no se pueden registrar marcas suyas.',
  inspector: 'Un fiscalizador no registra marcas.',
  deadlinePassed: 'El plazo para objetar venció: la corrección quedó consolidada.',
  inProgress: 'La corrección se está registrando en este momento. Vuelve a cargar la página en unos segundos.',
  markNotFound: 'La marca no existe.',
  markWorker: 'La marca no es de ese trabajador.',
  markKind: 'El cambio de hora conserva el tipo de la marca: para otro tipo, agrega una marca faltante.',
  markSameTime: 'La nueva hora es igual a la de la marca: no hay nada que corregir.',
  markTooFar: 'La nueva hora debe quedar a menos de 24 horas de la original; para otro día, agrega una marca faltante.',
  markSuperseded: 'Esta marca ya fue reemplazada por una corrección consolidada: corrige la marca vigente.',
  markPending: 'Esta marca ya tiene una corrección pendiente. Espera a que el trabajador responda o anúlala antes de proponer otra.',
} as const;

/**
 * A correction may not harm the worker (DT Res. Ex. 38): a changed time may only add counted time,
 * so an entrada or the end of colación moves earlier, a salida or the start of colación later.
 */
export function harmsWorker(kind: TipoMarca, original: Date, proposed: Date): string | null {
  const earlier = proposed.getTime() < original.getTime();
  if ((kind === 'entrada' || kind === 'fin_colacion') && !earlier) {
    return `Una corrección no puede perjudicar al trabajador: ${kind === 'entrada' ? 'la entrada' : 'el fin de colación'} solo puede adelantarse.`;
  }
  if ((kind === 'salida' || kind === 'inicio_colacion') && earlier) {
    return `Una corrección no puede perjudicar al trabajador: ${kind === 'salida' ? 'la salida' : 'el inicio de colación'} solo puede atrasarse.`;
  }
  return null;
}

export const DAY_MS = 24 * 60 * 60 * 1000;

const ORDER_RULE: Record<TipoMarca, string> = {
  entrada: 'una entrada va antes de las demás marcas de la jornada',
  salida: 'una salida va después de las demás marcas de la jornada',
  inicio_colacion: 'la colación va entre la entrada y la salida',
  fin_colacion: 'la colación va entre la entrada y la salida',
};

/** «La salida propuesta a las 18:00 quedaría antes del inicio de colación de las 18:08 del 26-11-2026: una salida va después …». */
export function orderMessage(kind: TipoMarca, at: Date, conflict: { side: 'before' | 'after'; mark: { kind: TipoMarca; at: number } }, zone: string): string {
  const proposed = localParts(at, zone);
  const other = localParts(new Date(conflict.mark.at), zone);
  const article = (k: TipoMarca) => (k === 'salida' || k === 'entrada' ? 'la' : 'el');
  const label = (k: TipoMarca) => TIPO_MARCA_LABELS[k].toLowerCase();
  const relation = conflict.side === 'before' ? 'antes' : 'después';
  const of = article(conflict.mark.kind) === 'el' ? 'del' : 'de la';
  const [proposedArticle, proposedWord] = article(kind) === 'el' ? ['El', 'propuesto'] : ['La', 'propuesta'];
  const day = other.fecha === proposed.fecha ? '' : ` del ${clDate(other.fecha)}`;
  return `${proposedArticle} ${label(kind)} ${proposedWord} a las ${proposed.hora.slice(0, 5)} del ${clDate(proposed.fecha)} quedaría ${relation} ${of} ${label(conflict.mark.kind)} de las ${other.hora.slice(0, 5)}${day}: ${ORDER_RULE[kind]}. Revisa la hora o corrige primero esa marca.`;
}

/** `aaaa-mm-dd` → `dd-mm-aaaa`. */
export function clDate(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}-${m}-${y}`;
}

/** Date and time of an instant in a zone, as the API and the e-mails show them. */
export function localParts(at: Date, zone: string): { fecha: string; hora: string } {
  return { fecha: localDateOf(zone, at.getTime()), hora: localClockOf(zone, at.getTime()) };
}

/** "Salida el 02-06-2025 a las 18:00:00". */
export function describeMark(kind: TipoMarca | null, at: Date, zone: string): string {
  const { fecha, hora } = localParts(at, zone);
  return `${kind ? TIPO_MARCA_LABELS[kind] : 'Marca sin tipo'} el ${clDate(fecha)} a las ${hora}`;
}

export function describeOriginal(attempt: AttemptRow | null | undefined, zone: string, mark?: CorrectedMark | null): string {
  if (mark) return `Marca registrada: ${describeMark(mark.kind, mark.at, zone)}`;
  if (!attempt) return 'Sin marca';
  return `Intento de marcaje no registrado: ${describeMark(attempt.kind, attempt.at, zone)} (${MOTIVO_INTENTO_LABELS[attempt.reason]})`;
}

/** A clock log refused for being too old carries the clock's local time in its detail: the better default. */
export function attemptDefaultInstant(attempt: AttemptRow, zone: string): Date {
  const match = attempt.reason === 'sin_conexion' ? /(\d{4}-\d{2}-\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(attempt.detail ?? '') : null;
  if (match) {
    const seconds = Number(match[2]) * 3600 + Number(match[3]) * 60 + Number(match[4]);
    return new Date(localToInstant(zone, match[1]!, seconds));
  }
  return attempt.at;
}

/**
 * The instant of a typed local date and time in the worker's zone: a time the spring-forward gap skips
 * is refused on `hora`; one the fall-back hour repeats needs `ocurrencia` (refused on it otherwise).
 */
export function typedInstant(fecha: string, hora: string, zone: string, ocurrencia: Ocurrencia | undefined): Date {
  const typed = typedLocalTime(fecha, secondsOf(hora), zone, ocurrencia);
  if (typed.ok) return new Date(typed.instant);
  throw fieldError(typed.code === 'hora_inexistente' ? 'hora' : 'ocurrencia', typed.message);
}

function secondsOf(hora: string): number {
  const [h, m, s] = hora.split(':').map(Number);
  return h! * 3600 + m! * 60 + (s ?? 0);
}

export const fullName = (u: { nombre: string; apellidos: string }) => `${u.nombre} ${u.apellidos}`;
