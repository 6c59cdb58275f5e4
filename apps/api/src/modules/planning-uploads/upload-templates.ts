/** The three upload files (turnos, planificación, planificador): their columns, the instructions sheet and the templates. */
import { PLANIFICACION_MAX_DIAS_PATRON } from '@jornada/contracts';
import { col, EXAMPLE_ROW_MARK } from '../../lib/spreadsheet/index';
import { requestColumns } from './upload-columns';
import { storableCells } from '../../lib/spreadsheet/index';

/** A shift's colour in the grid when the file gives none. */
export const DEFAULT_COLOR = '#228be6';

const rut = col.rut({ header: 'RUT', aliases: ['Rut trabajador', 'RUN'], required: true, description: 'RUT del trabajador, con o sin puntos, con guion y dígito verificador.', example: '12.345.678-5' });

const shiftColumns = {
  codigo: col.text({ header: 'Código', aliases: ['Codigo turno', 'Código del turno'], required: true, max: 20, description: 'Código único del turno (letras, números, punto o guion; sin espacios). Si ya existe, la fila actualiza ese turno.', example: 'MAN' }),
  nombre: col.text({ header: 'Nombre', aliases: ['Nombre del turno', 'Turno'], required: true, max: 100, description: `Nombre del turno. En la plantilla, el de la fila de ejemplo empieza con «${EXAMPLE_ROW_MARK}»: la carga omite esa fila.`, example: `${EXAMPLE_ROW_MARK} Mañana (esta fila se omite al cargar; reemplázala por tus turnos)` }),
  inicio: col.time({ header: 'Inicio', aliases: ['Hora inicio', 'Entrada'], required: true, description: 'Hora de inicio, HH:MM.', example: '07:00' }),
  fin: col.time({ header: 'Fin', aliases: ['Hora fin', 'Término', 'Salida'], required: true, allowMidnightEnd: true, description: 'Hora de término, HH:MM. Si es igual o anterior al inicio, termina al día siguiente (turno de noche).', example: '15:00' }),
  colacionInicio: col.time({ header: 'Colación inicio', aliases: ['Inicio colación'], required: false, description: 'Inicio de la colación fija (vacío si la colación es en minutos).', example: '' }),
  colacionFin: col.time({ header: 'Colación fin', aliases: ['Fin colación', 'Término colación'], required: false, description: 'Fin de la colación fija.', example: '' }),
  colacionMinutos: col.integer({ header: 'Colación minutos', aliases: ['Minutos colación', 'Colación'], required: false, min: 0, max: 240, description: 'Minutos de colación en cualquier momento del turno (vacío o 0: sin colación).', example: 30 }),
  toleranciaAtraso: col.integer({ header: 'Tolerancia atraso', aliases: ['Tolerancia entrada'], required: false, min: 0, max: 240, description: 'Minutos de tolerancia de atraso (vacío: 0).', example: 5 }),
  toleranciaSalida: col.integer({ header: 'Tolerancia salida', aliases: ['Tolerancia salida anticipada'], required: false, min: 0, max: 240, description: 'Minutos de tolerancia de salida anticipada (vacío: 0).', example: 0 }),
  color: col.text({ header: 'Color', required: false, max: 7, description: `Color en la grilla, #rrggbb (vacío: ${DEFAULT_COLOR}).`, example: '#f59f00' }),
  diasPorSemana: col.integer({ header: 'Días por semana', aliases: ['Dias semana'], required: false, min: 1, max: 7, description: 'Días por semana de referencia para las horas semanales (vacío: 5).', example: 5 }),
  activo: col.yesNo({ header: 'Activo', required: false, description: 'Sí o No (vacío: Sí para turnos nuevos; sin cambio para los existentes).', example: 'Sí' }),
};
export const SHIFT_COLUMNS = storableCells(shiftColumns);

const planningColumns = {
  rut,
  fecha: col.date({ header: 'Fecha', aliases: ['Día', 'Dia'], required: true, description: 'Fecha: dd-mm-aaaa, aaaa-mm-dd o fecha de Excel.', example: new Date(Date.UTC(2026, 11, 1)) }),
  turno: col.text({ header: 'Turno', aliases: ['Código turno', 'Codigo'], required: true, max: 20, description: 'Código del turno, o «libre» (también «L») para un día libre.', example: 'MAN' }),
  ...requestColumns,
};
export const PLANNING_COLUMNS = storableCells(planningColumns);

const plannerColumns = {
  rut,
  patron: col.text({ header: 'Patrón', aliases: ['Patron', 'Rotación'], required: true, max: 400, description: 'NxM (4x4, 7x7, 14x14…: N días de turno y M libres desde la fecha inicio), 5x2 o «lunes a viernes», 6x1 o «lunes a sábado», o una secuencia de códigos y «libre» separados por comas (MAN,MAN,TAR,TAR,libre,libre).', example: '4x4' }),
  fechaInicio: col.date({ header: 'Fecha inicio', aliases: ['Desde', 'Inicio'], required: true, description: 'Primer día: dd-mm-aaaa, aaaa-mm-dd o fecha de Excel.', example: new Date(Date.UTC(2026, 11, 1)) }),
  fechaFin: col.date({ header: 'Fecha fin', aliases: ['Hasta', 'Fin'], required: true, description: `Último día (como máximo ${PLANIFICACION_MAX_DIAS_PATRON} días desde el inicio).`, example: new Date(Date.UTC(2026, 11, 31)) }),
  turno: col.text({ header: 'Turno', aliases: ['Código turno', 'Codigo'], required: false, max: 20, description: 'Código del turno de los días de trabajo (obligatorio para NxM, 5x2 y 6x1; no se usa con secuencias).', example: 'N12' }),
  desfase: col.integer({ header: 'Desfase', aliases: ['Inicio ciclo'], required: false, min: 0, max: 400, description: 'En qué día del ciclo (desde 0) está la fecha inicio; sirve para continuar una rotación (vacío: 0).', example: 0 }),
  ...requestColumns,
};
export const PLANNER_COLUMNS = storableCells(plannerColumns);

const INSTRUCTIONS_COMMON = [
  'Las columnas pueden ir en cualquier orden; los encabezados deben ser los de la plantilla (sin importar tildes ni mayúsculas).',
  'La carga es todo o nada: si una fila tiene errores no se guarda ninguna. Revisa la vista previa antes de confirmar.',
  'Subir el mismo archivo otra vez no cambia nada.',
  'Máximo 50.000 filas y 10 MB por archivo. También puedes subir un CSV separado por punto y coma o coma, en UTF-8.',
];

export const TEMPLATES = {
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
