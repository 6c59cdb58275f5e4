import { sql } from 'drizzle-orm';
import { boolean, foreignKey, integer, pgEnum, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { idColumn, instant } from './columns';
import { companies } from './companies';

export const breakKindEnum = pgEnum('break_kind', ['fija', 'minutos']);

/**
 * The timing of a shift: wall-clock start and end, colación and tolerances. Shared by the current
 * shift and by its immutable versions, which planned days reference.
 */
const timing = {
  startTime: text('start_time').notNull(),
  endTime: text('end_time').notNull(),
  breakKind: breakKindEnum('break_kind').notNull(),
  /** For `fija`: the window. */
  breakStart: text('break_start'),
  breakEnd: text('break_end'),
  /** For `minutos`: minutes taken at any time (0 = without colación). */
  breakMinutes: integer('break_minutes'),
  lateToleranceMin: integer('late_tolerance_min').notNull().default(0),
  earlyToleranceMin: integer('early_tolerance_min').notNull().default(0),
};

/** A shift template (turno) as it is now; `version` is its current timing version. */
export const shifts = pgTable(
  'shifts',
  {
    companyId: uuid('company_id').notNull(),
    id: idColumn(),
    codigo: text('codigo').notNull(),
    nombre: text('nombre').notNull(),
    color: text('color').notNull(),
    ...timing,
    daysPerWeek: integer('days_per_week').notNull().default(5),
    /**
     * Who may take the shift, as the automatic roster reads it: the sites it is used at and the job titles
     * (`users.cargo`, compared without case or accents) that may work it; empty: every site, every job title.
     */
    siteIds: uuid('site_ids').array().notNull().default(sql`'{}'::uuid[]`),
    cargos: text('cargos').array().notNull().default(sql`'{}'::text[]`),
    active: boolean('active').notNull().default(true),
    version: integer('version').notNull().default(1),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'shifts_pkey', columns: [t.companyId, t.id] }),
    uniqueIndex('shifts_company_codigo_key').on(t.companyId, t.codigo),
    foreignKey({ name: 'shifts_company_fk', columns: [t.companyId], foreignColumns: [companies.id] }).onDelete('cascade'),
  ],
);

/**
 * Immutable timing versions of a shift. A planned day points at the version it was planned with, so
 * editing a shift never changes the hours of days already planned (past days above all).
 */
export const shiftVersions = pgTable(
  'shift_versions',
  {
    companyId: uuid('company_id').notNull(),
    shiftId: uuid('shift_id').notNull(),
    version: integer('version').notNull(),
    ...timing,
    createdAt: instant('created_at').notNull(),
    /** Who made this version; no foreign key so the history outlives the user. */
    createdBy: uuid('created_by'),
  },
  (t) => [
    primaryKey({ name: 'shift_versions_pkey', columns: [t.companyId, t.shiftId, t.version] }),
    foreignKey({ name: 'shift_versions_shift_fk', columns: [t.companyId, t.shiftId], foreignColumns: [shifts.companyId, shifts.id] }).onDelete(
      'cascade',
    ),
  ],
);
