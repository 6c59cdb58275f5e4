import { z } from 'zod';
import type { Capability } from './access';
import { isoDateSchema } from './common';
import { paginationQuerySchema } from './pagination';
import { FORMATOS_REPORTE } from './reports';

/**
 * The six management reports (`/api/v1/reportes/<nombre>`, web `/dashboard/reports/<ruta>`): one
 * query schema for all, one response shape (columns described by the server, rows of cells, totals
 * of the whole selection, a chart), so the screen and the three exports render any of them.
 */
export const REPORTES_GESTION = ['asistencia', 'atrasos', 'ausencias', 'permisos-asignados', 'horas-extra', 'dotacion'] as const;
export const reporteGestionSchema = z.enum(REPORTES_GESTION);
export type ReporteGestion = z.infer<typeof reporteGestionSchema>;

/** Title and web route of each report (spec routes reports/attendance, arrears...). */
export const REPORTES_GESTION_INFO: Record<ReporteGestion, { titulo: string; ruta: string; menu: string }> = {
  asistencia: { titulo: 'Reporte de asistencia', ruta: 'attendance', menu: 'Asistencia' },
  atrasos: { titulo: 'Reporte de atrasos', ruta: 'arrears', menu: 'Atrasos' },
  ausencias: { titulo: 'Reporte de ausencias', ruta: 'absences', menu: 'Ausencias' },
  'permisos-asignados': { titulo: 'Reporte de permisos asignados', ruta: 'assigned-permissions', menu: 'Permisos asignados' },
  'horas-extra': { titulo: 'Reporte de horas extra', ruta: 'extra-time', menu: 'Horas extra' },
  dotacion: { titulo: 'Reporte de dotación', ruta: 'endowment', menu: 'Dotación' },
};

/**
 * The capability (access.ts) that reads each report: administrador the company, supervisor the
 * workers of the groups they lead, trabajador their own records (DT: a worker sees all their own
 * records). Dotación is headcount of the company: not a worker's own data. The fiscalizador reads
 * only the legal reports.
 */
export const REPORTES_GESTION_ACCESS = {
  asistencia: 'managementReports',
  atrasos: 'managementReports',
  ausencias: 'managementReports',
  'permisos-asignados': 'managementReports',
  'horas-extra': 'managementReports',
  dotacion: 'endowmentReport',
} as const satisfies Record<ReporteGestion, Capability>;

const REPORTE_GESTION_PAGINA = 25;
const REPORTE_GESTION_MAX_PAGINA = 100;

const filterId = z.string().max(100).optional();

/** Filters shared by the six reports, their exports included. */
const reporteGestionFiltrosShape = {
  /** Local dates; default the current month; at most REPORTE_MAX_ANIOS years. */
  desde: isoDateSchema.optional(),
  hasta: isoDateSchema.optional(),
  /** One worker (404 when not in the caller's scope). */
  usuarioId: filterId,
  /** The workers of one group (404 when not in the caller's scope). */
  grupoId: filterId,
  /** The workers assigned to one site. */
  sedeId: filterId,
  /** Exact cargo (job title), compared without case. */
  cargo: z.string().trim().max(200).optional(),
  /** Only the days planned with this shift (and the workers who have one in the period). */
  turnoId: filterId,
  /** A sortable column's key (`columnas[].clave` with `ordenable`). */
  orden: z.string().trim().max(40).optional(),
  /** Default: each report's own (largest first for the lateness and overtime reports). */
  direccion: z.enum(['asc', 'desc'], { error: 'La dirección debe ser asc o desc.' }).optional(),
};

export const reporteGestionQuerySchema = paginationQuerySchema.extend({
  ...reporteGestionFiltrosShape,
  pageSize: z.coerce
    .number({ error: 'El tamaño de página debe ser un número.' })
    .int({ message: 'El tamaño de página debe ser un número entero.' })
    .min(1, { message: 'El tamaño de página debe ser al menos 1.' })
    .max(REPORTE_GESTION_MAX_PAGINA, { message: `El tamaño de página no puede superar ${REPORTE_GESTION_MAX_PAGINA}.` })
    .default(REPORTE_GESTION_PAGINA),
});

export const exportarReporteGestionQuerySchema = z.object({
  ...reporteGestionFiltrosShape,
  formato: z.enum(FORMATOS_REPORTE, { error: 'El formato debe ser xlsx, pdf o csv.' }).default('xlsx'),
});

/** How a column's values read: text, a count, a duration in seconds (shown `h:mm:ss`), a date, a percentage. */
const TIPOS_COLUMNA = ['texto', 'numero', 'duracion', 'fecha', 'porcentaje'] as const;
export const columnaReporteSchema = z.object({
  clave: z.string(),
  etiqueta: z.string(),
  tipo: z.enum(TIPOS_COLUMNA),
  ordenable: z.boolean(),
  /** Summed in the totals row. */
  total: z.boolean(),
});
export type ColumnaReporte = z.infer<typeof columnaReporteSchema>;

const celdaReporteSchema = z.union([z.string(), z.number(), z.null()]);
type CeldaReporte = z.infer<typeof celdaReporteSchema>;
export const celdasReporteSchema = z.record(z.string(), celdaReporteSchema);
export type CeldasReporte = z.infer<typeof celdasReporteSchema>;

export const filaReporteGestionSchema = z.object({
  id: z.string(),
  celdas: celdasReporteSchema,
  /** The days (or permissions) behind the row's totals, in `columnasDetalle`. */
  detalle: z.array(celdasReporteSchema),
});
export type FilaReporteGestion = z.infer<typeof filaReporteGestionSchema>;

export const graficoReporteSchema = z.object({
  titulo: z.string(),
  unidad: z.enum(['numero', 'duracion']),
  series: z.array(z.object({ clave: z.string(), etiqueta: z.string() })),
  puntos: z.array(z.object({ etiqueta: z.string(), valores: z.record(z.string(), z.number()) })),
});
export type GraficoReporte = z.infer<typeof graficoReporteSchema>;

export const reporteGestionResponseSchema = z.object({
  reporte: reporteGestionSchema,
  titulo: z.string(),
  empresa: z.object({ razonSocial: z.string(), rut: z.string() }),
  desde: z.string(),
  /** The last day included: `hasta`, or yesterday when the period reaches today (a day still running is not counted). */
  hasta: z.string(),
  hastaCerrado: z.string(),
  generadoEn: z.string(),
  /** The filters in use, as label and value (also printed on the exports). */
  filtros: z.array(z.tuple([z.string(), z.string()])),
  columnas: z.array(columnaReporteSchema),
  columnasDetalle: z.array(columnaReporteSchema),
  filas: z.array(filaReporteGestionSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  orden: z.string(),
  direccion: z.enum(['asc', 'desc']),
  /** Sums over the whole selection (every page), keyed by column. */
  totales: celdasReporteSchema,
  grafico: graficoReporteSchema,
  /** What the report counts, in one or two sentences (shown and printed). */
  nota: z.string(),
});
export type ReporteGestionResponse = z.infer<typeof reporteGestionResponseSchema>;

/** Groups, sites, cargos and shifts the caller may filter the management reports by. */
export const opcionesReporteGestionSchema = z.object({
  grupos: z.array(z.object({ id: z.string(), nombre: z.string() })),
  sedes: z.array(z.object({ id: z.string(), nombre: z.string() })),
  cargos: z.array(z.string()),
  turnos: z.array(z.object({ id: z.string(), nombre: z.string() })),
});
export type OpcionesReporteGestion = z.infer<typeof opcionesReporteGestionSchema>;

/** `h:mm:ss` of a number of seconds (hours may pass 24); `-h:mm:ss` below zero. */
function duracionTexto(seconds: number): string {
  const sign = seconds < 0 ? '-' : '';
  const s = Math.round(Math.abs(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const r = s % 60;
  return `${sign}${h}:${String(m).padStart(2, '0')}:${String(r).padStart(2, '0')}`;
}

/** A cell as text, the same on screen and in the exports. */
export function celdaTexto(value: CeldaReporte | undefined, tipo: ColumnaReporte['tipo']): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return tipo === 'fecha' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value.split('-').reverse().join('/') : value;
  if (tipo === 'duracion') return duracionTexto(value);
  if (tipo === 'porcentaje') return `${value.toLocaleString('es-CL', { maximumFractionDigits: 1 })} %`;
  return value.toLocaleString('es-CL');
}
