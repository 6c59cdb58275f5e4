import { ACCESS } from '@jornada/contracts';
import type { ActualizarTurnoResponse, AdvertenciaTurno, actualizarTurnoBodySchema, crearTurnoBodySchema, Turno, TurnosPage, turnosQuerySchema } from '@jornada/contracts';
import { validateShiftTemplate } from '@jornada/domain';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { fieldError, notFound, requireId, requirePerfil } from '../../lib/access';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import type { RequestSession } from '../../plugins/types';
import { lawJudgedChange, lawRefusal, mayBreakTheLaw, shiftAdvertencias } from './shifts.law';
import { breakColumns, colacionOf, templateOf, timingDiffers, toTurno } from './shifts.model';
import * as repo from './shifts.repository';

type CrearTurnoInput = z.output<typeof crearTurnoBodySchema>;
type ActualizarTurnoInput = z.output<typeof actualizarTurnoBodySchema>;
type TurnosQueryInput = z.output<typeof turnosQuerySchema>;

const SHIFT_MESSAGES = {
  notFound: 'El turno no existe.',
  siteNotFound: 'Una de las sedes elegidas no existe.',
  codeTaken: (codigo: string) => `Ya existe un turno con el código «${codigo}».`,
} as const;

function codeTaken(codigo: string): AppError {
  const message = SHIFT_MESSAGES.codeTaken(codigo);
  return new AppError('CONFLICT', message, { codigo: message });
}

/** A shift's new timing, as the planning moves its future days to it. */
export interface RetimedShift {
  id: string;
  version: number;
  codigo: string;
  startTime: string;
  endTime: string;
}

/**
 * What the shifts module needs from the planning, given at assembly (the planning depends on shifts,
 * so shifts may not import it): moving the future planned days of a re-timed shift to its new
 * version, in the caller's transaction; returns how many days moved.
 */
export interface ShiftsPorts {
  retimeFuturePlanning(tx: DbOrTx, ctx: { companyId: string; actorId: string; now: Date }, shift: RetimedShift): Promise<number>;
}

export function createShiftsService(db: Db, ports: ShiftsPorts) {
  async function requireShift(session: RequestSession, id: string, forUpdate = false, dbx = db as Parameters<typeof repo.findShift>[0]) {
    requireId(id, SHIFT_MESSAGES.notFound);
    const row = await repo.findShift(dbx, session.companyId, id, forUpdate);
    if (!row) throw notFound(SHIFT_MESSAGES.notFound);
    return row;
  }

  /** A 400 on `sedeIds` when one of them is not a site of the company. */
  async function checkSites(dbx: DbOrTx, companyId: string, ids: readonly string[] | undefined): Promise<void> {
    if (!ids || ids.length === 0) return;
    const own = await repo.companySiteIds(dbx, companyId, ids);
    if (ids.some((id) => !own.has(id))) throw fieldError('sedeIds', SHIFT_MESSAGES.siteNotFound);
  }

  /** Refuses a shift that breaks the law unless confirmed or the company has an exceptional system (asked only then). */
  async function refuseUnlawful(tx: DbOrTx, session: RequestSession, advertencias: AdvertenciaTurno[], confirmed: boolean): Promise<void> {
    if (mayBreakTheLaw(advertencias, false, confirmed)) return;
    if (!mayBreakTheLaw(advertencias, await repo.hasExceptionalSystem(tx, session.companyId), confirmed)) throw lawRefusal(advertencias);
  }

  return {
    /** A page of shifts, each with the rules of the law it breaks today (a shift saved before a limit came down, or confirmed). */
    async list(session: RequestSession, query: TurnosQueryInput, now: Date): Promise<TurnosPage> {
      requirePerfil(session, ...ACCESS.shifts);
      const { rows, total } = await repo.listShifts(db, session.companyId, { q: query.q, activo: query.activo }, {
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      return { items: rows.map((row) => ({ ...toTurno(row), advertencias: shiftAdvertencias(row, now) })), total, page: query.page, pageSize: query.pageSize };
    },

    async get(session: RequestSession, id: string, now: Date): Promise<Turno> {
      requirePerfil(session, ...ACCESS.shifts);
      const row = await requireShift(session, id);
      return { ...toTurno(row), advertencias: shiftAdvertencias(row, now) };
    },

    /** Creates a shift; one that breaks the law is refused unless the company has an exceptional system or the request confirms (see `mayBreakTheLaw`). */
    async create(session: RequestSession, body: CrearTurnoInput, now: Date): Promise<Turno> {
      requirePerfil(session, ...ACCESS.shiftsManage);
      const values = {
        companyId: session.companyId,
        codigo: body.codigo,
        nombre: body.nombre,
        color: body.color,
        startTime: body.inicio,
        endTime: body.fin,
        ...breakColumns(body.colacion),
        lateToleranceMin: body.toleranciaAtrasoMin,
        earlyToleranceMin: body.toleranciaSalidaMin,
        daysPerWeek: body.diasPorSemana,
        siteIds: body.sedeIds,
        cargos: body.cargos.map((c) => c.trim()),
        active: body.activo,
        createdAt: now,
        updatedAt: now,
      };
      const advertencias = shiftAdvertencias(values, now);
      try {
        const [row] = await db.transaction(async (tx) => {
          await checkSites(tx, session.companyId, body.sedeIds);
          await refuseUnlawful(tx, session, advertencias, body.confirmarAdvertencias);
          return repo.insertShifts(tx, [values], session.userId, now);
        });
        return { ...toTurno(row!), advertencias };
      } catch (error) {
        if (isUniqueViolation(error, 'shifts_company_codigo_key')) throw codeTaken(body.codigo);
        throw error;
      }
    },

    /**
     * Edits a shift. New timing makes a new version; planned days keep theirs unless the caller asks to
     * move the days from tomorrow on (each worker's zone), which logs each one as a change of shift.
     * New times, colación or days that break the law follow the rule of `create`.
     */
    async update(session: RequestSession, id: string, body: ActualizarTurnoInput, now: Date): Promise<ActualizarTurnoResponse> {
      requirePerfil(session, ...ACCESS.shiftsManage);
      try {
        return await db.transaction(async (tx) => {
          const current = await requireShift(session, id, true, tx);
          await checkSites(tx, session.companyId, body.sedeIds);
          const colacion = body.colacion ?? colacionOf(current);
          const next = {
            startTime: body.inicio ?? current.startTime,
            endTime: body.fin ?? current.endTime,
            ...breakColumns(colacion),
            lateToleranceMin: body.toleranciaAtrasoMin ?? current.lateToleranceMin,
            earlyToleranceMin: body.toleranciaSalidaMin ?? current.earlyToleranceMin,
          };
          const problems = validateShiftTemplate(templateOf(next));
          if (problems.length > 0) throw fieldError(/colaci/i.test(problems[0]!) ? 'colacion' : 'fin', problems[0]!);
          const timingChanged = timingDiffers(current, next);
          const judged = { ...next, daysPerWeek: body.diasPorSemana ?? current.daysPerWeek };
          const advertencias = shiftAdvertencias(judged, now);
          if (lawJudgedChange(current, judged)) await refuseUnlawful(tx, session, advertencias, body.confirmarAdvertencias);
          const row = await repo.updateShift(
            tx,
            current,
            {
              ...next,
              ...(body.nombre !== undefined ? { nombre: body.nombre } : {}),
              ...(body.codigo !== undefined ? { codigo: body.codigo } : {}),
              ...(body.color !== undefined ? { color: body.color } : {}),
              ...(body.diasPorSemana !== undefined ? { daysPerWeek: body.diasPorSemana } : {}),
              ...(body.sedeIds !== undefined ? { siteIds: body.sedeIds } : {}),
              ...(body.cargos !== undefined ? { cargos: body.cargos.map((c) => c.trim()) } : {}),
              ...(body.activo !== undefined ? { active: body.activo } : {}),
            },
            timingChanged,
            session.userId,
            now,
          );
          const diasActualizados =
            timingChanged && body.actualizarPlanificacionFutura
              ? await ports.retimeFuturePlanning(tx, { companyId: session.companyId, actorId: session.userId, now }, { id, version: row.version, codigo: row.codigo, startTime: row.startTime, endTime: row.endTime })
              : 0;
          return { ...toTurno(row), diasActualizados, advertencias };
        });
      } catch (error) {
        if (isUniqueViolation(error, 'shifts_company_codigo_key')) throw codeTaken(body.codigo ?? '');
        throw error;
      }
    },
  };
}


export type ShiftsService = ReturnType<typeof createShiftsService>;
