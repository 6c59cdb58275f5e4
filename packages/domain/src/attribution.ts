/**
 * Mark attribution: which shift instance (and so which local day) each mark belongs to, and why.
 * A mark belongs to a shift when it falls in the window around it (from some hours before the start
 * to some hours after the end); night shifts keep their early-morning marks on the day they
 * started. Marks outside every window form unplanned workdays (rest days, days without planning).
 * Of consecutive marks of the same kind within a day, the first counts and the rest are ignored.
 */
import type { LocalDate } from './calendar/local-date';
import { MARK_KIND_LABELS, formatDurationEs, isEvaluableMark, sortMarks, type Mark } from './marks';
import type { ShiftInstance } from './shift-instance';
import { localClockOf, toLocalDateTime } from './time-zone';

/** Whether a mark counts for the evaluation or was set aside (duplicate, invalid). */
export type AttributionStatus = 'atribuida' | 'ignorada';

/** The attribution of one mark. */
export interface MarkAttribution {
  mark: Mark;
  /** Local day the mark counts for; null only for marks the engine cannot read. */
  date: LocalDate | null;
  /** Date of the shift instance it was attributed to; null for unplanned workdays. */
  instanceDate: LocalDate | null;
  status: AttributionStatus;
  /** Short Spanish explanation shown next to the mark. */
  reason: string;
}

/** Width of the windows that decide which shift a mark belongs to. */
export interface AttributionOptions {
  /** How long before a shift's start a mark still belongs to it (default 4 h). */
  windowBeforeStartSeconds?: number;
  /** How long after a shift's end a mark still belongs to it (default 6 h: up to 2 h of overtime plus forgotten exits). */
  windowAfterEndSeconds?: number;
  /** Longest unplanned workday: later marks start a new day (default 16 h). */
  unplannedMaxSeconds?: number;
}

/** Default attribution windows, exported so screens can describe them. */
const DEFAULT_ATTRIBUTION: Readonly<Required<AttributionOptions>> = {
  windowBeforeStartSeconds: 4 * 3600,
  windowAfterEndSeconds: 6 * 3600,
  unplannedMaxSeconds: 16 * 3600,
};

function placeInShift(mark: Mark, instance: ShiftInstance, tie: string): string {
  const at = mark.at;
  let text: string;
  if (at < instance.start) {
    text = `${formatDurationEs((instance.start - at) / 1000)} antes del inicio del turno ${instance.label} del ${instance.date}.`;
  } else if (at > instance.end) {
    text = `${formatDurationEs((at - instance.end) / 1000)} después del término del turno ${instance.label} del ${instance.date}.`;
  } else if (instance.nextDayStart !== undefined && at >= instance.nextDayStart) {
    text = `Turno nocturno ${instance.label}: la marca de madrugada pertenece al día en que comenzó el turno (${instance.date}).`;
  } else {
    text = `Dentro del horario del turno ${instance.label} del ${instance.date}.`;
  }
  return tie === '' ? text : `${text} ${tie}`;
}

function distanceToInterval(at: number, from: number, to: number): number {
  return at < from ? from - at : at > to ? at - to : 0;
}

/**
 * Attributes each mark to at most one shift instance (or to an unplanned day) with a Spanish reason.
 * Never throws: unreadable marks come back ignored. The result is in canonical mark order.
 */
export function attributeMarks(
  marks: readonly Mark[],
  instances: readonly ShiftInstance[],
  zone: string,
  options: AttributionOptions = {},
): MarkAttribution[] {
  const before = options.windowBeforeStartSeconds ?? DEFAULT_ATTRIBUTION.windowBeforeStartSeconds;
  const after = options.windowAfterEndSeconds ?? DEFAULT_ATTRIBUTION.windowAfterEndSeconds;
  const unplannedMax = (options.unplannedMaxSeconds ?? DEFAULT_ATTRIBUTION.unplannedMaxSeconds) * 1000;
  const beforeMs = before * 1000;
  const afterMs = after * 1000;

  const invalid: MarkAttribution[] = [];
  const readable: Mark[] = [];
  for (const mark of marks) {
    if (isEvaluableMark(mark)) readable.push(mark);
    else invalid.push({ mark, date: null, instanceDate: null, status: 'ignorada', reason: 'Marca ilegible: falta el tipo, la hora o el identificador.' });
  }
  const valid = sortMarks(readable);
  const shifts = instances.length > 1 ? [...instances].sort((a, b) => a.start - b.start || (a.date < b.date ? -1 : 1)) : instances;

  const out: MarkAttribution[] = new Array<MarkAttribution>(valid.length);
  let lo = 0;
  let session: { date: LocalDate; openedAt: number } | null = null;
  // The shift of the entrada still open (no salida since): a later mark in its window closes it or goes
  // inside it, even when another shift's end or start is nearer (an early leave from this morning's shift
  // is not last night's late exit).
  let open: ShiftInstance | null = null;
  let openedAt = 0;
  for (let i = 0; i < valid.length; i++) {
    const mark = valid[i]!;
    const at = mark.at;
    // Marks are sorted: a window that closed before this mark is closed for every later one.
    while (lo < shifts.length && shifts[lo]!.end + afterMs < at) lo++;
    let chosen: ShiftInstance | undefined;
    let candidates = 0;
    let best = Infinity;
    for (let j = lo; j < shifts.length; j++) {
      const s = shifts[j]!;
      if (s.start - beforeMs > at) break;
      if (s.end + afterMs < at) continue;
      candidates++;
      const d =
        mark.kind === 'entrada'
          ? Math.abs(at - s.start)
          : mark.kind === 'salida'
            ? Math.abs(at - s.end)
            : distanceToInterval(at, s.start, s.end);
      if (d < best) {
        best = d;
        chosen = s;
      }
    }
    const pairs = mark.kind !== 'entrada' && open !== null && open !== chosen && openedAt < at && open.start - beforeMs <= at && open.end + afterMs >= at;
    if (pairs) chosen = open!;
    if (chosen) {
      if (mark.kind === 'entrada') openedAt = at;
      open = mark.kind === 'salida' ? null : chosen;
      const tie =
        candidates < 2
          ? ''
          : pairs
            ? 'Cae en la ventana de dos turnos: se asigna al de la entrada que la precede.'
            : mark.kind === 'entrada'
            ? 'Cae en la ventana de dos turnos: se asigna al de inicio más cercano.'
            : mark.kind === 'salida'
              ? 'Cae en la ventana de dos turnos: se asigna al de término más cercano.'
              : 'Cae en la ventana de dos turnos: se asigna al que la contiene o al más cercano.';
      out[i] = { mark, date: chosen.date, instanceDate: chosen.date, status: 'atribuida', reason: placeInShift(mark, chosen, tie) };
      continue;
    }
    open = null;
    // Outside every planned shift: an unplanned workday opened by an entrada.
    if (session && (at - session.openedAt > unplannedMax || mark.kind === 'entrada')) session = null;
    if (mark.kind === 'entrada') {
      const { date } = toLocalDateTime(zone, at);
      session = { date, openedAt: at };
      out[i] = { mark, date, instanceDate: null, status: 'atribuida', reason: `Entrada fuera de todo turno planificado: abre una jornada no planificada el ${date}.` };
    } else if (session) {
      out[i] = {
        mark,
        date: session.date,
        instanceDate: null,
        status: 'atribuida',
        reason: `Pertenece a la jornada no planificada iniciada el ${session.date} a las ${localClockOf(zone, session.openedAt).slice(0, 5)}.`,
      };
      if (mark.kind === 'salida') session = null;
    } else {
      const { date } = toLocalDateTime(zone, at);
      out[i] = { mark, date, instanceDate: null, status: 'atribuida', reason: `Fuera de todo turno planificado y sin entrada previa: se asigna al día ${date}.` };
    }
  }

  // Consecutive marks of the same kind within a day: the first counts.
  const lastKind = new Map<LocalDate, Mark>();
  let previousDate: LocalDate | null = null;
  let previous: Mark | undefined;
  for (const a of out) {
    const date = a.date!;
    // Marks of one day usually come together: remember the last day without a map lookup.
    const last = date === previousDate ? previous : lastKind.get(date);
    if (last && last.kind === a.mark.kind) {
      a.status = 'ignorada';
      a.reason = `Marca repetida de ${MARK_KIND_LABELS[a.mark.kind]}: cuenta la primera (${localClockOf(zone, last.at)}) y esta se ignora.`;
      continue;
    }
    if (previousDate !== null && previousDate !== date && previous) lastKind.set(previousDate, previous);
    previousDate = date;
    previous = a.mark;
  }
  return invalid.length === 0 ? out : [...invalid, ...out];
}

/** How far from a planned shift a mark still counts as "in the shift" for the worker's notice. */
const SHIFT_NOTICE_MARGIN: Readonly<{ beforeStartSeconds: number; afterEndSeconds: number }> = {
  /** Arriving up to an hour early is ordinary. */
  beforeStartSeconds: 3600,
  /** Up to the 2 hours of overtime a day allows (art. 31). */
  afterEndSeconds: 2 * 3600,
};

/** Where a mark falls against the worker's plan, for the notice shown when marking. */
type MarkPlacement =
  | { status: 'dentro'; instance: ShiftInstance }
  /** The mark belongs to no shift near it, or to one it is far from (more than the notice's margin). */
  | { status: 'fuera'; instance: ShiftInstance }
  /** No shift takes the mark, and the day is a rest day. */
  | { status: 'libre' }
  /** No shift takes the mark and nothing is planned: nothing to compare with. */
  | { status: 'sin_planificar' };

/**
 * The notice shown when marking (the mark is recorded either way). The shift is the one the evaluation
 * attributes the mark to: `attributeMarks` over the worker's marks around it (the mark added if
 * missing) and the shifts planned around it (the day before to the day after), so the notice and the
 * stored day name the same shift. The mark is `dentro` of that shift from an hour before its start to
 * 2 hours after its end, `fuera` farther; a mark no shift takes is `fuera` of the day's own shift, or
 * falls on a rest day (`libre`) or a day without plan (`sin_planificar`).
 */
export function markNotice(
  mark: Mark,
  marks: readonly Mark[],
  instances: readonly ShiftInstance[],
  zone: string,
  day: { date: LocalDate; kind: 'turno' | 'libre' | null },
): MarkPlacement {
  const all = marks.some((m) => m.id === mark.id) ? marks : [...marks, mark];
  const attribution = attributeMarks(all, instances, zone).find((a) => a.mark.id === mark.id);
  const chosen = attribution?.instanceDate ? instances.find((s) => s.date === attribution.instanceDate) : undefined;
  if (chosen) {
    const inside = mark.at >= chosen.start - SHIFT_NOTICE_MARGIN.beforeStartSeconds * 1000 && mark.at <= chosen.end + SHIFT_NOTICE_MARGIN.afterEndSeconds * 1000;
    return { status: inside ? 'dentro' : 'fuera', instance: chosen };
  }
  const own = instances.find((s) => s.date === day.date);
  if (own) return { status: 'fuera', instance: own };
  return day.kind === 'libre' ? { status: 'libre' } : { status: 'sin_planificar' };
}
