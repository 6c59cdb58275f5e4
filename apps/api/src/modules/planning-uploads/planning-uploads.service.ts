import {
  ACCESS,
  codigoTurnoSchema,
  colacionToBreak,
  PLANIFICACION_MAX_DIAS_PATRON,
  type CargaPlanificacionResultado,
  type CargaMasivaResultado,
  type Colacion,
  type Conflictos,
  type FilaCarga,
  type FilaError,
  type Ocurrencia,
  type ResumenDiasCarga,
  type SolicitadoPor,
} from '@jornada/contracts';
import { diffDays, expandPattern, fixedWeek, formatRut, parseRotationName, validateShiftTemplate, type PatternStep, type PlanningPattern } from '@jornada/domain';
import { analyzeAfterBulkLoad, type Db, type DbOrTx } from '../../db/client';
import { requirePerfil } from '../../lib/access';
import { localDate } from '../../lib/clock';
import { mapInSlices, slicer } from '../../lib/slices';
import {
  col,
  EXAMPLE_ROW_MARK,
  INSTRUCTIONS_SHEET,
  parseTable,
  readSpreadsheet,
  simplify,
  spreadsheetError,
  summarize,
  templateCsv,
  templateXlsx,
  type Columns,
  type TemplateSpec,
  type UploadedFile,
} from '../../lib/spreadsheet/index';
import type { RequestSession } from '../../plugins/types';
import {
  assignmentOf,
  decide,
  loadCatalog,
  REST,
  shiftStartProblem,
  withinContract,
  writeDays,
  type Assignment,
  type DayWrite,
  type ShiftCatalog,
  type ShiftStartProblem,
  type PlanningService,
  type Worker,
  type WorkerScope,
} from '../planning/index';
import { breakColumns, colacionOf, etiquetaOf, timingDiffers, type NewShift, type ShiftCatalogPort, type ShiftChange } from '../shifts/index';
import { requestColumns, time } from './upload-columns';

/** Most days a planner file may generate (rows × their ranges): beyond it the request would be slow, not useful. */
const MAX_PLANNER_DAYS = 400_000;
const DEFAULT_COLOR = '#228be6';

const UPLOAD_MESSAGES = {
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
  tooManyDays: (max: number) => `El archivo genera más de ${max.toLocaleString('es-CL')} días de planificación. Divídelo en archivos más pequeños.`,
} as const;

const rut = col.rut({ header: 'RUT', aliases: ['Rut trabajador', 'RUN'], required: true, description: 'RUT del trabajador, con o sin puntos, con guion y dígito verificador.', example: '12.345.678-5' });

export const SHIFT_COLUMNS = {
  codigo: col.text({ header: 'Código', aliases: ['Codigo turno', 'Código del turno'], required: true, max: 20, description: 'Código único del turno (letras, números, punto o guion; sin espacios). Si ya existe, la fila actualiza ese turno.', example: 'MAN' }),
  nombre: col.text({ header: 'Nombre', aliases: ['Nombre del turno', 'Turno'], required: true, max: 100, description: `Nombre del turno. En la plantilla, el de la fila de ejemplo empieza con «${EXAMPLE_ROW_MARK}»: la carga omite esa fila.`, example: `${EXAMPLE_ROW_MARK} Mañana (esta fila se omite al cargar; reemplázala por tus turnos)` }),
  inicio: time({ header: 'Inicio', aliases: ['Hora inicio', 'Entrada'], required: true, description: 'Hora de inicio, HH:MM.', example: '07:00' }),
  fin: time({ header: 'Fin', aliases: ['Hora fin', 'Término', 'Salida'], required: true, allowMidnightEnd: true, description: 'Hora de término, HH:MM. Si es igual o anterior al inicio, termina al día siguiente (turno de noche).', example: '15:00' }),
  colacionInicio: time({ header: 'Colación inicio', aliases: ['Inicio colación'], required: false, description: 'Inicio de la colación fija (vacío si la colación es en minutos).', example: '' }),
  colacionFin: time({ header: 'Colación fin', aliases: ['Fin colación', 'Término colación'], required: false, description: 'Fin de la colación fija.', example: '' }),
  colacionMinutos: col.integer({ header: 'Colación minutos', aliases: ['Minutos colación', 'Colación'], required: false, min: 0, max: 240, description: 'Minutos de colación en cualquier momento del turno (vacío o 0: sin colación).', example: 30 }),
  toleranciaAtraso: col.integer({ header: 'Tolerancia atraso', aliases: ['Tolerancia entrada'], required: false, min: 0, max: 240, description: 'Minutos de tolerancia de atraso (vacío: 0).', example: 5 }),
  toleranciaSalida: col.integer({ header: 'Tolerancia salida', aliases: ['Tolerancia salida anticipada'], required: false, min: 0, max: 240, description: 'Minutos de tolerancia de salida anticipada (vacío: 0).', example: 0 }),
  color: col.text({ header: 'Color', required: false, max: 7, description: `Color en la grilla, #rrggbb (vacío: ${DEFAULT_COLOR}).`, example: '#f59f00' }),
  diasPorSemana: col.integer({ header: 'Días por semana', aliases: ['Dias semana'], required: false, min: 1, max: 7, description: 'Días por semana de referencia para las horas semanales (vacío: 5).', example: 5 }),
  activo: col.yesNo({ header: 'Activo', required: false, description: 'Sí o No (vacío: Sí para turnos nuevos; sin cambio para los existentes).', example: 'Sí' }),
};

export const PLANNING_COLUMNS = {
  rut,
  fecha: col.date({ header: 'Fecha', aliases: ['Día', 'Dia'], required: true, description: 'Fecha: dd-mm-aaaa, aaaa-mm-dd o fecha de Excel.', example: new Date(Date.UTC(2026, 11, 1)) }),
  turno: col.text({ header: 'Turno', aliases: ['Código turno', 'Codigo'], required: true, max: 20, description: 'Código del turno, o «libre» (también «L») para un día libre.', example: 'MAN' }),
  ...requestColumns,
};

export const PLANNER_COLUMNS = {
  rut,
  patron: col.text({ header: 'Patrón', aliases: ['Patron', 'Rotación'], required: true, max: 400, description: 'NxM (4x4, 7x7, 14x14…: N días de turno y M libres desde la fecha inicio), 5x2 o «lunes a viernes», 6x1 o «lunes a sábado», o una secuencia de códigos y «libre» separados por comas (MAN,MAN,TAR,TAR,libre,libre).', example: '4x4' }),
  fechaInicio: col.date({ header: 'Fecha inicio', aliases: ['Desde', 'Inicio'], required: true, description: 'Primer día: dd-mm-aaaa, aaaa-mm-dd o fecha de Excel.', example: new Date(Date.UTC(2026, 11, 1)) }),
  fechaFin: col.date({ header: 'Fecha fin', aliases: ['Hasta', 'Fin'], required: true, description: `Último día (como máximo ${PLANIFICACION_MAX_DIAS_PATRON} días desde el inicio).`, example: new Date(Date.UTC(2026, 11, 31)) }),
  turno: col.text({ header: 'Turno', aliases: ['Código turno', 'Codigo'], required: false, max: 20, description: 'Código del turno de los días de trabajo (obligatorio para NxM, 5x2 y 6x1; no se usa con secuencias).', example: 'N12' }),
  desfase: col.integer({ header: 'Desfase', aliases: ['Inicio ciclo'], required: false, min: 0, max: 400, description: 'En qué día del ciclo (desde 0) está la fecha inicio; sirve para continuar una rotación (vacío: 0).', example: 0 }),
  ...requestColumns,
};

const INSTRUCTIONS_COMMON = [
  'Las columnas pueden ir en cualquier orden; los encabezados deben ser los de la plantilla (sin importar tildes ni mayúsculas).',
  'La carga es todo o nada: si una fila tiene errores no se guarda ninguna. Revisa la vista previa antes de confirmar.',
  'Subir el mismo archivo otra vez no cambia nada.',
  'Máximo 50.000 filas y 10 MB por archivo. También puedes subir un CSV separado por punto y coma o coma, en UTF-8.',
];

const TEMPLATES = {
  turnos: {
    sheetName: 'Turnos',
    columns: SHIFT_COLUMNS,
    instructions: [
      'Carga masiva de turnos de Jornada',
      'Una fila por turno, desde la fila 2. El código identifica el turno: si existe, se actualiza.',
      'La fila 2 de la plantilla es un ejemplo: su Nombre empieza con «EJEMPLO:» y la carga la omite, así no cambia ningún turno tuyo. Reemplázala o bórrala.',
      'Colación: fija (Colación inicio y Colación fin) o en minutos (Colación minutos), no ambas.',
      'Cambiar el horario de un turno crea una versión nueva: los días ya planificados conservan el horario con que se planificaron.',
      ...INSTRUCTIONS_COMMON,
    ],
  },
  planificacion: {
    sheetName: 'Planificación',
    columns: PLANNING_COLUMNS,
    instructions: [
      'Carga masiva de planificación de Jornada',
      'Una fila por trabajador y día, desde la fila 2. Turno: código del turno o «libre».',
      'La fila 2 de la plantilla es un ejemplo: su Observación empieza con «EJEMPLO:» y la carga la omite. Reemplázala o bórrala.',
      'Si la fecha ya estaba planificada con otra cosa, se reemplaza y queda en el registro de modificaciones de turnos.',
      'Cambiar una fecha que ya pasó exige la columna Motivo.',
      ...INSTRUCTIONS_COMMON,
    ],
  },
  planificador: {
    sheetName: 'Planificador',
    columns: PLANNER_COLUMNS,
    instructions: [
      'Planificador masivo de Jornada: asigna un patrón a cada trabajador entre dos fechas.',
      'La fila 2 de la plantilla es un ejemplo: su Observación empieza con «EJEMPLO:» y la carga la omite. Reemplázala o bórrala.',
      'Patrones: NxM (4x4, 7x7, 14x14…) empieza el ciclo en la fecha inicio (más el desfase); 5x2 = lunes a viernes; 6x1 = lunes a sábado; o una secuencia de códigos y «libre» separados por comas.',
      'Las fechas ya planificadas se reemplazan (o se conservan si eliges «conservar» al subir) y los cambios quedan en el registro de modificaciones de turnos.',
      'Las fechas fuera del contrato del trabajador se omiten. Cambiar fechas que ya pasaron exige la columna Motivo.',
      ...INSTRUCTIONS_COMMON,
    ],
  },
} as const;

export type UploadKind = keyof typeof TEMPLATES;

const emptyDays = (): ResumenDiasCarga => ({ crear: 0, reemplazar: 0, conservar: 0, sinCambios: 0, pasados: 0, trabajadores: 0 });

const isRest = (code: string) => ['L', 'LIBRE', 'DESCANSO'].includes(simplify(code).toLocaleUpperCase('es-CL'));

function assignmentLabel(catalog: ShiftCatalog, a: Assignment): string {
  if (a.kind === 'libre') return 'Libre';
  if (a.kind !== 'turno') return 'Sin planificar';
  const shift = catalog.byId.get(a.shiftId!)!;
  return `${shift.codigo} ${etiquetaOf(catalog.version(a.shiftId!, a.shiftVersion!)!.row)}`;
}

interface RequestInfo {
  requestedBy: SolicitadoPor;
  motivo: string | null;
  observacion: string | null;
}

/**
 * What the uploads use of other modules, given at assembly: the planning's scope, workers and stored
 * days, and the shift catalogue's reads and writes. The uploads own no table and write no SQL.
 */
export interface PlanningUploadsPorts {
  planning: Pick<PlanningService, 'scopeOf' | 'workersByRut' | 'storedDays'>;
  shiftCatalog: ShiftCatalogPort;
}

export function createPlanningUploadsService(db: Db, { planning, shiftCatalog }: PlanningUploadsPorts) {
  /** Workers of the file's RUTs, the caller's scope and the shift catalog, loaded once. */
  async function lookups(dbx: DbOrTx, session: RequestSession, scope: WorkerScope, ruts: string[]) {
    const workers = await planning.workersByRut(dbx, session.companyId, [...new Set(ruts)]);
    const catalog = await loadCatalog(dbx, session.companyId);
    const inScope = (w: Worker) =>
      'all' in scope ? true : 'groupIds' in scope ? w.groupId !== null && scope.groupIds.includes(w.groupId) : w.id === scope.userId;
    return { workerByRut: new Map(workers.map((w) => [w.rut, w])), inScope, catalog };
  }

  /** A shift code of a planning file as an assignment, or the Spanish problem. */
  function shiftStep(catalog: ShiftCatalog, raw: string): Assignment | string {
    if (isRest(raw)) return REST;
    const code = raw.trim().toLocaleUpperCase('es-CL');
    const shift = catalog.byCode.get(code);
    if (!shift) return UPLOAD_MESSAGES.unknownShift(code);
    if (!shift.active) return UPLOAD_MESSAGES.inactiveShift(code);
    return { kind: 'turno', shiftId: shift.id, shiftVersion: shift.version };
  }

  // --- Shifts ---------------------------------------------------------------------------------

  async function planShifts(dbx: DbOrTx, session: RequestSession, file: UploadedFile, now: Date) {
    const sheet = await readSpreadsheet(file.buffer, { skipSheets: [INSTRUCTIONS_SHEET], companyId: session.companyId });
    const table = await parseTable(sheet, SHIFT_COLUMNS, { exampleColumn: 'nombre' });
    const errores: FilaError[] = [...table.errors];
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
    return { filas, errores, totalFilas: table.totalRows, creates, updates };
  }

  // --- Planning (one row a day) ----------------------------------------------------------------

  async function planPlanning(dbx: DbOrTx, session: RequestSession, scope: WorkerScope, file: UploadedFile, now: Date) {
    const sheet = await readSpreadsheet(file.buffer, { skipSheets: [INSTRUCTIONS_SHEET], companyId: session.companyId });
    const table = await parseTable(sheet, PLANNING_COLUMNS, { exampleColumn: 'observacion' });
    const H = Object.fromEntries(Object.entries(PLANNING_COLUMNS).map(([k, c]) => [k, c.header])) as Record<keyof typeof PLANNING_COLUMNS, string>;
    const errores: FilaError[] = [...table.errors];
    const filas: FilaCarga[] = [];
    for (const invalid of table.invalidRows) filas.push({ fila: invalid, accion: 'error', clave: '', descripcion: '', cambios: [] });
    for (const example of table.exampleRows) filas.push({ fila: example, accion: 'sin_cambios', clave: '', descripcion: UPLOAD_MESSAGES.exampleRow, cambios: [] });
    const { workerByRut, inScope, catalog } = await lookups(
      dbx,
      session,
      scope,
      table.rows.map((r) => r.values.rut),
    );
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

  // --- Planner (patterns by row) ---------------------------------------------------------------

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
  async function planPlanner(dbx: DbOrTx, session: RequestSession, scope: WorkerScope, file: UploadedFile, conflictos: Conflictos, now: Date, keepWrites: boolean) {
    const sheet = await readSpreadsheet(file.buffer, { skipSheets: [INSTRUCTIONS_SHEET], companyId: session.companyId });
    const table = await parseTable(sheet, PLANNER_COLUMNS, { exampleColumn: 'observacion' });
    const H = Object.fromEntries(Object.entries(PLANNER_COLUMNS).map(([k, c]) => [k, c.header])) as Record<keyof typeof PLANNER_COLUMNS, string>;
    const errores: FilaError[] = [...table.errors];
    const filas: FilaCarga[] = [];
    for (const invalid of table.invalidRows) filas.push({ fila: invalid, accion: 'error', clave: '', descripcion: '', cambios: [] });
    for (const example of table.exampleRows) filas.push({ fila: example, accion: 'sin_cambios', clave: '', descripcion: UPLOAD_MESSAGES.exampleRow, cambios: [] });
    const { workerByRut, inScope, catalog } = await lookups(
      dbx,
      session,
      scope,
      table.rows.map((r) => r.values.rut),
    );

    // First pass: row-level checks and the total size, before loading any planning.
    interface Candidate {
      fila: number;
      worker: Worker;
      pattern: PlanningPattern<Assignment>;
      from: string;
      to: string;
      request: RequestInfo;
      patron: string;
      ocurrencia: Ocurrencia | null;
    }
    const candidates: Candidate[] = [];
    const rangesByRut = new Map<string, { fila: number; from: string; to: string }[]>();
    let totalDays = 0;
    const pause = slicer();
    for (const { fila, values: v } of table.rows) {
      await pause();
      const rowErrors: FilaError[] = [];
      const err = (columna: string, mensaje: string) => rowErrors.push({ fila, columna, mensaje });
      const worker = workerByRut.get(v.rut);
      if (!worker) err(H.rut, UPLOAD_MESSAGES.unknownRut);
      else if (!inScope(worker)) err(H.rut, UPLOAD_MESSAGES.notInScope);
      if (v.fechaFin < v.fechaInicio) err(H.fechaFin, UPLOAD_MESSAGES.endBeforeStart);
      else if (diffDays(v.fechaInicio, v.fechaFin) + 1 > PLANIFICACION_MAX_DIAS_PATRON) err(H.fechaFin, UPLOAD_MESSAGES.rangeTooLong);
      else {
        const ranges = rangesByRut.get(v.rut) ?? [];
        const overlap = ranges.find((r) => r.from <= v.fechaFin && v.fechaInicio <= r.to);
        if (overlap) err(H.fechaInicio, UPLOAD_MESSAGES.overlap(overlap.fila));
        ranges.push({ fila, from: v.fechaInicio, to: v.fechaFin });
        rangesByRut.set(v.rut, ranges);
      }
      const pattern = plannerPattern(catalog, v.patron, v.turno, v.desfase ?? 0, v.fechaInicio);
      if ('column' in pattern) err(H[pattern.column], pattern.message);
      const clave = `${formatRut(v.rut) ?? v.rut} ${v.fechaInicio} – ${v.fechaFin}`;
      if (rowErrors.length > 0 || !worker || 'column' in pattern) {
        errores.push(...rowErrors);
        filas.push({ fila, accion: 'error', clave, descripcion: worker ? `${worker.nombre} ${worker.apellidos}` : '', cambios: [] });
        continue;
      }
      totalDays += diffDays(v.fechaInicio, v.fechaFin) + 1;
      if (totalDays > MAX_PLANNER_DAYS) throw spreadsheetError(UPLOAD_MESSAGES.tooManyDays(MAX_PLANNER_DAYS));
      candidates.push({
        fila,
        worker,
        pattern,
        from: v.fechaInicio,
        to: v.fechaFin,
        patron: v.patron,
        ocurrencia: v.ocurrencia,
        request: { requestedBy: v.solicitadoPor ?? 'empleador', motivo: v.motivo, observacion: v.observacion },
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
          startProblem ??= shiftStartProblem(catalog, target, date, c.worker.zone, c.ocurrencia);
          const past = date < today;
          if (past) counts.pasados++;
          counts[accion]++;
          if (keepWrites) rowWrites.push({
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
      if (startProblem) {
        errores.push({ fila: c.fila, columna: startProblem.field === 'turno' ? H.turno : H.ocurrencia, mensaje: startProblem.message });
        filas.push({ fila: c.fila, accion: 'error', clave, descripcion, cambios: [] });
        continue;
      }
      if (counts.pasados > 0 && !c.request.motivo) {
        errores.push({ fila: c.fila, columna: H.motivo, mensaje: UPLOAD_MESSAGES.motivoPastRange });
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

  const requireUploader = (session: RequestSession, kind: UploadKind) =>
    kind === 'turnos' ? requirePerfil(session, ...ACCESS.shiftsManage) : requirePerfil(session, ...ACCESS.planningManage);

  return {
    template(session: RequestSession, kind: UploadKind, format: 'xlsx' | 'csv'): Promise<Buffer> | Buffer {
      requireUploader(session, kind);
      const spec = TEMPLATES[kind] as TemplateSpec<Columns>;
      return format === 'xlsx' ? templateXlsx(spec) : Buffer.from(templateCsv(spec), 'utf8');
    },

    async shifts(session: RequestSession, file: UploadedFile, commit: boolean, now: Date): Promise<CargaMasivaResultado> {
      requireUploader(session, 'turnos');
      const run = async (dbx: DbOrTx) => {
        const result = await planShifts(dbx, session, file, now);
        const apply = commit && result.errores.length === 0;
        if (apply) {
          await shiftCatalog.save(dbx, { creates: result.creates, updates: result.updates }, session.userId, now);
        }
        return summarize({ archivo: file.filename, filas: result.filas, errores: result.errores, totalFilas: result.totalFilas, aplicado: apply });
      };
      return commit ? db.transaction(run) : run(db);
    },

    async planning(session: RequestSession, file: UploadedFile, commit: boolean, now: Date): Promise<CargaPlanificacionResultado> {
      requireUploader(session, 'planificacion');
      const scope = await planning.scopeOf(session);
      const run = async (dbx: DbOrTx) => {
        const result = await planPlanning(dbx, session, scope, file, now);
        const apply = commit && result.errores.length === 0;
        if (apply) await writeDays(dbx, { companyId: session.companyId, actorId: session.userId, now, origin: 'carga_planificacion' }, result.writes);
        return { ...summarize({ archivo: file.filename, filas: result.filas, errores: result.errores, totalFilas: result.totalFilas, aplicado: apply }), dias: result.dias };
      };
      if (!commit) return run(db);
      const outcome = await db.transaction(run);
      if (outcome.aplicado) await analyzeAfterBulkLoad(db, ['planning_days', 'planning_changes'], outcome.resumen.totalFilas);
      return outcome;
    },

    async planner(session: RequestSession, file: UploadedFile, conflictos: Conflictos, commit: boolean, now: Date): Promise<CargaPlanificacionResultado> {
      requireUploader(session, 'planificador');
      const scope = await planning.scopeOf(session);
      const run = async (dbx: DbOrTx) => {
        const result = await planPlanner(dbx, session, scope, file, conflictos, now, commit);
        const apply = commit && result.errores.length === 0;
        if (apply) await writeDays(dbx, { companyId: session.companyId, actorId: session.userId, now, origin: 'carga_planificador' }, result.writes);
        return { ...summarize({ archivo: file.filename, filas: result.filas, errores: result.errores, totalFilas: result.totalFilas, aplicado: apply }), dias: result.dias };
      };
      if (!commit) return run(db);
      const outcome = await db.transaction(run);
      if (outcome.aplicado) await analyzeAfterBulkLoad(db, ['planning_days', 'planning_changes'], outcome.resumen.totalFilas);
      return outcome;
    },
  };
}

export type PlanningUploadsService = ReturnType<typeof createPlanningUploadsService>;
