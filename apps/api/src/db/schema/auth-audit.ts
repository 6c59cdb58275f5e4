import { index, pgEnum, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { idColumn, instant } from './columns';

export const AUTH_EVENTS = [
  'login_ok',
  'login_failed',
  'login_locked',
  'logout',
  'password_reset_requested',
  'password_reset_done',
  'email_changed',
  'rut_changed',
] as const;
export type AuthEvent = (typeof AUTH_EVENTS)[number];
export const authEventEnum = pgEnum('auth_event', AUTH_EVENTS);

/**
 * Append-only record of sign-ins, sign-outs, failures and password resets.
 * No foreign keys: the trail must outlive the users it mentions, and failures may name no user at all.
 */
export const authAudit = pgTable(
  'auth_audit',
  {
    id: idColumn().primaryKey(),
    companyId: uuid('company_id'),
    userId: uuid('user_id'),
    /** The RUT as typed (normalised when valid), also for unknown accounts. */
    rut: text('rut'),
    event: authEventEnum('event').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    at: instant('at').notNull(),
  },
  (t) => [index('auth_audit_company_at_idx').on(t.companyId, t.at), index('auth_audit_rut_at_idx').on(t.rut, t.at)],
);
