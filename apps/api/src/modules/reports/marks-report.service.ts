/**
 * The marks report ("Reporte de marcas", spec route reports/brand): one block per worker with every
 * mark of the period and each row's integrity in the worker's hash chain, so a row changed or
 * deleted directly in the database is flagged wherever the report is read (screen, Excel, PDF).
 *
 * Memory stays bounded: the workers of the selection are listed first (id, name, row count), then
 * their marks are read in chunks of about CHUNK_ROWS rows, each row with its chain predecessor looked
 * up through the (company, user, seq) index, verified, and handed on.
 */
import {
  METODO_MARCA_LABELS,
  REPORTE_MAX_ANIOS,
  REPORTE_MAX_FILAS_PDF,
  REPORTE_MAX_FILAS_XLSX,
  TIPO_MARCA_LABELS,
  type BloqueReporteMarcas,
  type exportarReporteMarcasQuerySchema,
  type FilaReporteMarca,
  type OpcionesReporte,
  type Perfil,
  type reporteMarcasQuerySchema,
  type ReporteMarcas,
  type ResumenReporteMarcas,
  type TrabajadoresReporte,
} from '@jornada/contracts';
import { addDays, daysInMonth, formatRut } from '@jornada/domain';
import { and, asc, count, eq, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { companies, groupLeaders, groups, markChainHeads, marks, sites, users } from '../../db/schema/index';
import { fieldError, notFound, requireId, requirePerfil } from '../../lib/access';
import { localDate } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { XLSX_CONTENT_TYPE } from '../../lib/spreadsheet/index';
import type { RequestSession } from '../../plugins/types';
import { receiptDateTime } from '../marks/receipt';
import { chainTailProblem, markIntegrity } from './mark-integrity';
import type { ReportHeading } from './marks-report.format';
import { marksReportPdf } from './marks-report.pdf';
import { marksReportXlsx } from './marks-report.xlsx';

export type ReporteMarcasQueryInput = z.output<typeof reporteMarcasQuerySchema>;
export type ExportarReporteMarcasInput = z.output<typeof exportarReporteMarcasQuerySchema>;

export const REPORT_PERFILES: readonly Perfil[] = ['administrador', 'supervisor', 'trabajador', 'fiscalizador'];

export const REPORT_MESSAGES = {
  workerNotFound: 'El trabajador no existe.',
  groupNotFound: 'El grupo no existe.',
  siteNotFound: 'La sede no existe.',
  reversed: 'La fecha final no puede ser anterior a la inicial.',
  tooLong: `El periodo no puede superar ${REPORTE_MAX_ANIOS} años: acórtalo o divídelo en varios reportes.`,
  tooManyRows: (rows: number, max: number, formato: 'pdf' | 'xlsx') =>
    formato === 'pdf'
      ? `El reporte tiene ${rows.toLocaleString('es-CL')} marcas y el PDF admite hasta ${max.toLocaleString('es-CL')}. Filtra por trabajador, grupo o sede, acorta el periodo o descárgalo en Excel.`
      : `El reporte tiene ${rows.toLocaleString('es-CL')} marcas y una planilla admite hasta ${max.toLocaleString('es-CL')}. Filtra por trabajador, grupo o sede, o acorta el periodo.`,
} as const;

const DEFAULT_ZONE = 'America/Santiago';
/** Rows read and verified per round trip. */
const CHUNK_ROWS = 5000;
const WORKER_SEARCH_LIMIT = 20;

/** Who a caller may see: everyone (administrador, fiscalizador), the groups they lead and themselves, or themselves. */
type Scope = { all: true } | { groupIds: string[]; self: string } | { self: string };

/** A report's selection, validated and resolved against the caller's scope. */
export interface ReportSelection {
  companyId: string;
  scope: Scope;
  desde: string;
  hasta: string;
  usuarioId?: string | undefined;
  grupoId?: string | undefined;
  sedeId?: string | undefined;
  tipo?: FilaReporteMarca['tipo'] | undefined;
  metodo?: FilaReporteMarca['metodo'] | undefined;
  /** Marks received after this instant are left out, so every pass over the report sees the same rows. */
  asOf: Date;
  /** Human labels of the filters, for the exports' heading. */
  labels: { trabajador?: string; grupo?: string; sede?: string };
}

export interface ReportWorker {
  id: string;
  nombre: string;
  apellidos: string;
  rut: string;
  cargo: string | null;
  grupo: string | null;
  sede: string | null;
  marcas: number;
}

const effective = sql`coalesce(${marks.originalAt}, ${marks.at})`;
const localDay = sql`(${effective} at time zone coalesce(${sites.timeZone}, ${DEFAULT_ZONE}))::date`;
const userSites = alias(sites, 'user_sites');

/** Lower case without Spanish accents, on the SQL side and in code. */
const fold = (value: SQL | AnyPgColumn) => sql`translate(lower(${value}), 'áéíóúüñ', 'aeiouun')`;
const foldText = (text: string) => text.toLocaleLowerCase('es-CL').normalize('NFD').replace(/\p{Diacritic}/gu, '');
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `dd/mm/aaaa hh:mm:ss` of an instant in Santiago. */
function clStamp(at: Date): string {
  const { fecha, hora } = receiptDateTime(at, DEFAULT_ZONE);
  const [d, m] = fecha.split('/');
  return `${d}/${m}/${localDate(at, DEFAULT_ZONE).slice(0, 4)} ${hora}`;
}

const zoneFormats = new Map<string, Intl.DateTimeFormat>();
/** `dd/mm/aa` and `hh:mm:ss` in a zone, as on the receipt; one formatter per zone (building one per row is slow). */
function dateTimeIn(at: Date, zone: string): { fecha: string; hora: string } {
  let format = zoneFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('es-CL', { timeZone: zone, year: '2-digit', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
    zoneFormats.set(zone, format);
  }
  const p: Record<string, string> = {};
  for (const part of format.formatToParts(at)) p[part.type] = part.value;
  return { fecha: `${p.day}/${p.month}/${p.year}`, hora: `${p.hour}:${p.minute}:${p.second}` };
}

/** The same day `years` later (29 February becomes 1 March). */
function plusYears(date: string, years: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const year = y + years;
  return d > daysInMonth(year, m) ? `${year}-${String(m + 1).padStart(2, '0')}-01` : `${year}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

function monthOf(date: string): { first: string; last: string } {
  const [y, m] = date.split('-').map(Number) as [number, number];
  const mm = String(m).padStart(2, '0');
  return { first: `${y}-${mm}-01`, last: `${y}-${mm}-${String(daysInMonth(y, m)).padStart(2, '0')}` };
}

function emptySummary(): ResumenReporteMarcas {
  return { trabajadores: 0, marcas: 0, marcasAlteradas: 0, alteradas: 0, cadenaRota: 0, trabajadoresConAlteraciones: 0 };
}

/** A worker's block with its counts; `block.marcas` is empty when the rows were only counted. */
interface VerifiedBlock {
  block: BloqueReporteMarcas;
  marcas: number;
  alteradas: number;
  cadenaRota: number;
}

function addToSummary(summary: ResumenReporteMarcas, verified: VerifiedBlock): void {
  summary.trabajadores += 1;
  summary.marcas += verified.marcas;
  summary.alteradas += verified.alteradas;
  summary.cadenaRota += verified.cadenaRota;
  summary.marcasAlteradas += verified.alteradas + verified.cadenaRota;
  if (verified.alteradas + verified.cadenaRota > 0 || verified.block.alertaCadena) summary.trabajadoresConAlteraciones += 1;
}

type MarkRow = typeof marks.$inferSelect;

/** A row of the per-worker scan as the drivers give it (snake_case; numbers and instants may come as text). */
interface RawMarkRow {
  company_id: string;
  id: string;
  user_id: string;
  seq: number | string;
  kind: MarkRow['kind'];
  method: MarkRow['method'];
  at: Date | string;
  original_at: Date | string | null;
  offline: boolean;
  site_id: string | null;
  lat: number | string | null;
  lng: number | string | null;
  accuracy_m: number | string | null;
  distance_m: number | string | null;
  outside_geofence: boolean;
  low_accuracy: boolean;
  device: string | null;
  device_id: string | null;
  client_id: string;
  corrects_mark_id: string | null;
  prev_hash: string;
  hash: string;
  site_nombre: string | null;
  site_zone: string | null;
  predecessor: string | null;
}

const num = (value: number | string | null): number | null => (value === null ? null : Number(value));
const instantOf = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));

function fromRaw(row: RawMarkRow): { mark: MarkRow; siteNombre: string | null; zone: string | null; predecessor: string | null } {
  return {
    mark: {
      companyId: row.company_id,
      id: row.id,
      userId: row.user_id,
      seq: Number(row.seq),
      kind: row.kind,
      method: row.method,
      at: instantOf(row.at),
      originalAt: row.original_at === null ? null : instantOf(row.original_at),
      offline: row.offline,
      siteId: row.site_id,
      lat: num(row.lat),
      lng: num(row.lng),
      accuracyM: num(row.accuracy_m),
      distanceM: num(row.distance_m),
      outsideGeofence: row.outside_geofence,
      lowAccuracy: row.low_accuracy,
      device: row.device,
      deviceId: row.device_id,
      clientId: row.client_id,
      correctsMarkId: row.corrects_mark_id,
      prevHash: row.prev_hash,
      hash: row.hash,
    },
    siteNombre: row.site_nombre,
    zone: row.site_zone,
    predecessor: row.predecessor,
  };
}

/** Consecutive workers grouped so each chunk reads about CHUNK_ROWS marks (a bigger worker goes alone). */
function* chunksByRows(workers: ReportWorker[]): Generator<ReportWorker[]> {
  let chunk: ReportWorker[] = [];
  let rows = 0;
  for (const worker of workers) {
    if (chunk.length > 0 && rows + worker.marcas > CHUNK_ROWS) {
      yield chunk;
      chunk = [];
      rows = 0;
    }
    chunk.push(worker);
    rows += worker.marcas;
  }
  if (chunk.length > 0) yield chunk;
}

export function createMarksReportService({ db }: { db: Db }) {
  async function scopeOf(session: RequestSession): Promise<Scope> {
    if (session.perfil === 'administrador' || session.perfil === 'fiscalizador') return { all: true };
    if (session.perfil === 'supervisor') {
      const rows = await db
        .select({ id: groupLeaders.groupId })
        .from(groupLeaders)
        .where(and(eq(groupLeaders.companyId, session.companyId), eq(groupLeaders.userId, session.userId)));
      return { groupIds: rows.map((row) => row.id), self: session.userId };
    }
    return { self: session.userId };
  }

  /** A condition on `users` for the scope. */
  function scopeCondition(scope: Scope): SQL | undefined {
    if ('all' in scope) return undefined;
    if ('groupIds' in scope && scope.groupIds.length > 0) return or(eq(users.id, scope.self), inArray(users.groupId, scope.groupIds));
    return eq(users.id, scope.self);
  }

  async function resolve(session: RequestSession, query: Omit<ReporteMarcasQueryInput, 'page' | 'pageSize'>, now: Date): Promise<ReportSelection> {
    requirePerfil(session, ...REPORT_PERFILES);
    const companyId = session.companyId;
    const scope = await scopeOf(session);
    const labels: ReportSelection['labels'] = {};

    // Period: a missing end takes the month of the start and vice versa; neither: the current month.
    const today = localDate(now, DEFAULT_ZONE);
    const desde = query.desde ?? monthOf(query.hasta ?? today).first;
    const hasta = query.hasta ?? monthOf(query.desde ?? today).last;
    if (hasta < desde) throw fieldError('hasta', REPORT_MESSAGES.reversed);
    if (hasta >= plusYears(desde, REPORTE_MAX_ANIOS)) throw fieldError('hasta', REPORT_MESSAGES.tooLong);

    if (query.usuarioId !== undefined) {
      requireId(query.usuarioId, REPORT_MESSAGES.workerNotFound);
      const [worker] = await db
        .select({ nombre: users.nombre, apellidos: users.apellidos, rut: users.rut })
        .from(users)
        .where(and(eq(users.companyId, companyId), eq(users.id, query.usuarioId), scopeCondition(scope)))
        .limit(1);
      if (!worker) throw notFound(REPORT_MESSAGES.workerNotFound);
      labels.trabajador = `${worker.nombre} ${worker.apellidos} (${formatRut(worker.rut) ?? worker.rut})`;
    }
    if (query.grupoId !== undefined) {
      requireId(query.grupoId, REPORT_MESSAGES.groupNotFound);
      const [group] = await db
        .select({ nombre: groups.nombre })
        .from(groups)
        .where(and(eq(groups.companyId, companyId), eq(groups.id, query.grupoId)))
        .limit(1);
      const inScope =
        'all' in scope ||
        ('groupIds' in scope
          ? scope.groupIds.includes(query.grupoId)
          : (await db.select({ groupId: users.groupId }).from(users).where(and(eq(users.companyId, companyId), eq(users.id, scope.self))))[0]?.groupId ===
            query.grupoId);
      if (!group || !inScope) throw notFound(REPORT_MESSAGES.groupNotFound);
      labels.grupo = group.nombre;
    }
    if (query.sedeId !== undefined) {
      requireId(query.sedeId, REPORT_MESSAGES.siteNotFound);
      const [site] = await db
        .select({ nombre: sites.nombre })
        .from(sites)
        .where(and(eq(sites.companyId, companyId), eq(sites.id, query.sedeId)))
        .limit(1);
      if (!site) throw notFound(REPORT_MESSAGES.siteNotFound);
      labels.sede = site.nombre;
    }
    return {
      companyId,
      scope,
      desde,
      hasta,
      usuarioId: query.usuarioId,
      grupoId: query.grupoId,
      sedeId: query.sedeId,
      tipo: query.tipo,
      metodo: query.metodo,
      asOf: now,
      labels,
    };
  }

  /**
   * Conditions on marks (joined with the mark's site) for a selection. Workers are never joined here:
   * a list of workers is walked one by one (`perWorker`), so each scan uses the (company, worker,
   * effective time) index whatever the planner's statistics say (PGlite has no autovacuum to keep them).
   */
  function markConditions(selection: ReportSelection): SQL {
    // The index on (company, effective time) narrows the scan; the exact local-day test follows.
    const lower = `${addDays(selection.desde, -1)}T00:00:00Z`;
    const upper = `${addDays(selection.hasta, 2)}T00:00:00Z`;
    return and(
      eq(marks.companyId, selection.companyId),
      selection.sedeId ? eq(marks.siteId, selection.sedeId) : undefined,
      selection.tipo ? eq(marks.kind, selection.tipo) : undefined,
      selection.metodo ? eq(marks.method, selection.metodo) : undefined,
      sql`${effective} >= ${lower}`,
      sql`${effective} < ${upper}`,
      sql`${localDay} >= ${selection.desde}`,
      sql`${localDay} <= ${selection.hasta}`,
      lte(marks.at, selection.asOf),
    )!;
  }

  const joinSites = and(eq(sites.companyId, marks.companyId), eq(sites.id, marks.siteId));

  /** The workers a selection may include: null for the whole company, else their ids. */
  async function candidateIds(selection: ReportSelection): Promise<string[] | null> {
    if (selection.usuarioId) return [selection.usuarioId];
    const condition = scopeCondition(selection.scope);
    if (!condition && !selection.grupoId) return null;
    const rows = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.companyId, selection.companyId), condition, selection.grupoId ? eq(users.groupId, selection.grupoId) : undefined));
    return rows.map((row) => row.id);
  }

  /** Every worker with marks in the selection, by surname, with how many rows each has. */
  async function listWorkers(selection: ReportSelection): Promise<ReportWorker[]> {
    const userIds = await candidateIds(selection);
    if (userIds && userIds.length === 0) return [];
    const counts: { userId: string; marcas: number }[] = [];
    if (userIds === null) {
      // The whole company: one pass over the period on the (company, effective time) index.
      const rows = await db
        .select({ userId: marks.userId, marcas: count() })
        .from(marks)
        .leftJoin(sites, joinSites)
        .where(markConditions(selection))
        .groupBy(marks.userId);
      counts.push(...rows);
    } else {
      for (let i = 0; i < userIds.length; i += 5000) {
        const result = (await db.execute(sql`
          select w.id as "userId", c.n as "marcas"
          from unnest(${sql.param(userIds.slice(i, i + 5000))}::uuid[]) as w(id)
          cross join lateral (
            select count(*)::int as n from ${marks} left join ${sites} on ${joinSites}
            where ${markConditions(selection)} and ${marks.userId} = w.id
          ) c
          where c.n > 0`)) as { rows: { userId: string; marcas: number }[] };
        counts.push(...result.rows);
      }
    }
    if (counts.length === 0) return [];
    const countOf = new Map(counts.map((row) => [row.userId, Number(row.marcas)]));
    const people: Omit<ReportWorker, 'marcas'>[] = [];
    const ids = [...countOf.keys()];
    for (let i = 0; i < ids.length; i += 5000) {
      people.push(
        ...(await db
          .select({
            id: users.id,
            nombre: users.nombre,
            apellidos: users.apellidos,
            rut: users.rut,
            cargo: users.cargo,
            grupo: groups.nombre,
            sede: userSites.nombre,
          })
          .from(users)
          .leftJoin(groups, and(eq(groups.companyId, users.companyId), eq(groups.id, users.groupId)))
          .leftJoin(userSites, and(eq(userSites.companyId, users.companyId), eq(userSites.id, users.siteId)))
          .where(and(eq(users.companyId, selection.companyId), inArray(users.id, ids.slice(i, i + 5000))))),
      );
    }
    const collator = new Intl.Collator('es-CL', { sensitivity: 'base' });
    people.sort((a, b) => collator.compare(a.apellidos, b.apellidos) || collator.compare(a.nombre, b.nombre) || a.id.localeCompare(b.id));
    return people.map((person) => ({ ...person, rut: formatRut(person.rut) ?? person.rut, marcas: countOf.get(person.id) ?? 0 }));
  }

  /** The blocks of the given workers, in their order, each row verified against its chain. */
  async function* verifiedBlocks(
    selection: ReportSelection,
    workers: ReportWorker[],
    /** Whose rows are built in full (the others are verified and counted only). */
    detailed: (workerId: string) => boolean = () => true,
  ): AsyncGenerator<VerifiedBlock> {
    for (const chunk of chunksByRows(workers)) {
      const ids = chunk.map((worker) => worker.id);
      const [{ rows: raw }, heads] = await Promise.all([
        // Each worker's marks of the period on the (company, worker, effective time) index, with the nearest
        // earlier row of the chain as `seq:hash` (one backward step on the chain index). Both drivers answer
        // execute() with `rows`; the subquery names its columns in full so p's never shadow the outer row's.
        db.execute(sql`
          select m.* from unnest(${sql.param(ids)}::uuid[]) with ordinality as w(id, ord)
          cross join lateral (
            select ${marks}.*, ${sites.nombre} as site_nombre, ${sites.timeZone} as site_zone,
              (select p.seq || ':' || p.hash from marks p
                where p.company_id = marks.company_id and p.user_id = marks.user_id and p.seq < marks.seq
                order by p.seq desc limit 1) as predecessor,
              w.ord
            from ${marks} left join ${sites} on ${joinSites}
            where ${markConditions(selection)} and ${marks.userId} = w.id
          ) m
          order by m.ord, coalesce(m.original_at, m.at), m.seq`) as Promise<{ rows: RawMarkRow[] }>,
        db
          .select({
            userId: markChainHeads.userId,
            seq: markChainHeads.seq,
            lastHash: markChainHeads.lastHash,
            lastSeq: sql<number | null>`(select max(p.seq) from marks p where p.company_id = mark_chain_heads.company_id and p.user_id = mark_chain_heads.user_id)`,
            storedHash: sql<string | null>`(select p.hash from marks p where p.company_id = mark_chain_heads.company_id and p.user_id = mark_chain_heads.user_id and p.seq = mark_chain_heads.seq)`,
          })
          .from(markChainHeads)
          .where(and(eq(markChainHeads.companyId, selection.companyId), inArray(markChainHeads.userId, ids))),
      ]);
      const rows = raw.map(fromRaw);

      // Corrections come later in the same worker's chain: read each chain only from its first row shown.
      const firstSeq = new Map<string, number>();
      for (const row of rows) {
        if (detailed(row.mark.userId)) firstSeq.set(row.mark.userId, Math.min(firstSeq.get(row.mark.userId) ?? Infinity, row.mark.seq));
      }
      const corrections: { id: string; seq: number; target: string }[] = [];
      if (firstSeq.size > 0) {
        const result = (await db.execute(sql`
          select c.id, c.seq, c.target from unnest(${sql.param([...firstSeq.keys()])}::uuid[], ${sql.param([...firstSeq.values()])}::int[]) as f(user_id, seq)
          cross join lateral (
            select ${marks.id} as id, ${marks.seq} as seq, ${marks.correctsMarkId} as target from ${marks}
            where ${marks.companyId} = ${selection.companyId} and ${marks.userId} = f.user_id and ${marks.seq} > f.seq and ${marks.correctsMarkId} is not null
          ) c
          order by c.seq`)) as { rows: { id: string; seq: number | string; target: string }[] };
        for (const row of result.rows) corrections.push({ id: row.id, seq: Number(row.seq), target: row.target });
      }
      // Corrections: the latest correction of each mark, and the sequence of each corrected mark.
      const correctedBy = new Map<string, { marcaId: string; secuencia: number }>();
      for (const correction of corrections) correctedBy.set(correction.target, { marcaId: correction.id, secuencia: correction.seq });
      const targets = [...new Set(rows.map((row) => row.mark.correctsMarkId).filter((id): id is string => id !== null))];
      const targetSeq = new Map<string, number>();
      if (targets.length > 0) {
        const found = await db
          .select({ id: marks.id, seq: marks.seq })
          .from(marks)
          .where(and(eq(marks.companyId, selection.companyId), inArray(marks.id, targets)));
        for (const target of found) targetSeq.set(target.id, target.seq);
      }

      const headByUser = new Map(heads.map((head) => [head.userId, head]));
      const rowsByUser = new Map<string, FilaReporteMarca[]>();
      const countsByUser = new Map<string, { marcas: number; alteradas: number; cadenaRota: number }>();
      for (const row of rows) {
        const mark = row.mark;
        const cut = row.predecessor ? row.predecessor.indexOf(':') : -1;
        const predSeq = cut > 0 ? Number(row.predecessor!.slice(0, cut)) : null;
        const integrity = markIntegrity(mark, { seq: predSeq, hash: predSeq === mark.seq - 1 ? row.predecessor!.slice(cut + 1) : null });
        let counts = countsByUser.get(mark.userId);
        if (!counts) countsByUser.set(mark.userId, (counts = { marcas: 0, alteradas: 0, cadenaRota: 0 }));
        counts.marcas += 1;
        if (integrity.integridad === 'alterada') counts.alteradas += 1;
        else if (integrity.integridad === 'cadena_rota') counts.cadenaRota += 1;
        if (!detailed(mark.userId)) continue;
        const zone = row.zone ?? DEFAULT_ZONE;
        const when = dateTimeIn(mark.originalAt ?? mark.at, zone);
        const received = mark.originalAt ? dateTimeIn(mark.at, zone) : null;
        const target = mark.correctsMarkId;
        const fila: FilaReporteMarca = {
          marcaId: mark.id,
          secuencia: mark.seq,
          fecha: when.fecha,
          hora: when.hora,
          zonaHoraria: zone,
          instante: (mark.originalAt ?? mark.at).toISOString(),
          recibidaEn: received ? `${received.fecha} ${received.hora}` : null,
          tipo: mark.kind,
          tipoEtiqueta: TIPO_MARCA_LABELS[mark.kind],
          metodo: mark.method,
          metodoEtiqueta: METODO_MARCA_LABELS[mark.method],
          sede: mark.siteId && row.siteNombre !== null ? { id: mark.siteId, nombre: row.siteNombre } : null,
          offline: mark.offline,
          fueraDeGeocerca: mark.outsideGeofence,
          hash: mark.hash,
          hashCorto: mark.hash.slice(0, 12),
          corrigeA: target ? { marcaId: target, secuencia: targetSeq.get(target) ?? 0 } : null,
          corregidaPor: correctedBy.get(mark.id) ?? null,
          integridad: integrity.integridad,
          integridadEtiqueta: integrity.etiqueta,
          integridadDetalle: integrity.detalle,
          hashRecalculado: integrity.recalculado,
        };
        const list = rowsByUser.get(mark.userId);
        if (list) list.push(fila);
        else rowsByUser.set(mark.userId, [fila]);
      }

      for (const worker of chunk) {
        const filas = rowsByUser.get(worker.id) ?? [];
        const head = headByUser.get(worker.id);
        const lastSeq = head?.lastSeq === null || head?.lastSeq === undefined ? null : Number(head.lastSeq);
        const alertaCadena = chainTailProblem(head, lastSeq === null ? undefined : { seq: lastSeq, hash: head!.storedHash ?? '' });
        const counts = countsByUser.get(worker.id) ?? { marcas: 0, alteradas: 0, cadenaRota: 0 };
        yield {
          block: {
            trabajador: { id: worker.id, nombre: worker.nombre, apellidos: worker.apellidos, rut: worker.rut, cargo: worker.cargo, grupo: worker.grupo, sede: worker.sede },
            marcas: filas,
            resumen: { marcas: counts.marcas, alteradas: counts.alteradas + counts.cadenaRota },
            alertaCadena,
          },
          ...counts,
        };
      }
    }
  }

  async function companyOf(companyId: string): Promise<{ razonSocial: string; rut: string }> {
    const [company] = await db.select({ razonSocial: companies.razonSocial, rut: companies.rut }).from(companies).where(eq(companies.id, companyId)).limit(1);
    return { razonSocial: company?.razonSocial ?? '', rut: company ? (formatRut(company.rut) ?? company.rut) : '' };
  }

  async function summaryOf(selection: ReportSelection, workers: ReportWorker[], keep?: Set<string>): Promise<{ summary: ResumenReporteMarcas; kept: BloqueReporteMarcas[] }> {
    const summary = emptySummary();
    const kept: BloqueReporteMarcas[] = [];
    for await (const verified of verifiedBlocks(selection, workers, (id) => keep?.has(id) ?? false)) {
      addToSummary(summary, verified);
      if (keep?.has(verified.block.trabajador.id)) kept.push(verified.block);
    }
    return { summary, kept };
  }

  function filterLabels(selection: ReportSelection): [string, string][] {
    const out: [string, string][] = [];
    if (selection.labels.trabajador) out.push(['Trabajador', selection.labels.trabajador]);
    if (selection.labels.grupo) out.push(['Grupo', selection.labels.grupo]);
    if (selection.labels.sede) out.push(['Sede', selection.labels.sede]);
    if (selection.tipo) out.push(['Tipo de marca', TIPO_MARCA_LABELS[selection.tipo]]);
    if (selection.metodo) out.push(['Método', METODO_MARCA_LABELS[selection.metodo]]);
    return out;
  }

  return {
    async report(session: RequestSession, query: ReporteMarcasQueryInput, now: Date): Promise<ReporteMarcas> {
      const selection = await resolve(session, query, now);
      const workers = await listWorkers(selection);
      const start = (query.page - 1) * query.pageSize;
      const pageIds = new Set(workers.slice(start, start + query.pageSize).map((worker) => worker.id));
      // The summary covers the whole report (a flagged row on another page still counts); the page keeps its blocks.
      const [{ summary, kept }, empresa] = await Promise.all([summaryOf(selection, workers, pageIds), companyOf(selection.companyId)]);
      return {
        empresa,
        periodo: { desde: selection.desde, hasta: selection.hasta },
        generadoEn: clStamp(now),
        resumen: summary,
        bloques: kept,
        total: workers.length,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    async exportFile(session: RequestSession, query: ExportarReporteMarcasInput, now: Date): Promise<{ bytes: Buffer; filename: string; contentType: string }> {
      const selection = await resolve(session, query, now);
      const workers = await listWorkers(selection);
      const rows = workers.reduce((sum, worker) => sum + worker.marcas, 0);
      const max = query.formato === 'pdf' ? REPORTE_MAX_FILAS_PDF : REPORTE_MAX_FILAS_XLSX;
      if (rows > max) throw new AppError('VALIDATION', REPORT_MESSAGES.tooManyRows(rows, max, query.formato));
      // Two passes: the summary goes on top of the file, and the blocks are written as they are read.
      const [{ summary }, empresa] = await Promise.all([summaryOf(selection, workers), companyOf(selection.companyId)]);
      const heading: ReportHeading = {
        empresa,
        periodo: { desde: selection.desde, hasta: selection.hasta },
        generadoEn: clStamp(now),
        filtros: filterLabels(selection),
        resumen: summary,
      };
      const blocks = (async function* () {
        for await (const verified of verifiedBlocks(selection, workers)) yield verified.block;
      })();
      const base = `reporte-marcas-${selection.desde}-a-${selection.hasta}`;
      if (query.formato === 'pdf') return { bytes: await marksReportPdf(heading, blocks), filename: `${base}.pdf`, contentType: 'application/pdf' };
      return { bytes: await marksReportXlsx(heading, blocks), filename: `${base}.xlsx`, contentType: XLSX_CONTENT_TYPE };
    },

    /** Groups and sites a caller may filter by. */
    async options(session: RequestSession): Promise<OpcionesReporte> {
      requirePerfil(session, ...REPORT_PERFILES);
      const companyId = session.companyId;
      const scope = await scopeOf(session);
      const groupCondition =
        'all' in scope ? undefined : 'groupIds' in scope && scope.groupIds.length > 0 ? inArray(groups.id, scope.groupIds) : sql`false`;
      const [grupos, sedes] = await Promise.all([
        db
          .select({ id: groups.id, nombre: groups.nombre })
          .from(groups)
          .where(and(eq(groups.companyId, companyId), groupCondition))
          .orderBy(asc(groups.nombre)),
        'all' in scope || 'groupIds' in scope
          ? db.select({ id: sites.id, nombre: sites.nombre }).from(sites).where(eq(sites.companyId, companyId)).orderBy(asc(sites.nombre))
          : // A worker filters among the sites where they marked.
            db
              .selectDistinct({ id: sites.id, nombre: sites.nombre })
              .from(marks)
              .innerJoin(sites, joinSites)
              .where(and(eq(marks.companyId, companyId), eq(marks.userId, scope.self)))
              .orderBy(asc(sites.nombre)),
      ]);
      return { grupos, sedes };
    },

    /** Workers in the caller's scope matching a search (name, surname or RUT), or one by id. */
    async workers(session: RequestSession, query: { q?: string | undefined; id?: string | undefined }): Promise<TrabajadoresReporte> {
      requirePerfil(session, ...REPORT_PERFILES);
      const scope = await scopeOf(session);
      const conditions: (SQL | undefined)[] = [eq(users.companyId, session.companyId), scopeCondition(scope)];
      if (query.id !== undefined) {
        requireId(query.id, REPORT_MESSAGES.workerNotFound);
        conditions.push(eq(users.id, query.id));
      }
      for (const token of (query.q ?? '').split(/\s+/).filter(Boolean).slice(0, 6)) {
        const pattern = `%${escapeLike(foldText(token))}%`;
        const alternatives: SQL[] = [sql`${fold(users.nombre)} like ${pattern}`, sql`${fold(users.apellidos)} like ${pattern}`];
        const rutDigits = token.replace(/[.\-\s]/g, '').toLowerCase();
        if (/^\d{3,}k?$/.test(rutDigits)) alternatives.push(sql`replace(lower(${users.rut}), '-', '') like ${`%${rutDigits}%`}`);
        conditions.push(or(...alternatives));
      }
      const rows = await db
        .select({ id: users.id, nombre: users.nombre, apellidos: users.apellidos, rut: users.rut })
        .from(users)
        .where(and(...conditions))
        .orderBy(asc(users.apellidos), asc(users.nombre), asc(users.id))
        .limit(WORKER_SEARCH_LIMIT);
      if (query.id !== undefined && rows.length === 0) throw notFound(REPORT_MESSAGES.workerNotFound);
      return { items: rows.map((row) => ({ ...row, rut: formatRut(row.rut) ?? row.rut })) };
    },
  };
}

export type MarksReportService = ReturnType<typeof createMarksReportService>;
