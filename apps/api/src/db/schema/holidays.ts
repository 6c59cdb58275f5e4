import { sql } from 'drizzle-orm';
import { boolean, check, date, foreignKey, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { idColumn, instant } from './columns';
import { companies } from './companies';

/**
 * A holiday a company adds to the national calendar (an election day the product does not know yet,
 * a day of its own). The row is its own change log: who added it and when, and, once removed, who
 * removed it and when (a removed row stays, with `deleted_at`). Only one live row per date.
 */
export const companyHolidays = pgTable(
  'company_holidays',
  {
    companyId: uuid('company_id').notNull(),
    id: idColumn(),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    nombre: text('nombre').notNull(),
    /** `nacional`: a holiday of the whole country the product does not list yet (a future election); `empresa`: the company's own. */
    tipo: text('tipo', { enum: ['nacional', 'empresa'] }).notNull().default('empresa'),
    /** Commerce workers may not be asked to work it (shown and alerted like 1 May). */
    irrenunciable: boolean('irrenunciable').notNull().default(false),
    createdBy: uuid('created_by').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
    deletedBy: uuid('deleted_by'),
    deletedAt: instant('deleted_at'),
  },
  (t) => [
    primaryKey({ name: 'company_holidays_pkey', columns: [t.companyId, t.id] }),
    uniqueIndex('company_holidays_company_fecha_key').on(t.companyId, t.fecha).where(sql`${t.deletedAt} is null`),
    check('company_holidays_tipo_check', sql`${t.tipo} in ('nacional', 'empresa')`),
    foreignKey({ name: 'company_holidays_company_fk', columns: [t.companyId], foreignColumns: [companies.id] }).onDelete('cascade'),
  ],
);
