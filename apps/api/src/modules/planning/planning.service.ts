import {
  ACCESS,
  PLANIFICACION_MAX_DIAS_GRILLA,
  type aplicarPatronBodySchema,
  type CambioPlanificacion,
  type CambiarDiaResponse,
  type CambiosPage,
  type cambiosQuerySchema,
  type cambiarDiaBodySchema,
  type DiaPatron,
  type DiaPlan,
  type PermisoPlan,
  type PlanificacionGrilla,
  type planificacionQuerySchema,
  type ResultadoPatron,
  type TurnoPlanificado,
  type vistaPreviaPatronBodySchema,
} from '@jornada/contracts';
import {
  daysInMonth,
  diffDays,
  eachDate,
  expandPattern,
  formatLocalDate,
  formatRut,
  isoWeekday,
  placeShift,
  type HolidayLookup,
  type PatternStep,
  type Permission,
  type PlanEntry,
  type PlanningPattern,
} from '@jornada/domain';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { fieldError, notFound, requireId, requirePerfil } from '../../lib/access';
import { localDate } from '../../lib/clock';
import { mapInSlices, slicer } from '../../lib/slices';
import { simplify } from '../../lib/spreadsheet/index';
import type { RequestSession } from '../../plugins/types';
import type { CompanyHolidaysPort } from '../holidays/index';
import type { PermissionReads } from '../permissions/index';
import { toTurnoPlanificado, type ShiftReads } from '../shifts/index';
import type { LedGroupsPort } from '../groups/index';
import {
  assignmentOf,
  dayView,
  decide,
  hhmm,
  loadCatalog as loadShiftCatalog,
  planEntryOf,
  REST,
  shiftStartProblem,
  UNPLANNED,
  usuarioPlan,
  planRange,
  weeksView,
  withinContract,
  type Assignment,
  type DayWrite,
  type ShiftCatalog,
  type WriteDays,
} from './planning.model';
import * as repo from './planning.repository';

/** The approved permission covering a date, as the grid shows it (a whole-day one before an hours one). */
function permissionOn(list: readonly Permission[] | undefined, date: string): PermisoPlan | null {
  const covering = (list ?? []).filter((p) => p.from <= date && date <= p.to);
  const chosen = covering.find((p) => p.hours === null) ?? covering[0];
  return chosen ? { codigo: chosen.type, porHoras: chosen.hours !== null } : null;
}

type PlanificacionQueryInput = z.output<typeof planificacionQuerySchema>;
type CambiarDiaInput = z.output<typeof cambiarDiaBodySchema>;
type VistaPreviaPatronInput = z.output<typeof vistaPreviaPatronBodySchema>;
type AplicarPatronInput = z.output<typeof aplicarPatronBodySchema>;
type CambiosQueryInput = z.output<typeof cambiosQuerySchema>;

const PLANNING_MESSAGES = {
  userNotFound: 'El usuario no existe.',
  groupNotFound: 'El grupo no existe.',
  siteNotFound: 'La sede no existe.',
  shiftNotFound: 'El turno no existe.',
  shiftInactive: 'El turno está inactivo.',
  motivoPast: 'Indica el motivo: el día ya pasó.',
  motivoReplan: 'Indica el motivo del cambio: el día ya estaba planificado.',
  motivoPattern: 'Indica el motivo: el patrón cambia días pasados o reemplaza días ya planificados.',
  outsideContract: 'La fecha está fuera del contrato del trabajador.',
  rangeTooLong: `El rango puede tener como máximo ${PLANIFICACION_MAX_DIAS_GRILLA} días.`,
  noWorkers: 'No hay trabajadores con contrato vigente en el rango para los usuarios o grupos elegidos.',
} as const;

/** Commerce companies get the irrenunciable-holiday alert (rubro says so). */
export function isCommerce(rubro: string | null): boolean {
  return rubro !== null && /comercio|retail|supermercado|tienda/.test(simplify(rubro));
}

interface RequestContext {
  scope: repo.WorkerScope;
  commerce: boolean;
  /** Commerce's declared December extension days (art. 24), seconds by date. */
  extensions: Map<string, number>;
}

interface PlanningServiceDeps {
  db: Db;
  /** The company's line of business, for the commerce-only alerts. */
  companyRubro(companyId: string): Promise<string | null>;
  /** A supervisor's groups (modules/groups' `app.ledGroups`). */
  ledGroups: LedGroupsPort;
  /** The approved permissions shown on the grid (modules/permissions' `app.permissionReads`). */
  permissions: Pick<PermissionReads, 'approvedPermissions'>;
  /** The one writer of plan days, which refuses closed payroll months (planning.model.ts `createDayWriter`). */
  writeDays: WriteDays;
  /** Each company's holidays, its own days included (modules/holidays' `app.companyHolidays`). */
  holidays: CompanyHolidaysPort;
  /** The shift catalogue (modules/shifts' `app.shiftReads`). */
  shifts: ShiftReads;
}

export function createPlanningService({ db, companyRubro, ledGroups, permissions: permissionReads, writeDays, holidays: companyHolidays, shifts }: PlanningServiceDeps) {
  /** Every shift of a company with its versions' templates, in `dbx`. */
  const loadCatalog = (dbx: DbOrTx, companyId: string) => loadShiftCatalog(shifts, dbx, companyId);

  /**
   * What a request needs to know before it opens a transaction: every query inside one must use its
   * `tx` (PGlite has a single connection, so a query on `db` there would wait for ever).
   */
  async function contextOf(session: RequestSession): Promise<RequestContext> {
    const [scope, rubro] = await Promise.all([scopeOf(session), companyRubro(session.companyId)]);
    const commerce = isCommerce(rubro);
    return { scope, commerce, extensions: commerce ? await repo.decemberExtensionSeconds(db, session.companyId) : new Map() };
  }

  async function scopeOf(session: RequestSession): Promise<repo.WorkerScope> {
    if (session.perfil === 'administrador') return { all: true };
    if (session.perfil === 'supervisor') return { groupIds: await ledGroups.ledGroupIds(session.companyId, session.userId) };
    return { userId: session.userId };
  }

  async function requireGroup(dbx: DbOrTx, session: RequestSession, scope: repo.WorkerScope, id: string): Promise<void> {
    requireId(id, PLANNING_MESSAGES.groupNotFound);
    const visible = 'all' in scope ? await repo.groupExists(dbx, session.companyId, id) : 'groupIds' in scope && scope.groupIds.includes(id);
    if (!visible) throw notFound(PLANNING_MESSAGES.groupNotFound);
  }

  /** Workers by id within scope; any id outside it is a 404 (as another company's would be). */
  async function requireWorkers(dbx: DbOrTx, session: RequestSession, scope: repo.WorkerScope, ids: string[]): Promise<repo.Worker[]> {
    const unique = [...new Set(ids)];
    for (const id of unique) requireId(id, PLANNING_MESSAGES.userNotFound);
    const { rows } = await repo.listWorkers(dbx, session.companyId, scope, { userIds: unique }, null);
    if (rows.length !== unique.length) throw notFound(PLANNING_MESSAGES.userNotFound);
    return rows;
  }

  /** The plan (domain entries) of each worker over a range, from stored days with optional overrides; built in slices. */
  async function planMaps(catalog: ShiftCatalog, days: repo.PlanningDayRow[]): Promise<Map<string, Map<string, PlanEntry>>> {
    const maps = new Map<string, Map<string, PlanEntry>>();
    const pause = slicer();
    for (const day of days) {
      await pause();
      let map = maps.get(day.userId);
      if (!map) maps.set(day.userId, (map = new Map()));
      const entry = planEntryOf(catalog, assignmentOf(day));
      if (entry) map.set(day.date, entry);
    }
    return maps;
  }

  function requireShift(catalog: ShiftCatalog, id: string, field: string) {
    const shift = catalog.byId.get(id);
    if (!shift) throw fieldError(field, PLANNING_MESSAGES.shiftNotFound);
    if (!shift.active) throw fieldError(field, PLANNING_MESSAGES.shiftInactive);
    return shift;
  }

  interface PatternWorker {
    worker: repo.Worker;
    days: DiaPatron[];
    writes: DayWrite[];
    plan: Map<string, PlanEntry>;
  }

  /** Expands a pattern for the chosen workers against what is planned (read inside the caller's transaction when committing). */
  async function computePattern(dbx: DbOrTx, session: RequestSession, context: RequestContext, body: VistaPreviaPatronInput, now: Date) {
    const { scope, commerce, extensions } = context;
    for (const id of body.grupoIds) await requireGroup(dbx, session, scope, id);
    const byId = new Map<string, repo.Worker>();
    if (body.usuarioIds.length) for (const w of await requireWorkers(dbx, session, scope, body.usuarioIds)) byId.set(w.id, w);
    if (body.grupoIds.length) {
      const { rows } = await repo.listWorkers(dbx, session.companyId, scope, { grupoIds: body.grupoIds, from: body.desde, to: body.hasta }, null);
      for (const w of rows) byId.set(w.id, w);
    }
    const workers = [...byId.values()].filter((w) => w.inicioContrato <= body.hasta && (w.finContrato === null || w.finContrato >= body.desde));
    if (workers.length === 0) throw fieldError('usuarioIds', PLANNING_MESSAGES.noWorkers);
    workers.sort((a, b) => a.apellidos.localeCompare(b.apellidos, 'es-CL') || a.nombre.localeCompare(b.nombre, 'es-CL'));

    const catalog = await loadCatalog(dbx, session.companyId);
    const current = (id: string, field: string): Assignment => {
      const shift = requireShift(catalog, id, field);
      return { kind: 'turno', shiftId: shift.id, shiftVersion: shift.version };
    };
    const stepOf = (value: string, field: string): PatternStep<Assignment> =>
      value === 'libre' ? { kind: 'libre' } : { kind: 'turno', shift: current(value, field) };
    const p = body.patron;
    const pattern: PlanningPattern<Assignment> =
      p.tipo === 'semana_fija'
        ? { kind: 'fixed_week', week: p.dias.map((d, i) => stepOf(d, `patron.dias.${i}`)) }
        : p.tipo === 'rotacion'
          ? { kind: 'rotation', on: p.diasTrabajo, off: p.diasLibres, shift: current(p.turnoId, 'patron.turnoId'), offset: p.desfase }
          : { kind: 'sequence', steps: p.secuencia.map((d, i) => stepOf(d, `patron.secuencia.${i}`)), offset: p.desfase };
    const expanded = expandPattern(pattern, body.desde, body.hasta);

    const weeks = planRange(body.desde, body.hasta);
    const calendar = await companyHolidays.calendarOf(session.companyId, weeks, dbx);
    const stored = await repo.loadDays(
      dbx,
      session.companyId,
      workers.map((w) => w.id),
      weeks.from,
      weeks.to,
    );
    const existingByKey = await mapInSlices(stored, (d) => `${d.userId}:${d.date}`);
    const plans = await planMaps(catalog, stored);

    const result: PatternWorker[] = [];
    const resumen = { trabajadores: workers.length, dias: 0, crear: 0, reemplazar: 0, conservar: 0, sinCambios: 0, conflictos: 0, diasPasados: 0, trabajadoresConAlertas: 0 };
    // In slices, a worker at a time: 2,000 workers × 366 days take seconds, and the event loop serves every company meanwhile.
    const pause = slicer();
    for (const worker of workers) {
      await pause();
      const siteHolidays = calendar.lookup(worker.region);
      const today = localDate(now, worker.zone);
      const plan = plans.get(worker.id) ?? new Map<string, PlanEntry>();
      const days: DiaPatron[] = [];
      const writes: DayWrite[] = [];
      for (const { date, step } of expanded) {
        if (!withinContract(worker, date)) continue;
        const target = step.kind === 'libre' ? REST : step.shift;
        const existing = existingByKey.get(`${worker.id}:${date}`);
        const accion = decide(existing, target, body.conflictos);
        const past = date < today;
        const resulting = accion === 'crear' || accion === 'reemplazar' ? target : assignmentOf(existing);
        const view = dayView(catalog, resulting, date, worker.zone, siteHolidays);
        const before = existing ? dayView(catalog, assignmentOf(existing), date, worker.zone, siteHolidays) : null;
        const conflicto = accion === 'reemplazar' || accion === 'conservar';
        days.push({
          ...view,
          existente: before ? { tipo: before.tipo, turnoId: before.turnoId, turno: before.turno, segundosPlanificados: before.segundosPlanificados } : null,
          conflicto,
          pasado: past,
          accion,
        });
        resumen.dias++;
        if (accion === 'crear') resumen.crear++;
        else if (accion === 'reemplazar') resumen.reemplazar++;
        else if (accion === 'conservar') resumen.conservar++;
        else resumen.sinCambios++;
        if (conflicto) resumen.conflictos++;
        if (accion === 'crear' || accion === 'reemplazar') {
          const problem = shiftStartProblem(catalog, target, date, worker.zone, body.ocurrencia);
          if (problem) throw fieldError(problem.field === 'turno' ? 'patron' : 'ocurrencia', `${worker.nombre} ${worker.apellidos}: ${problem.message}`);
          if (past) resumen.diasPasados++;
          writes.push({
            userId: worker.id,
            date,
            target,
            existing,
            past,
            requestedBy: body.solicitadoPor,
            motivo: body.motivo ?? null,
            observacion: body.observacion ?? null,
          });
          const entry = planEntryOf(catalog, target);
          if (entry) plan.set(date, entry);
        }
      }
      result.push({ worker, days, writes, plan });
    }
    const trabajadores: ResultadoPatron['trabajadores'] = [];
    for (const { worker, days, plan } of result) {
      await pause();
      const { semanas, alertas } = weeksView(plan, body.desde, body.hasta, worker, calendar.lookup(worker.region), commerce, extensions);
      if (alertas.length > 0) resumen.trabajadoresConAlertas++;
      trabajadores.push({ usuario: usuarioPlan(worker), dias: days, semanas, alertas });
    }
    return { result, trabajadores, resumen };
  }

  function changeEntry(catalog: ShiftCatalog, row: repo.ChangeWithUser, actors: Map<string, { nombre: string; apellidos: string }>): CambioPlanificacion {
    const c = row.change;
    const side = (kind: 'turno' | 'libre' | null, shiftId: string | null, version: number | null) => {
      if (kind !== 'turno') return { tipo: kind ?? ('sin_planificar' as const), turno: null, extensionSegundos: 0, extension: '', start: null };
      const shift = catalog.byId.get(shiftId!)!;
      const v = catalog.version(shiftId!, version!)!;
      const instance = placeShift(v.template, c.date, row.zone);
      const turno: TurnoPlanificado = toTurnoPlanificado(shift, v.row);
      return { tipo: 'turno' as const, turno, extensionSegundos: instance.durationSeconds, extension: hhmm(instance.durationSeconds), start: instance.start };
    };
    const before = side(c.previousKind, c.previousShiftId, c.previousShiftVersion);
    const after = side(c.newKind, c.newShiftId, c.newShiftVersion);
    const actor = c.changedBy ? actors.get(c.changedBy) : undefined;
    return {
      id: c.id,
      usuario: { id: c.userId, rut: formatRutSafe(row.rut), nombre: row.nombre, apellidos: row.apellidos },
      fecha: c.date,
      fechaPrimeraAsignacion: c.firstPlannedAt?.toISOString() ?? null,
      fechaAsignacionTurno: c.previousAssignedAt?.toISOString() ?? null,
      turnoAnterior: { tipo: before.tipo, turno: before.turno, extensionSegundos: before.extensionSegundos, extension: before.extension },
      fechaNuevaAsignacion: c.changedAt.toISOString(),
      inicioTurno: after.start === null ? null : new Date(after.start).toISOString(),
      turnoNuevo: { tipo: after.tipo, turno: after.turno, extensionSegundos: after.extensionSegundos, extension: after.extension },
      solicitadoPor: c.requestedBy,
      motivo: c.motivo,
      observacion: c.observacion,
      observaciones: [c.motivo, c.observacion].filter(Boolean).join('. '),
      diaPasado: c.pastDay,
      origen: c.origin,
      cambiadoPor: actor && c.changedBy ? { id: c.changedBy, ...actor } : null,
      cambiadoEn: c.changedAt.toISOString(),
    };
  }

  return {
    /** Every shift of a company with its versions' templates, in `dbx` (the uploads and the marking screen read it). */
    loadCatalog,
    /** Writes plan days through the one writer (the uploads' all-or-nothing load, in its transaction). */
    writeDays,
    scopeOf,

    /** The company's workers with these RUTs (the bulk upload's rows), in the caller's transaction. */
    workersByRut: (dbx: DbOrTx, companyId: string, ruts: string[]) => repo.workersByRut(dbx, companyId, ruts),

    /**
     * The workers within a scope whose contract overlaps `from`..`to`, of a site and optionally some groups
     * (the automatic roster's workers), in the caller's transaction.
     */
    workersOf: async (dbx: DbOrTx, companyId: string, scope: repo.WorkerScope, filters: { sedeId: string; grupoIds?: string[]; from: string; to: string }) =>
      (await repo.listWorkers(dbx, companyId, scope, filters, null)).rows,

    /** The stored plan days of some workers between two dates, in the caller's transaction. */
    storedDays: (dbx: DbOrTx, companyId: string, userIds: string[], from: string, to: string) => repo.loadDays(dbx, companyId, userIds, from, to),

    /** The month grid: rows are workers, days their plan, weeks their totals and legal flags. */
    async grid(session: RequestSession, query: PlanificacionQueryInput, now: Date): Promise<PlanificacionGrilla> {
      requirePerfil(session, ...ACCESS.planning);
      let from: string;
      let to: string;
      if (query.mes) {
        const [year, month] = query.mes.split('-').map(Number) as [number, number];
        from = formatLocalDate(year, month, 1);
        to = formatLocalDate(year, month, daysInMonth(year, month));
      } else {
        from = query.desde!;
        to = query.hasta!;
        if (diffDays(from, to) + 1 > PLANIFICACION_MAX_DIAS_GRILLA) throw fieldError('hasta', PLANNING_MESSAGES.rangeTooLong);
      }
      const own = query.usuarioIds?.length === 1 && query.usuarioIds[0] === session.userId && !query.grupoId && !query.sedeId;
      // One's own planning is always in reach: a supervisor is planned too, whether or not in a group they lead.
      const scope: repo.WorkerScope = own ? { userId: session.userId } : await scopeOf(session);
      const filters: repo.WorkerFilters = { from, to };
      if (query.grupoId) {
        await requireGroup(db, session, scope, query.grupoId);
        filters.grupoIds = [query.grupoId];
      }
      if (query.sedeId) {
        requireId(query.sedeId, PLANNING_MESSAGES.siteNotFound);
        if (!(await repo.siteExists(db, session.companyId, query.sedeId))) throw notFound(PLANNING_MESSAGES.siteNotFound);
        filters.sedeId = query.sedeId;
      }
      if (query.usuarioIds?.length) {
        await requireWorkers(db, session, scope, query.usuarioIds);
        filters.userIds = query.usuarioIds;
      }
      const { rows: workers, total } = await repo.listWorkers(db, session.companyId, scope, filters, {
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      const ids = workers.map((w) => w.id);
      const weeks = planRange(from, to);
      const [catalog, stored, changed, rubro, permissions, calendar] = await Promise.all([
        loadCatalog(db, session.companyId),
        repo.loadDays(db, session.companyId, ids, weeks.from, weeks.to),
        repo.changedDates(db, session.companyId, ids, from, to),
        companyRubro(session.companyId),
        // Approved permissions show on the days they cover (their legal code as a badge).
        permissionReads.approvedPermissions(db, session.companyId, ids, from, to),
        companyHolidays.calendarOf(session.companyId, weeks),
      ]);
      const commerce = isCommerce(rubro);
      const extensions = commerce ? await repo.decemberExtensionSeconds(db, session.companyId) : undefined;
      const plans = await planMaps(catalog, stored);
      const byKey = new Map(stored.map((d) => [`${d.userId}:${d.date}`, d]));
      const dates = eachDate(from, to);
      // The header shows the holidays of the whole company: the national ones and its own.
      const national = calendar.lookup(null);
      return {
        desde: from,
        hasta: to,
        hoy: localDate(now),
        dias: dates.map((fecha) => {
          const holiday = national(fecha);
          return { fecha, diaSemana: isoWeekday(fecha), feriado: holiday ? { nombre: holiday.name, irrenunciable: holiday.irrenunciable } : null };
        }),
        filas: workers.map((worker) => {
          const holidays = calendar.lookup(worker.region);
          const plan = plans.get(worker.id) ?? new Map<string, PlanEntry>();
          const { semanas, alertas, segundos } = weeksView(plan, from, to, worker, holidays, commerce, extensions);
          return {
            usuario: usuarioPlan(worker),
            dias: dates.map((date) => ({
              ...dayView(catalog, assignmentOf(byKey.get(`${worker.id}:${date}`)), date, worker.zone, holidays),
              modificado: changed.has(`${worker.id}:${date}`),
              permiso: permissionOn(permissions.get(worker.id), date),
            })),
            semanas,
            segundosPlanificados: segundos,
            alertas,
          };
        }),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    /** Plans one day of one worker; changes of planned or past days need a reason and are logged. */
    async changeDay(session: RequestSession, userId: string, date: string, body: CambiarDiaInput, now: Date): Promise<CambiarDiaResponse> {
      requirePerfil(session, ...ACCESS.planningManage);
      const { scope, commerce, extensions } = await contextOf(session);
      return db.transaction(async (tx) => {
        const [worker] = await requireWorkers(tx, session, scope, [userId]);
        if (!withinContract(worker!, date)) throw fieldError('fecha', PLANNING_MESSAGES.outsideContract);
        const catalog = await loadCatalog(tx, session.companyId);
        let target: Assignment = body.tipo === 'libre' ? REST : UNPLANNED;
        if (body.tipo === 'turno') {
          const shift = requireShift(catalog, body.turnoId!, 'turnoId');
          target = { kind: 'turno', shiftId: shift.id, shiftVersion: shift.version };
          const problem = shiftStartProblem(catalog, target, date, worker!.zone, body.ocurrencia);
          if (problem) throw fieldError(problem.field === 'turno' ? 'turnoId' : 'ocurrencia', problem.message);
        }
        // The week and its month(s): the week's alerts, and two Sundays of rest a month (art. 38 inc. 4).
        const loaded = planRange(date, date);
        const weekDays = await repo.loadDays(tx, session.companyId, [userId], loaded.from, loaded.to);
        const existing = weekDays.find((d) => d.date === date);
        const accion = decide(existing, target, 'reemplazar');
        const past = date < localDate(now, worker!.zone);
        let cambioId: string | null = null;
        if (accion !== 'sin_cambios') {
          if (!body.motivo && past) throw fieldError('motivo', PLANNING_MESSAGES.motivoPast);
          if (!body.motivo && existing) throw fieldError('motivo', PLANNING_MESSAGES.motivoReplan);
          const ids = await writeDays(tx, { companyId: session.companyId, actorId: session.userId, now, origin: 'manual' }, [
            { userId, date, target, existing, past, requestedBy: body.solicitadoPor, motivo: body.motivo ?? null, observacion: body.observacion ?? null },
          ]);
          cambioId = ids.get(`${userId}:${date}`) ?? null;
        }
        const plan = (await planMaps(catalog, weekDays)).get(userId) ?? new Map<string, PlanEntry>();
        const entry = planEntryOf(catalog, target);
        if (accion !== 'sin_cambios') {
          if (entry) plan.set(date, entry);
          else plan.delete(date);
        }
        const holidays = (await companyHolidays.calendarOf(session.companyId, loaded, tx)).lookup(worker!.region);
        const { semanas } = weeksView(plan, date, date, worker!, holidays, commerce, extensions);
        return {
          dia: dayView(catalog, target, date, worker!.zone, holidays),
          cambiado: accion !== 'sin_cambios',
          cambioId,
          semana: semanas[0]!,
        };
      });
    },

    async previewPattern(session: RequestSession, body: VistaPreviaPatronInput, now: Date): Promise<ResultadoPatron> {
      requirePerfil(session, ...ACCESS.planningManage);
      const { trabajadores, resumen } = await computePattern(db, session, await contextOf(session), body, now);
      return { aplicado: false, desde: body.desde, hasta: body.hasta, conflictos: body.conflictos, trabajadores, resumen };
    },

    /** Applies a pattern in one transaction; days already planned follow the explicit `conflictos` choice. */
    async applyPattern(session: RequestSession, body: AplicarPatronInput, now: Date): Promise<ResultadoPatron> {
      requirePerfil(session, ...ACCESS.planningManage);
      const context = await contextOf(session);
      return db.transaction(async (tx) => {
        const { result, trabajadores, resumen } = await computePattern(tx, session, context, body, now);
        const writes = result.flatMap((r) => r.writes);
        if (!body.motivo && writes.some((w) => w.past || w.existing)) throw fieldError('motivo', PLANNING_MESSAGES.motivoPattern);
        await writeDays(tx, { companyId: session.companyId, actorId: session.userId, now, origin: 'patron' }, writes);
        return { aplicado: true, desde: body.desde, hasta: body.hasta, conflictos: body.conflictos, trabajadores, resumen };
      });
    },

    /**
     * One worker's planned day as the marking page shows it (the shift and its hours, a holiday), and
     * whether its shift has a colación (the next expected mark). Its caller (modules/marks) reads the
     * worker's own day for the session's worker; `holidays` is the calendar of the worker's site.
     */
    async workerDay(companyId: string, userId: string, date: string, zone: string, holidays: HolidayLookup): Promise<{ dia: DiaPlan; hasBreak: boolean }> {
      const [rows, catalog] = await Promise.all([repo.loadDays(db, companyId, [userId], date, date), loadCatalog(db, companyId)]);
      const assignment = assignmentOf(rows[0]);
      const template = assignment.kind === 'turno' ? catalog.version(assignment.shiftId!, assignment.shiftVersion!)?.template : undefined;
      const hasBreak = Boolean(template?.break && ('minutes' in template.break ? template.break.minutes > 0 : true));
      return { dia: dayView(catalog, assignment, date, zone, holidays), hasBreak };
    },

    /**
     * The change log of some workers over planned dates `from`..`to`, oldest change first: the legal
     * report (d). Its caller (modules/legal-reports) has checked the perfil and the company.
     */
    async changeLog(companyId: string, userIds: readonly string[], from: string, to: string): Promise<CambioPlanificacion[]> {
      if (userIds.length === 0) return [];
      const { rows } = await repo.listChanges(db, companyId, { all: true }, { userIds, from, to }, { limit: 100_000, offset: 0 });
      const [catalog, actors] = await Promise.all([
        loadCatalog(db, companyId),
        repo.userNames(db, companyId, [...new Set(rows.map((r) => r.change.changedBy).filter((id): id is string => id !== null))]),
      ]);
      return rows.map((row) => changeEntry(catalog, row, actors)).reverse();
    },

    /** The change log, newest first: the legal report (d) reads the same entries. */
    async changes(session: RequestSession, query: CambiosQueryInput): Promise<CambiosPage> {
      requirePerfil(session, ...ACCESS.planning);
      const scope = await scopeOf(session);
      if (query.usuarioId) await requireWorkers(db, session, scope, [query.usuarioId]);
      if (query.grupoId) await requireGroup(db, session, scope, query.grupoId);
      const { rows, total } = await repo.listChanges(
        db,
        session.companyId,
        scope,
        { userId: query.usuarioId, grupoId: query.grupoId, from: query.desde, to: query.hasta },
        { limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
      );
      const [catalog, actors] = await Promise.all([
        loadCatalog(db, session.companyId),
        repo.userNames(db, session.companyId, [...new Set(rows.map((r) => r.change.changedBy).filter((id): id is string => id !== null))]),
      ]);
      return { items: rows.map((row) => changeEntry(catalog, row, actors)), total, page: query.page, pageSize: query.pageSize };
    },
  };
}

function formatRutSafe(rut: string): string {
  return formatRut(rut) ?? rut;
}

export type PlanningService = ReturnType<typeof createPlanningService>;
