/** The planning upload (planificación): one row a worker-day, checked and compared with the stored plan, as the days to write. */
import type { FilaError } from '@jornada/contracts';
import { formatRut } from '@jornada/domain';
import type { DbOrTx } from '../../db/client';
import { localDate } from '../../lib/clock';
import { mapInSlices, slicer } from '../../lib/slices';
import type { UploadedFile } from '../../lib/spreadsheet/index';
import type { RequestSession } from '../../plugins/types';
import { assignmentOf, decide, shiftStartProblem, withinContract, type DayWrite, type WorkerScope } from '../planning/index';
import { assignmentLabel, emptyDays, readDayUpload, shiftStep, UPLOAD_MESSAGES, type PlanningUploadsPorts } from './planning-uploads.common';
import { PLANNING_COLUMNS } from './upload-templates';

export async function planPlanning(planning: PlanningUploadsPorts['planning'], dbx: DbOrTx, session: RequestSession, scope: WorkerScope, file: UploadedFile, now: Date) {
  const { table, rows, H, errores, filas, workerByRut, inScope, catalog } = await readDayUpload(planning, dbx, session, scope, file, PLANNING_COLUMNS);
  let min = '9999-12-31';
  let max = '0000-01-01';
  for (const { values } of rows) {
    if (values.fecha === null) continue;
    if (values.fecha < min) min = values.fecha;
    if (values.fecha > max) max = values.fecha;
  }
  const userIds = [...new Set(rows.map((r) => (r.values.rut === null ? undefined : workerByRut.get(r.values.rut)?.id)).filter((id): id is string => id !== undefined))];
  const stored = userIds.length ? await planning.storedDays(dbx, session.companyId, userIds, min, max) : [];
  const existingByKey = await mapInSlices(stored, (d) => `${d.userId}:${d.date}`);
  const seen = new Map<string, number>();
  const writes: DayWrite[] = [];
  const dias = emptyDays();
  const touched = new Set<string>();
  const todayByZone = new Map<string, string>();
  const todayIn = (zone: string) => {
    let today = todayByZone.get(zone);
    if (!today) todayByZone.set(zone, (today = localDate(now, zone)));
    return today;
  };
  const observacionDefault = `Carga masiva de planificación «${file.filename}»`;

  const pause = slicer();
  // Every check whose cells parsed runs, also on a row with other errors: one preview lists them all.
  for (const { fila, values: v, badColumns } of rows) {
    await pause();
    const rowErrors: FilaError[] = [];
    const err = (columna: string, mensaje: string) => rowErrors.push({ fila, columna, mensaje });
    const found = v.rut === null ? undefined : workerByRut.get(v.rut);
    if (v.rut !== null && !found) err(H.rut, UPLOAD_MESSAGES.unknownRut);
    else if (found && !inScope(found)) err(H.rut, UPLOAD_MESSAGES.notInScope);
    // Only a worker of the caller's scope is checked further (contract, stored plan).
    const worker = found && inScope(found) ? found : undefined;
    if (v.rut !== null && v.fecha !== null) {
      const key = `${v.rut}:${v.fecha}`;
      const first = seen.get(key);
      if (first !== undefined) err(H.fecha, UPLOAD_MESSAGES.duplicateDay(first));
      else seen.set(key, fila);
    }
    const step = v.turno === null ? null : shiftStep(catalog, v.turno);
    if (typeof step === 'string') err(H.turno, step);
    const target = step !== null && typeof step !== 'string' ? step : null;
    if (worker && v.fecha !== null && !withinContract(worker, v.fecha)) err(H.fecha, UPLOAD_MESSAGES.outsideContract);

    const existing = worker && v.fecha !== null ? existingByKey.get(`${worker.id}:${v.fecha}`) : undefined;
    const accion = worker && target && v.fecha !== null ? decide(existing, target, 'reemplazar') : null;
    const past = worker && v.fecha !== null ? v.fecha < todayIn(worker.zone) : false;
    if (worker && target && v.fecha !== null && accion !== 'sin_cambios') {
      // An Ocurrencia that did not parse is already an error; the shift's start is checked once it does.
      const startProblem = badColumns.has('ocurrencia') ? null : shiftStartProblem(catalog, target, v.fecha, worker.zone, v.ocurrencia);
      if (startProblem) err(startProblem.field === 'turno' ? H.turno : H.ocurrencia, startProblem.message);
      if (past && !v.motivo && !badColumns.has('motivo')) err(H.motivo, UPLOAD_MESSAGES.motivoPast);
    }
    const clave = [v.rut === null ? '' : (formatRut(v.rut) ?? v.rut), v.fecha ?? ''].filter(Boolean).join(' ');
    const nombre = found ? `${found.nombre} ${found.apellidos}` : '';
    const descripcion = worker && target ? `${nombre}: ${assignmentLabel(catalog, target)}` : nombre;
    if (rowErrors.length > 0 || badColumns.size > 0 || !worker || !target || v.fecha === null || accion === null) {
      errores.push(...rowErrors);
      filas.push({ fila, accion: 'error', clave, descripcion, cambios: [] });
      continue;
    }
    if (accion === 'sin_cambios') {
      dias.sinCambios++;
      filas.push({ fila, accion: 'sin_cambios', clave, descripcion, cambios: [] });
      continue;
    }
    touched.add(worker.id);
    if (past) dias.pasados++;
    if (accion === 'crear') dias.crear++;
    else dias.reemplazar++;
    writes.push({
      userId: worker.id,
      date: v.fecha,
      target,
      existing,
      past,
      requestedBy: v.solicitadoPor ?? 'empleador',
      motivo: v.motivo,
      observacion: v.observacion ?? (existing || past ? observacionDefault : null),
    });
    filas.push({
      fila,
      accion: accion === 'crear' ? 'crear' : 'actualizar',
      clave,
      descripcion,
      cambios: accion === 'crear' ? [] : [`${assignmentLabel(catalog, assignmentOf(existing))} → ${assignmentLabel(catalog, target)}`],
    });
  }
  dias.trabajadores = touched.size;
  return { filas, errores, totalFilas: table.totalRows, writes, dias };
}
