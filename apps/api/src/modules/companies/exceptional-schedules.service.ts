/**
 * The company's exceptional distribution systems (art. 38 inc. final): the resolutions of the Dirección del
 * Trabajo and their cycle, daily hours and validity. A resolution names workers or groups: a worker is assigned
 * to one in their record (`users.jornada_excepcional_id`), a group in its own (`groups.jornada_excepcional_id`),
 * and a worker without one of their own is under their group's; the engines read the one in force per worker.
 */
import {
  ACCESS,
  type actualizarJornadaExcepcionalBodySchema,
  type crearJornadaExcepcionalBodySchema,
  type JornadaExcepcional,
  type JornadasExcepcionales,
} from '@jornada/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { fieldError, notFound, requireId, requirePerfil } from '../../lib/access';
import { isForeignKeyViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import type { RequestSession } from '../../plugins/types';
import * as repo from './exceptional-schedules.repository';

const NOT_FOUND = 'La jornada excepcional no existe.';

const inUse = (n: number) =>
  `La jornada excepcional tiene ${n === 1 ? '1 trabajador asignado' : `${n} trabajadores asignados`}: asígnales otra jornada o ninguna antes de eliminarla.`;
const inUseByGroups = (n: number) =>
  `La jornada excepcional está asignada a ${n === 1 ? '1 grupo' : `${n} grupos`}: asígnales otra jornada o ninguna antes de eliminarla.`;

function toJornada(row: repo.ExceptionalScheduleRow & { trabajadores: number; grupos: number }): JornadaExcepcional {
  return {
    id: row.id,
    numero: row.numero,
    fecha: row.fecha,
    diasTrabajo: row.diasTrabajo,
    diasDescanso: row.diasDescanso,
    horasDiarias: row.horasDiarias === null ? null : Number(row.horasDiarias),
    vigenteDesde: row.vigenteDesde,
    vigenteHasta: row.vigenteHasta,
    trabajadores: Number(row.trabajadores),
    grupos: Number(row.grupos),
    creadoEn: row.createdAt.toISOString(),
    actualizadoEn: row.updatedAt.toISOString(),
  };
}

/** What a PATCH leaves must still be a whole schedule: both days of the cycle, and a validity that does not end before it starts. */
function checkMerged(merged: Pick<repo.ExceptionalScheduleRow, 'diasTrabajo' | 'diasDescanso' | 'vigenteDesde' | 'vigenteHasta'>): void {
  if (merged.diasTrabajo === null && merged.diasDescanso !== null) throw fieldError('diasTrabajo', 'Ingresa los días de trabajo del ciclo.');
  if (merged.diasDescanso === null && merged.diasTrabajo !== null) throw fieldError('diasDescanso', 'Ingresa los días de descanso del ciclo.');
  if (merged.vigenteDesde && merged.vigenteHasta && merged.vigenteHasta < merged.vigenteDesde) {
    throw fieldError('vigenteHasta', 'El fin de la vigencia no puede ser anterior a su inicio.');
  }
}

export function createExceptionalSchedulesService(db: Db) {
  return {
    async list(session: RequestSession): Promise<JornadasExcepcionales> {
      requirePerfil(session, ...ACCESS.exceptionalSchedules);
      return { items: (await repo.listSchedules(db, session.companyId)).map(toJornada) };
    },

    async get(session: RequestSession, id: string): Promise<JornadaExcepcional> {
      requirePerfil(session, ...ACCESS.exceptionalSchedules);
      const row = await repo.findSchedule(db, session.companyId, requireId(id, NOT_FOUND));
      if (!row) throw notFound(NOT_FOUND);
      return toJornada(row);
    },

    async create(session: RequestSession, input: z.output<typeof crearJornadaExcepcionalBodySchema>, now: Date): Promise<JornadaExcepcional> {
      requirePerfil(session, ...ACCESS.exceptionalSchedules);
      const id = await repo.insertSchedule(db, {
        companyId: session.companyId,
        numero: input.numero,
        fecha: input.fecha ?? null,
        diasTrabajo: input.diasTrabajo,
        diasDescanso: input.diasDescanso,
        horasDiarias: input.horasDiarias ?? null,
        vigenteDesde: input.vigenteDesde ?? null,
        vigenteHasta: input.vigenteHasta ?? null,
        createdAt: now,
        updatedAt: now,
      });
      return toJornada((await repo.findSchedule(db, session.companyId, id))!);
    },

    async update(session: RequestSession, id: string, input: z.output<typeof actualizarJornadaExcepcionalBodySchema>, now: Date): Promise<JornadaExcepcional> {
      requirePerfil(session, ...ACCESS.exceptionalSchedules);
      requireId(id, NOT_FOUND);
      return db.transaction(async (tx) => {
        const current = await repo.findSchedule(tx, session.companyId, id);
        if (!current) throw notFound(NOT_FOUND);
        const values: Partial<repo.NewExceptionalSchedule> = { updatedAt: now };
        for (const key of ['numero', 'fecha', 'diasTrabajo', 'diasDescanso', 'horasDiarias', 'vigenteDesde', 'vigenteHasta'] as const) {
          if (input[key] !== undefined) (values as Record<string, unknown>)[key] = input[key];
        }
        checkMerged({ ...current, ...values });
        await repo.updateSchedule(tx, session.companyId, id, values);
        return toJornada((await repo.findSchedule(tx, session.companyId, id))!);
      });
    },

    /** Only a schedule no worker nor group is assigned to (409 naming how many are). */
    async remove(session: RequestSession, id: string): Promise<void> {
      requirePerfil(session, ...ACCESS.exceptionalSchedules);
      requireId(id, NOT_FOUND);
      const workers = await repo.assignedWorkers(db, session.companyId, id);
      if (workers > 0) throw new AppError('CONFLICT', inUse(workers));
      const groups = await repo.namingGroups(db, session.companyId, id);
      if (groups > 0) throw new AppError('CONFLICT', inUseByGroups(groups));
      try {
        if (!(await repo.deleteSchedule(db, session.companyId, id))) throw notFound(NOT_FOUND);
      } catch (error) {
        // A worker assigned between the count and the delete.
        if (isForeignKeyViolation(error, 'users_jornada_excepcional_fk')) throw new AppError('CONFLICT', inUse(await repo.assignedWorkers(db, session.companyId, id)));
        if (isForeignKeyViolation(error, 'groups_jornada_excepcional_fk')) throw new AppError('CONFLICT', inUseByGroups(await repo.namingGroups(db, session.companyId, id)));
        throw error;
      }
    },
  };
}

export type ExceptionalSchedulesService = ReturnType<typeof createExceptionalSchedulesService>;
