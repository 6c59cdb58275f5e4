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
  const { table, H, errores, filas, workerByRut, inScope, catalog } = await readDayUpload(planning, dbx, session, scope, file, PLANNING_COLUMNS);
  let min = '9999-12-31';
  let max = '0000-01-01';
  for (const { values } of table.rows) {
    if (values.fecha < min) min = values.fecha;
    if (values.fecha > max) max = values.fecha;
  }
  const userIds = [...new Set(table.rows.map((r) => workerByRut.get(r.values.rut)?.id).filter((id): id is string => id !== undefined))];
  const stored = userIds.length ? await planning.storedDays(dbx, session.companyId, userIds, min, max) : [];
  const existingByKey = await mapInSlices(stored, (d) => `${d.userId}:${d.date}`);
  const seen = new Map<string, number>();
  const writes: DayWrite[] = [];
  const dias = emptyDays();
  const touched = new Set<string>();
  const todayByZone = new Map<string, string>();
  const observacionDefault = `Carga masiva de planificación «${file.filename}»`;

  const pause = slicer();
  for (const { fila, values: v } of table.rows) {
    await pause();
    const rowErrors: FilaError[] = [];
    const err = (columna: string, mensaje: string) => rowErrors.push({ fila, columna, mensaje });
    const worker = workerByRut.get(v.rut);
    if (!worker) err(H.rut, UPLOAD_MESSAGES.unknownRut);
    else if (!inScope(worker)) err(H.rut, UPLOAD_MESSAGES.notInScope);
    const key = `${v.rut}:${v.fecha}`;
    const first = seen.get(key);
    if (first !== undefined) err(H.fecha, UPLOAD_MESSAGES.duplicateDay(first));
    else seen.set(key, fila);
    const step = shiftStep(catalog, v.turno);
    if (typeof step === 'string') err(H.turno, step);
    if (worker && !withinContract(worker, v.fecha)) err(H.fecha, UPLOAD_MESSAGES.outsideContract);
    const clave = `${formatRut(v.rut) ?? v.rut} ${v.fecha}`;
    if (rowErrors.length > 0 || !worker || typeof step === 'string') {
      errores.push(...rowErrors);
      filas.push({ fila, accion: 'error', clave, descripcion: worker ? `${worker.nombre} ${worker.apellidos}` : '', cambios: [] });
      continue;
    }
    const existing = existingByKey.get(`${worker.id}:${v.fecha}`);
    const accion = decide(existing, step, 'reemplazar');
    const startProblem = accion === 'sin_cambios' ? null : shiftStartProblem(catalog, step, v.fecha, worker.zone, v.ocurrencia);
    if (startProblem) {
      errores.push({ fila, columna: startProblem.field === 'turno' ? H.turno : H.ocurrencia, mensaje: startProblem.message });
      filas.push({ fila, accion: 'error', clave, descripcion: `${worker.nombre} ${worker.apellidos}`, cambios: [] });
      continue;
    }
    let today = todayByZone.get(worker.zone);
    if (!today) todayByZone.set(worker.zone, (today = localDate(now, worker.zone)));
    const past = v.fecha < today;
    const descripcion = `${worker.nombre} ${worker.apellidos}: ${assignmentLabel(catalog, step)}`;
    if (accion !== 'sin_cambios' && past && !v.motivo) {
      errores.push({ fila, columna: H.motivo, mensaje: UPLOAD_MESSAGES.motivoPast });
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
      target: step,
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
      cambios: accion === 'crear' ? [] : [`${assignmentLabel(catalog, assignmentOf(existing))} → ${assignmentLabel(catalog, step)}`],
    });
  }
  dias.trabajadores = touched.size;
  return { filas, errores, totalFilas: table.totalRows, writes, dias };
}
