import { sql } from 'drizzle-orm';
import { boolean, check, date, foreignKey, index, integer, pgEnum, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { ORIGENES_CAMBIO, SOLICITADO_POR } from '@jornada/contracts';
import { companies } from './companies';
import { idColumn, instant } from './columns';
import { shiftVersions } from './shifts';
import { users } from './users';

export const planKindEnum = pgEnum('plan_kind', ['turno', 'libre']);
export const planOriginEnum = pgEnum('plan_origin', ORIGENES_CAMBIO);
export const requestedByEnum = pgEnum('plan_requested_by', SOLICITADO_POR);

/**
 * What a worker has planned on a local date of their site's zone: a shift (a version of it) or a rest
 * day. A date without a row has nothing planned. One row per (company, user, date).
 */
export const planningDays = pgTable(
  'planning_days',
  {
    companyId: uuid('company_id').notNull(),
    userId: uuid('user_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    kind: planKindEnum('kind').notNull(),
    shiftId: uuid('shift_id'),
    shiftVersion: integer('shift_version'),
    /** When this date was planned for the first time (kept across changes, for the legal report). */
    firstPlannedAt: instant('first_planned_at').notNull(),
    /** When the current plan of the date was assigned. */
    assignedAt: instant('assigned_at').notNull(),
    assignedBy: uuid('assigned_by'),
    origin: planOriginEnum('origin').notNull(),
  },
  (t) => [
    primaryKey({ name: 'planning_days_pkey', columns: [t.companyId, t.userId, t.date] }),
    index('planning_days_date_idx').on(t.companyId, t.date),
    index('planning_days_shift_idx').on(t.companyId, t.shiftId, t.date),
    foreignKey({ name: 'planning_days_user_fk', columns: [t.companyId, t.userId], foreignColumns: [users.companyId, users.id] }).onDelete('cascade'),
    foreignKey({
      name: 'planning_days_shift_version_fk',
      columns: [t.companyId, t.shiftId, t.shiftVersion],
      foreignColumns: [shiftVersions.companyId, shiftVersions.shiftId, shiftVersions.version],
    }),
  ],
);

/**
 * The change log of planning (legal report "d) modificaciones y/o alteraciones de turnos"): every
 * change of a date that was planned before, and every change of a past date. Insert-only. A null
 * kind on either side means "sin planificar".
 */
export const planningChanges = pgTable(
  'planning_changes',
  {
    companyId: uuid('company_id').notNull(),
    id: idColumn(),
    userId: uuid('user_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    firstPlannedAt: instant('first_planned_at'),
    previousKind: planKindEnum('previous_kind'),
    previousShiftId: uuid('previous_shift_id'),
    previousShiftVersion: integer('previous_shift_version'),
    previousAssignedAt: instant('previous_assigned_at'),
    newKind: planKindEnum('new_kind'),
    newShiftId: uuid('new_shift_id'),
    newShiftVersion: integer('new_shift_version'),
    requestedBy: requestedByEnum('requested_by').notNull(),
    motivo: text('motivo'),
    observacion: text('observacion'),
    pastDay: boolean('past_day').notNull(),
    origin: planOriginEnum('origin').notNull(),
    /** Who made the change; no foreign key so the log outlives the user. */
    changedBy: uuid('changed_by'),
    changedAt: instant('changed_at').notNull(),
  },
  (t) => [
    primaryKey({ name: 'planning_changes_pkey', columns: [t.companyId, t.id] }),
    index('planning_changes_user_date_idx').on(t.companyId, t.userId, t.date),
    index('planning_changes_changed_at_idx').on(t.companyId, t.changedAt),
    foreignKey({ name: 'planning_changes_user_fk', columns: [t.companyId, t.userId], foreignColumns: [users.companyId, users.id] }).onDelete(
      'cascade',
    ),
    foreignKey({
      name: 'planning_changes_previous_version_fk',
      columns: [t.companyId, t.previousShiftId, t.previousShiftVersion],
      foreignColumns: [shiftVersions.companyId, shiftVersions.shiftId, shiftVersions.version],
    }),
    foreignKey({
      name: 'planning_changes_new_version_fk',
      columns: [t.companyId, t.newShiftId, t.newShiftVersion],
      foreignColumns: [shiftVersions.companyId, shiftVersions.shiftId, shiftVersions.version],
    }),
  ],
);

/**
 * Commerce before Christmas (art. 24): the days from 10 to 24 December the company declares as extended, at most
 * nine a year, each with its extension of up to 2 hours (in minutes, 30 to 120). The whole year's set is replaced
 * at once; who declared it and when is kept on each row.
 */
export const decemberExtensions = pgTable(
  'december_extensions',
  {
    companyId: uuid('company_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    minutes: integer('minutes').notNull(),
    /** Who declared the day; no foreign key so the record outlives the user. */
    createdBy: uuid('created_by'),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [
    primaryKey({ name: 'december_extensions_pkey', columns: [t.companyId, t.date] }),
    foreignKey({ name: 'december_extensions_company_fk', columns: [t.companyId], foreignColumns: [companies.id] }).onDelete('cascade'),
    check('december_extensions_minutes_check', sql`${t.minutes} BETWEEN 30 AND 120`),
    check('december_extensions_date_check', sql`extract(month from ${t.date}) = 12 AND extract(day from ${t.date}) BETWEEN 10 AND 24`),
  ],
);
