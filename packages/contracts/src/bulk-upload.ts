import { z } from 'zod';

/** Limits of every bulk upload (carga masiva). */
export const CARGA_MASIVA_MAX_BYTES = 10 * 1024 * 1024;
export const CARGA_MASIVA_MAX_FILAS = 50_000;
/** Name of the multipart field that carries the file. */
export const CARGA_MASIVA_CAMPO_ARCHIVO = 'archivo';

const FORMATOS_PLANTILLA = ['xlsx', 'csv'] as const;
/** GET .../plantilla?formato=xlsx|csv */
export const plantillaQuerySchema = z.object({
  formato: z.enum(FORMATOS_PLANTILLA, { error: 'El formato debe ser xlsx o csv.' }).default('xlsx'),
});

/**
 * A problem of one cell or row: `fila` is the spreadsheet row number as the user sees it (the header
 * is row 1, the first data row is 2); `columna` is the header text, or null for the whole row.
 */
export const filaErrorSchema = z.object({
  fila: z.number().int(),
  columna: z.string().nullable(),
  mensaje: z.string(),
});
export type FilaError = z.infer<typeof filaErrorSchema>;

export const ACCIONES_FILA = ['crear', 'actualizar', 'sin_cambios', 'error'] as const;
export type AccionFila = (typeof ACCIONES_FILA)[number];

/** What the upload does with one row. */
export const filaCargaSchema = z.object({
  fila: z.number().int(),
  accion: z.enum(ACCIONES_FILA),
  /** The row's key as the user wrote it, normalised (a RUT for users). */
  clave: z.string(),
  /** A human label of the row (a user's name). */
  descripcion: z.string(),
  /** For `actualizar`: the names of the columns that change. */
  cambios: z.array(z.string()),
});
export type FilaCarga = z.infer<typeof filaCargaSchema>;

const cargaMasivaResumenSchema = z.object({
  totalFilas: z.number().int(),
  crear: z.number().int(),
  actualizar: z.number().int(),
  sinCambios: z.number().int(),
  conErrores: z.number().int(),
});

/**
 * The answer of every bulk upload, preview or commit. `valido` is false when any row has an error;
 * then a commit writes nothing (`aplicado: false`, HTTP 400). Uploading the same file again reports
 * its rows as `sin_cambios`.
 */
export const cargaMasivaResultadoSchema = z.object({
  archivo: z.string(),
  valido: z.boolean(),
  aplicado: z.boolean(),
  resumen: cargaMasivaResumenSchema,
  filas: z.array(filaCargaSchema),
  errores: z.array(filaErrorSchema),
  /**
   * Row warnings: what a row may do but should not without the user knowing (a shift that breaks the
   * law). Not errors: `valido` does not depend on them. Only uploads that warn send them.
   */
  advertencias: z.array(filaErrorSchema).optional(),
  /** True when the warnings must be confirmed for the commit to apply (`?confirmarAdvertencias=true`). */
  confirmacionRequerida: z.boolean().optional(),
});
export type CargaMasivaResultado = z.infer<typeof cargaMasivaResultadoSchema>;
