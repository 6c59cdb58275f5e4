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
import { XLSX_CONTENT_TYPE } from '../../lib/spreadsheet/index';
import type { RequestSession } from '../../plugins/types';
import type { AttendanceLegalReads, LegalDay, LegalWorker, LegalWorkerFilter } from '../attendance/index';
import { isCommerce, type PlanningService } from '../planning/index';
import { legalReportDocx, legalReportPdf, legalReportXlsx } from './legal-reports.export';
import {
  attendanceRows,
  changeRows,
  CHILE_ZONE,
  dailyWorkdayRows,
  glossary,
  includesSundays,
  incidentRows,
  instantText,
  longDate,
  sundayRows,
} from './legal-reports.model';
import * as repo from './legal-reports.repository';

export type ReporteLegalInput = z.output<typeof reporteLegalQuerySchema>;
export type ExportarReporteLegalInput = z.output<typeof exportarReporteLegalQuerySchema>;
export type IncidentesInput = z.output<typeof incidentesQuerySchema>;

/** Worker blocks one export holds (about 10 MB of Word for a month each); finer filters beyond it. */
export const EXPORT_MAX_BLOCKS = 500;
/** A gap this long between two heartbeats is an outage proposed as an incident. */
export const OUTAGE_GAP_MS = 5 * 60_000;
export const HEARTBEAT_EVERY_MS = 60_000;
export const HEARTBEAT_NAME = 'api';

export const LEGAL_MESSAGES = {
  workerNotFound: 'El trabajador no existe.',
  groupNotFound: 'El grupo no existe.',
  siteNotFound: 'La sede no existe.',
  shiftNotFound: 'El turno no existe.',
  incidentNotFound: 'El incidente no existe.',
  tooMany: `La descarga admite hasta ${EXPORT_MAX_BLOCKS} trabajadores: filtra por grupo, sede, cargo o trabajador.`,
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

export interface LegalReportsDeps {
  db: Db;
  attendance: AttendanceLegalReads;
  planning: PlanningService;
  log?: FastifyBaseLogger;
}

type Filters = Omit<ReporteLegalInput, 'page' | 'pageSize'>;

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

export function createLegalReportsService({ db, attendance, planning }: LegalReportsDeps) {
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
      check(q.turnoId, (id) => repo.shiftOf(db, companyId, id), LEGAL_MESSAGES.shiftNotFound),
    ]);
    const all = 'Todos';
    return [
      { etiqueta: 'Periodo', valor: `${PERIODO_REPORTE_LEGAL_LABELS[q.periodo]}: ${longDate(desde)} al ${longDate(hasta)}` },
      { etiqueta: 'Trabajador', valor: worker ? `${worker.apellidos}, ${worker.nombre} (${formatRut(worker.rut) ?? worker.rut})` : all },
      { etiqueta: 'Grupo', valor: group ?? all },
      { etiqueta: 'Sede', valor: site ?? 'Todas' },
      { etiqueta: 'Cargo', valor: q.cargo || all },
      { etiqueta: 'Turno', valor: shift ? `${shift.inicio}–${shift.fin} (${shift.nombre})` : all },
      { etiqueta: 'Tipo de jornada', valor: q.tipoJornada ? TIPO_JORNADA_LABELS[q.tipoJornada] : 'Todas' },
    ];
  }

  function blockHeading(w: LegalWorker, partTimeMax: number): Pick<BloqueReporteLegal, 'titulo' | 'detalles'> {
    const hours = w.horasSemanales;
    const tipo = hours !== null && hours <= partTimeMax ? 'parcial' : 'completa';
    return {
      titulo: `${w.apellidos}, ${w.nombre}`,
      detalles: [
        `RUT ${formatRut(w.rut) ?? w.rut}`,
        `Cargo: ${w.cargo ?? '—'}`,
        `Sede: ${w.siteNombre ?? '—'}`,
        `Grupo: ${w.groupNombre ?? '—'}`,
        `${TIPO_JORNADA_LABELS[tipo]}${hours !== null ? ` (${hours} h semanales)` : ''}`,
      ],
    };
  }

  /** Builds one report: a page of worker blocks (`paging`), or every block for an export (null). */
  async function build(session: RequestSession, reporte: string, q: Filters, paging: { page: number; pageSize: number } | null, now: Date): Promise<ReporteLegal> {
    requirePerfil(session, ...ACCESS.legalReports);
    if (!(REPORTES_LEGALES as readonly string[]).includes(reporte)) throw notFound(REPORTE_LEGAL_NO_EXISTE);
    const id = reporte as ReporteLegalId;
    const companyId = session.companyId;
    const today = localDate(now);
    const { desde, hasta } = periodoReporteLegal(q.periodo, q.desde ?? today, q.hasta);
    if (diasPeriodo(desde, hasta) > 5 * 366) throw fieldError('hasta', 'El rango no puede superar 5 años.');
    const [company, filtros] = await Promise.all([repo.company(db, companyId), describeFilters(companyId, q, desde, hasta)]);
    if (!company) throw notFound();
    const dej = company.resolucion ? `D.E.J.${company.resolucionNumero ? ` Res. ${company.resolucionNumero}` : ''}` : null;
    const columnas = id === 'jornada' && dej !== null ? [...REPORTE_LEGAL_COLUMNAS.jornada, COLUMNA_DEJ] : [...REPORTE_LEGAL_COLUMNAS[id]];
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

    if (id === 'incidentes') {
      const incidents = await repo.confirmedIncidents(db, companyId, new Date(`${addDays(desde, -1)}T00:00:00Z`), new Date(`${addDays(hasta, 2)}T00:00:00Z`));
      // The UTC bounds are a day wider than any Chilean zone; keep what touches the period in Chile.
      const inPeriod = incidents.filter((i) => localDate(i.endsAt, CHILE_ZONE) >= desde && localDate(i.startsAt, CHILE_ZONE) <= hasta);
      return {
        ...base,
        bloques: inPeriod.length ? [{ titulo: 'Registro de incidentes técnicos', detalles: [], filas: incidentRows(inPeriod), vacio: null }] : [],
        vacio: inPeriod.length ? null : REPORTE_SIN_INCIDENTES,
        total: inPeriod.length ? 1 : 0,
        page: 1,
        pageSize: 1,
      };
    }

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
    const page = paging?.page ?? 1;
    const pageSize = paging?.pageSize ?? EXPORT_MAX_BLOCKS;
    const { items: workers, total } = await attendance.workers(companyId, filter, paging ? { limit: pageSize, offset: (page - 1) * pageSize } : null);
    if (!paging && total > EXPORT_MAX_BLOCKS) throw new AppError('VALIDATION', LEGAL_MESSAGES.tooMany);
    const ids = workers.map((w) => w.id);
    let bloques: BloqueReporteLegal[];
    if (id === 'modificaciones') {
      const changes = await planning.changeLog(companyId, ids, desde, hasta);
      bloques = workers.map((w) => {
        const own = changes.filter((c) => c.usuario.id === w.id);
        return { ...blockHeading(w, partTimeMax), filas: changeRows(own, w.zone), vacio: own.length ? null : REPORTE_LEGAL_VACIO.sinCambios };
      });
    } else {
      // b) settles whole weeks: read through the Sunday of the period's last week.
      const [readFrom, readTo] = id === 'jornada' ? [weekStart(desde), addDays(weekStart(hasta), 6)] : [desde, hasta];
      const days = await attendance.days(companyId, ids, readFrom, readTo, now);
      const commerce = isCommerce(company.rubro);
      bloques = workers.map((w) => {
        const inContract = (d: LegalDay) => d.fecha >= w.inicioContrato && (w.finContrato === null || d.fecha <= w.finContrato);
        const all = (days.get(w.id) ?? []).filter(inContract);
        const shown = all.filter((d) => d.fecha >= desde && d.fecha <= hasta && d.fecha <= today);
        const heading = blockHeading(w, partTimeMax);
        if (id === 'asistencia') return { ...heading, filas: attendanceRows(shown), vacio: null };
        if (id === 'jornada') return { ...heading, filas: dailyWorkdayRows(all, desde, hasta, today, dej), vacio: null };
        return includesSundays(shown)
          ? { ...heading, filas: sundayRows(shown, commerce), vacio: null }
          : { ...heading, filas: [], vacio: REPORTE_LEGAL_VACIO.sinDomingos };
      });
    }
    return { ...base, bloques, vacio: total === 0 ? REPORTE_LEGAL_VACIO.sinTrabajadores : null, total, page, pageSize };
  }

  return {
    report(session: RequestSession, id: string, query: ReporteLegalInput, now: Date): Promise<ReporteLegal> {
      const { page, pageSize, ...filters } = query;
      return build(session, id, filters, { page, pageSize }, now);
    },

    /** The same document as the screen, every block, in one file. */
    async exportFile(session: RequestSession, id: string, query: ExportarReporteLegalInput, now: Date) {
      const { formato, ...filters } = query;
      const report = await build(session, id, filters, null, now);
      const body = formato === 'xlsx' ? await legalReportXlsx(report) : formato === 'pdf' ? await legalReportPdf(report) : await legalReportDocx(report);
      return { body, contentType: CONTENT_TYPES[formato], filename: `${FILE_NAMES[report.reporte]}-${report.desde}-${report.hasta}.${formato}` };
    },

    async options(session: RequestSession): Promise<OpcionesReporteLegal> {
      requirePerfil(session, ...ACCESS.legalReports);
      const o = await repo.options(db, session.companyId);
      return { ...o, turnos: o.turnos.map((t) => ({ id: t.id, etiqueta: `${t.inicio}–${t.fin} (${t.nombre})` })) };
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
