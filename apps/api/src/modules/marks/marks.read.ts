/** The read side of marks: lists, today's view, receipts, public verification and chain verification. */
import {
  ACCESS,
  publicReceipt,
  type Comprobante,
  type IntentosPage,
  type intentosQuerySchema,
  type MarcasHoy,
  type MarcasPage,
  type marcasQuerySchema,
  type MetodoMarca,
  type TipoMarca,
  type TurnoDeMarca,
  type Verificacion,
  type VerificacionCadena,
} from '@jornada/contracts';
import { addDays, formatRut, markNotice, placeShift, startOfLocalDay, type Mark, type PlanEntry } from '@jornada/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { notFound, requireId, requirePerfil } from '../../lib/access';
import { createBatchLoader } from '../../lib/batch-loader';
import { localDate } from '../../lib/clock';
import { runAsCompany } from '../../db/tenant-context';
import type { RequestSession } from '../../plugins/types';
import type { CompanyHolidaysPort } from '../holidays/index';
import type { PlanningService, PlanReader } from '../planning/index';
import type { LedGroupsPort } from '../groups/index';
import type { PermissionReads } from '../permissions/index';
import { checkChainStep } from './marks.chain';
import { GENESIS_HASH, markHash } from './marks.hash';
import * as repo from './marks.repository';
import { loadWorkerContext, type MarkTimes, type RecentMarkTuple, type Scope } from './marks.repository';
import { receiptSource, toIntento, toMarca } from './marks.service';
import type { MarkRow } from './marks.types';
import { buildComprobante, receiptPdf, workplaceAddress } from './receipt';

type MarcasQueryInput = z.output<typeof marcasQuerySchema>;
type IntentosQueryInput = z.output<typeof intentosQuerySchema>;

const READ_MESSAGES = {
  markNotFound: 'La marca no existe.',
  receiptNotFound: 'No existe un comprobante con ese código. Revisa que lo hayas copiado completo.',
  userNotFound: 'El usuario no existe.',
} as const;

const DEFAULT_ZONE = 'America/Santiago';

/** The next kind a worker is expected to mark, from the last one today. */
function nextKind(last: TipoMarca | undefined, hasBreak: boolean): TipoMarca {
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

interface MarksReadDeps {
  db: Db;
  publicUrl: string;
  /** The plan as the engine reads it (modules/planning's `app.plan`), for the notice of a new mark. */
  plan: PlanReader;
  /** The worker's planned day for the marking screen (modules/planning's `app.planning`). */
  planning: Pick<PlanningService, 'workerDay'>;
  /** A supervisor's groups (modules/groups' `app.ledGroups`). */
  ledGroups: LedGroupsPort;
  /** The company's holidays, its own days included (modules/holidays' `app.companyHolidays`), for today's plan. */
  holidays: CompanyHolidaysPort;
  /** Today's approved permissions and their types' names (modules/permissions' `app.permissionReads`). */
  permissions: Pick<PermissionReads, 'wholeDayPermissionOn'>;
}

/** Items by key, in their order (Map.groupBy, which Node 20 lacks). */
function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

/** A new mark whose notice is asked for, with its worker's site zone. */
interface PlacementRequest {
  companyId: string;
  userId: string;
  zone: string;
  mark: Mark;
  /** The worker's other marks within `RECENT_WINDOW_HOURS` of the mark, when its recording read them. */
  recent: readonly RecentMarkTuple[] | undefined;
}

/** The other marks the recording read, as `marksOfWorkersBetween` gives them (`markNotice` adds the new one). */
function recentRows(userId: string, recent: readonly RecentMarkTuple[]): MarkTimes[] {
  return recent.map(([id, kind, atMs, correctsMarkId]) => ({ userId, id, kind, atMs, correctsMarkId }));
}

export function createMarksReadService({ db, publicUrl, plan, planning, ledGroups, holidays, permissions }: MarksReadDeps) {
  /** The notices of concurrent new marks: per company, one plan read for all their workers, and one marks read for those whose recording did not bring them. */
  async function placeMany(requests: PlacementRequest[]): Promise<Map<string, TurnoDeMarca>> {
    const found = new Map<string, TurnoDeMarca>();
    for (const [companyId, group] of groupBy(requests, (request) => request.companyId)) {
      const windows = group.map((request) => {
        const fecha = localDate(new Date(request.mark.at), request.zone);
        const from = addDays(fecha, -1);
        const to = addDays(fecha, 1);
        return { request, fecha, from, to, start: startOfLocalDay(request.zone, from), end: startOfLocalDay(request.zone, addDays(to, 1)) };
      });
      const userIds = [...new Set(group.map((request) => request.userId))];
      const range = { from: windows.map((w) => w.from).sort()[0]!, to: windows.map((w) => w.to).sort().at(-1)! };
      // Marks recorded by the group commit bring their worker's other marks; only the others are read here.
      const unread = [...new Set(group.filter((request) => !request.recent).map((request) => request.userId))];
      const unreadWindows = windows.filter((w) => !w.request.recent);
      const [plans, rows] = await runAsCompany(companyId, () =>
        Promise.all([
          plan.plannedDays(companyId, userIds, range),
          unread.length === 0
            ? []
            : repo.marksOfWorkersBetween(db, companyId, unread, new Date(Math.min(...unreadWindows.map((w) => w.start))), new Date(Math.max(...unreadWindows.map((w) => w.end)))),
        ]),
      );
      const rowsOf = groupBy(rows, (row) => row.userId);
      for (const { request, fecha, from, to, start, end } of windows) {
        const planned = plans.get(request.userId) ?? new Map<string, PlanEntry>();
        const days = [...planned].filter(([date]) => date >= from && date <= to);
        const instances = days.flatMap(([date, entry]) => (entry.kind === 'turno' ? [placeShift(entry.shift, date, request.zone)] : []));
        // The marks as the evaluation reads them: the effective instant, without the ones a correction supersedes.
        const own = (request.recent ? recentRows(request.userId, request.recent) : (rowsOf.get(request.userId) ?? [])).filter((row) => row.atMs >= start && row.atMs < end);
        const superseded = new Set(own.flatMap((row) => (row.correctsMarkId ? [row.correctsMarkId] : [])));
        const marks = own.filter((row) => !superseded.has(row.id)).map((row) => ({ id: row.id, kind: row.kind, at: row.atMs }));
        const notice = markNotice(request.mark, marks, instances, request.zone, { date: fecha, kind: planned.get(fecha)?.kind ?? null });
        found.set(request.mark.id, { ubicacion: notice.status, turno: 'instance' in notice ? notice.instance.label : null });
      }
    }
    return found;
  }
  const placements = createBatchLoader(placeMany, (request: PlacementRequest) => request.mark.id, { gather: true });

  async function scopeOf(session: RequestSession): Promise<Scope> {
    if (session.perfil === 'administrador') return { all: true };
    if (session.perfil === 'supervisor') return { groupIds: await ledGroups.ledGroupIds(session.companyId, session.userId), self: session.userId };
    return { self: session.userId };
  }

  async function markInScope(session: RequestSession, id: string): Promise<MarkRow> {
    requireId(id, READ_MESSAGES.markNotFound);
    const scope = await scopeOf(session);
    const mark = await repo.markInScope(db, session.companyId, id, scope);
    if (!mark) throw notFound(READ_MESSAGES.markNotFound);
    return mark;
  }

  async function comprobanteOf(mark: MarkRow): Promise<Comprobante> {
    const ctx = await loadWorkerContext(db, mark.companyId, mark.userId, mark.siteId);
    return buildComprobante(receiptSource(ctx!, mark, publicUrl));
  }

  return {
    comprobanteOf,

    /**
     * The notice of a worker's new mark against their plan (`markNotice`): the shift the evaluation
     * attributes it to, among the planned shifts of the day before to the day after (the planning's
     * `plannedDays`, the dates of `planFor`) and with the worker's marks of those days, as the stored day
     * will (site zone). Concurrent marks share their reads (`placeMany`): at a shift change the notices of
     * a hundred marks cost one statement, not two each; `recent` (the worker's marks the group commit read
     * before writing this one) saves reading the marks again.
     */
    placement(companyId: string, userId: string, timeZone: string | null, mark: Mark, recent?: readonly RecentMarkTuple[]): Promise<TurnoDeMarca> {
      return placements.load({ companyId, userId, zone: timeZone ?? DEFAULT_ZONE, mark, recent }).then((found) => found!);
    },

    async today(session: RequestSession, now: Date): Promise<MarcasHoy> {
      const ctx = (await loadWorkerContext(db, session.companyId, session.userId))!;
      const zone = ctx.site?.timeZone ?? DEFAULT_ZONE;
      const fecha = localDate(now, zone);
      const from = new Date(startOfLocalDay(zone, fecha));
      const to = new Date(startOfLocalDay(zone, addDays(fecha, 1)));
      const [{ dia: plan, hasBreak }, rows, permiso] = await Promise.all([
        holidays
          .calendarOf(session.companyId, { from: fecha, to: fecha })
          .then((calendar) => planning.workerDay(session.companyId, session.userId, fecha, zone, calendar.lookup(ctx.site?.region ?? null, ctx.site?.comuna ?? null))),
        repo.marksBetween(db, session.companyId, session.userId, from, to),
        permissions.wholeDayPermissionOn(db, session.companyId, session.userId, fecha),
      ]);
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
        permiso,
      };
    },

    async list(session: RequestSession, query: MarcasQueryInput): Promise<MarcasPage> {
      requirePerfil(session, ...ACCESS.marks);
      const scope = await scopeOf(session);
      const { rows, total } = await repo.listMarks(
        db,
        session.companyId,
        scope,
        {
          ...query,
          usuarioId: query.usuarioId ? requireIdOrNone(query.usuarioId) : undefined,
          grupoId: query.grupoId ? requireIdOrNone(query.grupoId) : undefined,
          sedeId: query.sedeId ? requireIdOrNone(query.sedeId) : undefined,
        },
        { limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
      );
      return {
        items: rows.map((row) => ({
          ...toMarca(row.mark),
          trabajador: `${row.nombre} ${row.apellidos}`,
          rut: formatRut(row.rut) ?? row.rut,
          sede: row.sede,
          zonaHoraria: row.zona,
        })),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    async attempts(session: RequestSession, query: IntentosQueryInput): Promise<IntentosPage> {
      requirePerfil(session, ...ACCESS.markingAttempts);
      const scope = await scopeOf(session);
      // A supervisor sees attempts of the people they lead; unknown credentials (no worker) only the administrator.
      const { rows, total } = await repo.listAttempts(
        db,
        session.companyId,
        scope,
        {
          ...query,
          usuarioId: query.usuarioId ? requireIdOrNone(query.usuarioId) : undefined,
          sedeId: query.sedeId ? requireIdOrNone(query.sedeId) : undefined,
        },
        { limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
      );
      return {
        items: rows.map((row) =>
          toIntento(row.attempt, row.nombre !== null ? { nombre: row.nombre, apellidos: row.apellidos!, rut: row.rut! } : null),
        ),
        total,
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
      const mark = await repo.markByHash(db, normalized);
      if (!mark) throw notFound(READ_MESSAGES.receiptNotFound);
      return { integra: markHash(mark) === mark.hash, comprobante: publicReceipt(await comprobanteOf(mark)) };
    },

    /** Recomputes every hash and link of one worker's chain (or every worker's) and reports each break. */
    async verifyChain(session: RequestSession, usuarioId: string | undefined): Promise<VerificacionCadena> {
      requirePerfil(session, ...ACCESS.marksChain);
      const companyId = session.companyId;
      if (usuarioId !== undefined) {
        requireId(usuarioId, READ_MESSAGES.userNotFound);
        if (!(await repo.userExists(db, companyId, usuarioId))) throw notFound(READ_MESSAGES.userNotFound);
      }
      const heads = await repo.chainHeads(db, companyId, usuarioId);
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
        const batch: MarkRow[] = await repo.chainMarksAfter(db, companyId, usuarioId, after, BATCH);
        for (const mark of batch) {
          verified++;
          if (!current || current.userId !== mark.userId) {
            if (current) closeChain(current);
            current = { userId: mark.userId, seq: 0, hash: GENESIS_HASH };
            seen.add(mark.userId);
          }
          const step = checkChainStep(mark, current);
          if (!step.inSequence) {
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
          if (!step.linkHolds) {
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
          if (step.altered) {
            rupturas.push({
              usuarioId: mark.userId,
              marcaId: mark.id,
              secuencia: mark.seq,
              motivo: 'hash_alterado',
              esperado: step.recomputed,
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
