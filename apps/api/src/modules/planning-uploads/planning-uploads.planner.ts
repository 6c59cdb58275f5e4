/** The planner upload (planificador): a pattern (NxM, 5x2, 6x1 or a sequence) per worker between two dates, expanded and compared with the stored plan. */
import { PLANIFICACION_MAX_DIAS_PATRON, type Conflictos, type FilaError, type Ocurrencia } from '@jornada/contracts';
import { diffDays, expandPattern, fixedWeek, formatRut, parseRotationName, type PatternStep, type PlanningPattern } from '@jornada/domain';
import type { DbOrTx } from '../../db/client';
import { localDate } from '../../lib/clock';
import { mapInSlices, slicer } from '../../lib/slices';
import { simplify, spreadsheetError, type UploadedFile } from '../../lib/spreadsheet/index';
import type { RequestSession } from '../../plugins/types';
import { decide, REST, shiftStartProblem, withinContract, type Assignment, type DayWrite, type ShiftCatalog, type ShiftStartProblem, type Worker, type WorkerScope } from '../planning/index';
import { emptyDays, readDayUpload, MAX_PLANNER_DAYS, shiftStep, UPLOAD_MESSAGES, type PlanningUploadsPorts, type RequestInfo } from './planning-uploads.common';
import { PLANNER_COLUMNS } from './upload-templates';

function plannerPattern(catalog: ShiftCatalog, patron: string, turno: string | null, desfase: number, anchor: string): PlanningPattern<Assignment> | { column: 'patron' | 'turno'; message: string } {
  const name = simplify(patron);
  const shiftFor = (): Assignment | { column: 'turno'; message: string } => {
    if (!turno) return { column: 'turno', message: UPLOAD_MESSAGES.shiftRequired };
    const step = shiftStep(catalog, turno);
    if (typeof step === 'string') return { column: 'turno', message: step };
    if (step.kind !== 'turno') return { column: 'turno', message: UPLOAD_MESSAGES.shiftRequired };
    return step;
  };
  const weekdays = name === '5x2' || name === 'lunes a viernes' ? [1, 2, 3, 4, 5] : name === '6x1' || name === 'lunes a sabado' ? [1, 2, 3, 4, 5, 6] : null;
  if (weekdays) {
    const shift = shiftFor();
    return 'column' in shift ? shift : { kind: 'fixed_week', week: fixedWeek(shift, weekdays) };
  }
  const rotation = parseRotationName(patron);
  if (rotation) {
    const shift = shiftFor();
    return 'column' in shift ? shift : { kind: 'rotation', on: rotation.on, off: rotation.off, shift, offset: desfase, anchor };
  }
  const tokens = patron
    .split(/[,;\s]+/)
    .map((t) => t.trim())
    .filter(Boolean);
  if (tokens.length < 2 || tokens.length > 62) return { column: 'patron', message: UPLOAD_MESSAGES.badPattern };
  const steps: PatternStep<Assignment>[] = [];
  for (const token of tokens) {
    const step = shiftStep(catalog, token);
    if (typeof step === 'string') return { column: 'patron', message: step };
    steps.push(step.kind === 'libre' ? { kind: 'libre' } : { kind: 'turno', shift: step });
  }
  return { kind: 'sequence', steps, offset: desfase, anchor };
}

/** `keepWrites`: a preview needs only the counts; its writes (up to 400,000 days) were garbage to collect. */
export async function planPlanner(
  planning: PlanningUploadsPorts['planning'],
  dbx: DbOrTx,
  session: RequestSession,
  scope: WorkerScope,
  file: UploadedFile,
  conflictos: Conflictos,
  now: Date,
  keepWrites: boolean,
) {
  const { table, rows, H, errores, filas, workerByRut, inScope, catalog } = await readDayUpload(planning, dbx, session, scope, file, PLANNER_COLUMNS);

  // First pass: row-level checks and the total size, before loading any planning. Every check whose cells
  // parsed runs, also on a row with other errors, so one preview lists them all; a row whose worker,
  // range and pattern are known is expanded in the second pass too (its start and motivo checks), even
  // when it already has errors.
  interface Candidate {
    fila: number;
    worker: Worker;
    pattern: PlanningPattern<Assignment>;
    from: string;
    to: string;
    request: RequestInfo;
    patron: string;
    ocurrencia: Ocurrencia | null;
    /** The row's errors so far; a candidate with any is checked but writes nothing. */
    rowErrors: FilaError[];
    /** Every cell of the row parsed (the errors of those that did not are listed already). */
    allParsed: boolean;
    /** Ocurrencia or Motivo did not parse: the check that needs it is skipped. */
    skipStart: boolean;
    skipMotivo: boolean;
  }
  const candidates: Candidate[] = [];
  const rangesByRut = new Map<string, { fila: number; from: string; to: string }[]>();
  let totalDays = 0;
  const pause = slicer();
  for (const { fila, values: v, badColumns } of rows) {
    await pause();
    const rowErrors: FilaError[] = [];
    const err = (columna: string, mensaje: string) => rowErrors.push({ fila, columna, mensaje });
    const found = v.rut === null ? undefined : workerByRut.get(v.rut);
    if (v.rut !== null && !found) err(H.rut, UPLOAD_MESSAGES.unknownRut);
    else if (found && !inScope(found)) err(H.rut, UPLOAD_MESSAGES.notInScope);
    // Only a worker of the caller's scope is expanded against the stored plan.
    const worker = found && inScope(found) ? found : undefined;
    let range: { from: string; to: string } | null = null;
    const { fechaInicio: from, fechaFin: to } = v;
    if (from !== null && to !== null) {
      if (to < from) err(H.fechaFin, UPLOAD_MESSAGES.endBeforeStart);
      else if (diffDays(from, to) + 1 > PLANIFICACION_MAX_DIAS_PATRON) err(H.fechaFin, UPLOAD_MESSAGES.rangeTooLong);
      else {
        range = { from, to };
        if (v.rut !== null) {
          const ranges = rangesByRut.get(v.rut) ?? [];
          const overlap = ranges.find((r) => r.from <= to && from <= r.to);
          if (overlap) err(H.fechaInicio, UPLOAD_MESSAGES.overlap(overlap.fila));
          ranges.push({ fila, from, to });
          rangesByRut.set(v.rut, ranges);
        }
      }
    }
    // The anchor and the offset only place the cycle: with either unparsed the pattern is still checked, not expanded.
    const expandable = range !== null && !badColumns.has('desfase');
    const pattern = v.patron === null ? null : plannerPattern(catalog, v.patron, v.turno, v.desfase ?? 0, from ?? '2000-01-01');
    // A missing shift is not reported when the Turno cell is there but did not parse (its error is listed).
    if (pattern && 'column' in pattern && !(pattern.column === 'turno' && badColumns.has('turno'))) err(H[pattern.column], pattern.message);
    const clave = [v.rut === null ? '' : (formatRut(v.rut) ?? v.rut), from !== null && to !== null ? `${from} – ${to}` : ''].filter(Boolean).join(' ');
    if (!worker || !range || !expandable || !pattern || 'column' in pattern || v.patron === null) {
      errores.push(...rowErrors);
      filas.push({ fila, accion: 'error', clave, descripcion: found ? `${found.nombre} ${found.apellidos}` : '', cambios: [] });
      continue;
    }
    totalDays += diffDays(range.from, range.to) + 1;
    if (totalDays > MAX_PLANNER_DAYS) throw spreadsheetError(UPLOAD_MESSAGES.tooManyDays(MAX_PLANNER_DAYS));
    candidates.push({
      fila,
      worker,
      pattern,
      from: range.from,
      to: range.to,
      patron: v.patron,
      ocurrencia: v.ocurrencia,
      request: { requestedBy: v.solicitadoPor ?? 'empleador', motivo: v.motivo, observacion: v.observacion },
      rowErrors,
      allParsed: badColumns.size === 0,
      skipStart: badColumns.has('ocurrencia'),
      skipMotivo: badColumns.has('motivo'),
    });
  }

  let min = '9999-12-31';
  let max = '0000-01-01';
  for (const c of candidates) {
    if (c.from < min) min = c.from;
    if (c.to > max) max = c.to;
  }
  const userIds = [...new Set(candidates.map((c) => c.worker.id))];
  const stored = userIds.length ? await planning.storedDays(dbx, session.companyId, userIds, min, max) : [];
  const existingByKey = await mapInSlices(stored, (d) => `${d.userId}:${d.date}`);
  const writes: DayWrite[] = [];
  const dias = emptyDays();
  const touched = new Set<string>();
  const observacionDefault = `Planificador masivo «${file.filename}»`;
  const todayByZone = new Map<string, string>();
  for (const c of candidates) {
    await pause();
    let today = todayByZone.get(c.worker.zone);
    if (!today) todayByZone.set(c.worker.zone, (today = localDate(now, c.worker.zone)));
    // A row with errors is expanded only for its own checks: it counts and writes nothing.
    const checkOnly = c.rowErrors.length > 0 || !c.allParsed;
    const counts = { crear: 0, reemplazar: 0, conservar: 0, sinCambios: 0, pasados: 0, fuera: 0 };
    const rowWrites: DayWrite[] = [];
    let startProblem: ShiftStartProblem | null = null;
    for (const { date, step } of expandPattern(c.pattern, c.from, c.to)) {
      if (!withinContract(c.worker, date)) {
        counts.fuera++;
        continue;
      }
      const target = step.kind === 'libre' ? REST : step.shift;
      const existing = existingByKey.get(`${c.worker.id}:${date}`);
      const accion = decide(existing, target, conflictos);
      if (accion === 'sin_cambios') counts.sinCambios++;
      else if (accion === 'conservar') counts.conservar++;
      else {
        if (!c.skipStart) startProblem ??= shiftStartProblem(catalog, target, date, c.worker.zone, c.ocurrencia);
        const past = date < today;
        if (past) counts.pasados++;
        counts[accion]++;
        if (keepWrites && !checkOnly) rowWrites.push({
          userId: c.worker.id,
          date,
          target,
          existing,
          past,
          ...c.request,
          observacion: c.request.observacion ?? (existing || past ? observacionDefault : null),
        });
      }
    }
    const clave = `${formatRut(c.worker.rut) ?? c.worker.rut} ${c.from} – ${c.to}`;
    const descripcion = `${c.worker.nombre} ${c.worker.apellidos}: ${c.patron}`;
    if (startProblem) c.rowErrors.push({ fila: c.fila, columna: startProblem.field === 'turno' ? H.turno : H.ocurrencia, mensaje: startProblem.message });
    if (counts.pasados > 0 && !c.request.motivo && !c.skipMotivo) c.rowErrors.push({ fila: c.fila, columna: H.motivo, mensaje: UPLOAD_MESSAGES.motivoPastRange });
    if (c.rowErrors.length > 0 || !c.allParsed) {
      errores.push(...c.rowErrors);
      filas.push({ fila: c.fila, accion: 'error', clave, descripcion, cambios: [] });
      continue;
    }
    dias.crear += counts.crear;
    dias.reemplazar += counts.reemplazar;
    dias.conservar += counts.conservar;
    dias.sinCambios += counts.sinCambios;
    dias.pasados += counts.pasados;
    if (counts.crear + counts.reemplazar > 0) touched.add(c.worker.id);
    writes.push(...rowWrites);
    const cambios = [
      counts.crear ? `${counts.crear} días nuevos` : '',
      counts.reemplazar ? `${counts.reemplazar} días reemplazados` : '',
      counts.conservar ? `${counts.conservar} días conservados` : '',
      counts.fuera ? `${counts.fuera} días fuera del contrato (omitidos)` : '',
    ].filter(Boolean);
    filas.push({ fila: c.fila, accion: counts.reemplazar ? 'actualizar' : counts.crear ? 'crear' : 'sin_cambios', clave, descripcion, cambios });
  }
  dias.trabajadores = touched.size;
  return { filas, errores, totalFilas: table.totalRows, writes, dias };
}
