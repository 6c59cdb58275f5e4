/**
 * The management reports (asistencia, atrasos, ausencias, permisos asignados, horas extra, dotación):
 * one use case for the six. It checks the perfil and the period, resolves the selection through the
 * attendance module (scope, 404 for ids outside it), brings the stored days up to date, and reads a
 * page (SQL pagination and sort), the totals of the whole selection and the chart through the
 * report's definition. Exports stream every row in chunks through the same definition.
 */
import {
  ACCESS,
  REPORTE_MAX_ANIOS,
  REPORTES_GESTION_INFO,
  REPORTES_GESTION_ACCESS,
  type exportarReporteGestionQuerySchema,
  type OpcionesReporteGestion,
  type reporteGestionQuerySchema,
  type ReporteGestion,
  type ReporteGestionResponse,
} from '@jornada/contracts';
import { addDays, diffDays, formatRut } from '@jornada/domain';
import type { Readable } from 'node:stream';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { fieldError } from '../../lib/access';
import { localDate } from '../../lib/clock';
import { runStreamedExport } from '../../lib/render/index';
import { CSV_CONTENT_TYPE, XLSX_CONTENT_TYPE } from '../../lib/spreadsheet/index';
import type { RequestSession } from '../../plugins/types';
import type { AttendanceReports } from '../attendance/index';
import type { WorkerOvertimeReviews } from '../overtime/index';
import type { PermissionReports } from '../permissions/index';
import { REPORT_DEFINITIONS, type ReportChunks, type ReportContext, type ReportDefinition, type ReportSortInput } from './management-reports.definitions';
import { companyHeading } from './management-reports.repository';
import { monthOf, plusYears } from './marks-report.format';
import type { TableHeading } from './report-table';
import { tableReportCsv } from './report-table.csv';
import { tableReportPdf } from './report-table.pdf';
import { tableReportXlsx } from './report-table.xlsx';

type ReporteGestionInput = z.output<typeof reporteGestionQuerySchema>;
type ExportarReporteGestionInput = z.output<typeof exportarReporteGestionQuerySchema>;

const MANAGEMENT_REPORT_MESSAGES = {
  reversed: 'La fecha final no puede ser anterior a la inicial.',
  tooLong: `El periodo no puede superar ${REPORTE_MAX_ANIOS} años: acórtalo o divídelo en varios reportes.`,
  badSort: (clave: string) => `No se puede ordenar por «${clave}».`,
} as const;

/** Rows read per round trip of an export that reads page by page. */
const EXPORT_CHUNK = 200;
/**
 * Workers whose days are read per round trip of a worker report's export, adapted as it goes: a read
 * that held the event loop longer than EXPORT_READ_TARGET_MS halves the next one, a quick one doubles
 * it. It starts at about 2,000 days a read; on PGlite the read runs in the server's own thread (a year
 * of 57 workers' days in one read held it 2 s), on PostgreSQL the thread only waits and the reads grow.
 */
const EXPORT_READ_DAYS = 2_000;
const EXPORT_READ_TARGET_MS = 40;
const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

const stampFormat = new Intl.DateTimeFormat('es-CL', {
  timeZone: 'America/Santiago',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});
/** `dd/mm/aaaa hh:mm:ss` in Santiago. */
function clStamp(at: Date): string {
  const p: Record<string, string> = {};
  for (const part of stampFormat.formatToParts(at)) p[part.type] = part.value;
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}:${p.second}`;
}

/** A report's rows for an export: read whole where the definition can (`pages`), otherwise page by page. */
async function chunksOf(definition: ReportDefinition, ctx: ReportContext, sort: ReportSortInput): Promise<ReportChunks> {
  if (definition.pages) {
    let size = Math.max(1, Math.min(EXPORT_CHUNK, Math.floor(EXPORT_READ_DAYS / (diffDays(ctx.desde, ctx.hasta) + 1))));
    const source = await definition.pages(ctx, sort, () => size);
    await yieldToLoop();
    const reads = source.chunks[Symbol.asyncIterator]();
    const chunks = (async function* () {
      for (;;) {
        const started = performance.now();
        const next = await reads.next();
        const ms = performance.now() - started;
        if (ms > EXPORT_READ_TARGET_MS) size = Math.max(1, Math.floor(size / 2));
        else if (ms < EXPORT_READ_TARGET_MS / 2) size = Math.min(EXPORT_CHUNK, size * 2);
        if (next.done) return;
        yield next.value;
        await yieldToLoop();
      }
    })();
    return { ...source, chunks };
  }
  const first = await definition.page(ctx, sort, { limit: EXPORT_CHUNK, offset: 0 });
  const chunks = (async function* () {
    yield first.filas;
    for (let offset = EXPORT_CHUNK; offset < first.total; offset += EXPORT_CHUNK) {
      const next = await definition.page(ctx, sort, { limit: EXPORT_CHUNK, offset });
      if (next.filas.length === 0) break;
      yield next.filas;
    }
  })();
  return { total: first.total, totales: first.totales, chunks };
}

export function createManagementReportsService({
  db,
  attendance,
  permissions,
  overtimeReviews,
}: {
  db: Db;
  attendance: AttendanceReports;
  permissions: PermissionReports;
  /** modules/overtime's reviews and pacts, for the overtime report. */
  overtimeReviews: (companyId: string, userIds: readonly string[], from: string, to: string) => Promise<Map<string, WorkerOvertimeReviews>>;
}) {
  /** The period (default the current month; at most 5 years), the selection checked and brought up to date. */
  async function contextOf(session: RequestSession, reporte: ReporteGestion, query: Omit<ReporteGestionInput, 'page' | 'pageSize'>, now: Date): Promise<ReportContext> {
    const today = localDate(now);
    const desde = query.desde ?? monthOf(query.hasta ?? today).first;
    const hasta = query.hasta ?? monthOf(query.desde ?? today).last;
    if (hasta < desde) throw fieldError('hasta', MANAGEMENT_REPORT_MESSAGES.reversed);
    if (hasta >= plusYears(desde, REPORTE_MAX_ANIOS)) throw fieldError('hasta', MANAGEMENT_REPORT_MESSAGES.tooLong);
    // A day still running is not added up: the last closed day is yesterday when the period reaches today.
    const closed = hasta < today ? hasta : addDays(today, -1);
    const selection = await attendance.select(
      session,
      ACCESS[REPORTES_GESTION_ACCESS[reporte]],
      { desde, hasta, usuarioId: query.usuarioId, grupoId: query.grupoId, sedeId: query.sedeId, cargo: query.cargo, turnoId: query.turnoId },
      closed,
    );
    // One statement (or evaluation) at a time with a turn of the event loop between them: on PGlite each holds the server's thread.
    await yieldToLoop();
    await attendance.refresh(selection, now);
    await yieldToLoop();
    return { selection, desde, hasta, closed, attendance, permissions, overtimeReviews: (ids, from, to) => overtimeReviews(selection.companyId, ids, from, to) };
  }

  function sortOf(definition: ReportDefinition, query: { orden?: string | undefined; direccion?: 'asc' | 'desc' | undefined }): ReportSortInput {
    if (query.orden === undefined || query.orden === '') return { clave: definition.orden.clave, direccion: query.direccion ?? definition.orden.direccion };
    const column = definition.columnas.find((c) => c.clave === query.orden && c.ordenable);
    if (!column) throw fieldError('orden', MANAGEMENT_REPORT_MESSAGES.badSort(query.orden.slice(0, 40)));
    return { clave: column.clave, direccion: query.direccion ?? (column.tipo === 'texto' ? 'asc' : 'desc') };
  }

  async function companyOf(companyId: string) {
    const company = await companyHeading(db, companyId);
    return { razonSocial: company?.razonSocial ?? '', rut: company ? (formatRut(company.rut) ?? company.rut) : '' };
  }

  /**
   * The whole report as a file, streamed: validation, the count and the totals before the first byte,
   * then the rows in chunks of EXPORT_CHUNK as the writer takes them.
   */
  async function openExport(session: RequestSession, reporte: ReporteGestion, query: ExportarReporteGestionInput, now: Date): Promise<{ stream: Readable; filename: string; contentType: string }> {
    const definition = REPORT_DEFINITIONS[reporte];
    const sort = sortOf(definition, query);
    const ctx = await contextOf(session, reporte, query, now);
    const [source, empresa] = await Promise.all([chunksOf(definition, ctx, sort), companyOf(ctx.selection.companyId)]);
    const heading: TableHeading = {
      titulo: REPORTES_GESTION_INFO[reporte].titulo,
      empresa,
      periodo: { desde: ctx.desde, hasta: ctx.hasta, hastaCerrado: ctx.closed },
      generadoEn: clStamp(now),
      filtros: ctx.selection.labels,
      nota: definition.nota,
      columnas: definition.columnas,
      columnasDetalle: definition.columnasDetalle,
      totales: source.totales,
      total: source.total,
      unidad: definition.unidad,
    };
    const { chunks } = source;
    const base = `reporte-${reporte}-${ctx.desde}-a-${ctx.hasta}`;
    if (query.formato === 'pdf') return { stream: tableReportPdf(heading, chunks), filename: `${base}.pdf`, contentType: 'application/pdf' };
    if (query.formato === 'csv') return { stream: tableReportCsv(heading, chunks), filename: `${base}.csv`, contentType: CSV_CONTENT_TYPE };
    return { stream: tableReportXlsx(heading, chunks), filename: `${base}.xlsx`, contentType: XLSX_CONTENT_TYPE };
  }

  return {
    async report(session: RequestSession, reporte: ReporteGestion, query: ReporteGestionInput, now: Date): Promise<ReporteGestionResponse> {
      const definition = REPORT_DEFINITIONS[reporte];
      const sort = sortOf(definition, query);
      const ctx = await contextOf(session, reporte, query, now);
      const [page, grafico, empresa] = await Promise.all([
        definition.page(ctx, sort, { limit: query.pageSize, offset: (query.page - 1) * query.pageSize }),
        definition.chart(ctx),
        companyOf(ctx.selection.companyId),
      ]);
      return {
        reporte,
        titulo: REPORTES_GESTION_INFO[reporte].titulo,
        empresa,
        desde: ctx.desde,
        hasta: ctx.hasta,
        hastaCerrado: ctx.closed,
        generadoEn: clStamp(now),
        filtros: ctx.selection.labels,
        columnas: definition.columnas,
        columnasDetalle: definition.columnasDetalle,
        filas: page.filas,
        total: page.total,
        page: query.page,
        pageSize: query.pageSize,
        orden: sort.clave,
        direccion: sort.direccion,
        totales: page.totales,
        grafico,
        nota: definition.nota,
      };
    },

    /** The whole report as a file (openExport), in the company's export turn (lib/render) until its stream closes. */
    exportFile(session: RequestSession, reporte: ReporteGestion, query: ExportarReporteGestionInput, now: Date): Promise<{ stream: Readable; filename: string; contentType: string }> {
      return runStreamedExport(session.companyId, () => openExport(session, reporte, query, now));
    },

    /** Groups, sites, cargos and shifts the caller may filter by (supervisor: their groups; trabajador: their own). */
    options(session: RequestSession): Promise<OpcionesReporteGestion> {
      return attendance.options(session, ACCESS[REPORTES_GESTION_ACCESS.asistencia]);
    },
  };
}

export type ManagementReportsService = ReturnType<typeof createManagementReportsService>;
