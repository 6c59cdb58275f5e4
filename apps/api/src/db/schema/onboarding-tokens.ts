import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { instant } from './columns';
import { companies } from './companies';

/** One-time proof that whoever registered the company may create its principal administrator. */
export const onboardingTokens = pgTable(
  'onboarding_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    createdAt: instant('created_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
  },
  (t) => [index('onboarding_tokens_company_idx').on(t.companyId)],
);
