import { sql } from 'drizzle-orm';
import { check, date, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import type { BandaExcepcion, BandaSemanal, ResultadoPropuesta } from '@jornada/contracts';
import { idColumn, instant } from './columns';
import { companies } from './companies';

/** The staffing demand of a site (one row per site): the usual week by hour band, and dates that differ. */
export const rosterDemands = pgTable(
  'roster_demands',
  {
    companyId: uuid('company_id').notNull(),
    siteId: uuid('site_id').notNull(),
    bands: jsonb('bands').$type<BandaSemanal[]>().notNull(),
    exceptions: jsonb('exceptions').$type<BandaExcepcion[]>().notNull(),
    updatedBy: uuid('updated_by'),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'roster_demands_pkey', columns: [t.companyId, t.siteId] }),
    foreignKey({ name: 'roster_demands_company_fk', columns: [t.companyId], foreignColumns: [companies.id] }).onDelete('cascade'),
  ],
);

/**
 * A roster proposal and its computation: what was asked (site, group, period, fixed days), the plan days
 * it was computed against (`base`: applying refuses when they changed), its state and, once ready, the result.
 */
export const rosterProposals = pgTable(
  'roster_proposals',
  {
    companyId: uuid('company_id').notNull(),
    id: idColumn(),
    siteId: uuid('site_id').notNull(),
    groupId: uuid('group_id'),
    desde: date('desde', { mode: 'string' }).notNull(),
    hasta: date('hasta', { mode: 'string' }).notNull(),
    fixed: jsonb('fixed').$type<{ usuarioId: string; fecha: string; turnoId: string | null }[]>().notNull(),
    /** The fewest hours between the end of one shift and the start of the next the proposal keeps. */
    minRestHours: integer('min_rest_hours').notNull().default(12),
    status: text('status', { enum: ['en_cola', 'calculando', 'lista', 'fallida'] }).notNull().default('en_cola'),
    progress: integer('progress').notNull().default(0),
    error: text('error'),
    /** The stored plan days of the proposal's workers over the period when it was computed: `userId|date|kind|shiftId|version`. */
    base: jsonb('base').$type<string[]>(),
    /** Shift versions the proposal assigns, by shift id (applying writes these versions). */
    shiftVersions: jsonb('shift_versions').$type<Record<string, number>>(),
    result: jsonb('result').$type<ResultadoPropuesta>(),
    createdBy: uuid('created_by').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
    /** Last progress heartbeat: a computation silent for long was cut short (a restart). */
    updatedAt: instant('updated_at').notNull().defaultNow(),
    computedAt: instant('computed_at'),
    appliedBy: uuid('applied_by'),
    appliedAt: instant('applied_at'),
  },
  (t) => [
    primaryKey({ name: 'roster_proposals_pkey', columns: [t.companyId, t.id] }),
    index('roster_proposals_company_created_idx').on(t.companyId, t.createdAt),
    check('roster_proposals_status_check', sql`${t.status} in ('en_cola', 'calculando', 'lista', 'fallida')`),
    foreignKey({ name: 'roster_proposals_company_fk', columns: [t.companyId], foreignColumns: [companies.id] }).onDelete('cascade'),
  ],
);
