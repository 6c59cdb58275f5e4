import { foreignKey, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { instant } from './columns';
import { users } from './users';

/** Sign-in sessions. Only the SHA-256 of the token is kept, so a database leak yields no usable token. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    companyId: uuid('company_id').notNull(),
    userId: uuid('user_id').notNull(),
    createdAt: instant('created_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
    revokedAt: instant('revoked_at'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    index('sessions_user_idx').on(t.companyId, t.userId),
    foreignKey({ name: 'sessions_user_fk', columns: [t.companyId, t.userId], foreignColumns: [users.companyId, users.id] }).onDelete(
      'cascade',
    ),
  ],
);
