import {
  ACCESS,
  cargoKey,
  type AplicarPropuestaResponse,
  type CargaDemandaResultado,
  type crearPropuestaBodySchema,
  type Demanda,
  type demandaBodySchema,
  type Propuesta,
  type ResultadoPropuesta,
} from '@jornada/contracts';
import { addDays, eachDate, type Holiday } from '@jornada/domain';
import type { RosterProposal, RosterShift, RosterWorker } from '@jornada/roster';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { fieldError, notFound, requireId, requirePerfil } from '../../lib/access';
import type { BackgroundTasks } from '../../lib/background';
import { localDate, type Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { enqueueJob, type JobQueue } from '../../lib/jobs';
import { summarize, templateCsv, templateXlsx, type UploadedFile } from '../../lib/spreadsheet/index';
import type { RequestSession } from '../../plugins/types';
import type { LedGroupsPort } from '../groups/index';
import type { CompanyHolidaysPort } from '../holidays/index';
import type { PermissionReads } from '../permissions/index';
import { isCommerce, planRegime, REST, shiftStartProblem, type Assignment, type DayWrite, type PlanningService, type PlanReader, type Worker, type WorkerScope } from '../planning/index';
import { expandDemand, historyFrom, historyOf, publishedOf } from './roster.inputs';
import * as repo from './roster.repository';
import { solveInProcess } from './roster.solver';
import { demandTemplate, readDemandFile } from './roster.upload';

/** The job that computes a proposal. */
export const ROSTER_JOB = 'roster.proposal';
/** The solver's wall-clock budget for a proposal; the thread is stopped well past it. */
/** The solver's time limit grows with the people to plan: 20 s up to 100 workers, then up to 55 s at 300 or more. */
const TIME_LIMIT_SECONDS = 20;
const MAX_TIME_LIMIT_SECONDS = 55;
const timeLimitFor = (workers: number): number => Math.min(MAX_TIME_LIMIT_SECONDS, Math.max(TIME_LIMIT_SECONDS, (workers / 300) * MAX_TIME_LIMIT_SECONDS));
const HARD_STOP_MS = (MAX_TIME_LIMIT_SECONDS + 60) * 1000;
/** A computation whose heartbeat is older than this was cut short (the process ended). */
const STALE_MS = 2 * 60_000;

const MESSAGES = {
  siteNotFound: 'La sede no existe.',
  groupNotFound: 'El grupo no existe.',
  proposalNotFound: 'La propuesta no existe.',
  supervisorGroup: 'Elige uno de los grupos que lideras.',
  pastStart: 'La propuesta debe empezar hoy o después: los días pasados no se replanifican.',
  noDemand: 'La sede no tiene demanda: indica cuántas personas necesita antes de pedir una propuesta.',
  noWorkers: 'La sede (o el grupo) no tiene trabajadores con contrato vigente en el período.',
  fixedWorker: 'Un día fijo es de una persona que no está en la sede o el grupo elegidos.',
  notReady: 'La propuesta aún no está lista.',
  noSolution: 'La propuesta no tiene una planificación que aplicar: revisa los días fijos o calcula una nueva.',
  applied: 'La propuesta ya se aplicó.',
  pastNow: 'La propuesta empieza en un día que ya pasó: calcula una nueva.',
  planChanged: 'La planificación de estas personas cambió desde que se calculó la propuesta: calcula una nueva antes de aplicarla.',
  shiftChanged: 'Un turno de la propuesta cambió o se desactivó desde que se calculó: calcula una nueva.',
  interrupted: 'El cálculo se interrumpió (el servidor se reinició). Vuelve a calcular la propuesta.',
  failed: 'No se pudo calcular la propuesta. Inténtalo de nuevo; si se repite, acorta el período o elige un grupo.',
  noHours: 'No tiene horas semanales pactadas en su contrato.',
  motivo: 'Planificación automática',
} as const;

const conflict = (message: string) => new AppError('CONFLICT', message);

type DemandaInput = z.output<typeof demandaBodySchema>;
type CrearPropuestaInput = z.output<typeof crearPropuestaBodySchema>;

export interface RosterServiceDeps {
  db: Db;
  clock: Clock;
  jobs: JobQueue;
  background: BackgroundTasks;
  log: FastifyBaseLogger;
  /** The planning's workers, shift catalogue, stored days and its one writer (`app.planning`). */
  planning: Pick<PlanningService, 'workersOf' | 'loadCatalog' | 'storedDays' | 'writeDays'>;
  /** The plan as the engine reads it (`app.plan`): history and published days. */
  plan: PlanReader;
  permissions: Pick<PermissionReads, 'approvedPermissions' | 'pendingPermissions'>;
  holidays: CompanyHolidaysPort;
  ledGroups: LedGroupsPort;
  /** The company's line of business: commerce workers keep the irrenunciable holidays. */
  companyRubro(companyId: string): Promise<string | null>;
}

/** `userId|date|kind|shiftId|version` of a stored plan day: what applying compares with. */
const baseKey = (d: { userId: string; date: string; kind: string; shiftId: string | null; shiftVersion: number | null }) => `${d.userId}|${d.date}|${d.kind}|${d.shiftId ?? ''}|${d.shiftVersion ?? ''}`;

function solverOf(status: RosterProposal['status']): ResultadoPropuesta['solver'] {
  return status === 'optimal' ? 'optima' : status === 'feasible' ? 'factible' : 'infactible';
}

export function createRosterService(deps: RosterServiceDeps) {
  const { db, planning } = deps;

  async function requireSite(companyId: string, id: string) {
    requireId(id, MESSAGES.siteNotFound);
    const site = await repo.findSite(db, companyId, id);
    if (!site) throw notFound(MESSAGES.siteNotFound);
    return site;
  }

  /** Groups a supervisor may plan; null for an administrator (every group). */
  async function ledOf(session: RequestSession): Promise<string[] | null> {
    return session.perfil === 'administrador' ? null : deps.ledGroups.ledGroupIds(session.companyId, session.userId);
  }

  function demandView(siteId: string, row: repo.DemandRow | undefined): Demanda {
    return { sedeId: siteId, bandas: row?.bands ?? [], excepciones: row?.exceptions ?? [], actualizadaEn: row?.updatedAt.toISOString() ?? null };
  }

  function view(row: NonNullable<Awaited<ReturnType<typeof repo.findProposal>>>, now: Date): Propuesta {
    const p = row.proposal;
    const stale = p.status === 'calculando' && now.getTime() - p.updatedAt.getTime() > STALE_MS;
    return {
      id: p.id,
      estado: stale ? 'fallida' : p.status,
      progreso: p.progress,
      error: stale ? MESSAGES.interrupted : p.error,
      sede: { id: p.siteId, nombre: row.siteNombre, zonaHoraria: row.zone },
      grupo: p.groupId && row.groupNombre ? { id: p.groupId, nombre: row.groupNombre } : null,
      desde: p.desde,
      hasta: p.hasta,
      creadaEn: p.createdAt.toISOString(),
      calculadaEn: p.computedAt?.toISOString() ?? null,
      aplicadaEn: p.appliedAt?.toISOString() ?? null,
      descansoMinimoHoras: p.minRestHours,
      fijos: p.fixed.map((f) => ({ usuarioId: f.usuarioId, fecha: f.fecha, turnoId: f.turnoId })),
      resultado: p.status === 'lista' ? p.result : null,
    };
  }

  /** A proposal within the session's reach: a supervisor sees those of the groups they lead; anything else is 404. */
  async function requireProposal(session: RequestSession, id: string) {
    requireId(id, MESSAGES.proposalNotFound);
    const row = await repo.findProposal(db, session.companyId, id);
    if (!row) throw notFound(MESSAGES.proposalNotFound);
    const led = await ledOf(session);
    if (led && !(row.proposal.groupId && led.includes(row.proposal.groupId))) throw notFound(MESSAGES.proposalNotFound);
    return row;
  }

  async function workersOf(companyId: string, siteId: string, groupId: string | null, from: string, to: string): Promise<Worker[]> {
    const scope: WorkerScope = { all: true };
    return planning.workersOf(db, companyId, scope, { sedeId: siteId, ...(groupId ? { grupoIds: [groupId] } : {}), from, to });
  }

  /** Everything the solver needs, read through the other modules' ports; also the plan days it is computed against. */
  async function gather(proposal: repo.ProposalRow) {
    const { companyId, desde, hasta } = proposal;
    const site = (await repo.findSite(db, companyId, proposal.siteId))!;
    const zone = site.timeZone;
    const workers = await workersOf(companyId, site.id, proposal.groupId, desde, hasta);
    const ids = workers.map((w) => w.id);
    const first = historyFrom(desde);
    const [demand, rubro, catalog, plans, calendar, permissions, asked, stored, extensions] = await Promise.all([
      repo.findDemand(db, companyId, site.id),
      deps.companyRubro(companyId),
      planning.loadCatalog(db, companyId),
      deps.plan.planFor(companyId, ids, { from: first, to: hasta }),
      deps.holidays.calendarOf(companyId, { from: addDays(first, -7), to: addDays(hasta, 7) }),
      deps.permissions.approvedPermissions(db, companyId, ids, desde, hasta),
      deps.permissions.pendingPermissions(db, companyId, ids, desde, hasta),
      planning.storedDays(db, companyId, ids, desde, hasta),
      // Commerce's declared December extension days (art. 24; empty outside commerce).
      deps.plan.decemberExtensions(companyId, { from: desde, to: hasta }),
    ]);
    const lookup = calendar.lookup(site.region, site.comuna);
    const commerce = isCommerce(rubro);
    const shifts: RosterShift[] = [];
    const versions: Record<string, number> = {};
    // The shifts used at the site (none named: every site), and the job titles that may take each (none: all).
    const cargosOf = new Map<string, Set<string>>();
    for (const shift of catalog.byId.values()) {
      if (!shift.active) continue;
      if (shift.siteIds.length > 0 && !shift.siteIds.includes(site.id)) continue;
      const version = catalog.version(shift.id, shift.version);
      if (!version) continue;
      shifts.push({ id: shift.id, name: `${shift.codigo} ${shift.nombre}`, template: version.template });
      versions[shift.id] = shift.version;
      if (shift.cargos.length > 0) cargosOf.set(shift.id, new Set(shift.cargos.map(cargoKey)));
    }
    const allowedFor = (cargo: string | null): string[] | undefined =>
      cargosOf.size === 0 ? undefined : shifts.filter((s) => !cargosOf.has(s.id) || (cargo !== null && cargosOf.get(s.id)!.has(cargoKey(cargo)))).map((s) => s.id);
    const fixedOf = new Map<string, { date: string; shiftId: string | null }[]>();
    for (const f of proposal.fixed) {
      const list = fixedOf.get(f.usuarioId) ?? [];
      list.push({ date: f.fecha, shiftId: f.turnoId });
      fixedOf.set(f.usuarioId, list);
    }
    const omitted: ResultadoPropuesta['omitidos'] = [];
    const rosterWorkers: RosterWorker[] = [];
    for (const w of workers) {
      const name = `${w.nombre} ${w.apellidos}`;
      if (w.horasSemanales === null) {
        omitted.push({ usuarioId: w.id, nombre: name, motivo: MESSAGES.noHours });
        continue;
      }
      const plan = plans.get(w.id)?.plan ?? new Map();
      const unavailable = new Set<string>();
      for (const p of permissions.get(w.id) ?? []) {
        if (p.hours) continue;
        for (const date of eachDate(p.from > desde ? p.from : desde, p.to < hasta ? p.to : hasta)) unavailable.add(date);
      }
      // Days asked off and not yet decided: the proposal prefers to leave them free (a soft preference).
      const preferred = new Set<string>();
      for (const p of asked.get(w.id) ?? []) {
        if (p.hours) continue;
        for (const date of eachDate(p.from > desde ? p.from : desde, p.to < hasta ? p.to : hasta)) if (!unavailable.has(date)) preferred.add(date);
      }
      // The regime the plan's alerts judge the plan with (planning's `planRegime`): the declared December days and
      // an averaged distribution pact included.
      const regime = planRegime(w, commerce, desde, hasta, extensions);
      rosterWorkers.push({
        id: w.id,
        name,
        agreedWeeklyHours: w.horasSemanales,
        ...(regime.excludedFromHoursLimit ? { excludedFromHoursLimit: true } : {}),
        ...(regime.commerce ? { commerce: true } : {}),
        ...(regime.exceptionalSchedule ? { exceptionalSchedule: regime.exceptionalSchedule } : {}),
        ...(regime.sundayRest ? { sundayRest: regime.sundayRest } : {}),
        ...(regime.decemberExtensions ? { decemberExtensions: Object.fromEntries(regime.decemberExtensions) } : {}),
        ...(regime.averagedDistribution ? { averagedDistribution: regime.averagedDistribution } : {}),
        contractFrom: w.inicioContrato,
        contractTo: w.finContrato,
        ...(cargosOf.size > 0 ? { allowedShiftIds: allowedFor(w.cargo) } : {}),
        unavailableDates: [...unavailable].sort(),
        ...(preferred.size > 0 ? { preferredDaysOff: [...preferred].sort() } : {}),
        fixed: fixedOf.get(w.id) ?? [],
        history: historyOf(plan, desde, zone, lookup),
        published: publishedOf(plan, desde, hasta),
      });
    }
    const holidays: Holiday[] = [];
    for (const date of eachDate(addDays(first, -7), addDays(hasta, 7))) {
      const h = lookup(date);
      if (h) holidays.push({ ...h, date });
    }
    return {
      task: {
        input: {
          zone,
          from: desde,
          to: hasta,
          shifts,
          demand: expandDemand(demand?.bands ?? [], demand?.exceptions ?? [], desde, hasta),
          workers: rosterWorkers,
          options: { timeLimitSeconds: timeLimitFor(rosterWorkers.length), minRestHours: proposal.minRestHours },
        },
        holidays,
      },
      workers,
      omitted,
      catalog,
      versions,
      stored,
    };
  }

  function present(solved: RosterProposal, inputs: Awaited<ReturnType<typeof gather>>): ResultadoPropuesta {
    const names = new Map(inputs.workers.map((w) => [w.id, w]));
    const current = new Map(inputs.stored.map((d) => [`${d.userId}|${d.date}`, d]));
    const nights = new Set<string>();
    const turnos: ResultadoPropuesta['turnos'] = [];
    for (const shift of inputs.task.input.shifts) {
      const row = inputs.catalog.byId.get(shift.id)!;
      const noche = shift.template.end <= shift.template.start;
      if (noche) nights.add(shift.id);
      turnos.push({ id: shift.id, codigo: row.codigo, nombre: row.nombre, color: row.color, etiqueta: `${shift.template.start}–${shift.template.end}`, noche });
    }
    const hours = new Map(inputs.task.input.workers.map((w) => [w.id, w.agreedWeeklyHours]));
    return {
      solver: solverOf(solved.status),
      brecha: solved.gap,
      segundos: Math.round(solved.seconds * 10) / 10,
      turnos,
      trabajadores: solved.perWorker.map((s) => {
        const w = names.get(s.workerId)!;
        return {
          id: s.workerId,
          nombre: w.nombre,
          apellidos: w.apellidos,
          horasSemanales: hours.get(s.workerId) ?? 0,
          segundosPlanificados: s.plannedSeconds,
          segundosPactados: s.agreedSeconds,
          domingos: s.sundaysWorked,
          feriados: s.holidaysWorked,
          noches: s.nights,
          diasCambiados: s.changedDays,
        };
      }),
      asignaciones: solved.assignments.map((a) => {
        const stored = current.get(`${a.workerId}|${a.date}`);
        const actual = stored ? { tipo: stored.kind, turnoId: stored.shiftId } : { tipo: 'sin_planificar' as const, turnoId: null };
        const noDisponible = a.unavailable === true;
        const cambia = !noDisponible && !(actual.tipo === (a.shiftId ? 'turno' : 'libre') && actual.turnoId === a.shiftId);
        return { usuarioId: a.workerId, fecha: a.date, turnoId: a.shiftId, noDisponible, actual, cambia };
      }),
      cobertura: solved.coverage.map((c) => ({ fecha: c.date, inicio: c.start, fin: c.end, requeridas: c.required, planificadas: c.planned })),
      faltas: solved.shortfalls.map((s) => ({ fecha: s.date, inicio: s.start, fin: s.end, faltan: s.missing, motivo: s.reason })),
      observaciones: solved.issues.map((i) => ({ usuarioId: i.workerId, fecha: i.date, mensaje: i.message })),
      omitidos: inputs.omitted,
    };
  }

  /** Solves in the solver's process, reporting progress by the time spent against the limit, and stores the result. */
  async function solveAndStore(proposal: repo.ProposalRow, inputs: Awaited<ReturnType<typeof gather>>): Promise<void> {
    const { companyId, id } = proposal;
    const started = Date.now();
    const heartbeat = setInterval(() => {
      const share = Math.min(1, (Date.now() - started) / ((inputs.task.input.options?.timeLimitSeconds ?? TIME_LIMIT_SECONDS) * 1000));
      void repo.updateProposal(db, companyId, id, { progress: Math.round(10 + 85 * share), updatedAt: deps.clock() }).catch(() => undefined);
    }, 1000);
    const controller = new AbortController();
    const stop = setTimeout(() => controller.abort(), HARD_STOP_MS);
    try {
      const solved = await solveInProcess(inputs.task, controller.signal);
      clearInterval(heartbeat);
      const result = present(solved, inputs);
      await repo.updateProposal(db, companyId, id, {
        status: 'lista',
        progress: 100,
        result,
        base: inputs.stored.map(baseKey).sort(),
        shiftVersions: inputs.versions,
        computedAt: deps.clock(),
        updatedAt: deps.clock(),
      });
    } catch (error) {
      clearInterval(heartbeat);
      deps.log.warn({ err: error, proposalId: id }, 'no se pudo calcular la propuesta de planificación');
      await repo.updateProposal(db, companyId, id, { status: 'fallida', error: MESSAGES.failed, updatedAt: deps.clock() });
    } finally {
      clearTimeout(stop);
    }
  }

  return {
    async getDemand(session: RequestSession, siteId: string): Promise<Demanda> {
      requirePerfil(session, ...ACCESS.roster);
      await requireSite(session.companyId, siteId);
      return demandView(siteId, await repo.findDemand(db, session.companyId, siteId));
    },

    async putDemand(session: RequestSession, siteId: string, body: DemandaInput, now: Date): Promise<Demanda> {
      requirePerfil(session, ...ACCESS.rosterDemandManage);
      await requireSite(session.companyId, siteId);
      const row = await repo.saveDemand(db, { companyId: session.companyId, siteId, bands: body.bandas, exceptions: body.excepciones, updatedBy: session.userId, updatedAt: now });
      return demandView(siteId, row);
    },

    /** The demand file of a site: its current demand as rows to edit (example rows when it has none), xlsx or CSV. */
    async demandTemplate(session: RequestSession, siteId: string, format: 'xlsx' | 'csv', now: Date): Promise<Buffer> {
      requirePerfil(session, ...ACCESS.rosterDemandManage);
      const site = await requireSite(session.companyId, siteId);
      const [row, catalog] = await Promise.all([repo.findDemand(db, session.companyId, siteId), planning.loadCatalog(db, session.companyId)]);
      const spec = demandTemplate(row?.bands ?? [], row?.exceptions ?? [], catalog, localDate(now, site.timeZone));
      return format === 'xlsx' ? templateXlsx(spec) : Buffer.from(templateCsv(spec), 'utf8');
    },

    /**
     * A demand file read against the site's demand; with `commit`, it replaces the whole demand, or nothing
     * when any row has an error. The same file again writes nothing.
     */
    async uploadDemand(session: RequestSession, siteId: string, file: UploadedFile, commit: boolean, now: Date): Promise<CargaDemandaResultado> {
      requirePerfil(session, ...ACCESS.rosterDemandManage);
      await requireSite(session.companyId, siteId);
      const [current, catalog] = await Promise.all([repo.findDemand(db, session.companyId, siteId), planning.loadCatalog(db, session.companyId)]);
      const read = await readDemandFile(file, session.companyId, catalog, { bands: current?.bands ?? [], exceptions: current?.exceptions ?? [] });
      const apply = commit && read.errores.length === 0;
      let saved = current;
      if (apply && read.changes) {
        saved = await repo.saveDemand(db, { companyId: session.companyId, siteId, bands: read.bandas, exceptions: read.excepciones, updatedBy: session.userId, updatedAt: now });
      }
      return {
        ...summarize({ archivo: file.filename, filas: read.filas, errores: read.errores, totalFilas: read.totalFilas, aplicado: apply }),
        quitar: read.quitar,
        demanda: apply ? demandView(siteId, saved) : null,
      };
    },

    /** Records the request and queues its computation; the answer comes back at once (`en_cola`). */
    async createProposal(session: RequestSession, body: CrearPropuestaInput, now: Date): Promise<Propuesta> {
      requirePerfil(session, ...ACCESS.roster);
      const site = await requireSite(session.companyId, body.sedeId);
      const led = await ledOf(session);
      if (body.grupoId) {
        const group = await repo.findGroup(db, session.companyId, body.grupoId);
        if (!group || (led && !led.includes(group.id))) throw notFound(MESSAGES.groupNotFound);
      } else if (led) {
        throw fieldError('grupoId', MESSAGES.supervisorGroup);
      }
      if (body.desde < localDate(now, site.timeZone)) throw fieldError('desde', MESSAGES.pastStart);
      const demand = await repo.findDemand(db, session.companyId, site.id);
      if (expandDemand(demand?.bands ?? [], demand?.exceptions ?? [], body.desde, body.hasta).length === 0) throw fieldError('sedeId', MESSAGES.noDemand);
      const workers = await workersOf(session.companyId, site.id, body.grupoId ?? null, body.desde, body.hasta);
      if (workers.length === 0) throw fieldError('sedeId', MESSAGES.noWorkers);
      const ids = new Set(workers.map((w) => w.id));
      if (body.fijos.some((f) => !ids.has(f.usuarioId))) throw fieldError('fijos', MESSAGES.fixedWorker);
      const id = await db.transaction(async (tx) => {
        const row = await repo.insertProposal(tx, {
          companyId: session.companyId,
          siteId: site.id,
          groupId: body.grupoId ?? null,
          desde: body.desde,
          hasta: body.hasta,
          fixed: body.fijos,
          minRestHours: body.descansoMinimoHoras,
          createdBy: session.userId,
          createdAt: now,
          updatedAt: now,
        });
        await enqueueJob(tx, ROSTER_JOB, { companyId: session.companyId, proposalId: row.id }, now);
        return row.id;
      });
      deps.jobs.kick();
      return view((await repo.findProposal(db, session.companyId, id))!, now);
    },

    async getProposal(session: RequestSession, id: string, now: Date): Promise<Propuesta> {
      requirePerfil(session, ...ACCESS.roster);
      return view(await requireProposal(session, id), now);
    },

    /**
     * The job: reads the inputs and hands the solve to the solver's process in the background, so the job queue
     * (receipts, recomputations) does not wait for the solver. A computation cut short by a restart shows as failed.
     */
    async runJob(payload: unknown): Promise<void> {
      const { companyId, proposalId } = payload as { companyId: string; proposalId: string };
      const row = await repo.findProposal(db, companyId, proposalId);
      if (!row || row.proposal.status !== 'en_cola') return;
      const proposal = row.proposal;
      await repo.updateProposal(db, companyId, proposal.id, { status: 'calculando', progress: 5, updatedAt: deps.clock() });
      let inputs: Awaited<ReturnType<typeof gather>>;
      try {
        inputs = await gather(proposal);
      } catch (error) {
        deps.log.warn({ err: error, proposalId }, 'no se pudieron leer los datos de la propuesta de planificación');
        await repo.updateProposal(db, companyId, proposal.id, { status: 'fallida', error: MESSAGES.failed, updatedAt: deps.clock() });
        return;
      }
      await repo.updateProposal(db, companyId, proposal.id, { progress: 10, updatedAt: deps.clock() });
      deps.background.run(
        () => solveAndStore(proposal, inputs),
        (error) => deps.log.warn({ err: error, proposalId }, 'no se pudo guardar la propuesta de planificación'),
      );
    },

    /**
     * Writes the proposal's days through the planning's one writer (its validations, the closed months and the
     * change log of the legal report), all or nothing; refuses when the plan changed since it was computed.
     */
    async applyProposal(session: RequestSession, id: string, now: Date): Promise<AplicarPropuestaResponse> {
      requirePerfil(session, ...ACCESS.roster);
      const row = await requireProposal(session, id);
      const p = row.proposal;
      if (view(row, now).estado !== 'lista' || !p.result || !p.base || !p.shiftVersions) throw conflict(MESSAGES.notReady);
      if (p.appliedAt) throw conflict(MESSAGES.applied);
      if (p.result.solver === 'sin_solucion' || p.result.solver === 'infactible') throw conflict(MESSAGES.noSolution);
      if (p.desde < localDate(now, row.zone)) throw conflict(MESSAGES.pastNow);
      const result = p.result;
      const versions = p.shiftVersions;
      const base = p.base;
      const written = await db.transaction(async (tx) => {
        if (!(await repo.markApplied(tx, session.companyId, p.id, session.userId, now))) throw conflict(MESSAGES.applied);
        const ids = [...new Set(result.asignaciones.map((a) => a.usuarioId))];
        const stored = await planning.storedDays(tx, session.companyId, ids, p.desde, p.hasta);
        const nowBase = stored.map(baseKey).sort();
        if (nowBase.length !== base.length || nowBase.some((k, i) => k !== base[i])) throw conflict(MESSAGES.planChanged);
        const existing = new Map(stored.map((d) => [`${d.userId}|${d.date}`, d]));
        const catalog = await planning.loadCatalog(tx, session.companyId);
        const writes: DayWrite[] = [];
        for (const a of result.asignaciones) {
          if (a.noDisponible || !a.cambia) continue;
          let target: Assignment = REST;
          if (a.turnoId) {
            const shift = catalog.byId.get(a.turnoId);
            if (!shift?.active || shift.version !== versions[a.turnoId]) throw conflict(MESSAGES.shiftChanged);
            target = { kind: 'turno', shiftId: shift.id, shiftVersion: shift.version };
            const problem = shiftStartProblem(catalog, target, a.fecha, row.zone, 'primera');
            if (problem) throw conflict(problem.message);
          }
          writes.push({
            userId: a.usuarioId,
            date: a.fecha,
            target,
            existing: existing.get(`${a.usuarioId}|${a.fecha}`),
            past: false,
            requestedBy: 'empleador',
            motivo: existing.has(`${a.usuarioId}|${a.fecha}`) ? MESSAGES.motivo : null,
            observacion: null,
          });
        }
        await planning.writeDays(tx, { companyId: session.companyId, actorId: session.userId, now, origin: 'propuesta' }, writes);
        return writes.length;
      });
      return { id: p.id, aplicadaEn: now.toISOString(), diasEscritos: written };
    },
  };
}

export type RosterService = ReturnType<typeof createRosterService>;
