import { foreignKey, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * RUT -> accounts look-up: sign-in knows only the RUT, not the company. A person may work for several
 * employers, so a RUT has at most one account per company (as `users_company_rut_key`) and may have
 * accounts in several companies; sign-in asks which one when the password opens more than one.
 */
export const logins = pgTable(
  'logins',
  {
    rut: text('rut').notNull(),
    companyId: uuid('company_id').notNull(),
    userId: uuid('user_id').notNull(),
  },
  (t) => [
    primaryKey({ name: 'logins_pkey', columns: [t.rut, t.companyId] }),
    uniqueIndex('logins_company_user_key').on(t.companyId, t.userId),
    foreignKey({ name: 'logins_user_fk', columns: [t.companyId, t.userId], foreignColumns: [users.companyId, users.id] }).onDelete(
      'cascade',
    ),
  ],
);
