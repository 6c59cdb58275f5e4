import { sql } from 'drizzle-orm';
import { bigint, foreignKey, index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { idColumn, instant } from './columns';
import { users } from './users';

/**
 * The worker's express consent to biometric identification (DT Res. Ex. 38): which text, when, who
 * recorded it and from where. Never deleted: a withdrawal sets `revoked_at` and a new consent is a new row.
 */
export const biometricConsents = pgTable(
  'biometric_consents',
  {
    companyId: uuid('company_id').notNull(),
    id: idColumn(),
    userId: uuid('user_id').notNull(),
    textVersion: text('text_version').notNull(),
    text: text('text').notNull(),
    grantedAt: instant('granted_at').notNull(),
    /** The worker themselves, or the administrator who captured it with the worker's PIN. */
    recordedBy: uuid('recorded_by').notNull(),
    confirmation: text('confirmation').$type<'sesion_trabajador' | 'pin_trabajador'>().notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    revokedAt: instant('revoked_at'),
    revokedBy: uuid('revoked_by'),
  },
  (t) => [
    primaryKey({ name: 'biometric_consents_pkey', columns: [t.companyId, t.id] }),
    uniqueIndex('biometric_consents_current_key')
      .on(t.companyId, t.userId)
      .where(sql`${t.revokedAt} is null`),
    foreignKey({ name: 'biometric_consents_user_fk', columns: [t.companyId, t.userId], foreignColumns: [users.companyId, users.id] }).onDelete('cascade'),
  ],
);

/** A WebAuthn public-key credential (the device keeps the private key behind its fingerprint reader). */
export const webauthnCredentials = pgTable(
  'webauthn_credentials',
  {
    companyId: uuid('company_id').notNull(),
    id: idColumn(),
    userId: uuid('user_id').notNull(),
    /** base64url credential id; unique across companies because a kiosk assertion is looked up by it alone. */
    credentialId: text('credential_id').notNull(),
    /** base64url COSE public key. */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull().default(sql`'{}'::text[]`),
    deviceName: text('device_name').notNull(),
    consentId: uuid('consent_id').notNull(),
    createdAt: instant('created_at').notNull(),
    createdBy: uuid('created_by').notNull(),
    lastUsedAt: instant('last_used_at'),
    revokedAt: instant('revoked_at'),
    revokedBy: uuid('revoked_by'),
  },
  (t) => [
    primaryKey({ name: 'webauthn_credentials_pkey', columns: [t.companyId, t.id] }),
    uniqueIndex('webauthn_credentials_credential_key').on(t.credentialId),
    index('webauthn_credentials_user_idx').on(t.companyId, t.userId),
    foreignKey({ name: 'webauthn_credentials_user_fk', columns: [t.companyId, t.userId], foreignColumns: [users.companyId, users.id] }).onDelete('cascade'),
  ],
);

/** Server-side WebAuthn challenges: single use, five minutes. */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    challenge: text('challenge').primaryKey(),
    companyId: uuid('company_id').notNull(),
    purpose: text('purpose').$type<'registro' | 'marca'>().notNull(),
    /** Registration: the worker being enrolled; web marking: the signed-in worker; kiosk: null. */
    userId: uuid('user_id'),
    /** Who asked for it (a session's user), or the kiosk that asked. */
    requestedBy: uuid('requested_by'),
    kioskId: uuid('kiosk_id'),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
  },
  (t) => [index('webauthn_challenges_expiry_idx').on(t.expiresAt)],
);
