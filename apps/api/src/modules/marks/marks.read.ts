/** The read side of marks: lists, today's view, receipts, public verification and chain verification. */
import {
  type Comprobante,
  type IntentosPage,
  type intentosQuerySchema,
  type MarcasHoy,
  type MarcasPage,
  type marcasQuerySchema,
  type MetodoMarca,
  type TipoMarca,
  type Verificacion,
  type VerificacionCadena,
} from '@jornada/contracts';
import { addDays, startOfLocalDay } from '@jornada/domain';
import { and, asc, count, desc, eq, gt, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { markAttempts, markChainHeads, marks, planningDays, sites, users } from '../../db/schema/index';
import { notFound, requireId, requirePerfil } from '../../lib/access';
import { localDate } from '../../lib/clock';
import type { RequestSession } from '../../plugins/types';
import { assignmentOf, dayView, holidaysFor, loadCatalog } from '../planning/planning.model';
import { ledGroupIds } from '../users/users.repository';
import { GENESIS_HASH, markHash } from './marks.hash';
import { loadWorkerContext, receiptSource, toIntento, toMarca, type MarkRow } from './marks.service';
import { buildComprobante, receiptPdf, workplaceAddress } from './receipt';

export type MarcasQueryInput = z.output<typeof marcasQuerySchema>;
export type IntentosQueryInput = z.output<typeof intentosQuerySchema>;

export const READ_MESSAGES = {
  markNotFound: 'La marca no existe.',
  receiptNotFound: 'No existe un comprobante con ese código. Revisa que lo hayas copiado completo.',
  userNotFound: 'El usuario no existe.',
} as const;

/** Who a caller may see: everyone, the members of the groups they lead (and themselves), or themselves. */
type Scope = { all: true } | { groupIds: string[]; self: string } | { self: string };

const effective = sql`coalesce(${marks.originalAt}, ${marks.at})`;
const DEFAULT_ZONE = 'America/Santiago';

/** The next kind a worker is expected to mark, from the last one today. */
export function nextKind(last: TipoMarca | undefined, hasBreak: boolean): TipoMarca {
  switch (last) {
    case 'entrada':
      return hasBreak ? 'inicio_colacion' : 'salida';
    case 'inicio_colacion':
      return 'fin_colacion';
    case 'fin_colacion':
      return 'salida';
    default:
      return 'entrada';
  }
}

export function createMarksReadService({ db, publicUrl }: { db: Db; publicUrl: string }) {
  async function scopeOf(session: RequestSession): Promise<Scope> {
    if (session.perfil === 'administrador') return { all: true };
    if (session.perfil === 'supervisor') return { groupIds: await ledGroupIds(db, session.companyId, session.userId), self: session.userId };
    return { self: session.userId };
  }

  /** A condition on `users` for the scope (the query joins users). */
  function scopeCondition(scope: Scope): SQL | undefined {
    if ('all' in scope) return undefined;
    if ('groupIds' in scope && scope.groupIds.length > 0) return or(eq(users.id, scope.self), inArray(users.groupId, scope.groupIds));
    return eq(users.id, scope.self);
  }

  function localDay(column: SQL) {
    return sql`(${column} at time zone coalesce(${sites.timeZone}, ${DEFAULT_ZONE}))::date`;
  }

  async function markInScope(session: RequestSession, id: string): Promise<MarkRow> {
    requireId(id, READ_MESSAGES.markNotFound);
    const scope = await scopeOf(session);
    const [row] = await db
      .select({ mark: marks })
      .from(marks)
      .innerJoin(users, and(eq(users.companyId, marks.companyId), eq(users.id, marks.userId)))
      .where(and(eq(marks.companyId, session.companyId), eq(marks.id, id), scopeCondition(scope)))
      .limit(1);
    if (!row) throw notFound(READ_MESSAGES.markNotFound);
    return row.mark;
  }

  async function comprobanteOf(mark: MarkRow): Promise<Comprobante> {
    const ctx = await loadWorkerContext(db, mark.companyId, mark.userId, mark.siteId);
    return buildComprobante(receiptSource(ctx!, mark, publicUrl));
  }

  return {
    comprobanteOf,

    async today(session: RequestSession, now: Date): Promise<MarcasHoy> {
      const ctx = (await loadWorkerContext(db, session.companyId, session.userId))!;
      const zone = ctx.site?.timeZone ?? DEFAULT_ZONE;
      const fecha = localDate(now, zone);
      const from = new Date(startOfLocalDay(zone, fecha));
      const to = new Date(startOfLocalDay(zone, addDays(fecha, 1)));
      const [planRow, catalog, rows] = await Promise.all([
        db
          .select()
          .from(planningDays)
          .where(and(eq(planningDays.companyId, session.companyId), eq(planningDays.userId, session.userId), eq(planningDays.date, fecha)))
          .limit(1),
        loadCatalog(db, session.companyId),
        db
          .select()
          .from(marks)
          .where(
            and(
              eq(marks.companyId, session.companyId),
              eq(marks.userId, session.userId),
              sql`${effective} >= ${from.toISOString()}`,
              sql`${effective} < ${to.toISOString()}`,
            ),
          )
          .orderBy(effective, marks.seq),
      ]);
      const assignment = assignmentOf(planRow[0]);
      const plan = dayView(catalog, assignment, fecha, zone, holidaysFor(ctx.site?.region ?? null));
      const template = assignment.kind === 'turno' ? catalog.version(assignment.shiftId!, assignment.shiftVersion!)?.template : undefined;
      const hasBreak = Boolean(template?.break && ('minutes' in template.break ? template.break.minutes > 0 : true));
      return {
        fecha,
        zonaHoraria: zone,
        plan,
        marcas: rows.map(toMarca),
        siguiente: nextKind(rows.at(-1)?.kind, hasBreak),
        sede: ctx.site
          ? {
              id: ctx.site.id,
              nombre: ctx.site.nombre,
              direccion: workplaceAddress({ site: ctx.site, company: ctx.company }),
              lat: ctx.site.lat,
              lng: ctx.site.lng,
              radioGeocercaM: ctx.site.geofenceRadiusM,
            }
          : null,
        metodosPermitidos: ctx.user.metodosMarcaje as MetodoMarca[],
      };
    },

    async list(session: RequestSession, query: MarcasQueryInput): Promise<MarcasPage> {
      requirePerfil(session, 'administrador', 'supervisor', 'trabajador');
      const scope = await scopeOf(session);
      const conditions: (SQL | undefined)[] = [eq(marks.companyId, session.companyId), scopeCondition(scope)];
      if (query.usuarioId) conditions.push(eq(marks.userId, requireIdOrNone(query.usuarioId)));
      if (query.grupoId) conditions.push(eq(users.groupId, requireIdOrNone(query.grupoId)));
      if (query.sedeId) conditions.push(eq(marks.siteId, requireIdOrNone(query.sedeId)));
      if (query.desde) conditions.push(sql`${localDay(effective)} >= ${query.desde}`);
      if (query.hasta) conditions.push(sql`${localDay(effective)} <= ${query.hasta}`);
      if (query.tipo) conditions.push(eq(marks.kind, query.tipo));
      if (query.metodo) conditions.push(eq(marks.method, query.metodo));
      if (query.offline !== undefined) conditions.push(eq(marks.offline, query.offline));
      if (query.fueraDeGeocerca !== undefined) conditions.push(eq(marks.outsideGeofence, query.fueraDeGeocerca));
      if (query.precisionBaja !== undefined) conditions.push(eq(marks.lowAccuracy, query.precisionBaja));
      const where = and(...conditions);
      const joinUsers = and(eq(users.companyId, marks.companyId), eq(users.id, marks.userId));
      const joinSites = and(eq(sites.companyId, marks.companyId), eq(sites.id, marks.siteId));
      const [rows, [total]] = await Promise.all([
        db
          .select({ mark: marks, nombre: users.nombre, apellidos: users.apellidos, rut: users.rut })
          .from(marks)
          .innerJoin(users, joinUsers)
          .leftJoin(sites, joinSites)
          .where(where)
          .orderBy(desc(effective), desc(marks.seq))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db.select({ n: count() }).from(marks).innerJoin(users, joinUsers).leftJoin(sites, joinSites).where(where),
      ]);
      return {
        items: rows.map((row) => ({ ...toMarca(row.mark), trabajador: `${row.nombre} ${row.apellidos}`, rut: row.rut })),
        total: Number(total?.n ?? 0),
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    async attempts(session: RequestSession, query: IntentosQueryInput): Promise<IntentosPage> {
      requirePerfil(session, 'administrador', 'supervisor');
      const scope = await scopeOf(session);
      const conditions: (SQL | undefined)[] = [eq(markAttempts.companyId, session.companyId)];
      // A supervisor sees attempts of the people they lead; unknown credentials (no worker) only the administrator.
      if (!('all' in scope)) conditions.push(scopeCondition(scope));
      if (query.usuarioId) conditions.push(eq(markAttempts.userId, requireIdOrNone(query.usuarioId)));
      if (query.sedeId) conditions.push(eq(markAttempts.siteId, requireIdOrNone(query.sedeId)));
      if (query.desde) conditions.push(sql`${localDay(sql`${markAttempts.at}`)} >= ${query.desde}`);
      if (query.hasta) conditions.push(sql`${localDay(sql`${markAttempts.at}`)} <= ${query.hasta}`);
      if (query.motivo) conditions.push(eq(markAttempts.reason, query.motivo));
      if (query.metodo) conditions.push(eq(markAttempts.method, query.metodo));
      const where = and(...conditions);
      const joinUsers = and(eq(users.companyId, markAttempts.companyId), eq(users.id, markAttempts.userId));
      const joinSites = and(eq(sites.companyId, markAttempts.companyId), eq(sites.id, markAttempts.siteId));
      const [rows, [total]] = await Promise.all([
        db
          .select({ attempt: markAttempts, nombre: users.nombre, apellidos: users.apellidos, rut: users.rut })
          .from(markAttempts)
          .leftJoin(users, joinUsers)
          .leftJoin(sites, joinSites)
          .where(where)
          .orderBy(desc(markAttempts.at), desc(markAttempts.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db.select({ n: count() }).from(markAttempts).leftJoin(users, joinUsers).leftJoin(sites, joinSites).where(where),
      ]);
      return {
        items: rows.map((row) =>
          toIntento(row.attempt, row.nombre !== null ? { nombre: row.nombre, apellidos: row.apellidos!, rut: row.rut! } : null),
        ),
        total: Number(total?.n ?? 0),
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    async receipt(session: RequestSession, id: string): Promise<Comprobante> {
      return comprobanteOf(await markInScope(session, id));
    },

    async receiptPdf(session: RequestSession, id: string): Promise<{ pdf: Buffer; filename: string }> {
      const comprobante = await comprobanteOf(await markInScope(session, id));
      const pdf = await receiptPdf(comprobante);
      const stamp = comprobante.fecha.split('/').reverse().join('') + '-' + comprobante.hora.replaceAll(':', '');
      return { pdf, filename: `comprobante-${comprobante.tipo}-${stamp}.pdf` };
    },

    /** Public: a receipt by its hash, and whether the stored mark still gives that hash. */
    async verify(hash: string): Promise<Verificacion> {
      const normalized = hash.trim().toLowerCase();
      if (!/^[0-9a-f]{64}$/.test(normalized)) throw notFound(READ_MESSAGES.receiptNotFound);
      const [mark] = await db.select().from(marks).where(eq(marks.hash, normalized)).limit(1);
      if (!mark) throw notFound(READ_MESSAGES.receiptNotFound);
      return { integra: markHash(mark) === mark.hash, comprobante: await comprobanteOf(mark) };
    },

    /** Recomputes every hash and link of one worker's chain (or every worker's) and reports each break. */
    async verifyChain(session: RequestSession, usuarioId: string | undefined): Promise<VerificacionCadena> {
      requirePerfil(session, 'administrador');
      const companyId = session.companyId;
      if (usuarioId !== undefined) {
        requireId(usuarioId, READ_MESSAGES.userNotFound);
        const [user] = await db.select({ id: users.id }).from(users).where(and(eq(users.companyId, companyId), eq(users.id, usuarioId)));
        if (!user) throw notFound(READ_MESSAGES.userNotFound);
      }
      const heads = await db
        .select()
        .from(markChainHeads)
        .where(and(eq(markChainHeads.companyId, companyId), usuarioId ? eq(markChainHeads.userId, usuarioId) : undefined));
      const headByUser = new Map(heads.map((head) => [head.userId, head]));
      const rupturas: VerificacionCadena['rupturas'] = [];
      const seen = new Set<string>();
      let verified = 0;
      let current: { userId: string; seq: number; hash: string } | null = null;

      const closeChain = (chain: { userId: string; seq: number; hash: string }) => {
        const head = headByUser.get(chain.userId);
        if (head && (head.seq !== chain.seq || head.lastHash !== chain.hash)) {
          rupturas.push({
            usuarioId: chain.userId,
            marcaId: head.lastMarkId,
            secuencia: head.seq,
            motivo: 'cabeza_no_coincide',
            esperado: head.lastHash,
            guardado: chain.hash,
            mensaje: `La cadena termina en la marca ${chain.seq}, pero la última registrada fue la ${head.seq}: faltan marcas al final.`,
          });
        }
      };

      const BATCH = 5000;
      let after: { userId: string; seq: number } | null = null;
      for (;;) {
        const batch: MarkRow[] = await db
          .select()
          .from(marks)
          .where(
            and(
              eq(marks.companyId, companyId),
              usuarioId ? eq(marks.userId, usuarioId) : undefined,
              after ? or(gt(marks.userId, after.userId), and(eq(marks.userId, after.userId), gt(marks.seq, after.seq))) : undefined,
            ),
          )
          .orderBy(asc(marks.userId), asc(marks.seq))
          .limit(BATCH);
        for (const mark of batch) {
          verified++;
          if (!current || current.userId !== mark.userId) {
            if (current) closeChain(current);
            current = { userId: mark.userId, seq: 0, hash: GENESIS_HASH };
            seen.add(mark.userId);
          }
          if (mark.seq !== current.seq + 1) {
            rupturas.push({
              usuarioId: mark.userId,
              marcaId: mark.id,
              secuencia: mark.seq,
              motivo: 'marca_faltante',
              esperado: String(current.seq + 1),
              guardado: String(mark.seq),
              mensaje: `Faltan las marcas ${current.seq + 1} a ${mark.seq - 1} de la cadena.`,
            });
          }
          if (mark.prevHash !== current.hash) {
            rupturas.push({
              usuarioId: mark.userId,
              marcaId: mark.id,
              secuencia: mark.seq,
              motivo: 'enlace_roto',
              esperado: current.hash,
              guardado: mark.prevHash,
              mensaje: `El hash anterior de la marca ${mark.seq} no coincide con el de la marca previa.`,
            });
          }
          const expected = markHash(mark);
          if (expected !== mark.hash) {
            rupturas.push({
              usuarioId: mark.userId,
              marcaId: mark.id,
              secuencia: mark.seq,
              motivo: 'hash_alterado',
              esperado: expected,
              guardado: mark.hash,
              mensaje: `Los datos de la marca ${mark.seq} fueron alterados: su hash no corresponde a su contenido.`,
            });
          }
          current = { userId: mark.userId, seq: mark.seq, hash: mark.hash };
        }
        if (batch.length < BATCH) break;
        const last = batch.at(-1)!;
        after = { userId: last.userId, seq: last.seq };
      }
      if (current) closeChain(current);
      for (const head of heads) {
        if (!seen.has(head.userId) && head.seq > 0) {
          rupturas.push({
            usuarioId: head.userId,
            marcaId: head.lastMarkId,
            secuencia: head.seq,
            motivo: 'cabeza_no_coincide',
            esperado: head.lastHash,
            guardado: null,
            mensaje: `El trabajador tenía ${head.seq} marcas registradas y no queda ninguna.`,
          });
        }
      }
      const trabajadores = new Set([...seen, ...heads.map((head) => head.userId)]).size;
      return { integra: rupturas.length === 0, trabajadores, marcasVerificadas: verified, rupturas };
    },
  };
}

/** A filter id that is not a uuid matches nothing (instead of a database error). */
function requireIdOrNone(id: string): string {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id) ? id : '00000000-0000-0000-0000-000000000000';
}

export type MarksReadService = ReturnType<typeof createMarksReadService>;
