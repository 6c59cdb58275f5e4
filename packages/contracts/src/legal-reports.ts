/**
 * The Dirección del Trabajo's legal reports (Res. Ex. 38 of 2024): a) to f), their names, order,
 * columns, abbreviations and empty-result texts word for word, the filters, and the report as one
 * document of text cells that the screen, Excel, PDF and Word all render the same way.
 */
import { z } from 'zod';
import { isoDateSchema } from './common';
import { paginationQuerySchema } from './pagination';
import { REPORTE_SIN_TRABAJADORES } from './reports';

/** The reports a fiscalizador and an administrador open, in the law's order (e) is the daily e-mail). */
export const REPORTES_LEGALES = ['asistencia', 'jornada', 'domingos', 'modificaciones', 'incidentes'] as const;
export const reporteLegalIdSchema = z.enum(REPORTES_LEGALES, { error: 'El reporte no existe.' });
export type ReporteLegalId = z.infer<typeof reporteLegalIdSchema>;

export const REPORTE_LEGAL_TITULOS: Record<ReporteLegalId, string> = {
  asistencia: 'a) Reporte de asistencia',
  jornada: 'b) Reporte de jornada diaria',
  domingos: 'c) Reporte de días domingo y/o días festivos',
  modificaciones: 'd) Reporte de modificaciones y/o alteraciones de turnos',
  incidentes: 'f) Reporte de incidentes técnicos',
};
/** e) is not opened on screen: it is the daily e-mail with the day's marks. */
export const REPORTE_DIARIO_TITULO = 'e) Reporte diario';

/** The columns of each report, word for word (b) adds D.E.J. only under an exceptional schedule). */
export const REPORTE_LEGAL_COLUMNAS: Record<ReporteLegalId, readonly string[]> = {
  asistencia: ['Fecha', 'Asistencia', 'Ausencia', 'Observaciones'],
  jornada: [
    'Fecha',
    'Jornada ordinaria pactada',
    'Marcaciones jornada',
    'Colación',
    'Marcaciones colación',
    'Tiempo faltante',
    'Tiempo extra',
    'Otras marcaciones',
    'Observaciones',
  ],
  domingos: ['Fecha', 'Asistencia', 'Ausencia', 'Observaciones'],
  modificaciones: [
    'Fecha asignación turno',
    'Turno asignado',
    'Extensión del turno',
    'Fecha asignación nuevo turno',
    'Inicio de turno',
    'Nuevo turno asignado',
    'Extensión del nuevo turno',
    'Solicitado por',
    'Observaciones',
  ],
  incidentes: ['Inicio', 'Fin', 'Duración', 'Descripción'],
};
export const COLUMNA_DEJ = 'D.E.J.';

/** The three empty-result texts of the DT, word for word. */
export const REPORTE_LEGAL_VACIO = {
  sinTrabajadores: REPORTE_SIN_TRABAJADORES,
  sinDomingos: 'La jornada de este trabajador no incluye domingos o festivos',
  sinCambios: 'Sin cambios o modificaciones en el periodo consultado',
} as const;
export const REPORTE_SIN_INCIDENTES = 'Sin incidentes técnicos en el periodo consultado';

/** Abbreviations the reports use, printed with their meaning on every report. */
export const GLOSARIO_REPORTES_LEGALES: readonly { sigla: string; significado: string }[] = [
  { sigla: 'A.I.', significado: 'Atraso al inicio de la jornada' },
  { sigla: 'A.J.', significado: 'Ausencia justificada' },
  { sigla: 'AT', significado: 'Accidente del trabajo' },
  { sigla: 'C.T.', significado: 'Cambio de turno' },
  { sigla: 'D.E.J.', significado: 'Distribución excepcional de la jornada (resolución de la Dirección del Trabajo)' },
  { sigla: 'H.E.', significado: 'Horas extra' },
  { sigla: 'J.O.', significado: 'Jornada ordinaria' },
  { sigla: 'L.M.', significado: 'Licencia médica' },
  { sigla: 'P.E.M.', significado: 'Permiso por examen médico preventivo (art. 66 bis)' },
  { sigla: 'P.F.C.', significado: 'Permiso por fallecimiento de cónyuge o conviviente civil (art. 66)' },
  { sigla: 'P.F.G.', significado: 'Permiso por fallecimiento de hijo en gestación (art. 66)' },
  { sigla: 'P.F.H.', significado: 'Permiso por fallecimiento de hijo (art. 66)' },
  { sigla: 'P.F.P.', significado: 'Permiso por fallecimiento de padre, madre o hermano (art. 66)' },
  { sigla: 'P.G.R.', significado: 'Permiso con goce de remuneraciones' },
  { sigla: 'P.MAT.', significado: 'Permiso por matrimonio o unión civil (art. 207 bis)' },
  { sigla: 'P.NAC.', significado: 'Permiso por nacimiento (art. 195)' },
  { sigla: 'P.S.G.R.', significado: 'Permiso sin goce de remuneraciones' },
  { sigla: 'PREN.', significado: 'Descanso prenatal' },
  { sigla: 'POSTN.', significado: 'Descanso postnatal' },
  { sigla: 'S.A.', significado: 'Salida anticipada' },
  { sigla: 'VAC.', significado: 'Vacaciones' },
];

export const PERIODOS_REPORTE_LEGAL = ['semana', 'quincena', 'mes', 'rango'] as const;
export const periodoReporteLegalSchema = z.enum(PERIODOS_REPORTE_LEGAL, { error: 'El periodo debe ser semana, quincena, mes o rango.' });
export type PeriodoReporteLegal = z.infer<typeof periodoReporteLegalSchema>;
export const PERIODO_REPORTE_LEGAL_LABELS: Record<PeriodoReporteLegal, string> = { semana: 'Semana', quincena: 'Quincena', mes: 'Mes', rango: 'Rango de fechas' };

/**
 * Full time, part time (Código del Trabajo art. 40 bis: at most two thirds of the legal week), or no
 * jornada at all: excluded from the limitation of the working day (art. 22 inc. 2).
 */
export const TIPOS_JORNADA = ['completa', 'parcial', 'excluida'] as const;
const tipoJornadaSchema = z.enum(TIPOS_JORNADA, { error: 'El tipo de jornada debe ser completa, parcial o excluida.' });
export type TipoJornada = z.infer<typeof tipoJornadaSchema>;
export const TIPO_JORNADA_LABELS: Record<TipoJornada, string> = {
  completa: 'Jornada completa',
  parcial: 'Jornada parcial',
  excluida: 'Excluido de limitación de jornada (art. 22)',
};

/** The longest range: five years of records (DT). */
const REPORTE_LEGAL_MAX_DIAS = 5 * 366;

const day = (iso: string) => Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10)));
const isoOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const DAY_MS = 86_400_000;

/**
 * The dates a period covers: the Monday–Sunday week, the fortnight (1–15 or 16–end) or the month of
 * `desde`, or `desde`..`hasta` for a range. Pure, shared by the filter bar and the server.
 */
export function periodoReporteLegal(periodo: PeriodoReporteLegal, desde: string, hasta?: string): { desde: string; hasta: string } {
  const d = new Date(day(desde));
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  const monthEnd = isoOf(Date.UTC(y, m + 1, 0));
  switch (periodo) {
    case 'semana': {
      const monday = day(desde) - ((d.getUTCDay() + 6) % 7) * DAY_MS;
      return { desde: isoOf(monday), hasta: isoOf(monday + 6 * DAY_MS) };
    }
    case 'quincena':
      return d.getUTCDate() <= 15 ? { desde: isoOf(Date.UTC(y, m, 1)), hasta: isoOf(Date.UTC(y, m, 15)) } : { desde: isoOf(Date.UTC(y, m, 16)), hasta: monthEnd };
    case 'mes':
      return { desde: isoOf(Date.UTC(y, m, 1)), hasta: monthEnd };
    case 'rango':
      return { desde, hasta: hasta ?? desde };
  }
}

/** Days from `desde` to `hasta`, both included. */
export function diasPeriodo(desde: string, hasta: string): number {
  return Math.round((day(hasta) - day(desde)) / DAY_MS) + 1;
}

/** Filters of every legal report, all visible at once on screen. */
const filtrosReporteLegalShape = {
  periodo: periodoReporteLegalSchema.default('mes'),
  /** A date within the week, fortnight or month; the range's start. Default: today. */
  desde: isoDateSchema.optional(),
  /** Only for `rango`. */
  hasta: isoDateSchema.optional(),
  usuarioId: z.string().max(100).optional(),
  grupoId: z.string().max(100).optional(),
  sedeId: z.string().max(100).optional(),
  cargo: z.string().trim().max(200).optional(),
  /** Workers with this shift planned at least once in the period. */
  turnoId: z.string().max(100).optional(),
  tipoJornada: tipoJornadaSchema.optional(),
};

const checkRange = (q: { periodo: PeriodoReporteLegal; desde?: string | undefined; hasta?: string | undefined }, ctx: z.RefinementCtx) => {
  if (q.periodo !== 'rango') return;
  if (!q.desde || !q.hasta) {
    ctx.addIssue({ code: 'custom', path: [q.desde ? 'hasta' : 'desde'], message: 'Un rango necesita fecha de inicio y de término.' });
    return;
  }
  if (q.hasta < q.desde) ctx.addIssue({ code: 'custom', path: ['hasta'], message: 'La fecha de término no puede ser anterior a la de inicio.' });
  else if (diasPeriodo(q.desde, q.hasta) > REPORTE_LEGAL_MAX_DIAS) ctx.addIssue({ code: 'custom', path: ['hasta'], message: 'El rango no puede superar 5 años.' });
};

export const reporteLegalQuerySchema = paginationQuerySchema
  .extend({ ...filtrosReporteLegalShape, pageSize: paginationQuerySchema.shape.pageSize.default(10) })
  .superRefine(checkRange);

const FORMATOS_REPORTE_LEGAL = ['xlsx', 'pdf', 'docx'] as const;
const formatoReporteLegalSchema = z.enum(FORMATOS_REPORTE_LEGAL, { error: 'El formato debe ser xlsx, pdf o docx.' });
export const exportarReporteLegalQuerySchema = z.object({ ...filtrosReporteLegalShape, formato: formatoReporteLegalSchema.default('xlsx') }).superRefine(checkRange);

/** The report in the path; an unknown one is a 404 (like any unknown resource). */
export const reporteLegalParamsSchema = z.object({ reporte: z.string().max(100) });
export const REPORTE_LEGAL_NO_EXISTE = 'El reporte no existe.';

export const filaReporteLegalSchema = z.object({
  /** `total`: a week's (b) or a month's and the period's (c) totals. */
  tipo: z.enum(['dato', 'total']),
  celdas: z.array(z.string()),
});
export type FilaReporteLegal = z.infer<typeof filaReporteLegalSchema>;

export const bloqueReporteLegalSchema = z.object({
  /** "Apellidos, Nombre" (or the incident log's title). */
  titulo: z.string(),
  /** RUT, cargo, sede, grupo, jornada: "RUT: 12.345.678-5". */
  detalles: z.array(z.string()),
  filas: z.array(filaReporteLegalSchema),
  /** The block's empty text (c, d), shown instead of rows. */
  vacio: z.string().nullable(),
});
export type BloqueReporteLegal = z.infer<typeof bloqueReporteLegalSchema>;

export const reporteLegalSchema = z.object({
  reporte: reporteLegalIdSchema,
  titulo: z.string(),
  empresa: z.object({ razonSocial: z.string(), rut: z.string() }),
  desde: z.string(),
  hasta: z.string(),
  /** Every filter and its value, printed on the report. */
  filtros: z.array(z.object({ etiqueta: z.string(), valor: z.string() })),
  columnas: z.array(z.string()),
  bloques: z.array(bloqueReporteLegalSchema),
  /** The report's empty text when no block matches. */
  vacio: z.string().nullable(),
  glosario: z.array(z.object({ sigla: z.string(), significado: z.string() })),
  /** `dd/mm/aaaa hh:mm:ss` (Chile). */
  generadoEn: z.string(),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ReporteLegal = z.infer<typeof reporteLegalSchema>;

export const opcionesReporteLegalSchema = z.object({
  grupos: z.array(z.object({ id: z.string(), nombre: z.string() })),
  sedes: z.array(z.object({ id: z.string(), nombre: z.string() })),
  cargos: z.array(z.string()),
  /** Shifts shown by their hours: "08:00–17:00 (Diurno)". */
  turnos: z.array(z.object({ id: z.string(), etiqueta: z.string() })),
});
export type OpcionesReporteLegal = z.infer<typeof opcionesReporteLegalSchema>;

// ---- f) The technical-incidents log ----

export const ESTADOS_INCIDENTE = ['propuesto', 'confirmado', 'descartado'] as const;
const estadoIncidenteSchema = z.enum(ESTADOS_INCIDENTE);
export const ORIGENES_INCIDENTE = ['manual', 'detectado'] as const;

const instantSchema = z.iso.datetime({ offset: true, error: 'La fecha y hora no es válida.' });
const descripcionSchema = z
  .string({ error: 'Ingresa la descripción.' })
  .trim()
  .min(1, { message: 'Ingresa la descripción.' })
  .max(2000, { message: 'La descripción no puede superar 2000 caracteres.' });

export const incidenteBodySchema = z
  .object({ inicio: instantSchema, fin: instantSchema, descripcion: descripcionSchema })
  .refine((b) => Date.parse(b.fin) >= Date.parse(b.inicio), { path: ['fin'], message: 'El fin no puede ser anterior al inicio.' });
export type IncidenteBody = z.infer<typeof incidenteBodySchema>;

export const incidenteSchema = z.object({
  id: z.string(),
  inicio: z.string(),
  fin: z.string(),
  /** `hh:mm:ss` from start to end. */
  duracion: z.string(),
  descripcion: z.string(),
  estado: estadoIncidenteSchema,
  origen: z.enum(ORIGENES_INCIDENTE),
  creadoEn: z.string(),
});
export type Incidente = z.infer<typeof incidenteSchema>;

export const incidentesQuerySchema = paginationQuerySchema.extend({ estado: estadoIncidenteSchema.optional() });
export const incidentesPageSchema = z.object({
  items: z.array(incidenteSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Outages the system detected that wait for the administrator. */
  propuestos: z.number().int(),
});
export type IncidentesPage = z.infer<typeof incidentesPageSchema>;

/** `hh:mm:ss` of a number of seconds, with a sign when asked (b's weekly total `±hh:mm:ss`). */
export function hhmmss(seconds: number, signed = false): string {
  const total = Math.round(Math.abs(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const body = `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
  return signed ? `${seconds < 0 && total > 0 ? '-' : '+'}${body}` : body;
}
