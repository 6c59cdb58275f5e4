/**
 * All SQL of the legal-reports module: the company's heading, the filter options, the
 * technical-incidents log (f), the system heartbeat that detects outages, and the daily e-mail's
 * runs (e). Attendance figures are never read here: they come from the attendance module.
 */
import { and, asc, count, desc, eq, gte, lte, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companies, dailyReportRuns, exceptionalSchedules, groups, jobs, sites, systemHeartbeats, technicalIncidents, users } from '../../db/schema/index';

export type IncidentRow = typeof technicalIncidents.$inferSelect;

/** What a report's heading and rules need of the company. */
export async function company(
  db: DbOrTx,
  companyId: string,
): Promise<{ razonSocial: string; rut: string; rubro: string | null; resolucion: boolean; resolucionNumero: string | null; jornadasExcepcionales: boolean } | undefined> {
  const [row] = await db
    .select({
      razonSocial: companies.razonSocial,
      rut: companies.rut,
      rubro: companies.rubro,
      resolucion: companies.resolucion,
      resolucionNumero: companies.resolucionNumero,
      // Whether some DT resolution of an exceptional schedule is recorded for its workers (report b's D.E.J. column).
      jornadasExcepcionales: sql<boolean>`exists (select 1 from ${exceptionalSchedules} je where je.company_id = ${companyId})`,
    })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row;
}

export async function groupName(db: DbOrTx, companyId: string, id: string): Promise<string | undefined> {
  const [row] = await db.select({ nombre: groups.nombre }).from(groups).where(and(eq(groups.companyId, companyId), eq(groups.id, id)));
  return row?.nombre;
}

export async function siteName(db: DbOrTx, companyId: string, id: string): Promise<string | undefined> {
  const [row] = await db.select({ nombre: sites.nombre }).from(sites).where(and(eq(sites.companyId, companyId), eq(sites.id, id)));
  return row?.nombre;
}

export async function workerName(db: DbOrTx, companyId: string, id: string): Promise<{ nombre: string; apellidos: string; rut: string } | undefined> {
  const [row] = await db
    .select({ nombre: users.nombre, apellidos: users.apellidos, rut: users.rut })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, id), ne(users.perfil, 'fiscalizador')));
  return row;
}

/** The filter bar's choices: groups, sites and job titles in use (the shifts come from the shifts module's port). */
export async function options(db: DbOrTx, companyId: string) {
  const [grupos, sedes, cargos] = await Promise.all([
    db.select({ id: groups.id, nombre: groups.nombre }).from(groups).where(eq(groups.companyId, companyId)).orderBy(asc(groups.nombre)),
    db.select({ id: sites.id, nombre: sites.nombre }).from(sites).where(eq(sites.companyId, companyId)).orderBy(asc(sites.nombre)),
    db
      .selectDistinct({ cargo: users.cargo })
      .from(users)
      .where(and(eq(users.companyId, companyId), ne(users.perfil, 'fiscalizador'), sql`${users.cargo} is not null and ${users.cargo} <> ''`))
      .orderBy(asc(users.cargo)),
  ]);
  return { grupos, sedes, cargos: cargos.map((c) => c.cargo!) };
}

// ---- f) technical incidents ----

/** Confirmed incidents that overlap `from`..`to` (instants), oldest first: the report's rows. */
export async function confirmedIncidents(db: DbOrTx, companyId: string, from: Date, to: Date): Promise<IncidentRow[]> {
  return db
    .select()
    .from(technicalIncidents)
    .where(
      and(
        eq(technicalIncidents.companyId, companyId),
        eq(technicalIncidents.state, 'confirmado'),
        lte(technicalIncidents.startsAt, to),
        gte(technicalIncidents.endsAt, from),
      ),
    )
    .orderBy(asc(technicalIncidents.startsAt), asc(technicalIncidents.id));
}

export async function listIncidents(
  db: DbOrTx,
  companyId: string,
  state: IncidentRow['state'] | undefined,
  paging: { limit: number; offset: number },
): Promise<{ rows: IncidentRow[]; total: number; proposed: number }> {
  const where = state ? and(eq(technicalIncidents.companyId, companyId), eq(technicalIncidents.state, state)) : eq(technicalIncidents.companyId, companyId);
  const [rows, [total], [proposed]] = await Promise.all([
    db
      .select()
      .from(technicalIncidents)
      .where(where)
      // Proposals first (they wait for the administrator), then newest first.
      .orderBy(sql`${technicalIncidents.state} = 'propuesto' desc`, desc(technicalIncidents.startsAt), asc(technicalIncidents.id))
      .limit(paging.limit)
      .offset(paging.offset),
    db.select({ n: count() }).from(technicalIncidents).where(where),
    db
      .select({ n: count() })
      .from(technicalIncidents)
      .where(and(eq(technicalIncidents.companyId, companyId), eq(technicalIncidents.state, 'propuesto'))),
  ]);
  return { rows, total: total!.n, proposed: proposed!.n };
}

export async function findIncident(db: DbOrTx, companyId: string, id: string): Promise<IncidentRow | undefined> {
  const [row] = await db.select().from(technicalIncidents).where(and(eq(technicalIncidents.companyId, companyId), eq(technicalIncidents.id, id)));
  return row;
}

export async function insertIncident(db: DbOrTx, row: typeof technicalIncidents.$inferInsert): Promise<IncidentRow> {
  const [created] = await db.insert(technicalIncidents).values(row).returning();
  return created!;
}

export async function updateIncident(
  db: DbOrTx,
  companyId: string,
  id: string,
  set: Partial<Pick<IncidentRow, 'startsAt' | 'endsAt' | 'description' | 'state' | 'updatedBy' | 'updatedAt'>>,
): Promise<IncidentRow | undefined> {
  const [row] = await db
    .update(technicalIncidents)
    .set(set)
    .where(and(eq(technicalIncidents.companyId, companyId), eq(technicalIncidents.id, id)))
    .returning();
  return row;
}

/**
 * Touches the heartbeat and returns the previous touch (null the first time). The row lock makes
 * two processes touching at once see one another's touch, so a gap is found once.
 */
export async function touchHeartbeat(tx: DbOrTx, name: string, now: Date): Promise<Date | null> {
  const result = (await tx.execute(
    sql`select ${systemHeartbeats.seenAt} as seen from ${systemHeartbeats} where ${systemHeartbeats.name} = ${name} for update`,
  )) as unknown as { rows: { seen: string | Date }[] };
  const previous = result.rows[0] ? new Date(result.rows[0].seen) : null;
  if (previous === null) await tx.insert(systemHeartbeats).values({ name, seenAt: now }).onConflictDoNothing();
  else if (now > previous) await tx.update(systemHeartbeats).set({ seenAt: now }).where(eq(systemHeartbeats.name, name));
  return previous;
}

/** Proposes one detected outage to every company (system scope: the outage is everyone's). */
export async function proposeOutage(tx: DbOrTx, from: Date, to: Date, description: string, now: Date): Promise<number> {
  const result = (await tx.execute(sql`
    insert into ${technicalIncidents} (company_id, starts_at, ends_at, description, state, origin, created_at, updated_at)
    select c.id, ${from.toISOString()}::timestamptz, ${to.toISOString()}::timestamptz, ${description}, 'propuesto', 'detectado',
      ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
    from ${companies} c
    returning company_id`)) as unknown as { rows: unknown[] };
  return result.rows.length;
}

// ---- e) the daily e-mail ----

/**
 * Queues the daily e-mail of `fecha` for every company that has not had it queued: the run's primary
 * key lets one process win per company and day, and the job is added only for the runs inserted.
 */
export async function queueDailyReports(db: DbOrTx, kind: string, fecha: string, now: Date): Promise<number> {
  const at = now.toISOString();
  const result = (await db.execute(sql`
    with fresh as (
      insert into ${dailyReportRuns} (company_id, fecha, queued_at)
      select c.id, ${fecha}::date, ${at}::timestamptz from ${companies} c
      on conflict do nothing
      returning company_id, fecha
    )
    insert into ${jobs} (kind, payload, run_at, created_at)
    select ${kind}, jsonb_build_object('companyId', f.company_id, 'fecha', f.fecha::text), ${at}::timestamptz, ${at}::timestamptz from fresh f
    returning id`)) as unknown as { rows: unknown[] };
  return result.rows.length;
}

export async function markDailySent(db: DbOrTx, companyId: string, fecha: string, recipients: string[], now: Date): Promise<void> {
  await db
    .update(dailyReportRuns)
    .set({ sentAt: now, recipients })
    .where(and(eq(dailyReportRuns.companyId, companyId), eq(dailyReportRuns.fecha, fecha)));
}

/** The active administrators' addresses: the company's addresses for the daily e-mail. */
export async function adminEmails(db: DbOrTx, companyId: string): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.perfil, 'administrador'), eq(users.active, true)))
    .orderBy(asc(users.email));
  return [...new Set(rows.map((r) => r.email))];
}


