import { foreignKey, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** Global RUT -> user look-up: sign-in knows only the RUT, not the company. A RUT belongs to one account. */
export const logins = pgTable(
  'logins',
  {
    rut: text('rut').primaryKey(),
    companyId: uuid('company_id').notNull(),
    userId: uuid('user_id').notNull(),
  },
  (t) => [
    foreignKey({ name: 'logins_user_fk', columns: [t.companyId, t.userId], foreignColumns: [users.companyId, users.id] }).onDelete(
      'cascade',
    ),
  ],
);
