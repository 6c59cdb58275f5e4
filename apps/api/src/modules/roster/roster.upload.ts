/**
 * The demand file of a site (plantilla and carga): its columns, the template with the site's demand, and a
 * file read into the PUT's body row by row, checked by the same contracts schemas as the PUT.
 */
import {
  BANDA_DIA_SIN_DEMANDA,
  bandaExcepcionSchema,
  bandaSemanalSchema,
  demandaBodySchema,
  DEMANDA_MAX_BANDAS,
  DIAS_SEMANA,
  type BandaExcepcion,
  type BandaSemanal,
  type FilaCarga,
  type FilaError,
} from '@jornada/contracts';
import {
  col,
  EXAMPLE_ROW_NOTE,
  INSTRUCTIONS_SHEET,
  parseTable,
  readSpreadsheet,
  SPREADSHEET_MESSAGES,
  spreadsheetError,
  storableCells,
  type Column,
  type TemplateSpec,
  type UploadedFile,
} from '../../lib/spreadsheet/index';
import type { ShiftCatalog } from '../planning/index';

const dia = col.oneOf({
  header: 'Día',
  aliases: ['Dia', 'Día de la semana', 'Dia semana'],
  required: false,
  values: DIAS_SEMANA,
  synonyms: { lunes: ['lun', '1'], martes: ['mar', '2'], miércoles: ['mie', '3'], jueves: ['jue', '4'], viernes: ['vie', '5'], sábado: ['sab', '6'], domingo: ['dom', '7'] },
  description: 'Para una fila de la semana habitual: lunes a domingo (o 1 a 7). Vacío en las filas de una fecha especial. Cada fila lleva Día o Fecha, no ambos.',
  example: 'lunes',
});
const fecha = col.date({
  header: 'Fecha',
  aliases: ['Fecha especial', 'Fecha excepción'],
  required: false,
  description: 'Para una fecha especial (feriado, inventario, cierre): dd-mm-aaaa. Sus filas reemplazan las bandas de su día de la semana. Vacío en las filas de la semana.',
  example: '',
});
const desde = col.time({ header: 'Hora desde', aliases: ['Desde', 'Inicio', 'Hora inicio'], required: true, description: 'Inicio de la banda, HH:MM.', example: '09:00' });
const hasta = col.time({
  header: 'Hora hasta',
  aliases: ['Hasta', 'Fin', 'Hora fin', 'Hora término'],
  required: true,
  allowMidnightEnd: true,
  description: 'Fin de la banda, HH:MM. Si es igual o anterior al inicio, la banda termina al día siguiente (24:00 se lee como 00:00).',
  example: '18:00',
});
// Only that it is a number: the range and the messages are the PUT's (bandaSemanalSchema).
const personas = col.decimal({ header: 'Personas', aliases: ['Personas necesarias', 'Dotación'], required: true, description: 'Personas necesarias en la banda, de 0 a 500.', example: 2 });
const turnos = col.text({
  header: 'Turnos',
  aliases: ['Códigos de turno', 'Turno'],
  required: false,
  max: 1000,
  description: 'Opcional: códigos de los turnos que cubren la banda, separados por coma. Vacío: cualquier turno activo que abarque la banda.',
  example: '',
});
const nota = col.text({
  header: 'Nota',
  aliases: ['Observación', 'Comentario'],
  required: false,
  max: 1000,
  description: 'Texto libre que no se guarda. Una fila cuya nota empieza con «EJEMPLO:» es una fila de ejemplo de la plantilla y se omite.',
  example: EXAMPLE_ROW_NOTE,
});

/** The template's columns: hours and people are obligatory, except in the row of a date without demand. */
const TEMPLATE_COLUMNS = storableCells({ dia, fecha, desde, hasta, personas, turnos, nota });
const optional = <T>(column: Column<T, true>): Column<T, false> => ({ ...column, required: false });
/** What the reader parses: the rows' own checks say which empty cell is missing (a date without demand has none). */
const COLUMNS = { ...TEMPLATE_COLUMNS, desde: optional(TEMPLATE_COLUMNS.desde), hasta: optional(TEMPLATE_COLUMNS.hasta), personas: optional(TEMPLATE_COLUMNS.personas) };
const H = Object.fromEntries(Object.entries(TEMPLATE_COLUMNS).map(([key, column]) => [key, column.header])) as Record<keyof typeof COLUMNS, string>;

const MESSAGES = {
  required: 'Este dato es obligatorio.',
  dayOrDate: 'Indica el día de la semana o la fecha.',
  notBoth: 'Escribe el día de la semana o la fecha, no ambos.',
  onlyExamples: 'El archivo solo tiene filas de ejemplo de la plantilla. Agrega las filas de la demanda de la sede.',
  unknownShift: (code: string) => `No existe un turno con el código «${code}».`,
  inactiveShift: (code: string) => `El turno «${code}» está inactivo.`,
  closedDay: 'Sin demanda',
} as const;

const INSTRUCTIONS = [
  'Carga de la demanda de personal de una sede (planificación automática de Jornada)',
  'Una fila por banda horaria, desde la fila 2: Día (lunes a domingo) para la semana habitual, o Fecha (dd-mm-aaaa) para una fecha especial, con Hora desde, Hora hasta y Personas.',
  'Las filas de una fecha reemplazan las bandas de su día de la semana. Para un día sin demanda (cerrado), escribe la fecha con Hora desde y Hora hasta vacías y Personas 0 (o vacía).',
  'La plantilla trae la demanda actual de la sede para que la edites; si la sede aún no tiene demanda, trae filas de ejemplo cuya Nota empieza con «EJEMPLO:», que la carga omite.',
  'La carga reemplaza toda la demanda de la sede: las bandas que no estén en el archivo se quitan. Es todo o nada: si una fila tiene errores no se guarda ninguna.',
  'Las columnas pueden ir en cualquier orden; los encabezados deben ser los de la plantilla (sin importar tildes ni mayúsculas).',
  `Máximo ${DEMANDA_MAX_BANDAS.toLocaleString('es-CL')} bandas y 10 MB por archivo. También puedes subir un CSV separado por punto y coma o coma, en UTF-8.`,
];

type Cell = string | number | Date;

const isClosedBand = (b: BandaExcepcion) => b.inicio === BANDA_DIA_SIN_DEMANDA.inicio && b.fin === BANDA_DIA_SIN_DEMANDA.fin && b.personas === 0 && !b.turnoIds?.length;
const dateCell = (iso: string) => new Date(`${iso}T00:00:00Z`);
const byTimes = (a: { inicio: string; fin: string }, b: { inicio: string; fin: string }) => (a.inicio === b.inicio ? (a.fin < b.fin ? -1 : 1) : a.inicio < b.inicio ? -1 : 1);

/**
 * The template of a site's demand: its bands as rows to edit and upload again (weekdays, then dates), or,
 * without demand, an example weekday row and an example date without demand, both skipped by the upload.
 */
export function demandTemplate(bands: readonly BandaSemanal[], exceptions: readonly BandaExcepcion[], catalog: ShiftCatalog, today: string): TemplateSpec<typeof TEMPLATE_COLUMNS> {
  const codes = (ids: readonly string[] | undefined) =>
    (ids ?? [])
      .map((id) => catalog.byId.get(id)?.codigo)
      .filter((code): code is string => Boolean(code))
      .join(', ');
  const rows: Cell[][] = [];
  for (const b of [...bands].sort((x, y) => x.diaSemana - y.diaSemana || byTimes(x, y))) rows.push([DIAS_SEMANA[b.diaSemana - 1]!, '', b.inicio, b.fin, b.personas, codes(b.turnoIds), '']);
  for (const e of [...exceptions].sort((x, y) => (x.fecha === y.fecha ? byTimes(x, y) : x.fecha < y.fecha ? -1 : 1))) {
    rows.push(isClosedBand(e) ? ['', dateCell(e.fecha), '', '', 0, '', ''] : ['', dateCell(e.fecha), e.inicio, e.fin, e.personas, codes(e.turnoIds), '']);
  }
  if (rows.length === 0) {
    rows.push(['lunes', '', '09:00', '18:00', 2, '', `${EXAMPLE_ROW_NOTE.replace(/\.$/, '')} (una banda de la semana).`]);
    rows.push(['', dateCell(`${today.slice(0, 4)}-12-25`), '', '', 0, '', `${EXAMPLE_ROW_NOTE.replace(/\.$/, '')} (una fecha sin demanda).`]);
  }
  return { sheetName: 'Demanda', columns: TEMPLATE_COLUMNS, instructions: INSTRUCTIONS, rows };
}

type Band = { kind: 'semana'; band: BandaSemanal } | { kind: 'fecha'; band: BandaExcepcion };

const keyOf = (b: Band) => `${b.kind === 'semana' ? `d${b.band.diaSemana}` : b.band.fecha}|${b.band.inicio}|${b.band.fin}|${[...(b.band.turnoIds ?? [])].sort().join(',')}`;

/** The header of the column a schema issue names (`inicio` → «Hora desde»); null for the whole row. */
function columnOf(field: PropertyKey | undefined): string | null {
  switch (field) {
    case 'diaSemana':
      return H.dia;
    case 'fecha':
      return H.fecha;
    case 'inicio':
      return H.desde;
    case 'fin':
      return H.hasta;
    case 'personas':
      return H.personas;
    case 'turnoIds':
      return H.turnos;
    default:
      return null;
  }
}

export interface DemandFile {
  bandas: BandaSemanal[];
  excepciones: BandaExcepcion[];
  filas: FilaCarga[];
  errores: FilaError[];
  totalFilas: number;
  /** Bands of the current demand the file leaves out. */
  quitar: number;
  /** Whether loading the file changes the stored demand. */
  changes: boolean;
}

/**
 * Reads a demand file into the PUT's body: every row is checked (cells, day or date, hours and people, shift
 * codes) and its band by the PUT's schema for its kind; then the whole body by `demandaBodySchema` (repeated
 * bands, the bands' maximum). Every error carries its row; a file-level problem is a 400 thrown.
 */
export async function readDemandFile(file: UploadedFile, companyId: string, catalog: ShiftCatalog, current: { bands: readonly BandaSemanal[]; exceptions: readonly BandaExcepcion[] }): Promise<DemandFile> {
  const sheet = await readSpreadsheet(file.buffer, { skipSheets: [INSTRUCTIONS_SHEET], companyId });
  const table = await parseTable(sheet, COLUMNS, { exampleColumn: 'nota' });
  if (!table.present.has('dia') && !table.present.has('fecha')) throw spreadsheetError(SPREADSHEET_MESSAGES.missingColumns([`${H.dia} o ${H.fecha}`]));
  const missing = (['desde', 'hasta', 'personas'] as const).filter((key) => !table.present.has(key)).map((key) => H[key]);
  if (missing.length > 0) throw spreadsheetError(SPREADSHEET_MESSAGES.missingColumns(missing));
  const none = new Set<string>();
  const rows = [...table.rows.map((row) => ({ ...row, badColumns: none as ReadonlySet<string> })), ...table.partialRows].sort((a, b) => a.fila - b.fila);
  if (rows.length === 0) throw spreadsheetError(MESSAGES.onlyExamples);

  const errores: FilaError[] = [...table.errors];
  /** The columns of each row with an error already (null: the whole row); a row here writes nothing. */
  const reported = new Map<number, Set<string | null>>();
  for (const e of table.errors) reported.set(e.fila, (reported.get(e.fila) ?? new Set()).add(e.columna));
  const parsed: { fila: number; band: Band }[] = [];
  for (const { fila, values: v, badColumns: bad } of rows) {
    const error = (columna: string | null, mensaje: string) => {
      errores.push({ fila, columna, mensaje });
      reported.set(fila, (reported.get(fila) ?? new Set()).add(columna));
    };
    const hasDay = v.dia !== null || bad.has('dia');
    const hasDate = v.fecha !== null || bad.has('fecha');
    if (!hasDay && !hasDate) error(null, MESSAGES.dayOrDate);
    else if (hasDay && hasDate) error(null, MESSAGES.notBoth);
    const noPeople = v.personas === null || v.personas === 0;
    const closed = hasDate && !hasDay && v.desde === null && v.hasta === null && noPeople && !bad.has('desde') && !bad.has('hasta') && !bad.has('personas') && !v.turnos;
    if (!closed) {
      for (const key of ['desde', 'hasta', 'personas'] as const) if (v[key] === null && !bad.has(key)) error(H[key], MESSAGES.required);
    }
    const turnoIds: string[] = [];
    for (const code of (v.turnos ?? '').split(',').map((c) => c.trim().toLocaleUpperCase('es-CL')).filter(Boolean)) {
      const shift = catalog.byCode.get(code);
      if (!shift) error(H.turnos, MESSAGES.unknownShift(code));
      else if (!shift.active) error(H.turnos, MESSAGES.inactiveShift(code));
      else if (!turnoIds.includes(shift.id)) turnoIds.push(shift.id);
    }
    // The band by the PUT's schema of its kind, also when the row has other errors (every error of a row in
    // one preview); a field whose cell already has its error is not reported twice.
    const base = closed
      ? { ...BANDA_DIA_SIN_DEMANDA }
      : { inicio: v.desde ?? undefined, fin: v.hasta === '24:00' ? '00:00' : (v.hasta ?? undefined), personas: v.personas ?? undefined, ...(turnoIds.length ? { turnoIds } : {}) };
    const already = new Set(reported.get(fila));
    const report = (issues: readonly { path: readonly PropertyKey[]; message: string }[]) => {
      for (const issue of issues) {
        const columna = columnOf(issue.path[0]);
        if (!already.has(columna)) error(columna, issue.message);
      }
    };
    if (hasDate && !hasDay) {
      const checked = bandaExcepcionSchema.safeParse({ fecha: v.fecha ?? undefined, ...base });
      if (!checked.success) report(checked.error.issues);
      else if (!reported.has(fila)) parsed.push({ fila, band: { kind: 'fecha', band: checked.data } });
    } else {
      // A row without a readable day is still checked for its hours and people, which both kinds share.
      const checked = bandaSemanalSchema.safeParse({ diaSemana: v.dia === null ? 1 : DIAS_SEMANA.indexOf(v.dia) + 1, ...base });
      if (!checked.success) report(checked.error.issues);
      else if (!reported.has(fila)) parsed.push({ fila, band: { kind: 'semana', band: checked.data } });
    }
  }

  // The rules across rows are the PUT's: each issue names its band, and so its row.
  const weekly = parsed.filter((p) => p.band.kind === 'semana');
  const dated = parsed.filter((p) => p.band.kind === 'fecha');
  const bandas = weekly.map((p) => p.band.band as BandaSemanal);
  const excepciones = dated.map((p) => p.band.band as BandaExcepcion);
  const whole = demandaBodySchema.safeParse({ bandas, excepciones });
  if (!whole.success) {
    for (const issue of whole.error.issues) {
      const [list, index, field] = issue.path;
      if (typeof index !== 'number') throw spreadsheetError(issue.message);
      const source = (list === 'bandas' ? weekly : dated)[index]!;
      errores.push({ fila: source.fila, columna: columnOf(field), mensaje: issue.message });
      reported.set(source.fila, new Set([columnOf(field)]));
    }
  }

  const before = new Map<string, number>();
  for (const band of current.bands) before.set(keyOf({ kind: 'semana', band }), band.personas);
  for (const band of current.exceptions) before.set(keyOf({ kind: 'fecha', band }), band.personas);
  const inFile = new Set<string>();
  const filas: FilaCarga[] = table.exampleRows.map((example) => ({ fila: example, accion: 'sin_cambios', clave: '', descripcion: 'Fila de ejemplo de la plantilla: se omite.', cambios: [] }));
  const bandOf = new Map(parsed.map((p) => [p.fila, p.band]));
  for (const { fila, values: v } of rows) {
    const band = bandOf.get(fila);
    const clave = band ? (band.kind === 'semana' ? DIAS_SEMANA[band.band.diaSemana - 1]! : band.band.fecha) : (v.dia ?? v.fecha ?? '');
    if (!band || reported.has(fila)) {
      filas.push({ fila, accion: 'error', clave, descripcion: '', cambios: [] });
      continue;
    }
    const key = keyOf(band);
    inFile.add(key);
    const had = before.get(key);
    const b = band.band;
    const descripcion = band.kind === 'fecha' && isClosedBand(band.band) ? MESSAGES.closedDay : `${b.inicio}–${b.fin} · ${b.personas} ${b.personas === 1 ? 'persona' : 'personas'}`;
    const accion = had === undefined ? 'crear' : had === b.personas ? 'sin_cambios' : 'actualizar';
    filas.push({ fila, accion, clave, descripcion, cambios: accion === 'actualizar' ? [H.personas] : [] });
  }
  const quitar = [...before.keys()].filter((key) => !inFile.has(key)).length;
  return {
    bandas,
    excepciones,
    filas,
    errores,
    totalFilas: table.totalRows,
    quitar,
    changes: quitar > 0 || filas.some((f) => f.accion === 'crear' || f.accion === 'actualizar'),
  };
}
