import { z } from 'zod';
import { isoDateSchema } from './common';
import { metodoMarcaSchema, tipoMarcaSchema } from './marks';
import { paginationQuerySchema } from './pagination';

/** The longest period a report covers (DT: records are kept, and shown to workers, 5 years back). */
export const REPORTE_MAX_ANIOS = 5;
/** Worker blocks per page of a report on screen. */
const REPORTE_BLOQUES_POR_PAGINA = 10;
const REPORTE_MAX_BLOQUES_POR_PAGINA = 50;
/** The most marks one export may hold: Excel's sheet limit, and what a PDF can reasonably print. */
export const REPORTE_MAX_FILAS_XLSX = 1_000_000;
export const REPORTE_MAX_FILAS_PDF = 20_000;

/** Empty result of every legal report (DT), word for word. */
export const REPORTE_SIN_TRABAJADORES = 'No hay trabajadores que coincidan con la selección';

/**
 * A mark's integrity in the hash chain: `integra` (its hash matches its content and it links to the
 * previous mark), `alterada` (its content no longer gives its stored hash: changed in the database),
 * `cadena_rota` (its link to the previous mark does not match, or marks before it are missing).
 */
const INTEGRIDADES = ['integra', 'alterada', 'cadena_rota'] as const;
export const integridadSchema = z.enum(INTEGRIDADES);
export type Integridad = z.infer<typeof integridadSchema>;
/** The label on screen and in the exports: flagged rows always say ALTERADA. */
export const INTEGRIDAD_LABELS: Record<Integridad, string> = {
  integra: 'Íntegra',
  alterada: 'ALTERADA',
  cadena_rota: 'ALTERADA (cadena rota)',
};

/** Filters of the marks report (`GET /api/v1/reportes/marcas` and its export). */
const reporteMarcasFiltersShape = {
  /** One worker (404 when not in the caller's scope). */
  usuarioId: z.string().max(100).optional(),
  /** The workers of one group (404 when not in the caller's scope). */
  grupoId: z.string().max(100).optional(),
  /** Marks taken at one site. */
  sedeId: z.string().max(100).optional(),
  /** Local dates (the mark's site zone) of the effective time; default: the current month. At most 5 years. */
  desde: isoDateSchema.optional(),
  hasta: isoDateSchema.optional(),
  tipo: tipoMarcaSchema.optional(),
  metodo: metodoMarcaSchema.optional(),
};

export const reporteMarcasQuerySchema = paginationQuerySchema.extend({
  ...reporteMarcasFiltersShape,
  pageSize: z.coerce
    .number({ error: 'El tamaño de página debe ser un número.' })
    .int({ message: 'El tamaño de página debe ser un número entero.' })
    .min(1, { message: 'El tamaño de página debe ser al menos 1.' })
    .max(REPORTE_MAX_BLOQUES_POR_PAGINA, { message: `El tamaño de página no puede superar ${REPORTE_MAX_BLOQUES_POR_PAGINA} trabajadores.` })
    .default(REPORTE_BLOQUES_POR_PAGINA),
});

export const FORMATOS_REPORTE = ['xlsx', 'pdf', 'csv'] as const;
export const exportarReporteMarcasQuerySchema = z.object({
  ...reporteMarcasFiltersShape,
  formato: z.enum(FORMATOS_REPORTE, { error: 'El formato debe ser xlsx, pdf o csv.' }).default('xlsx'),
});

const referenciaMarcaSchema = z.object({ marcaId: z.string(), secuencia: z.number().int() });

export const filaReporteMarcaSchema = z.object({
  marcaId: z.string(),
  /** N° of the mark in the worker's chain. */
  secuencia: z.number().int(),
  /** `dd/mm/aa` of the effective time (device time of an offline mark) in the site's zone. */
  fecha: z.string(),
  /** `hh:mm:ss` of the same instant. */
  hora: z.string(),
  zonaHoraria: z.string(),
  /** Effective instant (UTC ISO). */
  instante: z.string(),
  /** `dd/mm/aa hh:mm:ss` when the server received an offline mark; null for online marks. */
  recibidaEn: z.string().nullable(),
  tipo: tipoMarcaSchema,
  tipoEtiqueta: z.string(),
  metodo: metodoMarcaSchema,
  metodoEtiqueta: z.string(),
  sede: z.object({ id: z.string(), nombre: z.string() }).nullable(),
  offline: z.boolean(),
  fueraDeGeocerca: z.boolean(),
  /** The stored SHA-256 hash (hex) and its first 12 characters. */
  hash: z.string(),
  hashCorto: z.string(),
  /** This mark is a correction of another mark of the worker. */
  corrigeA: referenciaMarcaSchema.nullable(),
  /** A later correction replaced this mark. */
  corregidaPor: referenciaMarcaSchema.nullable(),
  integridad: integridadSchema,
  integridadEtiqueta: z.string(),
  /** Why the row is flagged (Spanish), or what was verified. */
  integridadDetalle: z.string(),
  /** For `alterada`: the hash the stored fields give now. */
  hashRecalculado: z.string().nullable(),
});
export type FilaReporteMarca = z.infer<typeof filaReporteMarcaSchema>;

export const bloqueReporteMarcasSchema = z.object({
  trabajador: z.object({
    id: z.string(),
    nombre: z.string(),
    apellidos: z.string(),
    rut: z.string(),
    cargo: z.string().nullable(),
    grupo: z.string().nullable(),
    sede: z.string().nullable(),
  }),
  marcas: z.array(filaReporteMarcaSchema),
  resumen: z.object({ marcas: z.number().int(), alteradas: z.number().int() }),
  /** The worker's chain lost marks at its end (its recorded head is further on); null when it is whole. */
  alertaCadena: z.string().nullable(),
});
export type BloqueReporteMarcas = z.infer<typeof bloqueReporteMarcasSchema>;

export const resumenReporteMarcasSchema = z.object({
  trabajadores: z.number().int(),
  marcas: z.number().int(),
  /** Rows flagged (`alterada` + `cadena_rota`) in the whole report, not only this page. */
  marcasAlteradas: z.number().int(),
  alteradas: z.number().int(),
  cadenaRota: z.number().int(),
  /** Workers with a flagged row or a chain cut at its end. */
  trabajadoresConAlteraciones: z.number().int(),
});
export type ResumenReporteMarcas = z.infer<typeof resumenReporteMarcasSchema>;

export const reporteMarcasSchema = z.object({
  empresa: z.object({ razonSocial: z.string(), rut: z.string() }),
  periodo: z.object({ desde: z.string(), hasta: z.string() }),
  /** `dd/mm/aaaa hh:mm:ss` (America/Santiago). */
  generadoEn: z.string(),
  resumen: resumenReporteMarcasSchema,
  bloques: z.array(bloqueReporteMarcasSchema),
  /** Pagination by worker blocks: `total` = workers in the report. */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ReporteMarcas = z.infer<typeof reporteMarcasSchema>;

/** Choices for the report filters, within the caller's scope (the fiscalizador has no access to the people lists). */
const opcionReporteSchema = z.object({ id: z.string(), nombre: z.string() });
export const opcionesReporteSchema = z.object({ grupos: z.array(opcionReporteSchema), sedes: z.array(opcionReporteSchema) });
export type OpcionesReporte = z.infer<typeof opcionesReporteSchema>;

export const trabajadoresReporteQuerySchema = z.object({
  /** Name, surname or RUT (with or without dots). */
  q: z.string().trim().max(100).optional(),
  /** One worker by id (the label of the worker already chosen). */
  id: z.string().max(100).optional(),
});
const trabajadorReporteSchema = z.object({ id: z.string(), nombre: z.string(), apellidos: z.string(), rut: z.string() });
export const trabajadoresReporteSchema = z.object({ items: z.array(trabajadorReporteSchema) });
export type TrabajadoresReporte = z.infer<typeof trabajadoresReporteSchema>;

/** The columns of a worker block, the same on screen, in Excel and in the PDF. */
export const REPORTE_MARCAS_COLUMNAS = ['N°', 'Fecha', 'Hora', 'Tipo', 'Método', 'Sede', 'Observaciones', 'Corrección', 'Hash', 'Integridad'] as const;

/** The legend printed under the report (and shown on screen). */
export const REPORTE_MARCAS_GLOSARIO: readonly (readonly [string, string])[] = [
  ['N°', 'Posición de la marca en la cadena de hashes del trabajador (1, 2, 3…). Cada marca incluye el hash de la anterior.'],
  ['Fecha y hora', 'Hora efectiva de la marca en la zona horaria de su sede; en una marca sin conexión, la hora del dispositivo.'],
  ['Hash', 'Código SHA-256 de la marca (sus primeros 12 caracteres identifican el comprobante).'],
  ['Íntegra', 'El hash corresponde al contenido de la marca y a la marca anterior de la cadena.'],
  [INTEGRIDAD_LABELS.alterada, 'Los datos de la marca cambiaron después de registrarse: su hash ya no corresponde a su contenido.'],
  [INTEGRIDAD_LABELS.cadena_rota, 'La marca no enlaza con la anterior de la cadena: una marca previa fue borrada, reemplazada o su hash reescrito.'],
];

/** "Observaciones" of a row: offline and geofence flags. */
export function observacionesMarca(fila: Pick<FilaReporteMarca, 'offline' | 'recibidaEn' | 'fueraDeGeocerca'>): string[] {
  const out: string[] = [];
  if (fila.offline) out.push(fila.recibidaEn ? `Sin conexión (recibida ${fila.recibidaEn})` : 'Sin conexión');
  if (fila.fueraDeGeocerca) out.push('Fuera de la geocerca');
  return out;
}

/** "Corrección" of a row: the mark it corrects and the mark that corrected it. */
export function correccionMarca(fila: Pick<FilaReporteMarca, 'corrigeA' | 'corregidaPor'>): string[] {
  const out: string[] = [];
  if (fila.corrigeA) out.push(`Corrige la N° ${fila.corrigeA.secuencia}`);
  if (fila.corregidaPor) out.push(`Corregida por la N° ${fila.corregidaPor.secuencia}`);
  return out;
}

/** The heading of a worker block: "Nombre Apellidos · RUT 12.345.678-5 · Cargo · Grupo · Sede". */
export function encabezadoBloque(trabajador: BloqueReporteMarcas['trabajador']): string {
  return [
    `${trabajador.nombre} ${trabajador.apellidos}`,
    `RUT ${trabajador.rut}`,
    trabajador.cargo,
    trabajador.grupo ? `Grupo ${trabajador.grupo}` : null,
    trabajador.sede ? `Sede ${trabajador.sede}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** "N marcas alteradas" / "1 marca alterada". */
export function marcasAlteradasTexto(n: number): string {
  return n === 1 ? '1 marca alterada' : `${n.toLocaleString('es-CL')} marcas alteradas`;
}
