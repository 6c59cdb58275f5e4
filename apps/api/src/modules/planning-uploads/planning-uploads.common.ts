/** What the three uploads share: their messages, the ports they use, the workers and shifts a file names, and how a day's assignment reads. */
import { PLANIFICACION_MAX_DIAS_PATRON, type FilaCarga, type FilaError, type ResumenDiasCarga, type SolicitadoPor } from '@jornada/contracts';
import type { DbOrTx } from '../../db/client';
import { INSTRUCTIONS_SHEET, parseTable, readSpreadsheet, simplify, type Column, type Columns, type RowOf, type UploadedFile } from '../../lib/spreadsheet/index';
import type { RequestSession } from '../../plugins/types';
import { REST, type Assignment, type PlanningService, type ShiftCatalog, type Worker, type WorkerScope } from '../planning/index';
import { etiquetaOf, type ShiftCatalogPort } from '../shifts/index';

/** Most days a planner file may generate (rows × their ranges): beyond it the request would be slow, not useful. */
export const MAX_PLANNER_DAYS = 400_000;

export const UPLOAD_MESSAGES = {
  unknownRut: 'No hay un trabajador con ese RUT en la empresa.',
  notInScope: 'El trabajador no pertenece a tus grupos.',
  unknownShift: (code: string) => `No existe un turno con el código «${code}».`,
  inactiveShift: (code: string) => `El turno «${code}» está inactivo.`,
  motivoPast: 'Indica el motivo: la fecha ya pasó.',
  motivoPastRange: 'Indica el motivo: el rango cambia fechas que ya pasaron.',
  outsideContract: 'La fecha está fuera del contrato del trabajador.',
  duplicateDay: (fila: number) => `Fila repetida: la fila ${fila} ya planifica este RUT y fecha.`,
  duplicateCode: (fila: number) => `Código repetido: la fila ${fila} ya define este turno.`,
  overlap: (fila: number) => `Las fechas se superponen con la fila ${fila} del mismo RUT.`,
  endBeforeStart: 'La fecha fin no puede ser anterior a la fecha inicio.',
  rangeTooLong: `El rango puede tener como máximo ${PLANIFICACION_MAX_DIAS_PATRON} días.`,
  badPattern:
    'Patrón no válido. Usa NxM (4x4, 7x7, 14x14…), 5x2, 6x1, «lunes a viernes», «lunes a sábado» o una secuencia de códigos de turno y «libre» separados por comas.',
  shiftRequired: 'Indica el código del turno para este patrón.',
  breakBoth: 'Usa colación fija (inicio y fin) o colación en minutos, no ambas.',
  breakWindow: 'Indica el inicio y el fin de la colación fija.',
  badColor: 'El color debe tener el formato #rrggbb.',
  exampleRow: 'Fila de ejemplo de la plantilla: se omite.',
  confirmLaw: 'Para cargarlo igual, confirma las advertencias (confirmarAdvertencias=true).',
  tooManyDays: (max: number) => `El archivo genera más de ${max.toLocaleString('es-CL')} días de planificación. Divídelo en archivos más pequeños.`,
} as const;

/**
 * What the uploads use of other modules, given at assembly: the planning's scope, workers and stored
 * days, and the shift catalogue's reads and writes. The uploads own no table and write no SQL.
 */
export interface PlanningUploadsPorts {
  planning: Pick<PlanningService, 'scopeOf' | 'workersByRut' | 'storedDays' | 'loadCatalog' | 'writeDays'>;
  shiftCatalog: ShiftCatalogPort;
}

export const emptyDays = (): ResumenDiasCarga => ({ crear: 0, reemplazar: 0, conservar: 0, sinCambios: 0, pasados: 0, trabajadores: 0 });

const isRest = (code: string) => ['L', 'LIBRE', 'DESCANSO'].includes(simplify(code).toLocaleUpperCase('es-CL'));

export function assignmentLabel(catalog: ShiftCatalog, a: Assignment): string {
  if (a.kind === 'libre') return 'Libre';
  if (a.kind !== 'turno') return 'Sin planificar';
  const shift = catalog.byId.get(a.shiftId!)!;
  return `${shift.codigo} ${etiquetaOf(catalog.version(a.shiftId!, a.shiftVersion!)!.row)}`;
}

export interface RequestInfo {
  requestedBy: SolicitadoPor;
  motivo: string | null;
  observacion: string | null;
}

/** Workers of the file's RUTs, the caller's scope and the shift catalog, loaded once. */
async function lookups(planning: PlanningUploadsPorts['planning'], dbx: DbOrTx, session: RequestSession, scope: WorkerScope, ruts: string[]) {
  const workers = await planning.workersByRut(dbx, session.companyId, [...new Set(ruts)]);
  const catalog = await planning.loadCatalog(dbx, session.companyId);
  const inScope = (w: Worker) =>
    'all' in scope ? true : 'groupIds' in scope ? w.groupId !== null && scope.groupIds.includes(w.groupId) : w.id === scope.userId;
  return { workerByRut: new Map(workers.map((w) => [w.rut, w])), inScope, catalog };
}

/** A row as parsed: a cell that did not parse is null (its column is in `badColumns`), required columns included. */
export type LooseRow<C extends Columns> = { [K in keyof RowOf<C>]: RowOf<C>[K] | null };

export interface UploadRow<C extends Columns> {
  fila: number;
  values: LooseRow<C>;
  /** The columns whose cell did not parse (their errors are already listed): the checks that need them are skipped. */
  badColumns: ReadonlySet<keyof C & string>;
}

/**
 * Every data row of a file in order, also those with a cell that did not parse: the rest of such a row is
 * checked too, so one preview lists every error of every row, not one kind of error per try.
 */
function everyRow<C extends Columns>(table: Awaited<ReturnType<typeof parseTable<C>>>): UploadRow<C>[] {
  const none = new Set<keyof C & string>();
  return [...table.rows.map((row) => ({ ...row, badColumns: none })), ...table.partialRows].sort((a, b) => a.fila - b.fila);
}

/**
 * Opens a file of planned days (planificación, planificador): every row (see `everyRow`), the headers by
 * column, the template's example rows, and the workers and shifts it names.
 */
export async function readDayUpload<C extends Columns & { rut: Column<string, true> }>(
  planning: PlanningUploadsPorts['planning'],
  dbx: DbOrTx,
  session: RequestSession,
  scope: WorkerScope,
  file: UploadedFile,
  columns: C,
): Promise<{
  table: Awaited<ReturnType<typeof parseTable<C>>>;
  rows: UploadRow<C>[];
  H: Record<keyof C, string>;
  errores: FilaError[];
  filas: FilaCarga[];
  workerByRut: Map<string, Worker>;
  inScope: (w: Worker) => boolean;
  catalog: ShiftCatalog;
}> {
  const sheet = await readSpreadsheet(file.buffer, { skipSheets: [INSTRUCTIONS_SHEET], companyId: session.companyId });
  const table = await parseTable(sheet, columns, { exampleColumn: 'observacion' });
  const rows = everyRow(table);
  const H = Object.fromEntries(Object.entries(columns).map(([k, c]) => [k, c.header])) as Record<keyof C, string>;
  const errores: FilaError[] = [...table.errors];
  const filas: FilaCarga[] = [];
  for (const example of table.exampleRows) filas.push({ fila: example, accion: 'sin_cambios', clave: '', descripcion: UPLOAD_MESSAGES.exampleRow, cambios: [] });
  const ruts = rows.map((r) => r.values.rut as string | null).filter((rut): rut is string => rut !== null);
  const { workerByRut, inScope, catalog } = await lookups(planning, dbx, session, scope, ruts);
  return { table, rows, H, errores, filas, workerByRut, inScope, catalog };
}

/** A shift code of a planning file as an assignment, or the Spanish problem. */
export function shiftStep(catalog: ShiftCatalog, raw: string): Assignment | string {
  if (isRest(raw)) return REST;
  const code = raw.trim().toLocaleUpperCase('es-CL');
  const shift = catalog.byCode.get(code);
  if (!shift) return UPLOAD_MESSAGES.unknownShift(code);
  if (!shift.active) return UPLOAD_MESSAGES.inactiveShift(code);
  return { kind: 'turno', shiftId: shift.id, shiftVersion: shift.version };
}
