import { foreignKey, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { idColumn, instant } from './columns';
import { sites } from './sites';
import { users } from './users';

/** A shared marking device at a site. Its long-lived token is stored only as a SHA-256 hash. */
export const kiosks = pgTable(
  'kiosks',
  {
    companyId: uuid('company_id').notNull(),
    id: idColumn(),
    siteId: uuid('site_id').notNull(),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: instant('created_at').notNull(),
    createdBy: uuid('created_by').notNull(),
    lastUsedAt: instant('last_used_at'),
    revokedAt: instant('revoked_at'),
    revokedBy: uuid('revoked_by'),
  },
  (t) => [
    primaryKey({ name: 'kiosks_pkey', columns: [t.companyId, t.id] }),
    uniqueIndex('kiosks_token_key').on(t.tokenHash),
    foreignKey({ name: 'kiosks_site_fk', columns: [t.companyId, t.siteId], foreignColumns: [sites.companyId, sites.id] }),
  ],
);

/** The worker's marking PIN (argon2id, like passwords). */
export const markingPins = pgTable(
  'marking_pins',
  {
    companyId: uuid('company_id').notNull(),
    userId: uuid('user_id').notNull(),
    pinHash: text('pin_hash').notNull(),
    updatedAt: instant('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ name: 'marking_pins_pkey', columns: [t.companyId, t.userId] }),
    foreignKey({ name: 'marking_pins_user_fk', columns: [t.companyId, t.userId], foreignColumns: [users.companyId, users.id] }).onDelete('cascade'),
  ],
);

/** Failed kiosk PINs per RUT within a company; a lock after repeated failures. */
export const pinFailures = pgTable(
  'pin_failures',
  {
    companyId: uuid('company_id').notNull(),
    rut: text('rut').notNull(),
    failures: integer('failures').notNull().default(0),
    lastFailureAt: instant('last_failure_at').notNull(),
    lockedUntil: instant('locked_until'),
  },
  (t) => [primaryKey({ name: 'pin_failures_pkey', columns: [t.companyId, t.rut] }), index('pin_failures_locked_idx').on(t.lockedUntil)],
);
