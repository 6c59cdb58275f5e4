import { sql } from 'drizzle-orm';
import { boolean, date, doublePrecision, foreignKey, index, integer, jsonb, pgEnum, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { ESTADOS_DIA } from '@jornada/contracts';
import { SUMMED_TOTAL_KEYS, type SummedTotalKey } from '@jornada/domain';
import { instant } from './columns';
import { users } from './users';

export const attendanceStatusEnum = pgEnum('attendance_status', ESTADOS_DIA);

/**
 * The stored evaluation of one worker's local date (packages/domain's evaluatePeriod over whole
 * Monday–Sunday weeks, written by modules/attendance). The columns are the engine's figures, exact
 * seconds; `result` keeps the day's result (plan, marks with their attribution, inconsistencies and
 * the Spanish explanation). A Sunday's row also carries its week's settlement (`week_*`, `week`), so
 * a period's weekly figures add the Sundays in it. Rows turn `stale` when a mark, a plan day or the
 * worker's site changes (triggers of migration 0015) and are recomputed by the job queue or on read.
 */
export const attendanceDays = pgTable(
  'attendance_days',
  {
    companyId: uuid('company_id').notNull(),
    userId: uuid('user_id').notNull(),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    status: attendanceStatusEnum('status').notNull(),
    /** turno, libre or sin_planificacion. */
    planKind: text('plan_kind').notNull(),
    plannedSeconds: doublePrecision('planned_seconds').notNull(),
    workedSeconds: doublePrecision('worked_seconds').notNull(),
    ordinarySeconds: doublePrecision('ordinary_seconds').notNull(),
    missingSeconds: doublePrecision('missing_seconds').notNull(),
    justifiedSeconds: doublePrecision('justified_seconds').notNull(),
    lateSeconds: doublePrecision('late_seconds').notNull(),
    earlyLeaveSeconds: doublePrecision('early_leave_seconds').notNull(),
    breakSeconds: doublePrecision('break_seconds').notNull(),
    overtimeSeconds: doublePrecision('overtime_seconds').notNull(),
    overtimeWithinLimitSeconds: doublePrecision('overtime_within_limit_seconds').notNull(),
    overtimeBeyondLimitSeconds: doublePrecision('overtime_beyond_limit_seconds').notNull(),
    /** Planned time over the week's agreed hours given to this day (art. 30): overtime beside `overtime_seconds`. */
    overtimeOverAgreedSeconds: doublePrecision('overtime_over_agreed_seconds').notNull().default(0),
    sundaySeconds: doublePrecision('sunday_seconds').notNull(),
    holidaySeconds: doublePrecision('holiday_seconds').notNull(),
    /** The Sundays and holidays the day's work touched by the clock: `[{ date, sunday, holiday }]` (pay counts each date once). */
    sundayHolidayWork: jsonb('sunday_holiday_work').notNull().default(sql`'[]'::jsonb`),
    inconsistencyCount: integer('inconsistency_count').notNull(),
    /** Codes of the day's inconsistencies (the board reads them without opening `result`). */
    inconsistencyCodes: text('inconsistency_codes').array().notNull().default(sql`'{}'::text[]`),
    shiftStart: instant('shift_start'),
    shiftEnd: instant('shift_end'),
    firstEntry: instant('first_entry'),
    lastExit: instant('last_exit'),
    /** Sundays only: the settlement of the week ending that day (null on other days). */
    weekCompensatedSeconds: doublePrecision('week_compensated_seconds'),
    weekShortfallSeconds: doublePrecision('week_shortfall_seconds'),
    weekLateAfterSeconds: doublePrecision('week_late_after_seconds'),
    weekEarlyLeaveAfterSeconds: doublePrecision('week_early_leave_after_seconds'),
    weekNetOvertimeSeconds: doublePrecision('week_net_overtime_seconds'),
    weekNetOvertimeWithinSeconds: doublePrecision('week_net_overtime_within_seconds'),
    weekNetOvertimeBeyondSeconds: doublePrecision('week_net_overtime_beyond_seconds'),
    weekPendingSeconds: doublePrecision('week_pending_seconds'),
    week: jsonb('week'),
    result: jsonb('result').notNull(),
    computedAt: instant('computed_at').notNull(),
    stale: boolean('stale').notNull().default(false),
    /** When a change last made the row stale (a recompute that started earlier leaves it stale). */
    invalidatedAt: instant('invalidated_at'),
  },
  (t) => [
    primaryKey({ name: 'attendance_days_pkey', columns: [t.companyId, t.userId, t.fecha] }),
    // By date, in computation order: a date's oldest computation is the index's first entry (the board's «calculado»).
    index('attendance_days_date_idx').on(t.companyId, t.fecha, t.computedAt),
    index('attendance_days_stale_idx')
      .on(t.companyId, t.userId, t.fecha)
      .where(sql`${t.stale}`),
    foreignKey({ name: 'attendance_days_user_fk', columns: [t.companyId, t.userId], foreignColumns: [users.companyId, users.id] }).onDelete('cascade'),
  ],
);

/** A summed total's rollup column: `plannedSeconds` → `planned_seconds`, `daysByStatus.presente` → `days_by_status_presente`. */
export const rollupColumn = (key: SummedTotalKey): string => key.replace('.', '_').replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * The rollups of the stored days: per company and local date, how many days are stored and each summed
 * total of a period (packages/domain's `SUMMED_TOTAL_KEYS`, one column each) over them. Kept by a trigger
 * on attendance_days in the statement that writes, invalidates or deletes days (migration 0037), so a
 * company's figures of a month are 31 rows; they are read only when the days they sum are fresh.
 */
export const attendanceRollups = pgTable(
  'attendance_rollups',
  {
    companyId: uuid('company_id').notNull(),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    /** Stored days of the date (fresh or stale). */
    days: integer('days').notNull().default(0),
    ...(Object.fromEntries(SUMMED_TOTAL_KEYS.map((k) => [k, doublePrecision(rollupColumn(k)).notNull().default(0)])) as Record<SummedTotalKey, ReturnType<typeof doublePrecision>>),
  },
  (t) => [primaryKey({ name: 'attendance_rollups_pkey', columns: [t.companyId, t.fecha] })],
);

/**
 * The same rollups per worker and calendar month (`mes`, its first day): what a report of whole months
 * lists, sorts and adds up per worker without reading every day (migration 0039, the same trigger).
 */
export const attendanceWorkerRollups = pgTable(
  'attendance_worker_rollups',
  {
    companyId: uuid('company_id').notNull(),
    mes: date('mes', { mode: 'string' }).notNull(),
    userId: uuid('user_id').notNull(),
    /** Stored days of the worker in the month (fresh or stale). */
    days: integer('days').notNull().default(0),
    ...(Object.fromEntries(SUMMED_TOTAL_KEYS.map((k) => [k, doublePrecision(rollupColumn(k)).notNull().default(0)])) as Record<SummedTotalKey, ReturnType<typeof doublePrecision>>),
  },
  (t) => [primaryKey({ name: 'attendance_worker_rollups_pkey', columns: [t.companyId, t.mes, t.userId] })],
);

/**
 * The stored days counted per company, date and board group (modules/attendance's `BoardGroup`: status,
 * late, with inconsistencies, open entries only, and the instant from which the clock no longer moves
 * the day's board status; `-infinity` when it never does) and the UTC hour of the first entry (the
 * arrivals per hour): the board's counts and the home's week read
 * these few rows and classify each once, instead of every day. Kept by the same trigger as the rollups.
 */
export const attendanceBoardRollups = pgTable(
  'attendance_board_rollups',
  {
    companyId: uuid('company_id').notNull(),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    status: attendanceStatusEnum('status').notNull(),
    late: boolean('late').notNull(),
    hasCodes: boolean('has_codes').notNull(),
    openOnly: boolean('open_only').notNull(),
    settlesAt: instant('settles_at').notNull(),
    /** The UTC hour of the first entry (`-infinity` without one): the board's arrivals per local hour. */
    entryHour: instant('entry_hour').notNull(),
    /** Stored days of the group (fresh or stale). */
    days: integer('days').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'attendance_board_rollups_pkey', columns: [t.companyId, t.fecha, t.status, t.late, t.hasCodes, t.openOnly, t.settlesAt, t.entryHour] })],
);
