import { foreignKey, index, pgEnum, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ESTADOS_GRUPO } from '@jornada/contracts';
import { idColumn, instant } from './columns';
import { companies } from './companies';
import { exceptionalSchedules } from './exceptional-schedules';
import { sites } from './sites';

export const groupStateEnum = pgEnum('group_state', ESTADOS_GRUPO);

/** A group of workers (grupo). A user belongs to at most one group: `users.group_id`. */
export const groups = pgTable(
  'groups',
  {
    companyId: uuid('company_id').notNull(),
    id: idColumn(),
    nombre: text('nombre').notNull(),
    descripcion: text('descripcion'),
    siteId: uuid('site_id'),
    /**
     * The exceptional distribution system (art. 38 inc. final) the DT resolution grants this group; its members
     * without one of their own are under it. Null: none.
     */
    jornadaExcepcionalId: uuid('jornada_excepcional_id'),
    estado: groupStateEnum('estado').notNull().default('activo'),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'groups_pkey', columns: [t.companyId, t.id] }),
    uniqueIndex('groups_company_nombre_key').on(t.companyId, t.nombre),
    foreignKey({ name: 'groups_company_fk', columns: [t.companyId], foreignColumns: [companies.id] }).onDelete('cascade'),
    foreignKey({ name: 'groups_site_fk', columns: [t.companyId, t.siteId], foreignColumns: [sites.companyId, sites.id] }),
    foreignKey({
      name: 'groups_jornada_excepcional_fk',
      columns: [t.companyId, t.jornadaExcepcionalId],
      foreignColumns: [exceptionalSchedules.companyId, exceptionalSchedules.id],
    }),
    index('groups_jornada_excepcional_idx').on(t.companyId, t.jornadaExcepcionalId),
  ],
);

/**
 * Every change of a group's state, with who made it and why; the creation is the first entry.
 * No foreign key to the user who acted: the history must outlive them (like the auth audit).
 */
export const groupStateChanges = pgTable(
  'group_state_changes',
  {
    companyId: uuid('company_id').notNull(),
    id: idColumn(),
    groupId: uuid('group_id').notNull(),
    fromEstado: groupStateEnum('from_estado'),
    toEstado: groupStateEnum('to_estado').notNull(),
    motivo: text('motivo').notNull(),
    changedBy: uuid('changed_by'),
    changedAt: instant('changed_at').notNull(),
  },
  (t) => [
    primaryKey({ name: 'group_state_changes_pkey', columns: [t.companyId, t.id] }),
    index('group_state_changes_group_idx').on(t.companyId, t.groupId, t.changedAt),
    foreignKey({
      name: 'group_state_changes_group_fk',
      columns: [t.companyId, t.groupId],
      foreignColumns: [groups.companyId, groups.id],
    }).onDelete('cascade'),
  ],
);
