import { sql } from 'drizzle-orm';
import { boolean, foreignKey, index, pgEnum, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { idColumn, instant } from './columns';
import { companies } from './companies';

/**
 * Labour inspectors of the Dirección del Trabajo. Global, not tenant rows: an inspector is
 * nobody's user; they choose an employer after signing in with a temporary key.
 */
export const inspectors = pgTable(
  'inspectors',
  {
    id: idColumn().primaryKey(),
    /** Lower-cased; always an `@dt.gob.cl` address. */
    email: text('email').notNull(),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [uniqueIndex('inspectors_email_key').on(t.email)],
);

/**
 * Every temporary key issued. The requester's declared identity travels with the key (it is what the
 * e-mail shows and what every session opened with the key records). A newer request replaces the key.
 */
export const inspectorKeys = pgTable(
  'inspector_keys',
  {
    id: idColumn().primaryKey(),
    inspectorId: uuid('inspector_id')
      .notNull()
      .references(() => inspectors.id, { onDelete: 'cascade' }),
    /** Stored normalised (`12345678-5`). */
    rut: text('rut').notNull(),
    nombre: text('nombre').notNull(),
    apellidos: text('apellidos').notNull(),
    /** argon2id of the key without separators. */
    keyHash: text('key_hash').notNull(),
    issuedAt: instant('issued_at').notNull(),
    /** Exclusive: the key signs in strictly before this instant. */
    expiresAt: instant('expires_at').notNull(),
    /** When a newer request replaced it; a replaced key never signs in again. */
    replacedAt: instant('replaced_at'),
    ip: text('ip'),
  },
  (t) => [
    // One live key per inspector: two simultaneous requests cannot both win.
    uniqueIndex('inspector_keys_live_key')
      .on(t.inspectorId)
      .where(sql`${t.replacedAt} is null`),
    index('inspector_keys_issued_idx').on(t.inspectorId, t.issuedAt),
  ],
);

/**
 * Inspector sessions, tokens stored as SHA-256 like `sessions`. A sign-in session (`company_id` null)
 * may only search and choose employers; choosing one opens an employer session (`company_id` set) that
 * works as a normal `tokenSesion` with perfil fiscalizador. Revoking the sign-in session ends its
 * employer sessions too.
 */
export const inspectorSessions = pgTable(
  'inspector_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    keyId: uuid('key_id')
      .notNull()
      .references(() => inspectorKeys.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    parentTokenHash: text('parent_token_hash'),
    createdAt: instant('created_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
    revokedAt: instant('revoked_at'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    foreignKey({ name: 'inspector_sessions_parent_fk', columns: [t.parentTokenHash], foreignColumns: [t.tokenHash] }).onDelete('cascade'),
    index('inspector_sessions_parent_idx').on(t.parentTokenHash),
  ],
);

export const INSPECTOR_EVENTS = [
  'clave_solicitada',
  /** A request past the daily limit of one e-mail address: same answer, no key, no e-mail. */
  'clave_limitada',
  'ingreso',
  'ingreso_fallido',
  'ingreso_bloqueado',
  'acceso_empleador',
  /** One API request made with a fiscalizador session, allowed or refused. */
  'consulta',
] as const;
export type InspectorEvent = (typeof INSPECTOR_EVENTS)[number];
export const inspectorEventEnum = pgEnum('inspector_event', INSPECTOR_EVENTS);

/**
 * Append-only trail of the inspectors' keys, sign-ins and every access (DT Res. Ex. 38: date, time,
 * e-mail, RUT consulted, IP). Identity is copied into each row and there are no foreign keys, so the
 * trail outlives keys, sessions and companies. `company_id` is set on the rows a company's
 * administrators may read.
 */
export const inspectorEvents = pgTable(
  'inspector_events',
  {
    id: idColumn().primaryKey(),
    at: instant('at').notNull(),
    event: inspectorEventEnum('event').notNull(),
    inspectorId: uuid('inspector_id'),
    /** A company user with perfil fiscalizador (signed in by RUT) instead of a DT inspector. */
    userId: uuid('user_id'),
    email: text('email').notNull(),
    rut: text('rut'),
    nombre: text('nombre'),
    apellidos: text('apellidos'),
    companyId: uuid('company_id'),
    companyRut: text('company_rut'),
    method: text('method'),
    /** The route pattern (`/api/v1/usuarios/:id`) and the path as requested, query included. */
    route: text('route'),
    path: text('path'),
    /** Whether the request was served (false: refused as a write or outside the perfil). */
    allowed: boolean('allowed'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('inspector_events_company_at_idx').on(t.companyId, t.at), index('inspector_events_email_at_idx').on(t.email, t.at)],
);
