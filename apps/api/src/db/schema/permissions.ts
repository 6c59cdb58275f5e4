import { sql } from 'drizzle-orm';
import { boolean, customType, date, doublePrecision, foreignKey, index, integer, pgEnum, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ESTADOS_PERMISO, ORIGENES_PERMISO, UNIDADES_PERMISO } from '@jornada/contracts';
import { idColumn, instant } from './columns';
import { companies } from './companies';
import { users } from './users';

export const permissionUnitEnum = pgEnum('permission_unit', UNIDADES_PERMISO);
export const permissionStatusEnum = pgEnum('permission_status', ESTADOS_PERMISO);
export const permissionOriginEnum = pgEnum('permission_origin', ORIGENES_PERMISO);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** A company's permission types (vacaciones, licencia médica, permisos con y sin goce...), with their legal code. */
export const permissionTypes = pgTable(
  'permission_types',
  {
    companyId: uuid('company_id').notNull(),
    id: idColumn(),
    nombre: text('nombre').notNull(),
    /** Code of the legal reports (`VAC.`, `L.M.`...) or the company's own; unique per company. */
    codigo: text('codigo').notNull(),
    conGoce: boolean('con_goce').notNull(),
    unidad: permissionUnitEnum('unidad').notNull(),
    /** Whether a worker may request it from their own page. */
    solicitable: boolean('solicitable').notNull(),
    /** Whether a request waits for the leader's approval (otherwise it is approved on request). */
    requiereAprobacion: boolean('requiere_aprobacion').notNull(),
    /** Yearly allowance in the type's unit; null: no allowance. */
    diasAnuales: integer('dias_anuales'),
    /** Most one request may take in the type's unit, for permissions granted per event (arts. 66, 195, 207 bis); null: no cap. */
    diasPorEvento: integer('dias_por_evento'),
    activo: boolean('activo').notNull().default(true),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'permission_types_pkey', columns: [t.companyId, t.id] }),
    uniqueIndex('permission_types_company_codigo_key').on(t.companyId, t.codigo),
    uniqueIndex('permission_types_company_nombre_key').on(t.companyId, t.nombre),
    foreignKey({ name: 'permission_types_company_fk', columns: [t.companyId], foreignColumns: [companies.id] }).onDelete('cascade'),
  ],
);

/**
 * A worker's permission: whole days from `desde` to `hasta`, or an hour range on each of them.
 * `cantidad` is what it takes of its type's unit, computed once by the domain when it is created.
 * The decision (approval, rejection, annulment) is kept with who made it, when and why.
 */
export const permissions = pgTable(
  'permissions',
  {
    companyId: uuid('company_id').notNull(),
    id: idColumn(),
    userId: uuid('user_id').notNull(),
    typeId: uuid('type_id').notNull(),
    desde: date('desde', { mode: 'string' }).notNull(),
    hasta: date('hasta', { mode: 'string' }).notNull(),
    horaInicio: text('hora_inicio'),
    horaFin: text('hora_fin'),
    cantidad: doublePrecision('cantidad').notNull(),
    estado: permissionStatusEnum('estado').notNull(),
    origen: permissionOriginEnum('origen').notNull(),
    comentario: text('comentario'),
    /** No foreign keys to the people who acted: the history outlives them. */
    createdBy: uuid('created_by'),
    createdAt: instant('created_at').notNull(),
    decidedBy: uuid('decided_by'),
    decidedAt: instant('decided_at'),
    decisionComment: text('decision_comment'),
    updatedAt: instant('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ name: 'permissions_pkey', columns: [t.companyId, t.id] }),
    foreignKey({ name: 'permissions_user_fk', columns: [t.companyId, t.userId], foreignColumns: [users.companyId, users.id] }).onDelete('cascade'),
    foreignKey({ name: 'permissions_type_fk', columns: [t.companyId, t.typeId], foreignColumns: [permissionTypes.companyId, permissionTypes.id] }),
    index('permissions_user_idx').on(t.companyId, t.userId, t.desde),
    index('permissions_company_idx').on(t.companyId, t.desde),
    index('permissions_pending_idx').on(t.companyId, t.createdAt).where(sql`${t.estado} = 'pendiente'`),
  ],
);

/** A permission's attachment (a medical licence's PDF or photo), stored with the company's data. */
export const permissionAttachments = pgTable(
  'permission_attachments',
  {
    companyId: uuid('company_id').notNull(),
    permissionId: uuid('permission_id').notNull(),
    nombre: text('nombre').notNull(),
    tipo: text('tipo').notNull(),
    tamano: integer('tamano').notNull(),
    data: bytea('data').notNull(),
    createdBy: uuid('created_by'),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [
    primaryKey({ name: 'permission_attachments_pkey', columns: [t.companyId, t.permissionId] }),
    foreignKey({
      name: 'permission_attachments_permission_fk',
      columns: [t.companyId, t.permissionId],
      foreignColumns: [permissions.companyId, permissions.id],
    }).onDelete('cascade'),
  ],
);

/**
 * Out of use: progressive vacation days (art. 68) are computed now from `users.anios_reconocidos_anteriores`
 * and the years with the company, no longer typed per worker and type. Kept for one version because
 * processes of the previous version still read it during a rolling update (docs/operations.md,
 * «Actualizaciones y migraciones»); the next version drops it. Nothing reads or writes it.
 */
export const permissionExtraDays = pgTable(
  'permission_extra_days',
  {
    companyId: uuid('company_id').notNull(),
    userId: uuid('user_id').notNull(),
    typeId: uuid('type_id').notNull(),
    dias: integer('dias').notNull(),
    updatedAt: instant('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ name: 'permission_extra_days_pkey', columns: [t.companyId, t.userId, t.typeId] }),
    foreignKey({ name: 'permission_extra_days_user_fk', columns: [t.companyId, t.userId], foreignColumns: [users.companyId, users.id] }).onDelete(
      'cascade',
    ),
    foreignKey({
      name: 'permission_extra_days_type_fk',
      columns: [t.companyId, t.typeId],
      foreignColumns: [permissionTypes.companyId, permissionTypes.id],
    }).onDelete('cascade'),
  ],
);
