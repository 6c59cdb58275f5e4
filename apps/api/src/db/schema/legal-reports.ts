import { date, foreignKey, index, pgEnum, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { ESTADOS_INCIDENTE, ORIGENES_INCIDENTE } from '@jornada/contracts';
import { idColumn, instant } from './columns';
import { companies } from './companies';

export const incidentStateEnum = pgEnum('incident_state', ESTADOS_INCIDENTE);
export const incidentOriginEnum = pgEnum('incident_origin', ORIGENES_INCIDENTE);

/**
 * The technical-incidents log of DT Res. Ex. 38 (legal report f): start, end and description, kept by
 * an administrator. An outage the system detects is written as `propuesto` and reaches the report
 * only once an administrator confirms it.
 */
export const technicalIncidents = pgTable(
  'technical_incidents',
  {
    companyId: uuid('company_id').notNull(),
    id: idColumn(),
    startsAt: instant('starts_at').notNull(),
    endsAt: instant('ends_at').notNull(),
    description: text('description').notNull(),
    state: incidentStateEnum('state').notNull(),
    origin: incidentOriginEnum('origin').notNull(),
    createdBy: uuid('created_by'),
    createdAt: instant('created_at').notNull(),
    updatedBy: uuid('updated_by'),
    updatedAt: instant('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ name: 'technical_incidents_pkey', columns: [t.companyId, t.id] }),
    index('technical_incidents_company_start_idx').on(t.companyId, t.startsAt),
    foreignKey({ name: 'technical_incidents_company_fk', columns: [t.companyId], foreignColumns: [companies.id] }).onDelete('cascade'),
  ],
);

/**
 * The system's heartbeat (one row per name, no company): every API process touches it each minute;
 * a gap longer than the threshold between two touches is an outage (database unreachable or no
 * server running) proposed to every company as an incident.
 */
export const systemHeartbeats = pgTable('system_heartbeats', {
  name: text('name').primaryKey(),
  seenAt: instant('seen_at').notNull(),
});

/**
 * e) Reporte diario: one row per company and local date whose e-mail was queued. Its primary key is
 * what makes the e-mail go once even when several API processes schedule it at the same time.
 */
export const dailyReportRuns = pgTable(
  'daily_report_runs',
  {
    companyId: uuid('company_id').notNull(),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    queuedAt: instant('queued_at').notNull(),
    sentAt: instant('sent_at'),
    recipients: text('recipients').array(),
  },
  (t) => [
    primaryKey({ name: 'daily_report_runs_pkey', columns: [t.companyId, t.fecha] }),
    foreignKey({ name: 'daily_report_runs_company_fk', columns: [t.companyId], foreignColumns: [companies.id] }).onDelete('cascade'),
  ],
);
