/**
 * All SQL of the alerts module: its settings and its log of alerts (`alert_settings`, `alerts`), and
 * read-only queries of the people an alert goes to (the worker, their group's leaders, the company's
 * administrators) and of the company that sends it.
 */
import { and, count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { alerts, alertSettings, companies, groupLeaders, users } from '../../db/schema/index';

export type AlertSettingsRow = typeof alertSettings.$inferSelect;
export type AlertRow = typeof alerts.$inferSelect;
export type NewAlert = typeof alerts.$inferInsert;

export async function findSettings(db: DbOrTx, companyId: string): Promise<AlertSettingsRow | null> {
  const [row] = await db.select().from(alertSettings).where(eq(alertSettings.companyId, companyId)).limit(1);
  return row ?? null;
}

export async function upsertSettings(db: DbOrTx, values: typeof alertSettings.$inferInsert): Promise<AlertSettingsRow> {
  const { companyId: _companyId, ...set } = values;
  const [row] = await db.insert(alertSettings).values(values).onConflictDoUpdate({ target: alertSettings.companyId, set }).returning();
  return row!;
}

/** Every company with its settings row (null: the defaults), for the scan (system mode). */
export async function companiesWithSettings(db: DbOrTx): Promise<{ companyId: string; settings: AlertSettingsRow | null }[]> {
  const rows = await db.select({ companyId: companies.id, settings: alertSettings }).from(companies).leftJoin(alertSettings, eq(alertSettings.companyId, companies.id));
  return rows.map((r) => ({ companyId: r.companyId, settings: r.settings }));
}

/** Keys of the alerts already recorded since an instant (the scan skips them before inserting). */
export async function recordedKeys(db: DbOrTx, companyId: string, since: Date): Promise<Set<string>> {
  const rows = await db
    .select({ key: alerts.alertKey })
    .from(alerts)
    .where(and(eq(alerts.companyId, companyId), gt(alerts.detectedAt, since)));
  return new Set(rows.map((r) => r.key));
}

/** Records an alert unless its key exists; returns the new row's id, or null when another pass (or process) had it. */
export async function insertAlert(db: DbOrTx, values: NewAlert): Promise<string | null> {
  const [row] = await db.insert(alerts).values(values).onConflictDoNothing({ target: [alerts.companyId, alerts.alertKey] }).returning({ id: alerts.id });
  return row?.id ?? null;
}

export async function findAlert(db: DbOrTx, companyId: string, id: string): Promise<AlertRow | null> {
  const [row] = await db.select().from(alerts).where(and(eq(alerts.companyId, companyId), eq(alerts.id, id))).limit(1);
  return row ?? null;
}

export async function markSent(db: DbOrTx, companyId: string, id: string, sentAt: Date, recipient: string, copies: string[]): Promise<void> {
  await db.update(alerts).set({ sentAt, recipient, copies }).where(and(eq(alerts.companyId, companyId), eq(alerts.id, id)));
}

export interface AlertWithWorker extends AlertRow {
  nombre: string;
  apellidos: string;
  rut: string;
}

export async function listAlerts(db: DbOrTx, companyId: string, filter: { kind?: string | undefined }, paging: { limit: number; offset: number }): Promise<{ rows: AlertWithWorker[]; total: number }> {
  const where = and(eq(alerts.companyId, companyId), filter.kind ? eq(alerts.kind, filter.kind) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select({ alert: alerts, nombre: users.nombre, apellidos: users.apellidos, rut: users.rut })
      .from(alerts)
      .innerJoin(users, and(eq(users.companyId, alerts.companyId), eq(users.id, alerts.userId)))
      .where(where)
      .orderBy(desc(alerts.detectedAt), desc(alerts.id))
      .limit(paging.limit)
      .offset(paging.offset),
    db.select({ n: count() }).from(alerts).where(where),
  ]);
  return { rows: rows.map((r) => ({ ...r.alert, nombre: r.nombre, apellidos: r.apellidos, rut: r.rut })), total: Number(total?.n ?? 0) };
}

/** Who an alert is for: the worker, and the addresses of their group's leaders and of the administrators. */
export interface AlertPeople {
  worker: { id: string; nombre: string; apellidos: string; rut: string; email: string; emailPersonal: string | null };
  leaders: string[];
  admins: string[];
  company: { razonSocial: string; rut: string };
}

export async function alertPeople(db: DbOrTx, companyId: string, userId: string): Promise<AlertPeople | null> {
  const [worker] = await db
    .select({ id: users.id, nombre: users.nombre, apellidos: users.apellidos, rut: users.rut, email: users.email, emailPersonal: users.emailPersonal, groupId: users.groupId })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)))
    .limit(1);
  const [company] = await db.select({ razonSocial: companies.razonSocial, rut: companies.rut }).from(companies).where(eq(companies.id, companyId)).limit(1);
  if (!worker || !company) return null;
  const leaderIds = worker.groupId
    ? (await db.select({ id: groupLeaders.userId }).from(groupLeaders).where(and(eq(groupLeaders.companyId, companyId), eq(groupLeaders.groupId, worker.groupId)))).map((r) => r.id)
    : [];
  const [leaders, admins] = await Promise.all([
    leaderIds.length
      ? db.select({ email: users.email }).from(users).where(and(eq(users.companyId, companyId), inArray(users.id, leaderIds), eq(users.active, true)))
      : Promise.resolve([]),
    db
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.companyId, companyId), eq(users.perfil, 'administrador'), eq(users.active, true)))
      .orderBy(sql`${users.email}`),
  ]);
  const { groupId: _groupId, ...person } = worker;
  return { worker: person, leaders: leaders.map((l) => l.email), admins: admins.map((a) => a.email), company };
}
