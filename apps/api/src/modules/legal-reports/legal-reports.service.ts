/**
 * The DT's legal reports (Res. Ex. 38 of 2024) for administradores and fiscalizadores (the inspector
 * portal opens a fiscalizador session of the chosen employer; every request it makes is logged by the
 * auth hook): a) to d) and f) built as one document of text cells, shown on screen and exported to
 * Excel, PDF and Word unchanged; the incidents log (f) and its detected outages; the daily e-mail (e).
 */
import {
  ACCESS,
  COLUMNA_DEJ,
  diasPeriodo,
  hhmmss,
  PERIODO_REPORTE_LEGAL_LABELS,
  periodoReporteLegal,
  REPORTE_LEGAL_COLUMNAS,
  REPORTE_LEGAL_NO_EXISTE,
  REPORTES_LEGALES,
  REPORTE_LEGAL_TITULOS,
  REPORTE_LEGAL_VACIO,
  REPORTE_SIN_INCIDENTES,
  TIPO_JORNADA_LABELS,
  type BloqueReporteLegal,
  type exportarReporteLegalQuerySchema,
  type Incidente,
  type IncidenteBody,
  type incidentesQuerySchema,
  type IncidentesPage,
  type OpcionesReporteLegal,
  type ReporteLegal,
  type ReporteLegalId,
  type reporteLegalQuerySchema,
} from '@jornada/contracts';
import { addDays, formatRut, partTimeMaxWeeklyHours, weekStart } from '@jornada/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { runAsSystem } from '../../db/tenant-context';
import { fieldError, notFound, requireId, requirePerfil } from '../../lib/access';
import { localDate } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { renderInWorker, runExport } from '../../lib/render/index';
import { XLSX_CONTENT_TYPE } from '../../lib/spreadsheet/index';
import type { RequestSession } from '../../plugins/types';
import type { LegalAttendance, LegalDay, LegalWorker, LegalWorkerFilter } from './legal-reports.attendance';
import { isCommerce, type PlanningService } from '../planning/index';
import type { ShiftCatalogPort, ShiftRow } from '../shifts/index';
import {
  attendanceRows,
  changeRows,
  CHILE_ZONE,
  dailyWorkdayRows,
  dejOf,
  glossary,
  includesSundays,
  incidentRows,
  instantText,
  longDate,
  sundayRows,
} from './legal-reports.model';
import type { LegalReportFormat, LegalReportRenderInput } from './legal-reports.render';
import * as repo from './legal-reports.repository';

type ReporteLegalInput = z.output<typeof reporteLegalQuerySchema>;
type ExportarReporteLegalInput = z.output<typeof exportarReporteLegalQuerySchema>;
type IncidentesInput = z.output<typeof incidentesQuerySchema>;

/**
 * Rows (a day, a week's total, a change, an incident; an empty block counts one) one download may hold,
 * in any of its formats: about 1,600 workers for a month of a) or b), or 60 for two years. The render
 * thread draws it within its heap (lib/render/limits.ts) in about a minute for the PDF, the slowest.
 */
const EXPORT_MAX_ROWS = 50_000;
/** Worker-days of stored days read per query while a file is built, adapted to take about EXPORT_READ_TARGET_MS each. */
const EXPORT_READ_DAYS = { first: 250, min: 28, max: 8_000 };
const EXPORT_READ_TARGET_MS = 40;
/** The legal reports' renderer, loaded by the render thread. */
const RENDERER = new URL('./legal-reports.render.ts', import.meta.url);
/** A gap this long between two heartbeats is an outage proposed as an incident. */
const OUTAGE_GAP_MS = 5 * 60_000;
export const HEARTBEAT_EVERY_MS = 60_000;
const HEARTBEAT_NAME = 'api';

const LEGAL_MESSAGES = {
  workerNotFound: 'El trabajador no existe.',
  groupNotFound: 'El grupo no existe.',
  siteNotFound: 'La sede no existe.',
  shiftNotFound: 'El turno no existe.',
  incidentNotFound: 'El incidente no existe.',
  tooMany: `Una descarga admite hasta ${EXPORT_MAX_ROWS.toLocaleString('es-CL')} filas y este reporte tiene más: filtra por grupo, sede, cargo, turno o trabajador, o acorta el periodo.`,
  notProposed: 'Solo se confirma o descarta un incidente propuesto por el sistema.',
  outage: 'Interrupción detectada por el sistema: no registró actividad entre estas horas (base de datos no disponible o servidor detenido).',
} as const;

const CONTENT_TYPES = { xlsx: XLSX_CONTENT_TYPE, pdf: 'application/pdf', docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' } as const;
const FILE_NAMES: Record<ReporteLegalId, string> = {
  asistencia: 'reporte-asistencia',
  jornada: 'reporte-jornada-diaria',
  domingos: 'reporte-domingos-festivos',
  modificaciones: 'reporte-modificaciones-turnos',
  incidentes: 'reporte-incidentes-tecnicos',
};

interface LegalReportsDeps {
  db: Db;
  attendance: LegalAttendance;
  planning: PlanningService;
  /** The company's shifts (modules/shifts' `app.shiftCatalog`): the shift filter's choices and heading. */
  shiftCatalog: Pick<ShiftCatalogPort, 'all'>;
  log?: FastifyBaseLogger;
}

type Filters = Omit<ReporteLegalInput, 'page' | 'pageSize'>;

const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));
/** Days from `from` to `to`, both included (0 when `to` comes first). */
const overlapDays = (from: string, to: string) => (to < from ? 0 : diasPeriodo(from, to));

function incidentOf(row: repo.IncidentRow): Incidente {
  return {
    id: row.id,
    inicio: row.startsAt.toISOString(),
    fin: row.endsAt.toISOString(),
    duracion: hhmmss((row.endsAt.getTime() - row.startsAt.getTime()) / 1000),
    descripcion: row.description,
    estado: row.state,
    origen: row.origin,
    creadoEn: row.createdAt.toISOString(),
  };
}

/** «08:00–17:00 (Diurno)»: a shift by its hours, as the filter and the heading name it. */
function shiftLabel(shift: Pick<ShiftRow, 'startTime' | 'endTime' | 'nombre'>): string {
  return `${shift.startTime}–${shift.endTime} (${shift.nombre})`;
}

export function createLegalReportsService({ db, attendance, planning, shiftCatalog }: LegalReportsDeps) {
  /** The filters' ids must be this company's (404 otherwise); their names go on the report. */
  async function describeFilters(companyId: string, q: Filters, desde: string, hasta: string) {
    const check = async <T>(id: string | undefined, find: (id: string) => Promise<T | undefined>, message: string): Promise<T | undefined> => {
      if (id === undefined) return undefined;
      const found = isUuid(id) ? await find(id) : undefined;
      if (found === undefined) throw notFound(message);
      return found;
    };
    const [worker, group, site, shift] = await Promise.all([
      check(q.usuarioId, (id) => repo.workerName(db, companyId, id), LEGAL_MESSAGES.workerNotFound),
      check(q.grupoId, (id) => repo.groupName(db, companyId, id), LEGAL_MESSAGES.groupNotFound),
      check(q.sedeId, (id) => repo.siteName(db, companyId, id), LEGAL_MESSAGES.siteNotFound),
      check(q.turnoId, async (id) => (await shiftCatalog.all(db, companyId)).find((s) => s.id === id), LEGAL_MESSAGES.shiftNotFound),
    ]);
    const all = 'Todos';
    return [
      { etiqueta: 'Periodo', valor: `${PERIODO_REPORTE_LEGAL_LABELS[q.periodo]}: ${longDate(desde)} al ${longDate(hasta)}` },
      { etiqueta: 'Trabajador', valor: worker ? `${worker.apellidos}, ${worker.nombre} (${formatRut(worker.rut) ?? worker.rut})` : all },
      { etiqueta: 'Grupo', valor: group ?? all },
      { etiqueta: 'Sede', valor: site ?? 'Todas' },
      { etiqueta: 'Cargo', valor: q.cargo || all },
      { etiqueta: 'Turno', valor: shift ? shiftLabel(shift) : all },
      { etiqueta: 'Tipo de jornada', valor: q.tipoJornada ? TIPO_JORNADA_LABELS[q.tipoJornada] : 'Todas' },
    ];
  }

  function blockHeading(w: LegalWorker, partTimeMax: number): Pick<BloqueReporteLegal, 'titulo' | 'detalles'> {
    // A worker excluded from the hours limit (art. 22 inc. 2) has no jornada, whatever hours the contract names.
    const hours = w.excluidoLimiteJornada ? null : w.horasSemanales;
    const tipo = w.excluidoLimiteJornada ? 'excluida' : hours !== null && hours <= partTimeMax ? 'parcial' : 'completa';
    return {
      titulo: `${w.apellidos}, ${w.nombre}`,
      detalles: [
        `RUT ${formatRut(w.rut) ?? w.rut}`,
        `Cargo: ${w.cargo ?? '—'}`,
        // The place of work by its address (DT Res. 38), as the receipts print it.
        `Sede: ${w.siteNombre ? `${w.siteNombre}${w.siteDireccion ? ` (${w.siteDireccion})` : ''}` : '—'}`,
        `Grupo: ${w.groupNombre ?? '—'}`,
        `${TIPO_JORNADA_LABELS[tipo]}${hours !== null ? ` (${hours} h semanales)` : ''}`,
      ],
    };
  }

  /** Checks the perfil, the report and the period, and writes the heading every page and file of it shares. */
  async function prepare(session: RequestSession, reporte: string, q: Filters, now: Date) {
    requirePerfil(session, ...ACCESS.legalReports);
    if (!(REPORTES_LEGALES as readonly string[]).includes(reporte)) throw notFound(REPORTE_LEGAL_NO_EXISTE);
    const id = reporte as ReporteLegalId;
    const companyId = session.companyId;
    const today = localDate(now);
    const { desde, hasta } = periodoReporteLegal(q.periodo, q.desde ?? today, q.hasta);
    if (diasPeriodo(desde, hasta) > 5 * 366) throw fieldError('hasta', 'El rango no puede superar 5 años.');
    const [company, filtros] = await Promise.all([repo.company(db, companyId), describeFilters(companyId, q, desde, hasta)]);
    if (!company) throw notFound();
    // D.E.J.: the company's own resolution, or its workers' (each day says the one its worker was under).
    const companyDej = company.resolucion ? `D.E.J.${company.resolucionNumero ? ` Res. ${company.resolucionNumero}` : ''}` : null;
    const dejColumn = company.resolucion || company.jornadasExcepcionales;
    const columnas = id === 'jornada' && dejColumn ? [...REPORTE_LEGAL_COLUMNAS.jornada, COLUMNA_DEJ] : [...REPORTE_LEGAL_COLUMNAS[id]];
    const base = {
      reporte: id,
      titulo: REPORTE_LEGAL_TITULOS[id],
      empresa: { razonSocial: company.razonSocial, rut: formatRut(company.rut) ?? company.rut },
      desde,
      hasta,
      filtros,
      columnas,
      glosario: glossary(),
      generadoEn: instantText(now),
    };
    const partTimeMax = partTimeMaxWeeklyHours(hasta);
    const filter: LegalWorkerFilter = {
      userId: q.usuarioId,
      grupoId: q.grupoId,
      sedeId: q.sedeId,
      cargo: q.cargo || undefined,
      shiftId: q.turnoId,
      tipoJornada: q.tipoJornada,
      partTimeMaxHours: partTimeMax,
      activeFrom: desde,
      activeTo: hasta,
    };
    // b) settles whole weeks: read through the Sunday of the period's last week.
    const [readFrom, readTo] = id === 'jornada' ? [weekStart(desde), addDays(weekStart(hasta), 6)] : [desde, hasta];
    return { id, companyId, today, desde, hasta, readFrom, readTo, dejColumn, companyDej, commerce: isCommerce(company.rubro), partTimeMax, filter, base };
  }
  type Prepared = Awaited<ReturnType<typeof prepare>>;

  /** f): the confirmed incidents of the period, one block. */
  async function incidentsBlocks(p: Prepared): Promise<Pick<ReporteLegal, 'bloques' | 'vacio' | 'total'>> {
    const incidents = await repo.confirmedIncidents(db, p.companyId, new Date(`${addDays(p.desde, -1)}T00:00:00Z`), new Date(`${addDays(p.hasta, 2)}T00:00:00Z`));
    // The UTC bounds are a day wider than any Chilean zone; keep what touches the period in Chile.
    const inPeriod = incidents.filter((i) => localDate(i.endsAt, CHILE_ZONE) >= p.desde && localDate(i.startsAt, CHILE_ZONE) <= p.hasta);
    return {
      bloques: inPeriod.length ? [{ titulo: 'Registro de incidentes técnicos', detalles: [], filas: incidentRows(inPeriod), vacio: null }] : [],
      vacio: inPeriod.length ? null : REPORTE_SIN_INCIDENTES,
      total: inPeriod.length ? 1 : 0,
    };
  }

  /** The blocks of these workers over their stored days (read with `attendance.days`), as text cells. */
  function dayBlocks(p: Prepared, workers: readonly LegalWorker[], days: ReadonlyMap<string, LegalDay[]>): BloqueReporteLegal[] {
    return workers.map((w) => {
      const inContract = (d: LegalDay) => d.fecha >= w.inicioContrato && (w.finContrato === null || d.fecha <= w.finContrato);
      const all = (days.get(w.id) ?? []).filter(inContract);
      const shown = all.filter((d) => d.fecha >= p.desde && d.fecha <= p.hasta && d.fecha <= p.today);
      const heading = blockHeading(w, p.partTimeMax);
      if (p.id === 'asistencia') return { ...heading, filas: attendanceRows(shown), vacio: null };
      if (p.id === 'jornada') return { ...heading, filas: dailyWorkdayRows(all, p.desde, p.hasta, p.today, p.dejColumn ? dejOf(w.jornadaExcepcional, p.companyDej) : null, w.excluidoLimiteJornada), vacio: null };
      return includesSundays(shown) ? { ...heading, filas: sundayRows(shown, p.commerce, w), vacio: null } : { ...heading, filas: [], vacio: REPORTE_LEGAL_VACIO.sinDomingos };
    });
  }

  /** d): the planning change log of these workers, a block each. */
  async function changeBlocks(p: Prepared, workers: readonly LegalWorker[]): Promise<BloqueReporteLegal[]> {
    const changes = await planning.changeLog(p.companyId, workers.map((w) => w.id), p.desde, p.hasta);
    return workers.map((w) => {
      const own = changes.filter((c) => c.usuario.id === w.id);
      return { ...blockHeading(w, p.partTimeMax), filas: changeRows(own, w.zone), vacio: own.length ? null : REPORTE_LEGAL_VACIO.sinCambios };
    });
  }

  /** Builds one page of a report on screen: `pageSize` worker blocks. */
  async function build(session: RequestSession, reporte: string, q: Filters, paging: { page: number; pageSize: number }, now: Date): Promise<ReporteLegal> {
    const p = await prepare(session, reporte, q, now);
    if (p.id === 'incidentes') return { ...p.base, ...(await incidentsBlocks(p)), page: 1, pageSize: 1 };
    const { page, pageSize } = paging;
    const { items: workers, total } = await attendance.workers(p.companyId, p.filter, { limit: pageSize, offset: (page - 1) * pageSize });
    const bloques =
      p.id === 'modificaciones' ? await changeBlocks(p, workers) : dayBlocks(p, workers, await attendance.days(p.companyId, workers.map((w) => w.id), p.readFrom, p.readTo, now));
    return { ...p.base, bloques, vacio: total === 0 ? REPORTE_LEGAL_VACIO.sinTrabajadores : null, total, page, pageSize };
  }

  /**
   * Every block of a report for a file, read a slice at a time with a yield to the event loop between
   * reads: a few workers' stored days (or one worker's, a window of dates at a time), about `days`
   * worker-days a query, adapted as it goes (a read that held the thread longer than EXPORT_READ_TARGET_MS
   * halves the next, a quick one doubles it: on PGlite each read runs in the server's thread). Each slice
   * of blocks is written as JSON text at once, what the render thread is handed. A report with more than
   * EXPORT_MAX_ROWS rows is refused before its days are read when its days alone are too many (a) and b)
   * have a row per day of each contract), and as soon as its rows pass the limit otherwise.
   */
  async function exportInput(session: RequestSession, reporte: string, q: Filters, formato: LegalReportFormat, now: Date): Promise<LegalReportRenderInput> {
    const p = await prepare(session, reporte, q, now);
    if (p.id === 'incidentes') {
      const { bloques, ...rest } = await incidentsBlocks(p);
      return { formato, head: { ...p.base, ...rest, page: 1, pageSize: 1 }, bloques: [JSON.stringify(bloques)] };
    }
    const { items: workers, total } = await attendance.workers(p.companyId, p.filter, null);
    if (p.id === 'asistencia' || p.id === 'jornada') {
      const last = p.hasta < p.today ? p.hasta : p.today;
      let days = 0;
      for (const w of workers) days += overlapDays(p.desde > w.inicioContrato ? p.desde : w.inicioContrato, w.finContrato !== null && w.finContrato < last ? w.finContrato : last);
      if (days > EXPORT_MAX_ROWS) throw new AppError('VALIDATION', LEGAL_MESSAGES.tooMany);
    }
    await yieldToLoop();
    const span = diasPeriodo(p.readFrom, p.readTo);
    let budget: number = EXPORT_READ_DAYS.first;
    const timed = async <T>(read: () => Promise<T>): Promise<T> => {
      const started = performance.now();
      const result = await read();
      const ms = performance.now() - started;
      if (ms > EXPORT_READ_TARGET_MS) budget = Math.max(EXPORT_READ_DAYS.min, Math.floor(budget / 2));
      else if (ms < EXPORT_READ_TARGET_MS / 2) budget = Math.min(EXPORT_READ_DAYS.max, budget * 2);
      await yieldToLoop();
      return result;
    };
    const bloques: string[] = [];
    let rows = 0;
    for (let i = 0; i < workers.length; ) {
      const group = workers.slice(i, i + Math.max(1, Math.floor(budget / span)));
      i += group.length;
      let slice: BloqueReporteLegal[];
      if (p.id === 'modificaciones') slice = await timed(() => changeBlocks(p, group));
      else {
        const ids = group.map((w) => w.id);
        const days = new Map<string, LegalDay[]>();
        for (let from = p.readFrom; from <= p.readTo; ) {
          // A group of several workers reads its whole range at once; one worker alone, a window of it.
          const window = group.length > 1 ? span : Math.max(7, budget);
          const to = addDays(from, window - 1) < p.readTo ? addDays(from, window - 1) : p.readTo;
          const read = await timed(() => attendance.days(p.companyId, ids, from, to, now));
          for (const [id, list] of read) {
            const own = days.get(id);
            if (own) own.push(...list);
            else days.set(id, list);
          }
          from = addDays(to, 1);
        }
        slice = dayBlocks(p, group, days);
      }
      for (const b of slice) rows += Math.max(1, b.filas.length);
      if (rows > EXPORT_MAX_ROWS) throw new AppError('VALIDATION', LEGAL_MESSAGES.tooMany);
      bloques.push(JSON.stringify(slice));
    }
    const head = { ...p.base, vacio: total === 0 ? REPORTE_LEGAL_VACIO.sinTrabajadores : null, total, page: 1, pageSize: Math.max(1, total) };
    return { formato, head, bloques };
  }

  return {
    report(session: RequestSession, id: string, query: ReporteLegalInput, now: Date): Promise<ReporteLegal> {
      const { page, pageSize, ...filters } = query;
      return build(session, id, filters, { page, pageSize }, now);
    },

    /**
     * The same document as the screen, every block, in one file: built in the company's export turn
     * (lib/render, at most one export per company at a time) and drawn in a render thread, so neither
     * the reading nor the drawing holds the server's event loop.
     */
    async exportFile(session: RequestSession, id: string, query: ExportarReporteLegalInput, now: Date) {
      requirePerfil(session, ...ACCESS.legalReports);
      const { formato, ...filters } = query;
      return runExport(session.companyId, async () => {
        const input = await exportInput(session, id, filters, formato, now);
        const body = await renderInWorker(RENDERER, input);
        return { body, contentType: CONTENT_TYPES[formato], filename: `${FILE_NAMES[input.head.reporte]}-${input.head.desde}-${input.head.hasta}.${formato}` };
      });
    },

    async options(session: RequestSession): Promise<OpcionesReporteLegal> {
      requirePerfil(session, ...ACCESS.legalReports);
      const [o, shifts] = await Promise.all([repo.options(db, session.companyId), shiftCatalog.all(db, session.companyId)]);
      const byHours = [...shifts].sort((a, b) => a.startTime.localeCompare(b.startTime) || a.nombre.localeCompare(b.nombre, 'es'));
      return { ...o, turnos: byHours.map((t) => ({ id: t.id, etiqueta: shiftLabel(t) })) };
    },

    // ---- f) the incidents log (administrador) ----

    async listIncidents(session: RequestSession, query: IncidentesInput): Promise<IncidentesPage> {
      requirePerfil(session, ...ACCESS.technicalIncidents);
      const { rows, total, proposed } = await repo.listIncidents(db, session.companyId, query.estado, { limit: query.pageSize, offset: (query.page - 1) * query.pageSize });
      return { items: rows.map(incidentOf), total, page: query.page, pageSize: query.pageSize, propuestos: proposed };
    },

    async createIncident(session: RequestSession, body: IncidenteBody, now: Date): Promise<Incidente> {
      requirePerfil(session, ...ACCESS.technicalIncidents);
      const row = await repo.insertIncident(db, {
        companyId: session.companyId,
        startsAt: new Date(body.inicio),
        endsAt: new Date(body.fin),
        description: body.descripcion,
        state: 'confirmado',
        origin: 'manual',
        createdBy: session.userId,
        createdAt: now,
        updatedBy: session.userId,
        updatedAt: now,
      });
      return incidentOf(row);
    },

    /** Edits an incident; editing a proposal confirms it (the administrator vouches for it). */
    async updateIncident(session: RequestSession, id: string, body: IncidenteBody, now: Date): Promise<Incidente> {
      requirePerfil(session, ...ACCESS.technicalIncidents);
      requireId(id, LEGAL_MESSAGES.incidentNotFound);
      const row = await repo.updateIncident(db, session.companyId, id, {
        startsAt: new Date(body.inicio),
        endsAt: new Date(body.fin),
        description: body.descripcion,
        state: 'confirmado',
        updatedBy: session.userId,
        updatedAt: now,
      });
      if (!row) throw notFound(LEGAL_MESSAGES.incidentNotFound);
      return incidentOf(row);
    },

    /** Confirms (it enters report f) or discards a detected outage. */
    async decideIncident(session: RequestSession, id: string, decision: 'confirmado' | 'descartado', now: Date): Promise<Incidente> {
      requirePerfil(session, ...ACCESS.technicalIncidents);
      requireId(id, LEGAL_MESSAGES.incidentNotFound);
      const found = await repo.findIncident(db, session.companyId, id);
      if (!found) throw notFound(LEGAL_MESSAGES.incidentNotFound);
      if (found.state !== 'propuesto') throw new AppError('CONFLICT', LEGAL_MESSAGES.notProposed);
      const row = await repo.updateIncident(db, session.companyId, id, { state: decision, updatedBy: session.userId, updatedAt: now });
      return incidentOf(row!);
    },

    /**
     * The heartbeat (every API process, each minute): a gap longer than OUTAGE_GAP_MS since the last
     * touch means nothing ran against the database meanwhile; it is proposed to every company.
     */
    heartbeat(now: Date): Promise<{ outage: { from: Date; to: Date } | null }> {
      return runAsSystem(() =>
        db.transaction(async (tx) => {
          const previous = await repo.touchHeartbeat(tx, HEARTBEAT_NAME, now);
          if (previous === null || now.getTime() - previous.getTime() <= OUTAGE_GAP_MS) return { outage: null };
          await repo.proposeOutage(tx, previous, now, LEGAL_MESSAGES.outage, now);
          return { outage: { from: previous, to: now } };
        }),
      );
    },
  };
}

export type LegalReportsService = ReturnType<typeof createLegalReportsService>;
