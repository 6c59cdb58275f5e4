import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { instant } from './columns';
import { companies } from './companies';

/**
 * The links that confirm a company's e-mail address (sent at registration, on a change of address and
 * on request). Only the token's hash is stored; `email` is the address the link went to, so a link
 * confirms nothing once the company's address has changed.
 */
export const companyEmailConfirmations = pgTable(
  'company_email_confirmations',
  {
    tokenHash: text('token_hash').primaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    createdAt: instant('created_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
  },
  (t) => [index('company_email_confirmations_company_idx').on(t.companyId, t.createdAt)],
);
