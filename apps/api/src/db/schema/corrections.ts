import { sql } from 'drizzle-orm';
import { foreignKey, index, pgEnum, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ESTADOS_CORRECCION, EVENTOS_CORRECCION } from '@jornada/contracts';
import { instant } from './columns';
import { markKindEnum } from './marks';
import { users } from './users';

export const correctionStatusEnum = pgEnum('correction_status', ESTADOS_CORRECCION);
export const correctionEventEnum = pgEnum('correction_event', EVENTOS_CORRECCION);

/**
 * Corrections of marks (DT Res. Ex. 38): proposed by the employer, objected or accepted by the worker,
 * consolidated into a new mark (method `correccion`) after 48 hours without objection. The status only
 * moves forward from `pendiente` and the proposal's fields never change (a trigger enforces both, and
 * refuses deletes); every step is a row of `mark_correction_events`.
 */
export const markCorrections = pgTable(
  'mark_corrections',
  {
    companyId: uuid('company_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    /** The worker whose mark is corrected. */
    userId: uuid('user_id').notNull(),
    /** The refused attempt this correction turns into a mark; null for a missing mark. */
    attemptId: uuid('attempt_id'),
    /** The recorded mark whose time this correction changes (the consolidated mark supersedes it); null otherwise. */
    correctsMarkId: uuid('corrects_mark_id'),
    kind: markKindEnum('kind').notNull(),
    /** The corrected time (UTC). */
    proposedAt: instant('proposed_at').notNull(),
    /** The zone the proposal was written in (the worker's site), to show it back the same way. */
    timeZone: text('time_zone').notNull(),
    reason: text('reason').notNull(),
    requestedBy: uuid('requested_by').notNull(),
    createdAt: instant('created_at').notNull(),
    /** created_at + 48 h: the worker may object until then. */
    deadline: instant('deadline').notNull(),
    status: correctionStatusEnum('status').notNull().default('pendiente'),
    objection: text('objection'),
    objectedAt: instant('objected_at'),
    acceptedAt: instant('accepted_at'),
    annulledAt: instant('annulled_at'),
    annulledBy: uuid('annulled_by'),
    annulReason: text('annul_reason'),
    consolidatedAt: instant('consolidated_at'),
    /** A consolidation in progress (a lease: another process may take over once it is old). */
    claimedAt: instant('claimed_at'),
    markId: uuid('mark_id'),
  },
  (t) => [
    primaryKey({ name: 'mark_corrections_pkey', columns: [t.companyId, t.id] }),
    foreignKey({ name: 'mark_corrections_user_fk', columns: [t.companyId, t.userId], foreignColumns: [users.companyId, users.id] }),
    /** One live correction per attempt: a second one while pending (or once consolidated) is a conflict. */
    uniqueIndex('mark_corrections_attempt_live_key')
      .on(t.companyId, t.attemptId)
      .where(sql`${t.attemptId} is not null and ${t.status} in ('pendiente', 'consolidada')`),
    /** One live correction per corrected mark: a second one while pending (or once consolidated) is a conflict. */
    uniqueIndex('mark_corrections_mark_live_key')
      .on(t.companyId, t.correctsMarkId)
      .where(sql`${t.correctsMarkId} is not null and ${t.status} in ('pendiente', 'consolidada')`),
    index('mark_corrections_user_idx').on(t.companyId, t.userId, t.createdAt),
    index('mark_corrections_company_idx').on(t.companyId, t.createdAt),
    index('mark_corrections_due_idx').on(t.companyId, t.deadline).where(sql`${t.status} = 'pendiente'`),
  ],
);

/** The log of a correction: who did what and when. Insert-only (a trigger refuses UPDATE and DELETE). */
export const markCorrectionEvents = pgTable(
  'mark_correction_events',
  {
    companyId: uuid('company_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    correctionId: uuid('correction_id').notNull(),
    event: correctionEventEnum('event').notNull(),
    /** Null when the system acted (consolidation at the deadline). */
    actorId: uuid('actor_id'),
    at: instant('at').notNull(),
    note: text('note'),
  },
  (t) => [
    primaryKey({ name: 'mark_correction_events_pkey', columns: [t.companyId, t.id] }),
    foreignKey({
      name: 'mark_correction_events_correction_fk',
      columns: [t.companyId, t.correctionId],
      foreignColumns: [markCorrections.companyId, markCorrections.id],
    }),
    index('mark_correction_events_correction_idx').on(t.companyId, t.correctionId, t.at),
  ],
);
