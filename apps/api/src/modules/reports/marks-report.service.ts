/**
 * The marks report ("Reporte de marcas", spec route reports/brand): one block per worker with every
 * mark of the period and each row's integrity in the worker's hash chain, so a row changed or
 * deleted directly in the database is flagged wherever the report is read (screen, Excel, PDF, CSV).
 *
 * A page costs its page: one aggregate counts the selection's marks per worker (no row is read in
 * full), the page's workers come from it by surname, and only their marks are read, through the
 * (company, worker, effective time) index, each row with its chain predecessor and verified as it is
 * shown. The summary of the whole selection adds the chain audit's stored verdicts
 * (`mark-audit.ts`): nothing outside the page is hashed on a view. Exports stream the same blocks in
 * chunks of marks, so memory does not grow with the report.
 */
import { performance } from 'node:perf_hooks';
import {
  ACCESS,
  METODO_MARCA_LABELS,
  REPORTE_MAX_ANIOS,
  REPORTE_MAX_FILAS_PDF,
  REPORTE_MAX_FILAS_XLSX,
  TIPO_MARCA_LABELS,
  type BloqueReporteMarcas,
  type exportarReporteMarcasQuerySchema,
  type FilaReporteMarca,
  type OpcionesReporte,
  type reporteMarcasQuerySchema,
  type ReporteMarcas,
  type ResumenReporteMarcas,
  type TrabajadoresReporte,
} from '@jornada/contracts';
import { formatRut } from '@jornada/domain';
import type { Readable } from 'node:stream';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { fieldError, notFound, requireId, requirePerfil } from '../../lib/access';
import { localDate } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { runStreamedExport } from '../../lib/render/index';
import { CSV_CONTENT_TYPE, XLSX_CONTENT_TYPE } from '../../lib/spreadsheet/index';
import type { RequestSession } from '../../plugins/types';
import type { LedGroupsPort } from '../groups/index';
import { chainTailProblem, markIntegrity, receiptDateTime } from '../marks/index';
import { monthOf, plusYears, type ReportHeading } from './marks-report.format';
import type { MarkAudit } from './mark-audit';
import { marksReportCsv } from './marks-report.csv';
import { marksReportPdf } from './marks-report.pdf';
import { marksReportXlsx } from './marks-report.xlsx';
import * as repo from './reports.repository';
import { markRowFromRaw, type Scope, type SelectionFilter } from './reports.repository';

type ReporteMarcasQueryInput = z.output<typeof reporteMarcasQuerySchema>;
type ExportarReporteMarcasInput = z.output<typeof exportarReporteMarcasQuerySchema>;

const REPORT_MESSAGES = {
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
/** Rows read and verified per round trip for a page on screen. */
const CHUNK_ROWS = 5000;
/**
 * Rows read per round trip for an export, adapted as it goes: a read that held the event loop longer
 * than EXPORT_READ_TARGET_MS halves the next one, a quick one doubles it (within these bounds). On
 * PGlite the read runs in the server's own thread, so this keeps each one short whatever the machine's
 * load; on PostgreSQL the thread only waits for the answer and the chunks grow.
 */
const EXPORT_CHUNK_ROWS = { first: 100, min: 25, max: 4000 };
const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));
const EXPORT_READ_TARGET_MS = 40;
const WORKER_SEARCH_LIMIT = 20;

/** A report's selection, validated and resolved against the caller's scope. */
interface ReportSelection extends SelectionFilter {
  /** Human labels of the filters, for the exports' heading. */
  labels: { trabajador?: string; grupo?: string; sede?: string };
}

interface ReportWorker {
  id: string;
  nombre: string;
  apellidos: string;
  rut: string;
  cargo: string | null;
  grupo: string | null;
  sede: string | null;
  marcas: number;
}

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

/** What a worker's rows gave when verified (live, for the rows shown) or in the stored audit verdict. */
interface WorkerVerdict {
  alteradas: number;
  cadenaRota: number;
  /** The chain's end does not match its head (last marks deleted or rewritten). */
  tail: boolean;
}

/** The summary of a selection: its totals and each flagged worker's verdict. */
function summaryFrom(total: { trabajadores: number; marcas: number }, verdicts: Map<string, WorkerVerdict>): ResumenReporteMarcas {
  const summary: ResumenReporteMarcas = { trabajadores: total.trabajadores, marcas: total.marcas, marcasAlteradas: 0, alteradas: 0, cadenaRota: 0, trabajadoresConAlteraciones: 0 };
  for (const verdict of verdicts.values()) {
    summary.alteradas += verdict.alteradas;
    summary.cadenaRota += verdict.cadenaRota;
    if (verdict.alteradas + verdict.cadenaRota > 0 || verdict.tail) summary.trabajadoresConAlteraciones += 1;
  }
  summary.marcasAlteradas = summary.alteradas + summary.cadenaRota;
  return summary;
}

/** A worker's block, verified row by row, with its counts. */
interface VerifiedBlock {
  block: BloqueReporteMarcas;
  marcas: number;
  alteradas: number;
  cadenaRota: number;
}



/** Consecutive workers grouped so each chunk reads about `size` marks (a bigger worker goes alone). */
function* chunksByRows(workers: ReportWorker[], size: number | (() => number)): Generator<ReportWorker[]> {
  const limit = typeof size === 'number' ? () => size : size;
  let chunk: ReportWorker[] = [];
  let rows = 0;
  for (const worker of workers) {
    if (chunk.length > 0 && rows + worker.marcas > limit()) {
      yield chunk;
      chunk = [];
      rows = 0;
    }
    chunk.push(worker);
    rows += worker.marcas;
  }
  if (chunk.length > 0) yield chunk;
}

export function createMarksReportService({ db, audit, ledGroups }: { db: Db; audit: MarkAudit; ledGroups: LedGroupsPort }) {
  async function scopeOf(session: RequestSession): Promise<Scope> {
    if (session.perfil === 'administrador' || session.perfil === 'fiscalizador') return { all: true };
    if (session.perfil === 'supervisor') {
      return { groupIds: await ledGroups.ledGroupIds(session.companyId, session.userId), self: session.userId };
    }
    return { self: session.userId };
  }

  async function resolve(session: RequestSession, query: Omit<ReporteMarcasQueryInput, 'page' | 'pageSize'>, now: Date): Promise<ReportSelection> {
    requirePerfil(session, ...ACCESS.marksReport);
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
      const worker = await repo.workerInScope(db, companyId, query.usuarioId, scope);
      if (!worker) throw notFound(REPORT_MESSAGES.workerNotFound);
      labels.trabajador = `${worker.nombre} ${worker.apellidos} (${formatRut(worker.rut) ?? worker.rut})`;
    }
    if (query.grupoId !== undefined) {
      requireId(query.grupoId, REPORT_MESSAGES.groupNotFound);
      const group = await repo.groupName(db, companyId, query.grupoId);
      const inScope =
        'all' in scope ||
        ('groupIds' in scope
          ? scope.groupIds.includes(query.grupoId)
          : (await repo.groupOfUser(db, companyId, scope.self)) === query.grupoId);
      if (!group || !inScope) throw notFound(REPORT_MESSAGES.groupNotFound);
      labels.grupo = group;
    }
    if (query.sedeId !== undefined) {
      requireId(query.sedeId, REPORT_MESSAGES.siteNotFound);
      const site = await repo.siteName(db, companyId, query.sedeId);
      if (!site) throw notFound(REPORT_MESSAGES.siteNotFound);
      labels.sede = site;
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
   * The workers with marks in the selection, by surname (accents folded), with their row counts and
   * the selection's totals: a page of them (`limit`, `offset`), or all of them for an export. Only
   * the page's workers are read from `users`; the marks are only counted.
   */
  async function workerPage(selection: ReportSelection, page: { limit: number; offset: number } | null): Promise<{ workers: ReportWorker[]; trabajadores: number; marcas: number }> {
    const rows = await repo.workerPageRows(db, selection, page);
    const first = rows[0];
    const workers = rows
      .filter((row) => row.id !== null)
      .map((row) => ({ id: row.id!, nombre: row.nombre, apellidos: row.apellidos, rut: formatRut(row.rut) ?? row.rut, cargo: row.cargo, grupo: row.grupo, sede: row.sede, marcas: Number(row.marcas) }));
    return { workers, trabajadores: Number(first?.trabajadores ?? 0), marcas: Number(first?.total_marcas ?? 0) };
  }

  /** Re-verifies, before any verdict is read, the workers of the selection whose marks changed since their last audit. */
  async function refreshStale(selection: ReportSelection): Promise<void> {
    const ids = await repo.staleSelectionWorkers(db, selection);
    for (let i = 0; i < ids.length; i += 200) await audit.auditWorkers(selection.companyId, ids.slice(i, i + 200));
  }

  /**
   * The stored audit verdicts of the selection's flagged workers: the flagged marks that fall in the
   * selection, per worker and kind, and the workers whose chain end is flagged. Findings are rare, so
   * both read a handful of rows.
   */
  async function storedVerdicts(selection: ReportSelection): Promise<Map<string, WorkerVerdict>> {
    const { flagged, tails } = await repo.storedVerdictRows(db, selection);
    const verdicts = new Map<string, WorkerVerdict>();
    const of = (userId: string) => {
      let verdict = verdicts.get(userId);
      if (!verdict) verdicts.set(userId, (verdict = { alteradas: 0, cadenaRota: 0, tail: false }));
      return verdict;
    };
    for (const row of flagged) {
      if (row.integrity === 'alterada') of(row.user_id).alteradas += Number(row.n);
      else of(row.user_id).cadenaRota += Number(row.n);
    }
    for (const row of tails) of(row.user_id).tail = true;
    return verdicts;
  }


  /** The blocks of the given workers, in their order, each row verified against its chain. */
  async function* verifiedBlocks(
    selection: ReportSelection,
    workers: ReportWorker[],
    chunkRows: number | 'adaptive' = CHUNK_ROWS,
  ): AsyncGenerator<VerifiedBlock> {
    let size = chunkRows === 'adaptive' ? EXPORT_CHUNK_ROWS.first : chunkRows;
    for (const chunk of chunksByRows(workers, () => size)) {
      // PGlite answers in this thread: let other requests in between two reads.
      await yieldToLoop();
      const ids = chunk.map((worker) => worker.id);
      const readStarted = performance.eventLoopUtilization();
      // Each worker's marks of the period with their chain predecessor, and the workers' chain heads (reports.repository.ts).
      const readRows = () => repo.chunkMarks(db, selection, ids);
      const readHeads = () => repo.chunkHeads(db, selection.companyId, ids);
      // An export reads one statement at a time with a yield in between (PGlite runs each in this thread).
      const [{ rows: raw }, heads] =
        chunkRows === 'adaptive' ? [await readRows(), await yieldToLoop().then(readHeads)] : await Promise.all([readRows(), readHeads()]);
      if (chunkRows === 'adaptive') {
        // The time the read held this thread (PGlite), not its wall time: a PostgreSQL read waits on the network.
        const readMs = performance.eventLoopUtilization(readStarted).active;
        if (readMs > EXPORT_READ_TARGET_MS) size = Math.max(EXPORT_CHUNK_ROWS.min, Math.floor(size / 2));
        else if (readMs < EXPORT_READ_TARGET_MS / 2) size = Math.min(EXPORT_CHUNK_ROWS.max, size * 2);
      }
      const rows = raw.map(markRowFromRaw);

      // Corrections come later in the same worker's chain: read each chain only from its first row shown.
      const firstSeq = new Map<string, number>();
      for (const row of rows) {
        firstSeq.set(row.mark.userId, Math.min(firstSeq.get(row.mark.userId) ?? Infinity, row.mark.seq));
      }
      const corrections: { id: string; seq: number; target: string }[] = [];
      await yieldToLoop();
      if (firstSeq.size > 0) {
        const result = await repo.correctionsAfter(db, selection.companyId, firstSeq);
        for (const row of result) corrections.push({ id: row.id, seq: Number(row.seq), target: row.target });
      }
      // Corrections: the latest correction of each mark, and the sequence of each corrected mark.
      const correctedBy = new Map<string, { marcaId: string; secuencia: number }>();
      for (const correction of corrections) correctedBy.set(correction.target, { marcaId: correction.id, secuencia: correction.seq });
      const targets = [...new Set(rows.map((row) => row.mark.correctsMarkId).filter((id): id is string => id !== null))];
      const targetSeq = new Map<string, number>();
      if (targets.length > 0) {
        await yieldToLoop();
        const found = await repo.markSeqs(db, selection.companyId, targets);
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
    const company = await repo.companyHeading(db, companyId);
    return { razonSocial: company?.razonSocial ?? '', rut: company ? (formatRut(company.rut) ?? company.rut) : '' };
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
      await refreshStale(selection);
      const [{ workers, trabajadores, marcas }, stored, empresa] = await Promise.all([
        workerPage(selection, { limit: query.pageSize, offset: (query.page - 1) * query.pageSize }),
        storedVerdicts(selection),
        companyOf(selection.companyId),
      ]);
      // The page's rows are verified as they are shown; their verdict replaces the stored one.
      const bloques: BloqueReporteMarcas[] = [];
      const verdicts = new Map(stored);
      const disagree: string[] = [];
      for await (const verified of verifiedBlocks(selection, workers)) {
        bloques.push(verified.block);
        const id = verified.block.trabajador.id;
        const live: WorkerVerdict = { alteradas: verified.alteradas, cadenaRota: verified.cadenaRota, tail: verified.block.alertaCadena !== null };
        const before = stored.get(id);
        if (live.alteradas !== (before?.alteradas ?? 0) || live.cadenaRota !== (before?.cadenaRota ?? 0) || live.tail !== (before?.tail ?? false)) disagree.push(id);
        if (live.alteradas + live.cadenaRota > 0 || live.tail) verdicts.set(id, live);
        else verdicts.delete(id);
      }
      // A change the stored verdict missed (made with every trigger off): store the new verdict now.
      if (disagree.length > 0) await audit.auditWorkers(selection.companyId, disagree);
      return {
        empresa,
        periodo: { desde: selection.desde, hasta: selection.hasta },
        generadoEn: clStamp(now),
        // The summary covers the whole report (a flagged row on another page still counts), from the audit's verdicts.
        resumen: summaryFrom({ trabajadores, marcas }, verdicts),
        bloques,
        total: trabajadores,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    /**
     * The whole report as a file, streamed: the heading (with the audit's verdicts) first, then each
     * worker's block as its rows are read, verified and written, in chunks of marks (EXPORT_CHUNK_ROWS).
     * Validation errors are thrown before the first byte; the stream is returned at once.
     */
    exportFile(session: RequestSession, query: ExportarReporteMarcasInput, now: Date): Promise<{ stream: Readable; filename: string; contentType: string }> {
      // In the company's export turn (lib/render) until the stream closes.
      return runStreamedExport(session.companyId, async () => {
        const selection = await resolve(session, query, now);
        await refreshStale(selection);
        const base = `reporte-marcas-${selection.desde}-a-${selection.hasta}`;
        if (query.formato === 'csv') {
          // No row limit and no heading: the file starts at once and the selection is read as it is pulled.
          const rows = (async function* () {
            // The header line is pulled just before this: let the response send it (Node writes a response's
            // first chunk on the next tick) before the selection's count holds the thread (PGlite).
            await yieldToLoop();
            const { workers } = await workerPage(selection, null);
            await yieldToLoop();
            for await (const verified of verifiedBlocks(selection, workers, 'adaptive')) yield verified.block;
          })();
          return { stream: marksReportCsv(rows), filename: `${base}.csv`, contentType: CSV_CONTENT_TYPE };
        }
        // One statement at a time with a yield in between, as the blocks are read (PGlite runs each in this thread).
        const { workers, trabajadores, marcas } = await workerPage(selection, null);
        await yieldToLoop();
        const stored = await storedVerdicts(selection);
        await yieldToLoop();
        const empresa = await companyOf(selection.companyId);
        const max = query.formato === 'pdf' ? REPORTE_MAX_FILAS_PDF : REPORTE_MAX_FILAS_XLSX;
        if (marcas > max) throw new AppError('VALIDATION', REPORT_MESSAGES.tooManyRows(marcas, max, query.formato));
        const heading: ReportHeading = {
          empresa,
          periodo: { desde: selection.desde, hasta: selection.hasta },
          generadoEn: clStamp(now),
          filtros: filterLabels(selection),
          resumen: summaryFrom({ trabajadores, marcas }, stored),
        };
        const blocks = (async function* () {
          for await (const verified of verifiedBlocks(selection, workers, 'adaptive')) yield verified.block;
        })();
        if (query.formato === 'pdf') return { stream: marksReportPdf(heading, blocks), filename: `${base}.pdf`, contentType: 'application/pdf' };
        return { stream: marksReportXlsx(heading, blocks), filename: `${base}.xlsx`, contentType: XLSX_CONTENT_TYPE };
      });
    },

    /** Groups and sites a caller may filter by. */
    async options(session: RequestSession): Promise<OpcionesReporte> {
      requirePerfil(session, ...ACCESS.marksReport);
      const companyId = session.companyId;
      const scope = await scopeOf(session);
      const [grupos, sedes] = await Promise.all([repo.optionGroups(db, companyId, scope), repo.optionSites(db, companyId, scope)]);
      return { grupos, sedes };
    },

    /** Workers in the caller's scope matching a search (name, surname or RUT), or one by id. */
    async workers(session: RequestSession, query: { q?: string | undefined; id?: string | undefined }): Promise<TrabajadoresReporte> {
      requirePerfil(session, ...ACCESS.marksReport);
      const scope = await scopeOf(session);
      if (query.id !== undefined) requireId(query.id, REPORT_MESSAGES.workerNotFound);
      const rows = await repo.searchWorkers(db, session.companyId, scope, query, WORKER_SEARCH_LIMIT);
      if (query.id !== undefined && rows.length === 0) throw notFound(REPORT_MESSAGES.workerNotFound);
      return { items: rows.map((row) => ({ ...row, rut: formatRut(row.rut) ?? row.rut })) };
    },
  };
}

export type MarksReportService = ReturnType<typeof createMarksReportService>;
