/**
 * The shifts upload (turnos): each row checked and compared with the catalogue, as the shifts to create
 * and the changes to make, and the rows whose shift breaks the law (warnings, not errors).
 */
import { codigoTurnoSchema, colacionToBreak, type Colacion, type FilaCarga, type FilaError } from '@jornada/contracts';
import { validateShiftTemplate } from '@jornada/domain';
import type { DbOrTx } from '../../db/client';
import { slicer } from '../../lib/slices';
import { INSTRUCTIONS_SHEET, parseTable, readSpreadsheet, type UploadedFile } from '../../lib/spreadsheet/index';
import type { RequestSession } from '../../plugins/types';
import { breakColumns, colacionOf, etiquetaOf, lawJudgedChange, shiftAdvertencias, timingDiffers, type NewShift, type ShiftCatalogPort, type ShiftChange } from '../shifts/index';
import { UPLOAD_MESSAGES } from './planning-uploads.common';
import { DEFAULT_COLOR, SHIFT_COLUMNS } from './upload-templates';

export async function planShifts(shiftCatalog: ShiftCatalogPort, dbx: DbOrTx, session: RequestSession, file: UploadedFile, now: Date) {
  const sheet = await readSpreadsheet(file.buffer, { skipSheets: [INSTRUCTIONS_SHEET], companyId: session.companyId });
  const table = await parseTable(sheet, SHIFT_COLUMNS, { exampleColumn: 'nombre' });
  const errores: FilaError[] = [...table.errors];
  // Rows that create a shift, or change what the law judges of one (times, colación, days), and break it.
  const advertencias: FilaError[] = [];
  const filas: FilaCarga[] = [];
  for (const example of table.exampleRows) filas.push({ fila: example, accion: 'sin_cambios', clave: '', descripcion: UPLOAD_MESSAGES.exampleRow, cambios: [] });
  const existing = new Map((await shiftCatalog.all(dbx, session.companyId)).map((s) => [s.codigo, s]));
  const seen = new Map<string, number>();
  const creates: NewShift[] = [];
  const updates: ShiftChange[] = [];
  const H = Object.fromEntries(Object.entries(SHIFT_COLUMNS).map(([k, c]) => [k, c.header])) as Record<keyof typeof SHIFT_COLUMNS, string>;

  const pause = slicer();
  // Rows with a cell that did not parse are checked for the rest too, so one preview lists every error.
  const noBadColumns = new Set<keyof typeof SHIFT_COLUMNS>();
  const allRows = [...table.rows.map((row) => ({ ...row, badColumns: noBadColumns })), ...table.partialRows].sort((a, b) => a.fila - b.fila);
  for (const { fila, values: v, badColumns } of allRows) {
    await pause();
    const rowErrors: FilaError[] = [];
    const err = (columna: string, mensaje: string) => rowErrors.push({ fila, columna, mensaje });
    const parsed = badColumns.size === 0;
    const code = codigoTurnoSchema.safeParse(v.codigo);
    const codigo = code.success ? code.data : (v.codigo ?? '').toLocaleUpperCase('es-CL');
    if (!code.success && !badColumns.has('codigo')) err(H.codigo, code.error.issues[0]!.message);
    const first = seen.get(codigo);
    if (first !== undefined) err(H.codigo, UPLOAD_MESSAGES.duplicateCode(first));
    else if (codigo) seen.set(codigo, fila);
    const current = existing.get(codigo);

    let colacion: Colacion;
    const hasWindow = v.colacionInicio !== null || v.colacionFin !== null;
    if (hasWindow && v.colacionMinutos !== null && v.colacionMinutos > 0) {
      err(H.colacionMinutos, UPLOAD_MESSAGES.breakBoth);
      colacion = { tipo: 'minutos', minutos: 0 };
    } else if (hasWindow) {
      if (v.colacionInicio === null || v.colacionFin === null) err(v.colacionInicio === null ? H.colacionInicio : H.colacionFin, UPLOAD_MESSAGES.breakWindow);
      colacion = { tipo: 'fija', inicio: v.colacionInicio ?? '00:00', fin: v.colacionFin ?? '00:00' };
    } else if (v.colacionMinutos !== null || !current || table.present.has('colacionMinutos') || table.present.has('colacionInicio')) {
      colacion = { tipo: 'minutos', minutos: v.colacionMinutos ?? 0 };
    } else {
      colacion = colacionOf(current);
    }
    const timingParsed = !['inicio', 'fin', 'colacionInicio', 'colacionFin', 'colacionMinutos'].some((k) => badColumns.has(k as keyof typeof SHIFT_COLUMNS));
    if (rowErrors.length === 0 && timingParsed) {
      const problems = validateShiftTemplate({ start: v.inicio, end: v.fin, break: colacionToBreak(colacion) });
      for (const problem of problems) err(/colaci/i.test(problem) ? (colacion.tipo === 'fija' ? H.colacionInicio : H.colacionMinutos) : H.fin, problem);
    }
    let color = v.color?.toLowerCase() ?? current?.color ?? DEFAULT_COLOR;
    if (!/^#[0-9a-f]{6}$/.test(color) && !badColumns.has('color')) {
      err(H.color, UPLOAD_MESSAGES.badColor);
      color = DEFAULT_COLOR;
    }
    if (rowErrors.length > 0 || !parsed) {
      errores.push(...rowErrors);
      filas.push({ fila, accion: 'error', clave: codigo, descripcion: v.nombre ?? '', cambios: [] });
      continue;
    }
    const next = {
      codigo,
      nombre: v.nombre,
      color,
      startTime: v.inicio,
      endTime: v.fin,
      ...breakColumns(colacion),
      lateToleranceMin: v.toleranciaAtraso ?? (table.present.has('toleranciaAtraso') || !current ? 0 : current.lateToleranceMin),
      earlyToleranceMin: v.toleranciaSalida ?? (table.present.has('toleranciaSalida') || !current ? 0 : current.earlyToleranceMin),
      daysPerWeek: v.diasPorSemana ?? (table.present.has('diasPorSemana') || !current ? 5 : current.daysPerWeek),
      active: v.activo ?? current?.active ?? true,
    };
    const descripcion = `${v.nombre} ${etiquetaOf(next)}`;
    if (!current || lawJudgedChange(current, next)) {
      for (const a of shiftAdvertencias(next, now)) advertencias.push({ fila, columna: null, mensaje: a.mensaje });
    }
    if (!current) {
      creates.push({ companyId: session.companyId, ...next, createdAt: now, updatedAt: now });
      filas.push({ fila, accion: 'crear', clave: codigo, descripcion, cambios: [] });
      continue;
    }
    const cambios: string[] = [];
    if (next.nombre !== current.nombre) cambios.push(H.nombre);
    if (next.startTime !== current.startTime) cambios.push(H.inicio);
    if (next.endTime !== current.endTime) cambios.push(H.fin);
    if (next.breakKind !== current.breakKind || next.breakStart !== current.breakStart || next.breakEnd !== current.breakEnd || (next.breakMinutes ?? null) !== (current.breakMinutes ?? null)) {
      cambios.push('Colación');
    }
    if (next.lateToleranceMin !== current.lateToleranceMin) cambios.push(H.toleranciaAtraso);
    if (next.earlyToleranceMin !== current.earlyToleranceMin) cambios.push(H.toleranciaSalida);
    if (next.color !== current.color) cambios.push(H.color);
    if (next.daysPerWeek !== current.daysPerWeek) cambios.push(H.diasPorSemana);
    if (next.active !== current.active) cambios.push(H.activo);
    if (cambios.length === 0) {
      filas.push({ fila, accion: 'sin_cambios', clave: codigo, descripcion, cambios });
      continue;
    }
    updates.push({ current, values: next, timingChanged: timingDiffers(current, next) });
    filas.push({ fila, accion: 'actualizar', clave: codigo, descripcion, cambios });
  }
  return { filas, errores, advertencias, totalFilas: table.totalRows, creates, updates };
}
