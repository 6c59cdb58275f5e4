import { foreignKey, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { instant } from './columns';
import { users } from './users';

export const passwordResets = pgTable(
  'password_resets',
  {
    tokenHash: text('token_hash').primaryKey(),
    companyId: uuid('company_id').notNull(),
    userId: uuid('user_id').notNull(),
    createdAt: instant('created_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
  },
  (t) => [
    index('password_resets_user_idx').on(t.companyId, t.userId),
    foreignKey({
      name: 'password_resets_user_fk',
      columns: [t.companyId, t.userId],
      foreignColumns: [users.companyId, users.id],
    }).onDelete('cascade'),
  ],
);
