import { sql } from 'drizzle-orm';
import { boolean, date, foreignKey, index, pgEnum, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { PERFILES } from '@jornada/contracts';
import { idColumn, instant } from './columns';
import { companies } from './companies';
import { sites } from './sites';

export const perfilEnum = pgEnum('perfil', PERFILES);

export const users = pgTable(
  'users',
  {
    companyId: uuid('company_id').notNull(),
    id: idColumn(),
    /** Stored normalised (`12345678-5`). */
    rut: text('rut').notNull(),
    nombre: text('nombre').notNull(),
    apellidos: text('apellidos').notNull(),
    cargo: text('cargo'),
    email: text('email').notNull(),
    direccion: text('direccion'),
    telefono: text('telefono'),
    perfil: perfilEnum('perfil').notNull(),
    /** The administrator created by onboarding; at most one per company. */
    principal: boolean('principal').notNull().default(false),
    siteId: uuid('site_id'),
    inicioContrato: date('inicio_contrato', { mode: 'string' }).notNull(),
    /** Last day of the contract, inclusive; null for an indefinite contract. */
    finContrato: date('fin_contrato', { mode: 'string' }),
    passwordHash: text('password_hash').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'users_pkey', columns: [t.companyId, t.id] }),
    uniqueIndex('users_company_rut_key').on(t.companyId, t.rut),
    uniqueIndex('users_company_principal_key')
      .on(t.companyId)
      .where(sql`${t.principal}`),
    index('users_email_idx').on(t.email),
    foreignKey({ name: 'users_company_fk', columns: [t.companyId], foreignColumns: [companies.id] }).onDelete('cascade'),
    foreignKey({ name: 'users_site_fk', columns: [t.companyId, t.siteId], foreignColumns: [sites.companyId, sites.id] }),
  ],
);
