import { z } from 'zod';
import { nullableText, refSchema, requiredText, uuidSchema } from './common';
import { pageSchema, paginationQuerySchema } from './pagination';
import { usuarioResumenSchema } from './users';

export const ESTADOS_GRUPO = ['activo', 'inactivo'] as const;
export const estadoGrupoSchema = z.enum(ESTADOS_GRUPO, { error: 'El estado debe ser activo o inactivo.' });
export type EstadoGrupo = z.infer<typeof estadoGrupoSchema>;

/** A group with its leaders and members (a user belongs to at most one group; a group may have several leaders). */
export const grupoSchema = z.object({
  id: z.string(),
  nombre: z.string(),
  descripcion: z.string().nullable(),
  sede: refSchema.nullable(),
  /**
   * The exceptional distribution system (art. 38 inc. final) a DT resolution grants the group, named «7x7 · Res. 123»:
   * its members without one of their own are under it. Null: none.
   */
  jornadaExcepcional: refSchema.nullable(),
  estado: estadoGrupoSchema,
  lideres: z.array(usuarioResumenSchema),
  miembros: z.array(usuarioResumenSchema),
  totalMiembros: z.number().int(),
  creadoEn: z.string(),
  actualizadoEn: z.string(),
});
export type Grupo = z.infer<typeof grupoSchema>;

/** GET /api/v1/grupos: a supervisor sees only the groups they lead. */
export const gruposQuerySchema = paginationQuerySchema.extend({
  q: z.string().trim().max(100).optional(),
  estado: estadoGrupoSchema.optional(),
  sedeId: z.string().trim().max(100).optional(),
  /** Groups led by this user. */
  liderId: z.string().trim().max(100).optional(),
});
export const gruposPageSchema = pageSchema(grupoSchema);
export type GruposPage = z.infer<typeof gruposPageSchema>;

/** POST /api/v1/grupos: a new group starts active (its history records the creation). */
export const crearGrupoBodySchema = z.object({
  nombre: requiredText('El nombre del grupo', 120),
  descripcion: nullableText(1000),
  sedeId: uuidSchema('La sede no es válida.').nullable().optional(),
  jornadaExcepcionalId: uuidSchema('La jornada excepcional no existe.').nullable().optional(),
});
export type CrearGrupoBody = z.input<typeof crearGrupoBodySchema>;

/** PATCH /api/v1/grupos/:id */
export const actualizarGrupoBodySchema = z.object({
  nombre: requiredText('El nombre del grupo', 120).optional(),
  descripcion: nullableText(1000),
  sedeId: uuidSchema('La sede no es válida.').nullable().optional(),
  jornadaExcepcionalId: uuidSchema('La jornada excepcional no existe.').nullable().optional(),
});
export type ActualizarGrupoBody = z.input<typeof actualizarGrupoBodySchema>;

/** PATCH /api/v1/grupos/:id/estado: the reason is required and kept in the history. */
export const cambiarEstadoGrupoBodySchema = z.object({
  estado: estadoGrupoSchema,
  motivo: requiredText('El motivo del cambio de estado', 500),
});
export type CambiarEstadoGrupoBody = z.input<typeof cambiarEstadoGrupoBodySchema>;

/** One change of state: `estadoAnterior` is null for the creation. */
const cambioEstadoGrupoSchema = z.object({
  id: z.string(),
  estadoAnterior: estadoGrupoSchema.nullable(),
  estadoNuevo: estadoGrupoSchema,
  motivo: z.string(),
  /** Who made the change (null if that user no longer exists). */
  cambiadoPor: z.object({ id: z.string(), nombre: z.string(), apellidos: z.string() }).nullable(),
  cambiadoEn: z.string(),
});

/** GET /api/v1/grupos/:id/historial-estados: newest first. */
export const historialEstadosGrupoSchema = z.object({ items: z.array(cambioEstadoGrupoSchema) });
export type HistorialEstadosGrupo = z.infer<typeof historialEstadosGrupoSchema>;

const idList = (message: string) => z.array(uuidSchema(message)).max(5000, { message: 'Demasiados usuarios en una sola solicitud.' });

/**
 * PUT /api/v1/grupos/:id/miembros: adds and removes members. Adding a user who belongs to another
 * group moves them (a user belongs to one group at a time).
 */
export const actualizarMiembrosBodySchema = z
  .object({
    agregar: idList('El usuario no es válido.').default([]),
    quitar: idList('El usuario no es válido.').default([]),
  })
  .refine((b) => !b.agregar.some((id) => b.quitar.includes(id)), {
    path: ['quitar'],
    message: 'Un usuario no puede estar en agregar y quitar a la vez.',
  });
export type ActualizarMiembrosBody = z.input<typeof actualizarMiembrosBodySchema>;

/** PUT /api/v1/grupos/:id/lideres: the complete list of leaders (supervisors or administrators). */
export const actualizarLideresBodySchema = z.object({
  liderIds: idList('El líder no es válido.').transform((ids) => [...new Set(ids)]),
});
export type ActualizarLideresBody = z.input<typeof actualizarLideresBodySchema>;

const MODOS_ASIGNACION = ['agregar', 'reemplazar', 'quitar'] as const;

/**
 * POST /api/v1/grupos/asignacion-masiva(/vista-previa): to every chosen group, `agregar` adds the
 * leaders, `reemplazar` makes them the only leaders, `quitar` removes them.
 */
export const asignacionMasivaBodySchema = z.object({
  grupoIds: z
    .array(uuidSchema('El grupo no es válido.'))
    .min(1, { message: 'Elige al menos un grupo.' })
    .max(1000, { message: 'Elige como máximo 1000 grupos.' })
    .transform((ids) => [...new Set(ids)]),
  liderIds: idList('El líder no es válido.').transform((ids) => [...new Set(ids)]),
  modo: z.enum(MODOS_ASIGNACION, { error: 'El modo debe ser agregar, reemplazar o quitar.' }).default('agregar'),
});
export type AsignacionMasivaBody = z.input<typeof asignacionMasivaBodySchema>;

export const cambioLideresSchema = z.object({
  grupo: refSchema,
  lideresAntes: z.array(usuarioResumenSchema),
  lideresDespues: z.array(usuarioResumenSchema),
  agregados: z.array(usuarioResumenSchema),
  quitados: z.array(usuarioResumenSchema),
});
export type CambioLideres = z.infer<typeof cambioLideresSchema>;

/** The preview and the committed result have the same shape; `aplicado` says which it is. */
export const asignacionMasivaResultadoSchema = z.object({
  aplicado: z.boolean(),
  cambios: z.array(cambioLideresSchema),
  resumen: z.object({
    grupos: z.number().int(),
    gruposConCambios: z.number().int(),
    lideresAgregados: z.number().int(),
    lideresQuitados: z.number().int(),
  }),
});
export type AsignacionMasivaResultado = z.infer<typeof asignacionMasivaResultadoSchema>;
